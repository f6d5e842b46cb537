// SQUAD's hex-map variant as data: companion.toml's [map_variant] names the
// map bocage-gen prints (map.toml), the hexes the squads start on (by their
// printed labels) and the T card each terrain stands for (rulings 20, 25).
#include <algorithm>
#include <map>

#include "bocage/msg/sq.h"
#include "core/model.h"
#include "core/toml_reader.h"
#include "sq_rules.h"

namespace bocage {

void read_sq_map_variant(TomlReader& top, const Game& game, SqRules& rules, Diagnostics& diags) {
  const toml::table* t = top.table("map_variant", Need::required);
  if (!t) return;
  TomlReader r(*t, top.file(), "[map_variant]", diags);
  auto map_id = r.string("map", Need::required);
  std::array<std::optional<std::vector<std::string>>, 2> starts{r.strings("seat1", Need::required),
                                                                r.strings("seat2", Need::required)};
  const toml::table* terrain = r.table("terrain", Need::required);
  const HexMap* map = map_id ? game.map(*map_id) : nullptr;
  if (map_id && !map)
    diags.error(r.pos_of("map"), "companion/unknown-map",
                both(msg::sq::data_no_map, "map"_a = *map_id));
  if (!map) {
    r.finish();
    return;
  }
  SqMapVariant& b = rules.board;
  b.map = *map;
  b.hexes = HexBoard(*map);
  const HexGrid& grid = map->grid;
  b.card.assign(size_t(b.hexes.size()), -1);
  std::map<std::string, int> card_of_terrain;
  if (terrain) {
    TomlReader tt(*terrain, top.file(), "[map_variant.terrain]", diags);
    for (const auto& [key, node] : *terrain) {
      const std::string id(key.str());
      auto card = tt.string(id, Need::required);
      if (!card) continue;
      const int c = rules.card_index(*card);
      if (c < 0 || rules.cards[size_t(c)].type != 'T')
        diags.error(tt.pos_of(id), "companion/unknown-card",
                    both(msg::sq::data_not_terrain_card, "card"_a = *card));
      else if (!map->terrain.count(id))
        diags.error(tt.pos_of(id), "companion/unknown-terrain",
                    both(msg::sq::data_no_terrain, "terrain"_a = id, "map"_a = map->id));
      else
        card_of_terrain[id] = c;
    }
    tt.finish();
  }
  for (int col = 0; col < grid.columns(); ++col)
    for (int row = 0; row < grid.rows(); ++row) {
      const HexCoord h{col, row};
      const size_t i = size_t(hex_index(grid, h));
      const MapHex* m = map->hex(h);
      if (!m) continue;
      auto it = card_of_terrain.find(m->terrain);
      if (it != card_of_terrain.end()) b.card[i] = it->second;
    }
  // Every terrain but open ground (the default) must stand for a card.
  for (const auto& [id, terr] : map->terrain)
    if (id != "open" && !card_of_terrain.count(id) && terrain)
      diags.error(r.pos_of("terrain"), "companion/unmapped-terrain",
                  both(msg::sq::data_unmapped_terrain, "terrain"_a = id));
  const char* keys[2] = {"seat1", "seat2"};
  for (int side = 0; side < 2; ++side) {
    for (const auto& label : starts[size_t(side)].value_or(std::vector<std::string>{})) {
      auto h = map->find_label(label);
      if (!h) h = map->parse_coordinate(label);
      if (!h || !map->exists(*h)) {
        diags.error(r.pos_of(keys[side]), "companion/unknown-hex",
                    both(msg::sq::data_no_hex, "label"_a = label, "map"_a = map->id));
        continue;
      }
      b.start[size_t(side)].push_back(hex_index(grid, *h));
    }
    if (starts[size_t(side)] && b.start[size_t(side)].size() < 3)
      diags.error(r.pos_of(keys[side]), "companion/start-hexes",
                  both(msg::sq::data_start_hexes, "key"_a = std::string(keys[side])));
  }
  r.finish();
  for (int c : rules.deck)
    if (rules.cards[size_t(c)].type != 'T') rules.map_deck.push_back(c);
}

}  // namespace bocage
