#include "sheet_painter.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "generator/text/text_block.h"

namespace bocage {

namespace {

/// Runs `draw` in a local box whose origin is the box's reading top-left:
/// vertical boxes are turned to read from bottom to top.
template <typename Draw>
void in_box(cairo_t* cr, const MarginBox& where, Draw draw) {
  cairo_save(cr);
  if (where.vertical) {
    cairo_translate(cr, where.box.x, where.box.bottom());
    cairo_rotate(cr, -M_PI / 2);
    draw(SizeMm{where.box.height, where.box.width});
  } else {
    cairo_translate(cr, where.box.x, where.box.y);
    draw(SizeMm{where.box.width, where.box.height});
  }
  cairo_restore(cr);
}

/// One centred line of small print, shrunk to fit.
TextStyle one_line(const std::string& family, double size_pt, double min_size_pt) {
  TextStyle style;
  style.family = family;
  style.size_pt = size_pt;
  style.min_size_pt = min_size_pt;
  style.max_lines = 1;
  style.align = TextAlign::center;
  style.title = true;
  return style;
}

void draw_line(cairo_t* cr, double x0, double y0, double x1, double y1) {
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
}

}  // namespace

void paint_crop_marks(cairo_t* cr, const std::vector<CropMark>& marks) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 0.2);
  for (const auto& m : marks) draw_line(cr, m.from.x, m.from.y, m.to.x, m.to.y);
  cairo_stroke(cr);
  cairo_restore(cr);
}

void paint_margin_label(cairo_t* cr, const TextEngine& engine, const std::string& family,
                        const std::string& text, const MarginBox& where,
                        const std::string& sized_as) {
  // Narrower than the smallest text (4 pt): left out rather than spilt into the printer's margin.
  if (std::min(where.box.width, where.box.height) < 1.5) return;
  in_box(cr, where, [&](SizeMm size) {
    const TextStyle style = one_line(family, 7, 4);
    std::shared_ptr<TextBlock> block;
    if (!sized_as.empty() && sized_as != text) {
      // Laid out once at the size of `sized_as`, instead of shrunk size by size.
      auto model = fit_text_shared(engine, sized_as, style, size, {family});
      if (model->fits) {
        block = fit_text_shared(engine, text, one_line(family, model->size_pt, model->size_pt),
                                size, {family});
        if (!block->fits) block = nullptr;
      }
    }
    if (!block) block = fit_text_shared(engine, text, style, size, {family});
    if (!block->fits) return;  // too short even at 4 pt: left out, never spilt past its box
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    draw_text_block(cr, *block, {0, 0, size.width, size.height}, TextVAlign::middle);
  });
}

void paint_ruler(cairo_t* cr, const TextEngine& engine, const std::string& family,
                 const MarginBox& where) {
  if (!ruler_fits(where)) return;  // no room: left out (the plan says so)
  in_box(cr, where, [&](SizeMm size) {
    const double x0 = (size.width - kRulerLengthMm) / 2;
    const double base = std::min(2.2, size.height * 0.4);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.15);
    draw_line(cr, x0, base, x0 + kRulerLengthMm, base);
    for (int mm = 0; mm <= kRulerLengthMm; ++mm) {
      double len = mm % 10 == 0 ? base : (mm % 5 == 0 ? base * 0.65 : base * 0.35);
      draw_line(cr, x0 + mm, base, x0 + mm, base - len);
    }
    cairo_stroke(cr);
    SizeMm text_box{std::max(kRulerLengthMm, size.width), size.height - base - 0.4};
    // The same caption on every page: laid out once.
    auto block =
        fit_text_shared(engine, kRulerCaption, one_line(family, 7, 3.5), text_box, {family});
    draw_text_block(
        cr, *block,
        {x0 + (kRulerLengthMm - text_box.width) / 2, base + 0.4, text_box.width, text_box.height},
        TextVAlign::top);
  });
}

}  // namespace bocage
