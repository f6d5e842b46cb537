#include "text_engine.h"

namespace bocage {

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
