#include "tile_plan.h"

#include <algorithm>
#include <cmath>

namespace bocage {

namespace {

int count_for(double length, double window, double overlap) {
  if (length <= window + 1e-9) return 1;
  return static_cast<int>(std::ceil((length - overlap) / (window - overlap) - 1e-9));
}

TilePlan plan_on(SizeMm sheet, SizeMm paper, double overlap, double margin) {
  TilePlan p;
  p.paper = paper;
  p.sheet = sheet;
  p.overlap_mm = overlap;
  p.margin_mm = margin;
  p.printable = {margin, margin, paper.width - 2 * margin, paper.height - 2 * margin};
  p.columns = count_for(sheet.width, p.printable.width, overlap);
  p.rows = count_for(sheet.height, p.printable.height, overlap);
  // The parts as even as they go (a board of 390 mm on A4 in three parts of
  // 137 mm, not two full pages and a 35 mm strip): each part holds the
  // sheet's length, plus the overlaps, shared equally.
  auto part = [&](double length, int n, double window) {
    return n <= 1 ? std::min(length, window) : (length + (n - 1) * overlap) / n;
  };
  const double w = part(sheet.width, p.columns, p.printable.width);
  const double h = part(sheet.height, p.rows, p.printable.height);
  const double step_x = w - overlap, step_y = h - overlap;
  for (int r = 0; r < p.rows; ++r) {
    for (int c = 0; c < p.columns; ++c) {
      Tile t;
      t.col = c;
      t.row = r;
      t.name = std::string(1, static_cast<char>('A' + r)) + std::to_string(c + 1);
      double x = c * step_x, y = r * step_y;
      t.region = {x, y, std::min(w, sheet.width - x), std::min(h, sheet.height - y)};
      t.at = {p.printable.x, p.printable.y};
      p.tiles.push_back(t);
    }
  }
  return p;
}

}  // namespace

double tile_margin(double bleed_mm, double printer_margin_mm) {
  // The bleed, 1 mm, a 4 mm mark; or the 7.5 mm ruler band; then the printer's margin.
  return std::max(kTileMarginMm, printer_margin_mm + std::max(bleed_mm + 5, 8.0));
}

TilePlan plan_tiles(SizeMm sheet, SizeMm paper, double overlap_mm, double margin_mm) {
  TilePlan portrait = plan_on(sheet, paper, overlap_mm, margin_mm);
  TilePlan landscape = plan_on(sheet, {paper.height, paper.width}, overlap_mm, margin_mm);
  return landscape.tiles.size() < portrait.tiles.size() ? landscape : portrait;
}

}  // namespace bocage
