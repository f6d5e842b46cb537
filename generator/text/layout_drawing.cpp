#include "layout_drawing.h"

#include <pango/pangocairo.h>

#include <string>
#include <vector>

#include "inline_object.h"
#include "layout_runs.h"
#include "text_engine.h"

namespace bocage {

namespace {

/// What a run draws with: its font and the colour its attributes give it.
struct Ink {
  cairo_scaled_font_t* font = nullptr;
  bool has_color = false, has_alpha = false;
  PangoColor color{0, 0, 0};
  guint16 alpha = 0;

  bool operator==(const Ink& o) const {
    return font == o.font && has_color == o.has_color && has_alpha == o.has_alpha &&
           (!has_color || (color.red == o.color.red && color.green == o.color.green &&
                           color.blue == o.color.blue)) &&
           (!has_alpha || alpha == o.alpha);
  }
};

/// Glyphs gathered for one cairo_show_text_glyphs, with their text.
struct Batch {
  Ink ink;
  std::vector<cairo_glyph_t> glyphs;
  std::string utf8;
  std::vector<cairo_text_cluster_t> clusters;
};

/// Whether Pango must draw `layout` itself: a missing glyph (its hex box), a
/// right-to-left run (its clusters run backwards), a run set sideways, or an
/// underline, a strike, an overline or a background (none of the markup
/// makes one today).
bool needs_pango(PangoLayout* layout) {
  bool needs = false;
  for_each_run(layout, [&](PangoLayoutRun* run) {
    needs = run->item->analysis.level % 2 != 0 ||
            (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_CENTERED_BASELINE);
    for (int i = 0; i < run->glyphs->num_glyphs && !needs; ++i)
      needs = run->glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG;
    for (GSList* a = run->item->analysis.extra_attrs; a && !needs; a = a->next)
      switch (static_cast<PangoAttribute*>(a->data)->klass->type) {
        case PANGO_ATTR_UNDERLINE:
        case PANGO_ATTR_STRIKETHROUGH:
        case PANGO_ATTR_OVERLINE:
        case PANGO_ATTR_BACKGROUND:
          needs = true;  // lines and boxes Pango draws around the glyphs
          break;
        default:
          break;
      }
    return !needs;
  });
  return needs;
}

/// Sets the source as Pango's renderer does for a run with these attributes:
/// the attribute's colour, else the caller's with the attribute's alpha.
void set_ink(cairo_t* cr, const Ink& ink, cairo_pattern_t* caller) {
  cairo_set_source(cr, caller);
  if (!ink.has_color && !ink.has_alpha) return;
  double r = 0, g = 0, b = 0, a = 1;
  if (ink.has_color) {
    r = ink.color.red / 65535.0;
    g = ink.color.green / 65535.0;
    b = ink.color.blue / 65535.0;
  } else if (cairo_pattern_get_rgba(caller, &r, &g, &b, &a) != CAIRO_STATUS_SUCCESS) {
    return;  // not a plain colour: nothing to give an alpha to
  }
  if (ink.has_alpha) a = ink.alpha / 65535.0;
  cairo_set_source_rgba(cr, r, g, b, a);
}

void show(cairo_t* cr, Batch& batch, cairo_pattern_t* caller) {
  if (batch.glyphs.empty()) return;
  cairo_set_scaled_font(cr, batch.ink.font);
  set_ink(cr, batch.ink, caller);
  cairo_show_text_glyphs(cr, batch.utf8.data(), static_cast<int>(batch.utf8.size()),
                         batch.glyphs.data(), static_cast<int>(batch.glyphs.size()),
                         batch.clusters.data(), static_cast<int>(batch.clusters.size()),
                         static_cast<cairo_text_cluster_flags_t>(0));
  batch.glyphs.clear();
  batch.utf8.clear();
  batch.clusters.clear();
}

/// Gathers the glyphs of a layout, and of the trimmed marks inside it, into
/// batches, and draws each batch and placeholder in order.
class Drawer {
 public:
  Drawer(cairo_t* cr, PangoLayout* layout) : cr_(cr) {
    shape_renderer_ =
        pango_cairo_context_get_shape_renderer(pango_layout_get_context(layout), &shape_data_);
    caller_ = cairo_pattern_reference(cairo_get_source(cr));
    cairo_save(cr);
  }
  ~Drawer() {
    show(cr_, batch_, caller_);
    cairo_restore(cr_);
    cairo_pattern_destroy(caller_);
  }
  Drawer(const Drawer&) = delete;
  Drawer& operator=(const Drawer&) = delete;

