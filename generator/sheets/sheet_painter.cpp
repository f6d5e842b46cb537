#include "sheet_painter.h"

#include <glib.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <set>

#include "generator/sheets/print_punctuation.h"
#include "generator/text/text_block.h"

namespace bocage {

std::string ruler_caption() {
  return BOCAGE_PRINT_BOTH(msg::gen::print_at_full_size, print::kJoin) + print::kJoin +
         std::to_string(int(kRulerLengthMm)) + " mm";
}

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

/// `text` in two parts, at the " · " (print::kJoin) that leaves the longer part the
/// shortest (a wide character counts twice), the separator dropped; nothing
/// when `text` has no separator.
std::optional<std::pair<std::string, std::string>> split_at_separator(const std::string& text) {
  static const std::string kSeparator = print::kJoin;
  auto width = [&](size_t from, size_t to) {
    size_t w = 0;
    for (const char* p = text.c_str() + from; p < text.c_str() + to; p = g_utf8_next_char(p))
      w += g_unichar_iswide(g_utf8_get_char(p)) ? 2 : 1;
    return w;
  };
  size_t best = std::string::npos, best_width = 0;
  for (size_t at = text.find(kSeparator); at != std::string::npos;
       at = text.find(kSeparator, at + 1)) {
    const size_t w = std::max(width(0, at), width(at + kSeparator.size(), text.size()));
    if (best == std::string::npos || w < best_width) best = at, best_width = w;
  }
  if (best == std::string::npos) return std::nullopt;
  return std::make_pair(text.substr(0, best), text.substr(best + kSeparator.size()));
}

/// A label: one line, or two stacked at kLabelLineSpacing, each a centred
/// single line of the same size.
struct Label {
  std::vector<std::shared_ptr<TextBlock>> lines;
  double size_pt = 0;
  bool fits = false;

  double pitch_mm() const { return lines.front()->height_mm * kLabelLineSpacing; }
  double height_mm() const {
    return pitch_mm() * static_cast<double>(lines.size() - 1) + lines.back()->height_mm;
  }
};

/// A label's text: on one line at `max_pt`; else on two lines, broken at a
/// separator, at `max_pt`; else shrunk (to `min_pt` at the least), on one
/// line or on two, whichever is larger. Each line is laid out on its own (a
/// page label's first line, the same on every page, is laid out once), and
/// a size below `max_pt` only in a box too small for it (each size costs
/// its own fonts). `two_first`: two lines are tried first (the label is
/// sized as one that needed them).
Label fit_label(const TextEngine& engine, const std::string& family, const std::string& text,
                SizeMm size, double max_pt, double min_pt, bool two_first = false) {
  auto line = [&](const std::string& t, double largest, double smallest) {
    return fit_text_shared(engine, t, one_line(family, largest, smallest), size, {family});
  };
  auto one = [&](double largest, double smallest) {
    Label l{{line(text, largest, smallest)}};
    l.size_pt = l.lines[0]->size_pt;
    l.fits = l.lines[0]->fits;
    return l;
  };
  const auto parts = split_at_separator(text);
  auto two = [&](double pt) {
    Label l{{line(parts->first, pt, pt), line(parts->second, pt, pt)}, pt};
    l.fits = l.lines[0]->fits && l.lines[1]->fits && l.height_mm() <= size.height + 1e-9;
    return l;
  };
  if (two_first && parts)
    if (Label pair = two(max_pt); pair.fits) return pair;
  Label single = one(max_pt, max_pt);
  if (single.fits || !parts) {
    if (single.fits || min_pt >= max_pt) return single;
    return one(max_pt, min_pt);
  }
  if (Label pair = two(max_pt); pair.fits || min_pt >= max_pt) return pair.fits ? pair : single;
  single = one(max_pt, min_pt);
  // Two lines at the largest size at which each fits alone and both fit above each other.
  double pt = std::min(line(parts->first, max_pt, min_pt)->size_pt,
                       line(parts->second, max_pt, min_pt)->size_pt);
  for (; pt >= min_pt - 1e-9; pt -= kFitStepPt) {
    if (single.fits && pt <= single.size_pt) break;
    if (Label pair = two(pt); pair.fits) return pair;
  }
  return single;
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
                        const std::vector<std::string>& forms, const MarginBox& where,
                        const std::vector<std::string>& sized_as) {
  // Narrower than a line of text: left out rather than spilt into the printer's margin.
  if (std::min(where.box.width, where.box.height) < 1.5) return;
  in_box(cr, where, [&](SizeMm size) {
    std::optional<Label> label;
    for (size_t i = 0; i < forms.size() && !label; ++i) {
      const bool modelled = i < sized_as.size() && !sized_as[i].empty() && sized_as[i] != forms[i];
      if (modelled) {
        // The form the longest label takes, on as many lines.
        const Label model = fit_label(engine, family, sized_as[i], size, kLabelPt, kLabelPt);
        if (!model.fits) continue;
        label =
            fit_label(engine, family, forms[i], size, kLabelPt, kLabelPt, model.lines.size() == 2);
      } else {
        label = fit_label(engine, family, forms[i], size, kLabelPt, kLabelPt);
      }
      if (!label->fits) label.reset();
    }
    if (!label) return;  // no form fits at 6 pt: left out, never spilt past its box
    cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
    const double top = (size.height - label->height_mm()) / 2;
    for (size_t i = 0; i < label->lines.size(); ++i) {
      const TextBlock& l = *label->lines[i];
      draw_text_block(
          cr, l, {0, top + label->pitch_mm() * static_cast<double>(i), size.width, l.height_mm},
          TextVAlign::top);
    }
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
    // (at 6 pt; too long, without its English; else the ruler alone)
    auto block = fit_text_shared(engine, ruler_caption(), one_line(family, kLabelPt, kLabelPt),
                                 text_box, {family});
    if (!block->fits)
      block = fit_text_shared(engine,
                              tr(Lang::ja, msg::gen::print_at_full_size) + print::kJoin +
                                  std::to_string(int(kRulerLengthMm)) + " mm",
                              one_line(family, kLabelPt, kLabelPt), text_box, {family});
    if (!block->fits) return;
    draw_text_block(
        cr, *block,
        {x0 + (kRulerLengthMm - text_box.width) / 2, base + 0.4, text_box.width, text_box.height},
        TextVAlign::top);
  });
}

}  // namespace bocage
