// Tiling: a sheet larger than the paper (a map, a board) is printed over
// several pages that overlap, so that the user can trim one edge of each and
// glue them together. Pure geometry in mm.
#pragma once

#include <string>
#include <vector>

#include "core/units.h"

namespace bocage {

struct Tile {
  int col = 0;
  int row = 0;
  std::string name;  // "A1": row letter, column number
  RectMm region;     // the part of the sheet this page shows (sheet mm)
  PointMm at;        // where the region's top-left is printed on the page
};

constexpr double kTileMarginMm = 12;  // room for the page index and the assembly diagram

struct TilePlan {
  SizeMm paper;  // the page (portrait or landscape, whichever needs fewer pages)
  SizeMm sheet;
  double overlap_mm = 10;
  int columns = 0;
  int rows = 0;
  double margin_mm = kTileMarginMm;
  RectMm printable;         // the page area that carries the sheet
  std::vector<Tile> tiles;  // row by row
};

/// The margin around the printed part of a tile: room for the bleed at the
/// sheet's edges, the alignment marks, the label and the ruler, and the
/// printer's margin; at least kTileMarginMm.
double tile_margin(double bleed_mm, double printer_margin_mm);

/// Tiles `sheet` on `paper` with `overlap_mm` shared between neighbours,
/// leaving `margin_mm` on every side of each page.
TilePlan plan_tiles(SizeMm sheet, SizeMm paper, double overlap_mm,
                    double margin_mm = kTileMarginMm);

}  // namespace bocage