  /// Adds `layout` with its top-left corner at (x0, y0); its runs without a
  /// colour of their own take `inherited`'s.
  void add(PangoLayout* layout, double x0, double y0, const Ink& inherited) {
    const char* text = pango_layout_get_text(layout);
    PangoLayoutIter* it = pango_layout_get_iter(layout);
    do {
      // Each line from its left end on its baseline, each run after the
      // runs before it: the sums Pango's renderer makes, in whole Pango units.
      PangoRectangle line_extent;
      pango_layout_iter_get_line_extents(it, nullptr, &line_extent);
      const int baseline = pango_layout_iter_get_baseline(it);
      int x_off = 0;
      for (GSList* r = pango_layout_iter_get_line_readonly(it)->runs; r; r = r->next) {
        auto* run = static_cast<PangoLayoutRun*>(r->data);
        x_off += run->start_x_offset;
        const double base_x = x0 + static_cast<double>(line_extent.x + x_off) / PANGO_SCALE;
        const double base_y = y0 + static_cast<double>(baseline - run->y_offset) / PANGO_SCALE;
        x_off += pango_glyph_string_get_width(run->glyphs) + run->end_x_offset;
        add_run(run, text, base_x, base_y, inherited);
      }
    } while (pango_layout_iter_next_line(it));
    pango_layout_iter_free(it);
  }

 private:
  void add_run(PangoLayoutRun* run, const char* text, double base_x, double base_y,
               const Ink& inherited) {
    Ink ink = inherited;
    PangoAttrShape* shape = nullptr;
    for (GSList* l = run->item->analysis.extra_attrs; l; l = l->next) {
      auto* attr = static_cast<PangoAttribute*>(l->data);
      if (attr->klass->type == PANGO_ATTR_SHAPE) {
        shape = reinterpret_cast<PangoAttrShape*>(attr);
      } else if (attr->klass->type == PANGO_ATTR_FOREGROUND) {
        ink.has_color = true;
        ink.color = reinterpret_cast<PangoAttrColor*>(attr)->color;
      } else if (attr->klass->type == PANGO_ATTR_FOREGROUND_ALPHA) {
        ink.has_alpha = true;
        ink.alpha = static_cast<guint16>(reinterpret_cast<PangoAttrInt*>(attr)->value);
      }
    }
    const PangoGlyphString* glyphs = run->glyphs;
    if (shape) {
      // A placeholder (an icon, a trimmed mark, a rule; a hanging space
      // draws nothing), at each of its (empty) glyphs.
      if (!shape->data || !shape_renderer_) return;
      int x = 0;
      for (int i = 0; i < glyphs->num_glyphs; ++i) {
        add_shape(shape, base_x + static_cast<double>(x) / PANGO_SCALE, base_y, ink);
        x += glyphs->glyphs[i].geometry.width;
      }
      return;
    }
    ink.font = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(run->item->analysis.font));
    if (!ink.font) return;
    if (!(ink == batch_.ink)) show(cr_, batch_, caller_);
    batch_.ink = ink;
    // The run's glyphs cluster by cluster, each with the bytes it shows.
    int x = 0;
    PangoGlyphItemIter cluster;
    for (gboolean more = pango_glyph_item_iter_init_start(&cluster, run, text); more;
         more = pango_glyph_item_iter_next_cluster(&cluster)) {
      int shown = 0;
      for (int i = cluster.start_glyph; i < cluster.end_glyph; ++i) {
        const PangoGlyphInfo& g = glyphs->glyphs[i];
        if (g.glyph != PANGO_GLYPH_EMPTY) {
          batch_.glyphs.push_back(
              {g.glyph, base_x + static_cast<double>(x + g.geometry.x_offset) / PANGO_SCALE,
               g.geometry.y_offset == 0
                   ? base_y
                   : base_y + static_cast<double>(g.geometry.y_offset) / PANGO_SCALE});
          ++shown;
        }
        x += g.geometry.width;
      }
      const int bytes = cluster.end_index - cluster.start_index;
      if (bytes == 0 && shown == 0) continue;
      batch_.utf8.append(text + cluster.start_index, static_cast<size_t>(bytes));
      batch_.clusters.push_back({bytes, shown});
    }
  }

  /// A placeholder whose current point is (x, y), on the baseline at its left.
  void add_shape(PangoAttrShape* shape, double x, double y, const Ink& ink) {
    const auto& object = *static_cast<const InlineObject*>(shape->data);
    if (shape_renderer_ == TextEngine::shape_renderer() &&
        object.kind == InlineObject::Kind::glyph) {
      // A trimmed mark: its own one-glyph layout, placed where the engine
      // draws it, joins the batch.
      double dx = 0, dy = 0;
      PangoLayout* glyph =
          static_cast<const TextEngine*>(shape_data_)->placed_glyph(object, &dx, &dy);
      if (!needs_pango(glyph)) {
        add(glyph, x + dx, y + dy, ink);
        return;
      }
    }
    show(cr_, batch_, caller_);
    cairo_save(cr_);
    set_ink(cr_, ink, caller_);
    cairo_move_to(cr_, x, y);
    shape_renderer_(cr_, shape, FALSE, shape_data_);
    cairo_restore(cr_);
  }

  cairo_t* cr_;
  cairo_pattern_t* caller_ = nullptr;
  PangoCairoShapeRendererFunc shape_renderer_ = nullptr;
  gpointer shape_data_ = nullptr;
  Batch batch_;
};

}  // namespace

void show_layout(cairo_t* cr, PangoLayout* layout) {
  if (needs_pango(layout)) {
    pango_cairo_show_layout(cr, layout);
    return;
  }
  double x0 = 0, y0 = 0;
  cairo_get_current_point(cr, &x0, &y0);
  Drawer drawer(cr, layout);
  drawer.add(layout, x0, y0, Ink{});
}

}  // namespace bocage
