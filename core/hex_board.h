// A hex map as the rules, the companion's page and a player's words use it:
// each hex of the grid by a dense index (column * rows + row), whether it
// exists (maps have holes and ragged edges), its printed coordinate and
// label, its existing neighbours, lookup by what is printed on it, distances
// and the geometry to draw it. Built once from the HexMap the generator
// prints (core/hex_map.h); the generator prints each hex from it, SQUAD's map
// variant and Stuart vs Zombies play on it, and the web page draws it
// (companion/engine/board_view.h).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "hex_grid.h"
#include "hex_map.h"

namespace bocage {

class HexBoard {
 public:
  HexBoard() = default;
  explicit HexBoard(const HexMap& map);

  int rows() const { return grid_.rows(); }
  /// Indices run from 0 to size() - 1; only some of them exist.
  int size() const { return int(exists_.size()); }
  int index(HexCoord h) const { return hex_index(grid_, h); }
  HexCoord at(int index) const { return {index / rows(), index % rows()}; }
  bool exists(int index) const { return index >= 0 && index < size() && exists_[size_t(index)]; }
  /// In the grid and on the map.
  bool has(HexCoord h) const { return grid_.in_bounds(h) && exists_[size_t(index(h))]; }

  /// As printed: "0405".
  const std::string& coordinate(int index) const { return coordinate_[size_t(index)]; }
  /// Printed large in the hex ("6", "★"); empty: none.
  const std::string& label(int index) const { return label_[size_t(index)]; }
  /// How a message names it: "6 (0405)", or "0405" without a label.
  const std::string& name(int index) const { return name_[size_t(index)]; }
  /// The neighbours that exist, clockwise.
  const std::vector<int>& neighbours(int index) const { return neighbours_[size_t(index)]; }
  /// The existing hex printed `text`: a label first (the first hex with it),
  /// else a coordinate; -1 for none.
  int find(std::string_view text) const;
  /// The existing hex whose coordinate is `text`; -1 for none.
  int find_coordinate(std::string_view text) const;
  /// Hexes between, across the grid (holes are not detours).
  int distance(int a, int b) const { return grid_.distance(at(a), at(b)); }

  /// Drawing, in millimetres from the map's top left.
  PointMm centre(int index) const { return grid_.center(at(index)); }
  std::array<PointMm, 6> corners(int index) const { return grid_.corners(at(index)); }
  SizeMm extent() const { return grid_.extent(); }
  const HexGrid& grid() const { return grid_; }

 private:
  HexGrid grid_{HexOrientation::flat_top, HexOffset::odd, 1, 1, 20};
  std::vector<char> exists_;
  std::vector<std::string> coordinate_, label_, name_;
  std::vector<std::vector<int>> neighbours_;
  std::unordered_map<std::string, int> by_label_, by_coordinate_;
};

}  // namespace bocage
