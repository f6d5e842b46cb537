#include "hex_board.h"

namespace bocage {

HexBoard::HexBoard(const HexMap& map) : grid_(map.grid) {
  const size_t n = size_t(grid_.columns() * grid_.rows());
  exists_.assign(n, 0);
  coordinate_.assign(n, "");
  label_.assign(n, "");
  name_.assign(n, "");
  neighbours_.assign(n, {});
  for (int c = 0; c < grid_.columns(); ++c)
    for (int r = 0; r < grid_.rows(); ++r) {
      const HexCoord h{c, r};
      const size_t i = size_t(index(h));
      coordinate_[i] = map.coordinate(h);
      name_[i] = coordinate_[i];
      const MapHex* m = map.hex(h);
      if (!m) continue;
      exists_[i] = 1;
      label_[i] = m->label;
      if (!m->label.empty()) name_[i] = m->label + " (" + coordinate_[i] + ")";
      for (HexCoord nb : grid_.neighbours(h))
        if (map.exists(nb)) neighbours_[i].push_back(index(nb));
      by_coordinate_.emplace(coordinate_[i], int(i));
    }
  // The first hex with a label, in the map's order (as HexMap::find_label).
  for (const auto& [h, m] : map.hexes)
    if (!m.label.empty()) by_label_.emplace(m.label, index(h));
}

int HexBoard::find(std::string_view text) const {
  const auto it = by_label_.find(std::string(text));
  return it != by_label_.end() ? it->second : find_coordinate(text);
}

int HexBoard::find_coordinate(std::string_view text) const {
  const auto it = by_coordinate_.find(std::string(text));
  return it == by_coordinate_.end() ? -1 : it->second;
}

}  // namespace bocage
