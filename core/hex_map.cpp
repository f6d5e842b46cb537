#include "hex_map.h"

#include <set>

#include "bocage/msg/core.h"
#include "did_you_mean.h"
#include "toml_reader.h"

namespace bocage {

namespace {

bool hexside_types_has(const HexMap& map, const std::string& id) {
  return map.hexside_types.count(id) > 0;
}

}  // namespace

std::optional<HexCoord> HexMap::find_label(const std::string& label) const {
  for (const auto& [at, h] : hexes)
    if (h.label == label) return at;
  return std::nullopt;
}

std::optional<HexCoord> HexMap::parse_coordinate(const std::string& text) const {
  for (int c = 0; c < grid.columns(); ++c)
    for (int r = 0; r < grid.rows(); ++r)
      if (coordinate({c, r}) == text) return HexCoord{c, r};
  return std::nullopt;
}

std::vector<const Terrain*> HexMap::used_terrain() const {
  std::set<std::string> used;
  for (const auto& [_, h] : hexes) used.insert(h.terrain);
  std::vector<const Terrain*> out;
  for (const auto& id : terrain_order)
    if (used.count(id)) out.push_back(&terrain.at(id));
  return out;
}

std::vector<const HexsideType*> HexMap::used_hexside_types() const {
  std::set<std::string> used;
  for (const auto& s : hexsides) used.insert(s.type);
  std::vector<const HexsideType*> out;
  for (const auto& id : hexside_order)
    if (used.count(id)) out.push_back(&hexside_types.at(id));
  return out;
}

const Hexside* HexMap::hexside(HexCoord a, HexCoord b) const {
  for (const auto& s : hexsides)
    if ((s.a == a && s.b == b) || (s.a == b && s.b == a)) return &s;
  return nullptr;
}

bool read_hex_map(const toml::table& table, const std::string& file, HexMap& map,
                  Diagnostics& diags) {
  const size_t errors_before = diags.error_count();
  TomlReader r(table, file, "[map]", diags);
  map.file = file;
  map.pos = r.pos();
  map.id = r.id("id", Need::required).value_or("");
  map.name = r.localized("name", Need::required).value_or(Localized{});
  auto orientation = r.string("orientation").value_or("flat");
  if (orientation != "flat" && orientation != "pointy")
    diags.error(r.pos_of("orientation"), "data/bad-value",
                both(msg::core::unknown_orientation, "value"_a = orientation));
  auto offset = r.string("offset").value_or("odd");
  if (offset != "odd" && offset != "even")
    diags.error(r.pos_of("offset"), "data/bad-value",
                both(msg::core::unknown_offset, "value"_a = offset));
  int columns = static_cast<int>(r.integer("columns", Need::required).value_or(1));
  int rows = static_cast<int>(r.integer("rows", Need::required).value_or(1));
  if (columns < 1 || rows < 1 || columns > 200 || rows > 200) {
    diags.error(r.pos_of("columns"), "data/bad-value", both(msg::core::map_size));
    columns = rows = 1;
  }
  double size = r.length("hex_size", Need::required).value_or(20);
  if (size < 5 || size > 200) {
    diags.error(r.pos_of("hex_size"), "data/bad-value", both(msg::core::hex_size));
    size = 20;
  }
  map.grid =
      HexGrid(orientation == "pointy" ? HexOrientation::pointy_top : HexOrientation::flat_top,
              offset == "even" ? HexOffset::even : HexOffset::odd, columns, rows, size);
  map.label_format = r.string("label_format").value_or(map.label_format);
  Text why;
  if (!valid_hex_label_format(map.label_format, &why))
    diags.error(r.pos_of("label_format"), "data/bad-value", why);
  map.first_column = static_cast<int>(r.integer_in("first_column", -999, 9999).value_or(1));
  map.first_row = static_cast<int>(r.integer_in("first_row", -999, 9999).value_or(1));
  map.show_coordinates = r.boolean("show_coordinates").value_or(true);
  map.pieces_pos = r.pos_of("pieces");
  map.pieces = r.strings("pieces").value_or(std::vector<std::string>{});
  auto where = r.string("coordinates").value_or("top");
  if (where != "top" && where != "bottom")
    diags.error(r.pos_of("coordinates"), "data/bad-value",
                both(msg::core::coordinates_where, "value"_a = where));
  map.coordinates_at_bottom = where == "bottom";

  std::vector<std::string> terrain_ids;
  if (const toml::table* t = r.table("terrain")) {
    for (auto&& [key, node] : *t) {
      Terrain ter;
      ter.id = std::string(key.str());
      ter.pos = node_pos(node, file);
      const toml::table* tt = node.as_table();
      if (!tt) {
        diags.error(ter.pos, "data/wrong-type",
                    both(msg::core::terrain_not_a_table, "id"_a = ter.id));
        continue;
      }
      TomlReader tr(*tt, file, "[map.terrain." + ter.id + "]", diags);
      ter.name = tr.localized("name", Need::required).value_or(Localized{});
      ter.fill = tr.string("fill", Need::required).value_or("#ffffff");
      if (auto icon = tr.id("icon")) ter.icon = Ref{*icon, tr.pos_of("icon")};
      tr.finish();
      terrain_ids.push_back(ter.id);
      map.terrain_order.push_back(ter.id);
      map.terrain[ter.id] = ter;
    }
  }
  auto check_terrain = [&](const std::string& id, const SourcePos& pos) {
    if (map.terrain.count(id)) return true;
    diags.error(pos, "data/unknown-terrain", both(msg::core::unknown_terrain, "id"_a = id),
                did_you_mean(id, terrain_ids));
    return false;
  };
  std::string default_terrain = r.string("default_terrain", Need::required).value_or("");
  if (!default_terrain.empty()) check_terrain(default_terrain, r.pos_of("default_terrain"));
  for (int c = 0; c < columns; ++c)
    for (int row = 0; row < rows; ++row)
      map.hexes[{c, row}] = MapHex{{c, row}, default_terrain, {}};

  auto coordinate_at = [&](const toml::node& n,
                           const std::string& what) -> std::optional<HexCoord> {
    if (!n.is_string()) {
      r.type_error(what, n, both(msg::core::kind_hex));
      return std::nullopt;
    }
    std::string text = n.as_string()->get();
    auto h = map.parse_coordinate(text);
    if (!h)
      diags.error(
          node_pos(n, file), "data/bad-hex",
          both(msg::core::not_a_hex, "text"_a = text, "columns"_a = columns, "rows"_a = rows,
               "format"_a = map.label_format, "first"_a = map.coordinate({0, 0})));
    return h;
  };
  if (const toml::array* missing = r.array("missing")) {
    for (const auto& n : *missing)
      if (auto h = coordinate_at(n, "missing")) map.hexes.erase(*h);
  }
  if (const toml::array* hexes = r.array("hex")) {
    for (const auto& n : *hexes) {
      const toml::table* ht = n.as_table();
      if (!ht) continue;
      TomlReader hr(*ht, file, "[[map.hex]]", diags);
      const toml::node* at = hr.node("at");
      auto terrain = hr.string("terrain");
      auto label = hr.string("label");
      hr.finish();
      if (!at) {
        diags.error(hr.pos(), "data/missing-key", both(msg::core::hex_missing_at));
        continue;
      }
      auto h = coordinate_at(*at, "at");
      if (!h) continue;
      auto it = map.hexes.find(*h);
      if (it == map.hexes.end()) {
        diags.error(node_pos(*at, file), "data/bad-hex",
                    both(msg::core::hex_is_missing, "hex"_a = map.coordinate(*h)));
        continue;
      }
      if (terrain && check_terrain(*terrain, hr.pos_of("terrain"))) it->second.terrain = *terrain;
      if (label) it->second.label = *label;
    }
  }
  std::vector<std::string> hexside_ids;
  if (const toml::table* t = r.table("hexside")) {
    for (auto&& [key, node] : *t) {
      HexsideType type;
      type.id = std::string(key.str());
      type.pos = node_pos(node, file);
      const toml::table* tt = node.as_table();
      if (!tt) {
        diags.error(type.pos, "data/wrong-type",
                    both(msg::core::hexside_not_a_table, "id"_a = type.id));
        continue;
      }
      TomlReader tr(*tt, file, "[map.hexside." + type.id + "]", diags);
      type.name = tr.localized("name", Need::required).value_or(Localized{});
      type.stroke = tr.string("stroke", Need::required).value_or("#000000");
      type.width_mm = tr.length_in("width", 0, 20).value_or(1);
      auto draw = tr.string("draw").value_or("edge");
      if (draw != "edge" && draw != "through")
        diags.error(tr.pos_of("draw"), "data/bad-value",
                    both(msg::core::unknown_draw, "value"_a = draw));
      type.through_centres = draw == "through";
      tr.finish();
      hexside_ids.push_back(type.id);
      map.hexside_order.push_back(type.id);
      map.hexside_types[type.id] = type;
    }
  }
  if (const toml::array* sides = r.array("side")) {
    for (const auto& n : *sides) {
      const toml::table* st = n.as_table();
      if (!st) continue;
      TomlReader sr(*st, file, "[[map.side]]", diags);
      const toml::array* between = sr.array("between", Need::required);
      auto type = sr.string("type", Need::required);
      sr.finish();
      if (!between || !type) continue;
      if (between->size() != 2) {
        diags.error(sr.pos_of("between"), "data/bad-hexside", both(msg::core::between_two_hexes));
        continue;
      }
      auto a = coordinate_at(*between->get(0), "between");
      auto b = coordinate_at(*between->get(1), "between");
      if (!hexside_types_has(map, *type)) {
        diags.error(sr.pos_of("type"), "data/unknown-hexside",
                    both(msg::core::unknown_hexside, "id"_a = *type),
                    did_you_mean(*type, hexside_ids));
        continue;
      }
      if (!a || !b) continue;
      if (map.grid.distance(*a, *b) != 1) {
        diags.error(sr.pos_of("between"), "data/bad-hexside",
                    both(msg::core::not_neighbours, "a"_a = map.coordinate(*a),
                         "b"_a = map.coordinate(*b)));
        continue;
      }
      map.hexsides.push_back({*a, *b, *type});
    }
  }
  r.finish();
  return diags.error_count() == errors_before;
}

}  // namespace bocage
