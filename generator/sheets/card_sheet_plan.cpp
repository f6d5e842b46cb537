#include "card_sheet_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "bocage/msg/gen.h"
#include "core/number_text.h"

namespace bocage {

SheetPlan plan_card_sheet_on(SizeMm card, const SheetOptions& o);

namespace {

/// How many items fit; 0 for sizes that are not finite and positive (NaN
/// would make the conversion to int undefined), at most kMaxPerAxis.
int fit_count(double available, double item, double gap) {
  constexpr double kMaxPerAxis = 200;
  if (!std::isfinite(available) || !std::isfinite(item) || !std::isfinite(gap) || item <= 0 ||
      gap < 0 || available < item)
    return 0;
  return static_cast<int>(
      std::min(kMaxPerAxis, std::floor((available + gap + 1e-9) / (item + gap))));
}

/// Cut positions along one axis: each trim edge, neighbours' shared edges once.
std::vector<double> cut_lines(double start, double item, double gap, int n) {
  std::vector<double> lines;
  for (int i = 0; i < n; ++i) {
    double a = start + i * (item + gap);
    for (double v : {a, a + item})
      if (lines.empty() || std::fabs(lines.back() - v) > 1e-6) lines.push_back(v);
  }
  return lines;
}

/// The widest gap between consecutive cut lines inside [lo, hi]; of equally
/// wide gaps, the one nearest the middle.
std::pair<double, double> widest_interval(const std::vector<double>& lines, double lo, double hi) {
  std::vector<double> edges = {lo};
  for (double v : lines)
    if (v > lo && v < hi) edges.push_back(v);
  edges.push_back(hi);
  const double middle = (lo + hi) / 2;
  std::pair<double, double> best{lo, lo};
  for (size_t i = 1; i < edges.size(); ++i) {
    double w = edges[i] - edges[i - 1], best_w = best.second - best.first;
    double off = std::fabs((edges[i] + edges[i - 1]) / 2 - middle);
    double best_off = std::fabs((best.first + best.second) / 2 - middle);
    if (w > best_w + 1e-6 || (std::fabs(w - best_w) <= 1e-6 && off < best_off))
      best = {edges[i - 1], edges[i]};
  }
  return best;
}

std::string mm(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g mm", std::round(v * 10) / 10);
  return buf;
}

void place_margin_boxes(SheetPlan& plan, const SheetOptions& o, const std::vector<double>& xs,
                        const std::vector<double>& ys) {
  const double pm = o.printer_margin_mm;
  const double top_band = plan.grid.y - plan.mark_start_y - pm;   // height of top/bottom bands
  const double side_band = plan.grid.x - plan.mark_start_x - pm;  // width of left/right bands
  const double offset_y = plan.mark_start_y - plan.outer_bleed_y;
  const double offset_x = plan.mark_start_x - plan.outer_bleed_x;
  const double above_marks = top_band - (o.crop_marks ? o.crop_mark_mm : 0);
  if (!plan.marks_top_only && above_marks >= 4) {
    // Room between the printer's margin and the crop marks: the whole width.
    // Centred in the band, but no further than 4 mm from the printer's
    // margin: a header at the top of the page, the ruler at its foot.
    double h = std::min(above_marks, 6.0);
    double w = plan.paper.width - 2 * pm - 4;
    double off = std::min((above_marks - h) / 2, 4.0);
    plan.label = {{pm + 2, pm + off, w, h}, false};
    plan.ruler = {{pm + 2, plan.paper.height - pm - off - h, w, h}, false};
  } else if (!plan.marks_top_only && (top_band >= side_band || top_band >= 6)) {
    // Between two crop marks the label needs no room for a mark's offset:
    // it comes within kLabelClearMm of the bleed (a 6 pt line in the 3 mm
    // a page-sized component leaves on A4).
    double h = std::clamp(top_band + offset_y - kLabelClearMm, 0.0, 6.0);
    auto [a, b] = widest_interval(xs, pm, plan.paper.width - pm);
    double w = std::max(0.0, b - a - 4);
    const double centring = std::max(0.0, (top_band - h) / 2);
    double top_y = pm + centring;
    double bottom_y = plan.paper.height - pm - centring - h;
    plan.label = {{a + 2, top_y, w, h}, false};
    plan.ruler = {{a + 2, bottom_y, w, h}, false};
  } else {
    double wd = std::clamp(side_band + offset_x - kLabelClearMm, 0.0, 6.0);
    auto [a, b] = widest_interval(ys, pm, plan.paper.height - pm);
    double h = std::max(0.0, b - a - 4);
    const double centring = std::max(0.0, (side_band - wd) / 2);
    double left_x = pm + centring;
    double right_x = plan.paper.width - pm - centring - wd;
    plan.label = {{left_x, a + 2, wd, h}, true};
    plan.ruler = {{right_x, a + 2, wd, h}, true};
    plan.notes.push_back({both(msg::gen::note_side_margins)});
  }
  if (!ruler_fits(plan.ruler)) plan.notes.push_back({both(msg::gen::note_no_ruler)});
  // Shorter than a label at its smallest size needs (between two close cut lines): left out.
  const MarginBox& l = plan.label;
  if (std::min(l.box.width, l.box.height) < 1.5 ||
      (l.vertical ? l.box.height : l.box.width) < kMinLabelLengthMm) {
    plan.label.box = {};
    plan.notes.push_back({both(msg::gen::note_no_label)});
  }
}

}  // namespace

bool ruler_fits(const MarginBox& b) {
  const double along = b.vertical ? b.box.height : b.box.width;
  const double across = b.vertical ? b.box.width : b.box.height;
  return along >= kRulerLengthMm && across >= 3;
}

SheetPlan plan_card_sheet(SizeMm card, const SheetOptions& options, Duplex duplex) {
  SheetOptions o = options;
  if (duplex == Duplex::fold) o.paper.width = options.paper.width / 2 - kFoldGapMm + o.margin_mm;
  SheetPlan plan = plan_card_sheet_on(card, o);
  plan.paper = options.paper;
  if (duplex == Duplex::fold) {
    // The faces' marks stop short of the fold line; the backs' are mirrored.
    plan.mark_limit.width = options.paper.width / 2 - 0.5 - plan.mark_limit.x;
    if (o.crop_marks) {
      std::vector<RectMm> trims;
      for (const auto& slot : plan.slots) trims.push_back(slot.trim);
      plan.crop_marks = crop_marks_for(trims, plan.mark_limit, plan);
    }
  }
  return plan;
}

std::optional<PointMm> registration_point(const SheetPlan& plan, Duplex flip) {
  // The corner between the printer's margin and the outer bleed and marks.
  const double pm = plan.printer_margin_mm;
  const double room_x = plan.grid.x - plan.mark_start_x - pm;
  const double room_y = plan.grid.y - plan.mark_start_y - pm;
  // Centred in the corner's room, but near the corner when the room is large
  // (a sheet of one or two rows centred on the page).
  if (room_x >= 6 && room_y >= 6)
    return PointMm{pm + std::min(room_x / 2, 5.0), pm + std::min(room_y / 2, 5.0)};
  // Else in the band below the grid, beyond its crop marks (a sheet whose
  // pieces fill its width, with room left under its last row): under the
  // first column, else the last, else the middle, clear of the label and the
  // ruler on the face's side and, mirrored, on the back's (a target prints
  // on both, behind each other, for either flip).
  // What the pieces take with their bleed and marks.
  const double marks = plan.crop_marks.empty() ? 0 : plan.crop_mark_mm;
  const double around_x = plan.mark_start_x + marks, around_y = plan.mark_start_y + marks;
  const RectMm pieces{plan.grid.x - around_x, plan.grid.y - around_y,
                      plan.grid.width + 2 * around_x, plan.grid.height + 2 * around_y};
  const double top = pieces.y + pieces.height + 1;
  const double bottom = plan.paper.height - pm - 1;
  if (bottom - top < 6) return std::nullopt;
  const double y = top + std::min((bottom - top) / 2, 4.0);
  auto meet = [](RectMm a, RectMm b) {
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height &&
           b.y < a.y + a.height;
  };
  auto clear = [&](double x) {
    const RectMm face{x - 3, y - 3, 6, 6};
    const RectMm back = back_position(face, plan.paper, flip);
    for (const RectMm r : {face, back}) {
      if (r.x < pm || r.y < pm || r.x + r.width > plan.paper.width - pm ||
          r.y + r.height > plan.paper.height - pm || meet(r, pieces))
        return false;
      for (const MarginBox* b : {&plan.label, &plan.ruler})
        if (b->box.width > 0 && b->box.height > 0 && meet(r, b->box)) return false;
    }
    return true;
  };
  for (double x :
       {plan.grid.x + 3, plan.grid.x + plan.grid.width - 3, plan.grid.x + plan.grid.width / 2})
    if (clear(x)) return PointMm{x, y};
  return std::nullopt;
}

SheetPlan plan_card_sheet_on(SizeMm card, const SheetOptions& o) {
  SheetPlan plan;
  plan.paper = o.paper;
  plan.crop_mark_mm = o.crop_mark_mm;
  plan.bleed_mm = o.bleed_mm;
  plan.gap_mm = o.gap_mm;
  plan.printer_margin_mm = o.printer_margin_mm;
  const double pm = o.printer_margin_mm;
  plan.mark_limit = {pm, pm, o.paper.width - 2 * pm, o.paper.height - 2 * pm};

  // Beside the grid: the bleed, crop marks at least kMinCropMarkMm long (the
  // counters' shorter ones whole), and the printer's margin, where nothing may
  // be printed. For a mark a ruler can be laid on, its offset from the bleed
  // and then the outer bleed itself give up room (settle_marks, below).
  // A sheet keeps the room it always has (the bleed, the offset and
  // kFitCropMarkMm), or what a whole mark needs at the least, if more: the
  // pieces a page are what they were, and every mark is whole.
  const double least_mark = std::min(kMinCropMarkMm, o.crop_mark_mm);
  const double least_bleed = std::min(o.bleed_mm, kMinOuterBleedMm);
  const bool least = o.crop_marks && least_bleed + kMinCropMarkOffsetMm + least_mark >
                                         o.bleed_mm + kCropMarkOffsetMm + kFitCropMarkMm;
  const double need_bleed = least ? least_bleed : o.bleed_mm;
  const double marks = !o.crop_marks ? 0
                       : least       ? kMinCropMarkOffsetMm + least_mark
                                     : kCropMarkOffsetMm + kFitCropMarkMm;
  const double full = std::max(o.margin_mm, pm + need_bleed + marks);
  const double bare = std::max(o.margin_mm, pm + o.bleed_mm);
  int unreserved = 1;
  // With the vertical cut lines marked at the top only: above the grid the
  // least bleed, offset and a whole mark, below it the least bleed alone.
  const double top_only_above =
      std::max(o.margin_mm, pm + least_bleed + kMinCropMarkOffsetMm + least_mark);
  const double top_only_below = std::max(o.margin_mm, pm + least_bleed);
  int rows_both_ends = 0;  // the rows that marks at both ends allow
  bool one_ended = false;  // more rows with the vertical cut lines marked at the top only
  auto fit_axis = [&](double paper, double item, bool columns) {
    int n = fit_count(paper - 2 * full, item, o.gap_mm);
    if (!columns && o.crop_marks && o.allow_marks_top_only && n > 0) {
      // Marks at the top end of the vertical cut lines only, when that holds
      // a row more (a piece too large for a row with marks keeps its own
      // rule below; the horizontal cut lines keep their marks at both ends,
      // beside the grid).
      rows_both_ends = n;
      const int top_only = fit_count(paper - top_only_above - top_only_below, item, o.gap_mm);
      if (top_only > n) {
        n = top_only;
        one_ended = true;
      }
    }
    const int before = fit_count(paper - 2 * o.margin_mm, item, o.gap_mm);
    const Text sides =
        columns ? both(msg::gen::sides_left_right) : both(msg::gen::sides_top_bottom);
    const Text with_marks = both(msg::gen::note_needs_marks, "marks"_a = mm(marks));
    const Text needs = per_lang([&](Lang l) {
      return tr(l, msg::gen::note_needs, "sides"_a = sides.in(l), "bleed"_a = mm(need_bleed),
                "marks"_a = o.crop_marks ? with_marks.in(l) : std::string(), "margin"_a = mm(pm),
                "full"_a = mm(full));
    });
    if (n == 0 && o.crop_marks && fit_count(paper - 2 * bare, item, o.gap_mm) > 0) {
      // One piece too large for marks on this axis: keep it, with shorter marks or none.
      n = 1;
      plan.marks_short = true;
      plan.notes.push_back({per_lang([&](Lang l) {
        return tr(l, msg::gen::note_short_marks, "sides"_a = sides.in(l), "needs"_a = needs.in(l),
                  "piece"_a = mm(item), "room"_a = mm((paper - item) / 2));
      })});
    } else if (n > 0 && n < before) {
      plan.notes.push_back(
          {per_lang([&](Lang l) {
             return columns ? tr(l, msg::gen::note_fewer_columns, "n"_a = n, "piece"_a = mm(item),
                                 "before"_a = before, "needs"_a = needs.in(l))
                            : tr(l, msg::gen::note_fewer_rows, "n"_a = n, "piece"_a = mm(item),
                                 "before"_a = before, "needs"_a = needs.in(l));
           }),
           true});
    }
    unreserved *= std::max(n, before);
    return n;
  };
  plan.columns = fit_axis(o.paper.width, card.width, true);
  plan.rows = fit_axis(o.paper.height, card.height, false);
  plan.per_page_unreserved = unreserved;
  if (o.max_rows > 0 && plan.rows > o.max_rows) plan.rows = o.max_rows;
  if (plan.columns == 0 || plan.rows == 0) {
    plan.columns = plan.rows = 0;
    plan.notes.clear();
    return plan;
  }
  double grid_w = plan.columns * card.width + (plan.columns - 1) * o.gap_mm;
  double grid_h = plan.rows * card.height + (plan.rows - 1) * o.gap_mm;
  plan.grid = {(o.paper.width - grid_w) / 2, (o.paper.height - grid_h) / 2, grid_w, grid_h};
  if (one_ended && plan.rows > rows_both_ends) {
    // Marks above the grid only: it stands low, with the bleed asked for
    // below it where the paper has room for it (else the least), and what
    // is left above it for the marks.
    plan.marks_top_only = true;
    const double spare = std::max(0.0, o.paper.height - grid_h - top_only_below - top_only_above);
    const double below = top_only_below + std::clamp(o.bleed_mm - least_bleed, 0.0, spare);
    plan.grid.y = o.paper.height - below - grid_h;
    plan.notes.push_back({per_lang([&](Lang l) {
      return tr(l, msg::gen::note_marks_top_only, "rows"_a = plan.rows,
                "before"_a = rows_both_ends);
    })});
  }

  for (int r = 0; r < plan.rows; ++r) {
    for (int c = 0; c < plan.columns; ++c) {
      CardSlot s;
      s.trim = {plan.grid.x + c * (card.width + o.gap_mm),
                plan.grid.y + r * (card.height + o.gap_mm), card.width, card.height};
      plan.slots.push_back(s);
    }
  }
  // The outer bleed and the marks' start on each axis: the bleed and offset
  // asked for, unless a mark of least_mark needs their room; the offset gives
  // way first (to kMinCropMarkOffsetMm), then the bleed (to kMinOuterBleedMm).
  auto settle_marks = [&](double band, double& bleed, double& start, bool columns) {
    const double room = band - pm;  // from the printer's margin to the outer cut lines
    double offset = kCropMarkOffsetMm;
    bleed = o.bleed_mm;
    if (o.crop_marks) {
      if (room - bleed - offset < least_mark) offset = kMinCropMarkOffsetMm;
      if (room - bleed - offset < least_mark)
        bleed = std::clamp(room - offset - least_mark, least_bleed, o.bleed_mm);
    }
    bleed = std::clamp(bleed, 0.0, std::max(0.0, room));
    start = bleed + offset;
    if (bleed < o.bleed_mm - 1e-9) {
      const Text sides =
          columns ? both(msg::gen::sides_left_right) : both(msg::gen::sides_top_bottom);
      plan.notes.push_back({per_lang([&](Lang l) {
        return tr(l, msg::gen::note_outer_bleed, "sides"_a = sides.in(l), "bleed"_a = mm(bleed),
                  "asked"_a = format_g(o.bleed_mm),
                  "mark"_a = mm(std::min(o.crop_mark_mm, room - start)));
      })});
    }
  };
  settle_marks(plan.grid.x, plan.outer_bleed_x, plan.mark_start_x, true);
  settle_marks(plan.grid.y, plan.outer_bleed_y, plan.mark_start_y, false);
  plan.outer_bleed_bottom =
      plan.marks_top_only
          ? std::clamp(o.paper.height - plan.grid.bottom() - pm, 0.0, plan.outer_bleed_y)
          : plan.outer_bleed_y;
  if (plan.outer_bleed_bottom < std::min(plan.outer_bleed_y, o.bleed_mm) - 1e-9) {
    const Text bottom = both(msg::gen::sides_bottom);
    plan.notes.push_back({per_lang([&](Lang l) {
      return tr(l, msg::gen::note_outer_bleed, "sides"_a = bottom.in(l),
                "bleed"_a = mm(plan.outer_bleed_bottom), "asked"_a = format_g(o.bleed_mm),
                "mark"_a = mm(std::min(o.crop_mark_mm, plan.grid.y - plan.mark_start_y - pm)));
    })});
  }

  // A full page: the art bleeds fully outside the grid, half the gap inside.
  std::vector<int> all(plan.slots.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  auto bleeds = page_bleeds(plan, all);
  for (size_t i = 0; i < bleeds.size(); ++i) plan.slots[i].bleed = bleeds[i];

  auto xs = cut_lines(plan.grid.x, card.width, o.gap_mm, plan.columns);
  auto ys = cut_lines(plan.grid.y, card.height, o.gap_mm, plan.rows);
  if (o.crop_marks) {
    std::vector<RectMm> trims;
    for (const auto& slot : plan.slots) trims.push_back(slot.trim);
    plan.crop_marks = crop_marks_for(trims, plan.mark_limit, plan);
  }
  place_margin_boxes(plan, o, xs, ys);
  return plan;
}

std::vector<Insets> page_bleeds(const SheetPlan& plan, const std::vector<int>& used) {
  std::vector<bool> on(plan.slots.size(), false);
  for (int s : used)
    if (s >= 0 && static_cast<size_t>(s) < on.size()) on[static_cast<size_t>(s)] = true;
  auto used_at = [&](int r, int c) {
    return r >= 0 && c >= 0 && r < plan.rows && c < plan.columns &&
           on[static_cast<size_t>(r * plan.columns + c)];
  };
  // Towards a used neighbour the art may bleed only half the gap: it must not
  // cover the neighbour's card. Every other edge is cut: it bleeds as far as
  // the grid's outer edges do on its axis (the crop marks start beyond).
  const double inner_x = std::min(plan.outer_bleed_x, plan.gap_mm / 2);
  const double inner_y = std::min(plan.outer_bleed_y, plan.gap_mm / 2);
  std::vector<Insets> out;
  for (int s : used) {
    const int r = plan.columns > 0 ? s / plan.columns : 0,
              c = plan.columns > 0 ? s % plan.columns : 0;
    Insets b;
    b.left = used_at(r, c - 1) ? inner_x : plan.outer_bleed_x;
    b.right = used_at(r, c + 1) ? inner_x : plan.outer_bleed_x;
    b.top = used_at(r - 1, c) ? inner_y : plan.outer_bleed_y;
    b.bottom = used_at(r + 1, c)    ? inner_y
               : r == plan.rows - 1 ? plan.outer_bleed_bottom
                                    : plan.outer_bleed_y;
    out.push_back(b);
  }
  return out;
}

RectMm grow(RectMm r, Insets by) {
  return {r.x - by.left, r.y - by.top, r.width + by.left + by.right, r.height + by.top + by.bottom};
}

std::vector<CropMark> crop_marks_for(const std::vector<RectMm>& trims, RectMm limit,
                                     const SheetPlan& plan) {
  // Marks above the grid only: none is cut short below it (a back page's
  // marks are below its grid, mirrored).
  return crop_marks_for(trims, limit, plan.mark_start_x, plan.mark_start_y, plan.crop_mark_mm,
                        plan.marks_top_only ? std::min(plan.crop_mark_mm, kMinCropMarkMm) : 0.5);
}

std::vector<CropMark> crop_marks_for(const std::vector<RectMm>& trims, RectMm limit, double start_x,
                                     double start_y, double length_mm, double shortest_mm) {
  std::vector<CropMark> marks;
  if (trims.empty()) return marks;
  std::vector<double> xs, ys;
  double top = trims[0].y, bottom = trims[0].bottom(), left = trims[0].x, right = trims[0].right();
  for (const auto& t : trims) {
    xs.insert(xs.end(), {t.x, t.right()});
    ys.insert(ys.end(), {t.y, t.bottom()});
    top = std::min(top, t.y);
    bottom = std::max(bottom, t.bottom());
    left = std::min(left, t.x);
    right = std::max(right, t.right());
  }
  auto unique_sorted = [](std::vector<double>& v) {
    std::sort(v.begin(), v.end());
    v.erase(
        std::unique(v.begin(), v.end(), [](double a, double b) { return std::fabs(a - b) < 1e-6; }),
        v.end());
  };
  unique_sorted(xs);
  unique_sorted(ys);
  // Up to length_mm, never past the limit; a mark too short to see is left out.
  auto length = [&](double room) { return std::min(room, length_mm); };
  const double shortest = shortest_mm - 1e-9;
  const double top0 = top - start_y, bottom0 = bottom + start_y, left0 = left - start_x,
               right0 = right + start_x;
  const double up = length(top0 - limit.y), down = length(limit.bottom() - bottom0);
  const double leftward = length(left0 - limit.x), rightward = length(limit.right() - right0);
  for (double x : xs) {
    if (x < limit.x || x > limit.right()) continue;
    if (up >= shortest) marks.push_back({{x, top0}, {x, top0 - up}});
    if (down >= shortest) marks.push_back({{x, bottom0}, {x, bottom0 + down}});
  }
  for (double y : ys) {
    if (y < limit.y || y > limit.bottom()) continue;
    if (leftward >= shortest) marks.push_back({{left0, y}, {left0 - leftward, y}});
    if (rightward >= shortest) marks.push_back({{right0, y}, {right0 + rightward, y}});
  }
  return marks;
}

Duplex turned_flip(Duplex duplex) {
  return duplex == Duplex::long_edge    ? Duplex::short_edge
         : duplex == Duplex::short_edge ? Duplex::long_edge
                                        : duplex;
}

RectMm back_position(RectMm face, SizeMm paper, Duplex duplex) {
  switch (duplex) {
    case Duplex::long_edge:
    case Duplex::fold:
      return {paper.width - face.x - face.width, face.y, face.width, face.height};
    case Duplex::short_edge:
      return {face.x, paper.height - face.y - face.height, face.width, face.height};
    case Duplex::none:
      return face;
  }
  return face;
}

Insets back_bleed(Insets b, Duplex duplex) {
  switch (duplex) {
    case Duplex::long_edge:
    case Duplex::fold:
      return {b.right, b.top, b.left, b.bottom};
    case Duplex::short_edge:
      return {b.left, b.bottom, b.right, b.top};
    case Duplex::none:
      return b;
  }
  return b;
}

}  // namespace bocage
