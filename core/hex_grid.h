// Hex-grid geometry in mm, shared by the generator (printing maps) and the
// companion (distances, neighbours, movement). Offset coordinates (column,
// row, from 0) as printed on wargame maps; cube coordinates inside for
// distances (https://www.redblobgames.com/grids/hexagons/).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "diagnostic.h"
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
  /// The edge two neighbouring hexes share, as its two corners (where a
  /// hedgerow or a river is drawn); none for hexes that are not neighbours.
  std::optional<std::array<PointMm, 2>> shared_edge(HexCoord a, HexCoord b) const;
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
bool valid_hex_label_format(const std::string& format, Text* error);

/// A hex's dense index on `grid`: column * rows + row (the order of
/// hex_steps_from's result).
inline int hex_index(const HexGrid& grid, HexCoord h) {
  return h.col * grid.rows() + h.row;
}

/// Steps from `from` to every hex of `grid` over the hexes `passable` accepts
/// (an impassable hex is never entered; `from` itself always counts), by
/// dense index (hex_index); -1 where no path leads. A breadth-first search:
/// O(columns * rows).
template <typename Passable>
std::vector<int> hex_steps_from(const HexGrid& grid, HexCoord from, Passable passable);

/// Steps from `a` to `b` over passable hexes; -1 when none leads there.
template <typename Passable>
int hex_path_distance(const HexGrid& grid, HexCoord a, HexCoord b, Passable passable) {
  if (!grid.in_bounds(a) || !grid.in_bounds(b)) return -1;
  return hex_steps_from(grid, a, passable)[size_t(hex_index(grid, b))];
}

template <typename Passable>
std::vector<int> hex_steps_from(const HexGrid& grid, HexCoord from, Passable passable) {
  std::vector<int> steps(size_t(grid.columns() * grid.rows()), -1);
  if (!grid.in_bounds(from)) return steps;
  std::vector<HexCoord> queue{from};
  steps[size_t(hex_index(grid, from))] = 0;
  for (size_t next = 0; next < queue.size(); ++next) {
    const HexCoord h = queue[next];
    const int here = steps[size_t(hex_index(grid, h))];
    for (HexCoord n : grid.neighbours(h)) {
      int& s = steps[size_t(hex_index(grid, n))];
      if (s >= 0 || !passable(n)) continue;
      s = here + 1;
      queue.push_back(n);
    }
  }
  return steps;
}

}  // namespace bocage
