#include "svz_rules.h"

#include <map>
#include <set>

#include "bocage/msg/svz.h"
#include "companion/text/normal_form.h"
#include "core/game_loader.h"
#include "core/toml_file.h"
#include "core/toml_reader.h"
#include "svz_moves.h"

namespace bocage {

namespace fs = std::filesystem;

int SvzRules::zombie_count() const {
  int n = 0;
  for (const auto& c : counters) n += c.kind == SvzCounter::Kind::zombie;
  return n;
}

int SvzRules::infantry_count() const {
  int n = 0;
  for (const auto& c : counters) n += c.kind == SvzCounter::Kind::infantry;
  return n;
}

const SvzApRow* SvzRules::ap_row(int roll) const {
  for (const auto& r : ap_table)
    if (roll >= r.from && roll <= r.to) return &r;
  return nullptr;
}

const SvzEventRow& SvzRules::event_row(int roll) const {
  const SvzEventRow* best = &event_table.front();
  for (const auto& r : event_table) {
    if (roll >= r.from && roll <= r.to) return r;
    if (roll > r.to) best = &r;
  }
  return *best;
}

namespace {

void index_board(SvzRules& rules) {
  const HexMap& map = rules.map;
  rules.board = HexBoard(map);
  // What the vocabulary knows a hex by: its coordinate, its label, and the
  // names the map prints in its legend for a terrain on one hex, in both
  // languages, with a name in brackets on its own ("町（カランタン）":
  // "カランタン").
  std::map<std::string, std::vector<HexCoord>> by_terrain;
  for (const auto& [h, m] : map.hexes) by_terrain[m.terrain].push_back(h);
  for (const auto& [h, m] : map.hexes) {
    Term t{map.coordinate(h), {}, {}, {}};
    if (!m.label.empty()) t.also.push_back(m.label);
    auto terrain = map.terrain.find(m.terrain);
    if (by_terrain[m.terrain].size() == 1 && terrain != map.terrain.end()) {
      t.ja = terrain->second.name.ja;
      t.en = terrain->second.name.en;
      for (const std::string& printed : {t.ja, t.en}) {
        const std::string name = nfkc(printed);  // full-width brackets as ASCII
        const size_t o = name.find('('), c = name.rfind(')');
        if (o != std::string::npos && c != std::string::npos && c > o + 1)
          t.also.push_back(name.substr(o + 1, c - o - 1));
      }
    }
    rules.vocabulary.add(std::move(t));
  }
}

/// The counters' printed names (ゾンビ, カッター) and, for zombies, the name
/// with the printed value (ゾンビ2, "Zombie 2"): the words a player reads off
/// the counter in front of them.
void name_counters(SvzRules& rules) {
  for (const auto& k : rules.counters) {
    Term t{k.token, k.name.ja, k.name.en, {}};
    if (k.kind == SvzCounter::Kind::zombie) {
      t.also.push_back(k.name.ja + std::to_string(k.value));
      t.also.push_back(k.name.en + " " + std::to_string(k.value));
    }
    rules.vocabulary.add(std::move(t));
  }
}

}  // namespace

std::optional<SvzRules> load_svz_rules(const fs::path& data_root, const std::string& game_id,
                                       Diagnostics& diags) {
  auto data = read_companion_data(data_root, game_id, diags);
  if (!data) return std::nullopt;
  const Game& game = data->game;
  const std::string& f = data->file;
  SvzRules rules;

  TomlReader top(data->table, f, "companion.toml", diags);
  const toml::table* head = top.table("companion", Need::required);
  if (!head) return std::nullopt;
  TomlReader c(*head, f, "[companion]", diags);
  auto map_id = c.string("map", Need::required);
  auto deck_id = c.string("counters", Need::required);
  auto tank = c.string("tank", Need::required);
  auto start = c.string("start", Need::required);
  auto hidden = c.strings("hidden", Need::required);
  rules.target_face_down = static_cast<int>(c.integer("target_face_down").value_or(5));
  rules.kill_bonus = static_cast<int>(c.integer("kill_bonus").value_or(2));
  c.finish();

  const HexMap* map = map_id ? game.map(*map_id) : nullptr;
  if (map_id && !map)
    diags.error(c.pos_of("map"), "companion/unknown-map",
                both(msg::svz::data_no_map, "map"_a = *map_id));
  const Deck* deck = deck_id ? game.deck(*deck_id) : nullptr;
  if (deck_id && !deck)
    diags.error(c.pos_of("counters"), "companion/unknown-deck",
                both(msg::svz::data_no_deck, "deck"_a = *deck_id));
  if (!map || !deck || !tank || !start || !hidden) return std::nullopt;
  rules.map = *map;

  auto hex_named = [&](const std::string& label, const char* key) -> std::optional<HexCoord> {
    auto h = map->find_label(label);
    if (!h) h = map->parse_coordinate(label);
    if (!h || !map->exists(*h)) {
      diags.error(c.pos_of(key), "companion/unknown-hex",
                  both(msg::svz::data_no_hex, "label"_a = label, "map"_a = map->id));
      return std::nullopt;
    }
    return h;
  };
  if (auto h = hex_named(*start, "start")) rules.start = *h;
  for (const auto& label : *hidden)
    if (auto h = hex_named(label, "hidden")) {
      rules.hidden.push_back(*h);
      rules.hidden_labels.push_back(label);
    }

  bool found_tank = false;
  for (const auto& card : deck->cards) {
    if (card.id == *tank) {
      found_tank = true;
      rules.tank_id = card.id;
      rules.tank_name = card.name;
      continue;
    }
    SvzCounter k;
    k.id = card.id;
    k.name = card.name;
    auto number = [&](const char* key) {
      auto* v = card.field(key);
      return v ? static_cast<int>(v->number) : 0;
    };
    auto flag = [&](const char* key) {
      auto* v = card.field(key);
      return v && v->flag;
    };
    if (flag("zombie")) {
      k.kind = SvzCounter::Kind::zombie;
      k.value = number("value");
      k.token = "zombie" + std::to_string(k.value);
    } else if (flag("event")) {
      k.kind = SvzCounter::Kind::event;
      k.token = card.id;
    } else if (flag("infantry")) {
      k.kind = SvzCounter::Kind::infantry;
      k.token = "infantry";
    } else {
      k.kind = SvzCounter::Kind::equipment;
      k.shoot_bonus = number("shoot_bonus");
      k.ram_bonus = number("ram_bonus");
      k.token = card.id;
      if (!k.shoot_bonus && !k.ram_bonus)
        diags.error(card.pos, "companion/counter-role",
                    both(msg::svz::data_counter_role, "counter"_a = card.id));
    }
    for (int n = 0; n < card.count; ++n) rules.counters.push_back(k);
  }
  for (size_t i = 0; i < rules.counters.size(); ++i) {
    size_t first = 0;
    while (rules.counters[first].token != rules.counters[i].token) ++first;
    rules.token_of.push_back(int(first));
  }
  if (!found_tank)
    diags.error(c.pos_of("tank"), "companion/unknown-counter",
                both(msg::svz::data_no_counter, "counter"_a = *tank, "deck"_a = deck->id));
  if (rules.counters.size() != rules.hidden.size() + 1)
    diags.error(c.pos_of("hidden"), "companion/hidden-count",
                both(msg::svz::data_hidden_count, "counters"_a = rules.counters.size(),
                     "needed"_a = rules.counters.size() - 1, "found"_a = rules.hidden.size()));

  rules.basics = read_game_basics(
      top, {{"ap", "actions"}, {"turn", "ap"}, {"move", "recon", "shoot", "ram", "repair"}});
  name_counters(rules);
  read_game_words(top, rules.vocabulary);
  rules.options = read_game_options(top);
  check_option_values(rules.options,
                      {{"mode", {"table", "virtual"}},
                       {"hit", {"above", "at-or-above"}},
                       {"breakdowns", {"on", "no-breakdowns"}},
                       {"rescue", {"0", "1", "2"}}},
                      diags);
  top.accept({"table"});
  read_game_commands(top, rules.commands, {std::begin(kSvzCommands), std::end(kSvzCommands)});
  top.finish();

  const toml::table* tables = data->table.get_as<toml::table>("table");
  std::vector<std::pair<int, int>> ap_ranges, event_ranges;
  if (auto* ap = tables ? tables->get_as<toml::array>("ap") : nullptr) {
    for (const auto& n : *ap) {
      if (!n.is_table()) continue;
      TomlReader r(*n.as_table(), f, "[[table.ap]]", diags);
      SvzApRow row;
      if (read_roll(r, row.from, row.to)) ap_ranges.push_back({row.from, row.to});
      row.end_turn = r.boolean("end_turn").value_or(false);
      if (auto v = r.string("ap")) {
        if (*v != "roll")
          diags.error(r.pos_of("ap"), "companion/bad-value", both(msg::svz::data_ap_is_roll));
        row.gives_ap = true;
      }
      row.counterattack = static_cast<int>(r.integer("counterattack").value_or(0));
      r.finish();
      rules.ap_table.push_back(row);
    }
  }
  if (auto* ev = tables ? tables->get_as<toml::array>("event") : nullptr) {
    for (const auto& n : *ev) {
      if (!n.is_table()) continue;
      TomlReader r(*n.as_table(), f, "[[table.event]]", diags);
      SvzEventRow row;
      if (read_roll(r, row.from, row.to)) event_ranges.push_back({row.from, row.to});
      auto kind = r.string("event", Need::required).value_or("");
      if (kind == "counterattack")
        row.event = SvzEventRow::Event::counterattack;
      else if (kind == "recon")
        row.event = SvzEventRow::Event::recon;
      else if (kind == "zombification")
        row.event = SvzEventRow::Event::zombification;
      else if (kind == "chaos")
        row.event = SvzEventRow::Event::chaos;
      else if (!kind.empty())
        diags.error(r.pos_of("event"), "companion/unknown-event",
                    both(msg::svz::data_unknown_event, "event"_a = kind));
      row.hexes = static_cast<int>(r.integer("hexes").value_or(0));
      if ((row.event == SvzEventRow::Event::counterattack ||
           row.event == SvzEventRow::Event::zombification) &&
          row.hexes < 1)
        diags.error(r.pos(), "companion/missing-key",
                    both(msg::svz::data_event_needs_hexes, "event"_a = kind));
      row.name = r.localized("name", Need::required).value_or(Localized{});
      r.finish();
      rules.event_table.push_back(row);
    }
  }
  if (tables) {
    TomlReader t(*tables, f, "[table]", diags);
    t.accept({"ap", "event"});
    t.finish();
  }
  SourcePos table_pos = tables ? node_pos(*tables, f) : top.pos();
  if (rules.ap_table.empty())
    diags.error(table_pos, "companion/missing-table",
                both(msg::svz::data_needs_table, "table"_a = std::string("ap")));
  else
    check_roll_coverage(ap_ranges, 1, 6, "AP", table_pos, diags);
  if (rules.event_table.empty())
    diags.error(table_pos, "companion/missing-table",
                both(msg::svz::data_needs_table, "table"_a = std::string("event")));
  else
    check_roll_coverage(event_ranges, 1, 6 + rules.kill_bonus, "event", table_pos, diags);
  if (diags.has_errors()) return std::nullopt;
  index_board(rules);
  rules.vocabulary.add({rules.map.coordinate(rules.start), {}, {}, {"star"}});
  const char* ids[] = {"move", "recon", "shoot", "ram", "repair"};
  for (size_t i = 0; i < rules.actions.size(); ++i)
    rules.actions[i] = rules.basics.actions.at(ids[i]);
  return rules;
}

}  // namespace bocage
