#include "layout_drawing.h"

#include <pango/pangocairo.h>

#include <string>
#include <vector>

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
/// right-to-left run (its clusters run backwards) or a run set sideways.
bool needs_pango(PangoLayout* layout) {
  for (GSList* l = pango_layout_get_lines_readonly(layout); l; l = l->next)
    for (GSList* r = static_cast<PangoLayoutLine*>(l->data)->runs; r; r = r->next) {
      const auto* run = static_cast<PangoLayoutRun*>(r->data);
      if (run->item->analysis.level % 2 != 0 ||
          (run->item->analysis.flags & PANGO_ANALYSIS_FLAG_CENTERED_BASELINE))
        return true;
      for (int i = 0; i < run->glyphs->num_glyphs; ++i)
        if (run->glyphs->glyphs[i].glyph & PANGO_GLYPH_UNKNOWN_FLAG) return true;
    }
  return false;
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

}  // namespace

void show_layout(cairo_t* cr, PangoLayout* layout) {
  if (needs_pango(layout)) {
    pango_cairo_show_layout(cr, layout);
    return;
  }
  double x0 = 0, y0 = 0;
  cairo_get_current_point(cr, &x0, &y0);
  const char* text = pango_layout_get_text(layout);
  gpointer shape_data = nullptr;
  PangoCairoShapeRendererFunc shape_renderer =
      pango_cairo_context_get_shape_renderer(pango_layout_get_context(layout), &shape_data);
  cairo_pattern_t* caller = cairo_pattern_reference(cairo_get_source(cr));
  cairo_save(cr);
  Batch batch;
  PangoLayoutIter* it = pango_layout_get_iter(layout);
  do {
    // Each line from its left end on its baseline, each run after the
    // runs before it: the sums Pango's renderer makes, in whole Pango units.
    PangoRectangle line_extent;
    pango_layout_iter_get_line_extents(it, nullptr, &line_extent);
    const int line_x = line_extent.x;
    const int baseline = pango_layout_iter_get_baseline(it);
    int x_off = 0;
    for (GSList* r = pango_layout_iter_get_line_readonly(it)->runs; r; r = r->next) {
      auto* run = static_cast<PangoLayoutRun*>(r->data);
      PangoGlyphString* glyphs = run->glyphs;
      const int width = pango_glyph_string_get_width(glyphs);
      x_off += run->start_x_offset;
      const double base_x = x0 + static_cast<double>(line_x + x_off) / PANGO_SCALE;
      const double base_y = y0 + static_cast<double>(baseline - run->y_offset) / PANGO_SCALE;
      x_off += width + run->end_x_offset;
      Ink ink;
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
      if (shape) {
        // A placeholder (an icon, a trimmed mark, a rule; a hanging space
        // draws nothing): drawn in its turn, at each of its (empty) glyphs.
        if (!shape->data || !shape_renderer) continue;
        show(cr, batch, caller);
        int x = 0;
        for (int i = 0; i < glyphs->num_glyphs; ++i) {
          cairo_save(cr);
          set_ink(cr, ink, caller);
          cairo_move_to(cr, base_x + static_cast<double>(x) / PANGO_SCALE, base_y);
          shape_renderer(cr, shape, FALSE, shape_data);
          cairo_restore(cr);
          x += glyphs->glyphs[i].geometry.width;
        }
        continue;
      }
      ink.font = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(run->item->analysis.font));
      if (!ink.font) continue;
      if (!(ink == batch.ink)) show(cr, batch, caller);
      batch.ink = ink;
      // The run's glyphs cluster by cluster, each with the bytes it shows.
      int x = 0;
      PangoGlyphItemIter cluster;
      for (gboolean more = pango_glyph_item_iter_init_start(&cluster, run, text); more;
           more = pango_glyph_item_iter_next_cluster(&cluster)) {
        int shown = 0;
        for (int i = cluster.start_glyph; i < cluster.end_glyph; ++i) {
          const PangoGlyphInfo& g = glyphs->glyphs[i];
          if (g.glyph != PANGO_GLYPH_EMPTY) {
            batch.glyphs.push_back(
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
        batch.utf8.append(text + cluster.start_index, static_cast<size_t>(bytes));
        batch.clusters.push_back({bytes, shown});
      }
    }
  } while (pango_layout_iter_next_line(it));
  show(cr, batch, caller);
  pango_layout_iter_free(it);
  cairo_restore(cr);
  cairo_pattern_destroy(caller);
}

}  // namespace bocage
