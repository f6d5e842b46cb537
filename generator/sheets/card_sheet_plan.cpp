#include "card_sheet_plan.h"

#include <algorithm>
#include <cmath>

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

void place_margin_boxes(SheetPlan& plan, const SheetOptions& o, const std::vector<double>& xs,
                        const std::vector<double>& ys) {
  const double outer = o.bleed_mm + kCropMarkOffsetMm;
  const double top_band = plan.grid.y - outer - kPrinterMarginMm;   // height of top/bottom bands
  const double side_band = plan.grid.x - outer - kPrinterMarginMm;  // width of left/right bands
  const double above_marks = top_band - (o.crop_marks ? o.crop_mark_mm : 0);
  if (above_marks >= 4) {
    // Room between the printer's margin and the crop marks: the whole width.
    double h = std::min(above_marks, 6.0);
    double w = plan.paper.width - 2 * kPrinterMarginMm - 4;
    plan.label = {{kPrinterMarginMm + 2, kPrinterMarginMm + (above_marks - h) / 2, w, h}, false};
    plan.ruler = {
        {kPrinterMarginMm + 2, plan.paper.height - kPrinterMarginMm - (above_marks + h) / 2, w, h},
        false};
  } else if (top_band >= side_band || top_band >= 6) {
    double h = std::clamp(top_band, 0.0, 6.0);
    auto [a, b] = widest_interval(xs, kPrinterMarginMm, plan.paper.width - kPrinterMarginMm);
    double w = std::max(0.0, b - a - 4);
    double top_y = kPrinterMarginMm + (top_band - h) / 2;
    double bottom_y = plan.paper.height - kPrinterMarginMm - (top_band + h) / 2;
    plan.label = {{a + 2, top_y, w, h}, false};
    plan.ruler = {{a + 2, bottom_y, w, h}, false};
  } else {
    double wd = std::clamp(side_band, 0.0, 6.0);
    auto [a, b] = widest_interval(ys, kPrinterMarginMm, plan.paper.height - kPrinterMarginMm);
    double h = std::max(0.0, b - a - 4);
    double left_x = kPrinterMarginMm + (side_band - wd) / 2;
    double right_x = plan.paper.width - kPrinterMarginMm - (side_band + wd) / 2;
    plan.label = {{left_x, a + 2, wd, h}, true};
    plan.ruler = {{right_x, a + 2, wd, h}, true};
  }
}

}  // namespace

SheetPlan plan_card_sheet(SizeMm card, const SheetOptions& options, Duplex duplex) {
  SheetOptions o = options;
  if (duplex == Duplex::fold) o.paper.width = options.paper.width / 2 - kFoldGapMm + o.margin_mm;
  SheetPlan plan = plan_card_sheet_on(card, o);
  plan.paper = options.paper;
  return plan;
}

std::optional<PointMm> registration_point(const SheetPlan& plan, double bleed_mm) {
  const double room_x = plan.grid.x - bleed_mm - kCropMarkOffsetMm;
  const double room_y = plan.grid.y - bleed_mm - kCropMarkOffsetMm;
  if (room_x < 6 || room_y < 6) return std::nullopt;
  return PointMm{room_x / 2 + 1, room_y / 2 + 1};
}

SheetPlan plan_card_sheet_on(SizeMm card, const SheetOptions& o) {
  SheetPlan plan;
  plan.paper = o.paper;
  plan.crop_mark_mm = o.crop_mark_mm;
  plan.columns = fit_count(o.paper.width - 2 * o.margin_mm, card.width, o.gap_mm);
  plan.rows = fit_count(o.paper.height - 2 * o.margin_mm, card.height, o.gap_mm);
  if (plan.columns == 0 || plan.rows == 0) {
    plan.columns = plan.rows = 0;
    return plan;
  }
  double grid_w = plan.columns * card.width + (plan.columns - 1) * o.gap_mm;
  double grid_h = plan.rows * card.height + (plan.rows - 1) * o.gap_mm;
  plan.grid = {(o.paper.width - grid_w) / 2, (o.paper.height - grid_h) / 2, grid_w, grid_h};

  // Between neighbours the art may bleed only half the gap: it must not cover
  // the neighbour's card. On the outside of the grid it bleeds fully.
  const double inner = std::min(o.bleed_mm, o.gap_mm / 2);
  for (int r = 0; r < plan.rows; ++r) {
    for (int c = 0; c < plan.columns; ++c) {
      CardSlot s;
      s.trim = {plan.grid.x + c * (card.width + o.gap_mm),
                plan.grid.y + r * (card.height + o.gap_mm), card.width, card.height};
      s.bleed.left = c == 0 ? o.bleed_mm : inner;
      s.bleed.right = c == plan.columns - 1 ? o.bleed_mm : inner;
      s.bleed.top = r == 0 ? o.bleed_mm : inner;
      s.bleed.bottom = r == plan.rows - 1 ? o.bleed_mm : inner;
      plan.slots.push_back(s);
    }
  }

  auto xs = cut_lines(plan.grid.x, card.width, o.gap_mm, plan.columns);
  auto ys = cut_lines(plan.grid.y, card.height, o.gap_mm, plan.rows);
  if (o.crop_marks) {
    std::vector<RectMm> trims;
    for (const auto& slot : plan.slots) trims.push_back(slot.trim);
    plan.crop_marks = crop_marks_for(trims, o.paper, o.bleed_mm, o.crop_mark_mm);
  }
  place_margin_boxes(plan, o, xs, ys);
  return plan;
}

std::vector<CropMark> crop_marks_for(const std::vector<RectMm>& trims, SizeMm paper,
                                     double bleed_mm, double length_mm) {
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
  const double outer = bleed_mm + kCropMarkOffsetMm;
  auto length = [&](double room) { return std::clamp(room, 0.0, length_mm); };
  const double top0 = top - outer, bottom0 = bottom + outer, left0 = left - outer,
               right0 = right + outer;
  for (double x : xs) {
    marks.push_back({{x, top0}, {x, top0 - length(top0)}});
    marks.push_back({{x, bottom0}, {x, bottom0 + length(paper.height - bottom0)}});
  }
  for (double y : ys) {
    marks.push_back({{left0, y}, {left0 - length(left0), y}});
    marks.push_back({{right0, y}, {right0 + length(paper.width - right0), y}});
  }
  return marks;
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
