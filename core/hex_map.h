// A hex map as data: its grid, the hexes that exist (maps have holes and
// ragged edges), terrain per hex, and labels. The generator prints it; the
// companion moves pieces on it. Loaded from a component file with [map].
#pragma once

#include <toml++/toml.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "diagnostic.h"
#include "hex_grid.h"
#include "localized.h"
#include "ref.h"

namespace bocage {

struct Terrain {
  std::string id;
  Localized name;
  std::string fill;  // "#rrggbb"
  Ref icon;          // optional, drawn in the hex
  SourcePos pos;
};

/// A feature along hexsides: drawn on the shared edge (a hedgerow, a river)
/// or through the hexes' centres (a road).
struct HexsideType {
  std::string id;
  Localized name;
  std::string stroke;  // "#rrggbb"
  double width_mm = 1;
  bool through_centres = false;
  SourcePos pos;
};

struct Hexside {
  HexCoord a, b;  // neighbours
  std::string type;
};

struct MapHex {
  HexCoord at;
  std::string terrain;  // a key of HexMap::terrain
  std::string label;    // printed large in the hex ("1", "★"); empty: none
};

struct HexMap {
  std::string id;
  Localized name;
  HexGrid grid{HexOrientation::flat_top, HexOffset::odd, 1, 1, 20};
  std::string label_format = "%02c%02r";
  int first_column = 1;
  int first_row = 1;
  bool show_coordinates = true;
  bool coordinates_at_bottom = false;  // where in the hex the coordinate is printed
  std::map<std::string, Terrain> terrain;
  std::vector<std::string> terrain_order;  // as declared
  std::map<HexCoord, MapHex> hexes;        // every hex that exists
  std::map<std::string, HexsideType> hexside_types;
  std::vector<std::string> hexside_order;  // as declared
  std::vector<Hexside> hexsides;
  // The decks whose pieces stand in a hex (checked: each fits with room to pick it up).
  std::vector<std::string> pieces;
  SourcePos pieces_pos;
  std::string file;
  SourcePos pos;

  bool exists(HexCoord h) const { return hexes.count(h) > 0; }
  const MapHex* hex(HexCoord h) const {
    auto it = hexes.find(h);
    return it == hexes.end() ? nullptr : &it->second;
  }
  /// The hex printed with `label` ("1", "★"), if any.
  std::optional<HexCoord> find_label(const std::string& label) const;
  std::string coordinate(HexCoord h) const {
    return hex_label(label_format, h, first_column, first_row);
  }
  /// The hex whose coordinate label is `text` ("0304"), if any.
  std::optional<HexCoord> parse_coordinate(const std::string& text) const;
  /// Terrain types used by existing hexes, in the order declared (for the legend).
  std::vector<const Terrain*> used_terrain() const;
  /// Hexside types used, in the order declared.
  std::vector<const HexsideType*> used_hexside_types() const;
  /// The hexside feature between two neighbours, if any.
  const Hexside* hexside(HexCoord a, HexCoord b) const;
};

/// Reads the [map] table of a component file into `map`; problems go to `diags`.
bool read_hex_map(const toml::table& table, const std::string& file, HexMap& map,
                  Diagnostics& diags);

}  // namespace bocage
