#include "text_engine.h"

namespace bocage {

namespace {

thread_local const InlineIconDrawer* current_icon_drawer = nullptr;

/// Pango calls this for each shaped placeholder (U+FFFC) with the current
/// point on the baseline at its left edge.
void draw_shape(cairo_t* cr, PangoAttrShape* attr, gboolean do_path, gpointer) {
  if (do_path || !current_icon_drawer || !attr->data) return;
  double x = 0, y = 0;
  cairo_get_current_point(cr, &x, &y);
  const double size = static_cast<double>(attr->logical_rect.width) / PANGO_SCALE;
  cairo_save(cr);
  cairo_translate(cr, x, y + static_cast<double>(attr->logical_rect.y) / PANGO_SCALE);
  (*current_icon_drawer)(cr, *static_cast<const std::string*>(attr->data), size);
  cairo_restore(cr);
}

}  // namespace

ScopedIconDrawer::ScopedIconDrawer(InlineIconDrawer draw) : draw_(std::move(draw)), previous_(current_icon_drawer) {
  current_icon_drawer = &draw_;
}

ScopedIconDrawer::~ScopedIconDrawer() { current_icon_drawer = previous_; }

TextEngine::TextEngine() {
  font_map_ = pango_cairo_font_map_new();
  pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(font_map_), 72.0);
  context_ = pango_font_map_create_context(font_map_);
  pango_cairo_context_set_resolution(context_, 72.0);
  pango_context_set_round_glyph_positions(context_, FALSE);
  pango_context_set_language(context_, pango_language_from_string("ja"));
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options(context_, options);
  pango_cairo_context_set_shape_renderer(context_, draw_shape, nullptr, nullptr);
  cairo_font_options_destroy(options);

  PangoFontFamily** families = nullptr;
  int n = 0;
  pango_font_map_list_families(font_map_, &families, &n);
  for (int i = 0; i < n; ++i) families_.insert(pango_font_family_get_name(families[i]));
  g_free(families);
}

TextEngine::~TextEngine() {
  g_object_unref(context_);
  g_object_unref(font_map_);
}

PangoLayout* TextEngine::new_layout() const { return pango_layout_new(context_); }

bool TextEngine::has_family(const std::string& family) const { return families_.count(family) > 0; }

}  // namespace bocage
