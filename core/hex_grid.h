// Hex-grid geometry in mm, shared by the generator (printing maps) and the
// companion (distances, neighbours, movement). Offset coordinates (column,
// row, from 0) as printed on wargame maps; cube coordinates inside for
// distances (https://www.redblobgames.com/grids/hexagons/).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "units.h"

namespace bocage {

enum class HexOrientation { flat_top, pointy_top };
/// Which columns (flat-top) or rows (pointy-top) are pushed half a hex down
/// (or right): the odd ones (1, 3, ...) or the even ones (0, 2, ...).
enum class HexOffset { odd, even };

struct HexCoord {
  int col = 0;
  int row = 0;
  bool operator==(const HexCoord&) const = default;
  auto operator<=>(const HexCoord&) const = default;
};

class HexGrid {
 public:
  HexGrid(HexOrientation orientation, HexOffset offset, int columns, int rows,
          double across_flats_mm);

  HexOrientation orientation() const { return orientation_; }
  HexOffset offset() const { return offset_; }
  int columns() const { return columns_; }
  int rows() const { return rows_; }
  double across_flats_mm() const { return flats_; }
  /// Centre to corner.
  double radius_mm() const { return radius_; }

  bool in_bounds(HexCoord h) const;
  /// The centre of a hex, with the grid's bounding box starting at (0, 0).
  PointMm center(HexCoord h) const;
  /// The six corners, clockwise from the right (flat-top) or the top-right (pointy-top).
  std::array<PointMm, 6> corners(HexCoord h) const;
  /// The size of the bounding box of all hexes.
  SizeMm extent() const;
  /// The neighbours inside the grid, clockwise.
  std::vector<HexCoord> neighbours(HexCoord h) const;
  /// Steps between two hexes on an unbroken grid.
  int distance(HexCoord a, HexCoord b) const;
  /// The hex whose centre is nearest `p` (may be out of bounds).
  HexCoord hex_at(PointMm p) const;

 private:
  struct Cube {
    int x, y, z;
  };
  Cube to_cube(HexCoord h) const;
  HexCoord from_cube(Cube c) const;

  HexOrientation orientation_;
  HexOffset offset_;
  int columns_, rows_;
  double flats_, radius_;
};

/// A hex's label from a printf-like format: %c the column and %r the row,
/// counted from `first_col` and `first_row`, with optional zero padding
/// (%02c%02r gives the wargame "0101"); %% is a percent sign.
std::string hex_label(const std::string& format, HexCoord h, int first_col = 1, int first_row = 1);

/// Whether `format` is a valid label format; `error` says why not.
bool valid_hex_label_format(const std::string& format, std::string* error);

}  // namespace bocage
