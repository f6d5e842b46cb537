// Reads Maquis's data: the board's locations, roads and tracks, the three
// decks, and companion.toml. A location's action is read from the notation
// the board prints (":money: → :weapons: ／ :food: → :money:"), so what the
// player reads and what the companion does are the same text.
#include "mq_rules.h"

#include <algorithm>

#include "bocage/msg/mq.h"
#include "companion/engine/game_basics.h"
#include "core/game_loader.h"
#include "core/toml_reader.h"
#include "mq_play.h"

namespace bocage {

namespace fs = std::filesystem;

int MqRules::location(const std::string& id) const {
  for (size_t i = 0; i < locations.size(); ++i)
    if (locations[i].id == id) return int(i);
  return -1;
}
int MqRules::resource(const std::string& id) const {
  for (size_t i = 0; i < resources.size(); ++i)
    if (resources[i].id == id) return int(i);
  return -1;
}
int MqRules::tile(const std::string& id) const {
  for (size_t i = 0; i < tiles.size(); ++i)
    if (tiles[i].id == id) return int(i);
  return -1;
}
int MqRules::mission(const std::string& id) const {
  for (size_t i = 0; i < missions.size(); ++i)
    if (missions[i].id == id) return int(i);
  return -1;
}
const MqLevel& MqRules::level(const std::string& id, const std::string& set) const {
  for (const auto& l : levels)
    if (l.id == id && l.set == set) return l;
  for (const auto& l : levels)
    if (l.id == id && l.set == "rules") return l;
  return levels.front();
}

namespace {

/// The `:icon:` names of `text`, in order; `rest` what is left once they are
/// taken out (spaces, arrows, pluses), to check nothing else is written.
std::vector<std::string> icons_of(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while ((i = text.find(':', i)) != std::string::npos) {
    const size_t j = text.find(':', i + 1);
    if (j == std::string::npos) break;
    out.push_back(text.substr(i + 1, j - i - 1));
    i = j + 1;
  }
  return out;
}

std::vector<std::string> split(const std::string& text, const std::string& sep) {
  std::vector<std::string> out;
  size_t from = 0, at;
  while ((at = text.find(sep, from)) != std::string::npos) {
    out.push_back(text.substr(from, at - from));
    from = at + sep.size();
  }
  out.push_back(text.substr(from));
  return out;
}

/// Reads an action in the board's notation into its choices (B-02): "／"
/// separates choices, "→" what is paid from what is gained; the icons are
/// resources, morale, airdrop, collect, agent (recruit), spare-room, mission.
/// False with `bad` naming an icon it does not know, or an arrow misplaced.
bool parse_notation(const MqRules& R, const std::string& text, std::vector<MqChoice>& out,
                    std::string& bad) {
  out.clear();
  for (const std::string& part : split(text, "\uff0f")) {
    auto sides = split(part, "\u2192");
    if (sides.size() > 2) {
      bad = "\u2192\u2192";
      return false;
    }
    MqChoice ch;
    ch.pay.assign(R.resources.size(), 0);
    ch.gain.assign(R.resources.size(), 0);
    bool any = false;
    for (size_t side = 0; side < sides.size(); ++side) {
      const bool gain = side + 1 == sides.size();
      for (const std::string& icon : icons_of(sides[side])) {
        any = true;
        const int k = R.resource(icon);
        if (k >= 0) {
          (gain ? ch.gain : ch.pay)[size_t(k)] += 1;
          if (gain && ch.id.empty()) ch.id = icon;
          continue;
        }
        using S = MqChoice::Special;
        S special = S::none;
        if (icon == "morale" && gain) {
          ch.morale += 1;
          if (ch.id.empty()) ch.id = icon;
          continue;
        }
        if (icon == "airdrop")
          special = S::drop;
        else if (icon == "collect")
          special = S::collect;
        else if (icon == "agent")
          special = S::recruit;
        else if (icon == "spare-room")
          special = S::spare_room;
        else if (icon == "mission")
          special = S::mission;
        if (special == S::none || !gain) {
          bad = icon;
          return false;
        }
        ch.special = special;
        if (ch.id.empty()) ch.id = icon;
      }
    }
    if (any) out.push_back(std::move(ch));
  }
  return true;
}

std::string text_of(const FieldValue* v) {
  return v ? (v->text.en.empty() ? v->text.ja : v->text.en) : "";
}

/// The vocabulary: every printed name of the board's locations, the game's
/// icons (resources and choices), the missions, the tiles and the patrol
/// cards, with a card's printed number ("3", "パトロール3", "Patrol 3").
void name_things(const Game& game, const Deck& patrols, const Deck& missions, MqRules& R) {
  Vocabulary& v = R.vocabulary;
  for (const auto& l : R.locations) v.add({l.id, l.name.ja, l.name.en, {}});
  for (const auto& [id, s] : game.symbols) v.add({id, s.name.ja, s.name.en, {}});
  for (const auto& r : R.resources) v.add({r.id, r.name.ja, r.name.en, {}});
  for (const auto& t : R.tiles) v.add({t.id, t.name.ja, t.name.en, {}});
  for (const Deck* deck : {&missions, &patrols})
    for (const auto& card : deck->cards) {
      Term t{card.id, card.name.ja, card.name.en, {}};
      if (const FieldValue* no = card.field("no")) {
        const std::string n = std::to_string(static_cast<int>(no->number));
        t.also = {n, card.name.ja + n, card.name.en + " " + n};
      }
      v.add(std::move(t));
    }
}

}  // namespace

std::optional<MqRules> load_mq_rules(const fs::path& data_root, const std::string& game_id,
                                     Diagnostics& diags) {
  auto data = read_companion_data(data_root, game_id, diags);
  if (!data) return std::nullopt;
  const Game& game = data->game;
  const std::string& f = data->file;
  MqRules R;

  TomlReader top(data->table, f, "companion.toml", diags);
  const toml::table* head = top.table("companion", Need::required);
  if (!head) return std::nullopt;
  TomlReader c(*head, f, "[companion]", diags);
  auto board_id = c.string("board", Need::required);
  auto patrol_id = c.string("patrol_deck", Need::required);
  auto mission_id = c.string("mission_deck", Need::required);
  auto tile_id = c.string("tile_deck", Need::required);
  auto token_id = c.string("token_deck", Need::required);
  auto resources = c.strings("resources", Need::required);
  auto safe_house = c.string("safe_house", Need::required);
  R.morale_start = int(c.integer_in("morale_start", 1, 20, Need::required).value_or(6));
  c.finish();

  // The levels (04): [[level]] id, agents, cafe, lose_on_day, wrap,
  // starred_days, arrest_morale, drop = { money = 1, weapons = 1, food = 3 }.
  struct LevelRow {
    MqLevel level;
    std::map<std::string, int> drop;
    SourcePos pos;
  };
  std::vector<LevelRow> rows;
  if (const toml::array* arr = top.array("level", Need::required)) {
    size_t i = 0;
    for (const auto& node : *arr) {
      ++i;
      const toml::table* t = node.as_table();
      if (!t) continue;
      TomlReader r(*t, f, "[[level]] #" + std::to_string(i), diags);
      LevelRow row;
      row.pos = r.pos();
      row.level.id = r.string("id", Need::required).value_or("");
      row.level.set = r.string("set").value_or("rules");
      row.level.agents = int(r.integer_in("agents", 1, 5, Need::required).value_or(3));
      row.level.cafe = int(r.integer_in("cafe", 0, 5, Need::required).value_or(2));
      row.level.lose_on_day = int(r.integer_in("lose_on_day", 0, 99).value_or(0));
      row.level.wrap = r.boolean("wrap").value_or(false);
      row.level.starred_days = r.boolean("starred_days").value_or(false);
      row.level.arrest_morale = r.boolean("arrest_morale").value_or(false);
      if (const toml::table* d = r.table("drop", Need::required)) {
        TomlReader dr(*d, f, "[[level]] #" + std::to_string(i) + " drop", diags);
        for (const auto& [key, value] : *d) {
          auto n = dr.integer_in(key.str(), 1, 9);
          if (n) row.drop[std::string(key.str())] = int(*n);
        }
        dr.finish();
      }
      r.finish();
      rows.push_back(std::move(row));
    }
  }
  R.options = read_game_options(top);
  read_game_words(top, R.vocabulary);
  read_game_commands(top, R.commands, {std::begin(kMqCommands), std::end(kMqCommands)});
  top.finish();

  const Board* board = board_id ? game.board(*board_id) : nullptr;
  if (board_id && !board)
    diags.error(c.pos_of("board"), "companion/unknown-board",
                both(msg::mq::data_no_board, "board"_a = *board_id));
  const Deck* patrols = patrol_id ? game.deck(*patrol_id) : nullptr;
  const Deck* missions = mission_id ? game.deck(*mission_id) : nullptr;
  const Deck* tiles = tile_id ? game.deck(*tile_id) : nullptr;
  const Deck* tokens = token_id ? game.deck(*token_id) : nullptr;
  for (auto [deck, id, key] :
       {std::tuple{patrols, patrol_id, "patrol_deck"},
        std::tuple{missions, mission_id, "mission_deck"}, std::tuple{tiles, tile_id, "tile_deck"},
        std::tuple{tokens, token_id, "token_deck"}})
    if (id && !deck)
      diags.error(c.pos_of(key), "companion/unknown-deck",
                  both(msg::mq::data_no_deck, "deck"_a = *id));
  if (!board || !patrols || !missions || !tiles || !tokens || !resources || diags.has_errors())
    return std::nullopt;
  R.board = *board;

  // Resources and their supply: the tokens printed of each.
  for (const auto& id : *resources) {
    MqResource res;
    res.id = id;
    auto sym = game.symbols.find(id);
    if (sym == game.symbols.end())
      diags.error(c.pos_of("resources"), "companion/unknown-resource",
                  both(msg::mq::data_no_resource_symbol, "resource"_a = id));
    else
      res.name = sym->second.name;
    res.supply = 0;
    for (const auto& card : tokens->cards)
      if (card.id == id) res.supply = card.count;
    if (res.supply == 0)
      diags.error(c.pos_of("resources"), "companion/no-tokens",
                  both(msg::mq::data_no_tokens, "deck"_a = tokens->id, "resource"_a = id));
    R.resources.push_back(std::move(res));
  }
  if (diags.has_errors()) return std::nullopt;

  // Locations and their actions.
  int exits = 0;
  for (const auto& id : board->location_order) {
    const Location& L = board->locations.at(id);
    MqLocation loc;
    loc.id = id;
    loc.name = L.name;
    loc.starred = L.icon.name == "star-shield";
    std::string bad;
    if (!parse_notation(R, L.action.ja, loc.choices, bad))
      diags.error(L.pos, "companion/bad-action",
                  both(msg::mq::data_bad_location_action, "location"_a = id,
                       "action"_a = L.action.ja, "icon"_a = bad));
    using K = MqLocation::Kind;
    if (safe_house && id == *safe_house) loc.kind = K::safe_house;
    for (const auto& ch : loc.choices) {
      if (ch.special == MqChoice::Special::collect) loc.kind = K::field;
      if (ch.special == MqChoice::Special::recruit) loc.kind = K::cafe;
      if (ch.special == MqChoice::Special::spare_room) loc.kind = K::spare_room;
      if (ch.special == MqChoice::Special::mission) {
        loc.kind = K::exit;
        loc.exit = exits++;
      }
    }
    if (loc.kind == K::exit && exits <= 2) R.exits[size_t(loc.exit)] = int(R.locations.size());
    if (loc.kind == K::safe_house) R.safe_house = int(R.locations.size());
    if (loc.kind == K::cafe) R.cafe = int(R.locations.size());
    for (const auto& ch : loc.choices)
      if (!ch.id.empty() &&
          std::find(R.choice_words.begin(), R.choice_words.end(), ch.id) == R.choice_words.end())
        R.choice_words.push_back(ch.id);
    R.locations.push_back(std::move(loc));
  }
  if (R.safe_house < 0)
    diags.error(c.pos_of("safe_house"), "companion/unknown-location",
                both(msg::mq::data_no_safe_house, "location"_a = safe_house.value_or(""),
                     "board"_a = board->id));
  if (exits != 2)
    diags.error(board->pos, "companion/mission-exits",
                both(msg::mq::data_mission_exits, "count"_a = exits));

  // Tracks: morale (Fail, then black values with red patrol numbers), soldiers, days.
  auto track = [&](const char* tid) -> const Track* {
    for (const auto& t : board->tracks)
      if (t.id == tid) return &t;
    diags.error(board->pos, "companion/missing-track",
                both(msg::mq::data_missing_track, "track"_a = std::string(tid)));
    return nullptr;
  };
  if (const Track* t = track("morale")) {
    R.red.assign(t->boxes.size(), 0);
    for (size_t i = 1; i < t->boxes.size(); ++i) {
      try {
        R.red[i] = std::stoi(t->boxes[i].second);
      } catch (...) {
        diags.error(t->pos, "companion/morale-red",
                    both(msg::mq::data_morale_red, "box"_a = int(i)));
      }
    }
  }
  if (const Track* t = track("soldiers")) R.soldiers_max = int(t->boxes.size()) - 1;
  if (const Track* t = track("days")) {
    R.days = int(t->boxes.size());
    R.orange.assign(t->boxes.size() + 1, false);
    R.starred.assign(t->boxes.size() + 1, false);
    for (size_t i = 0; i < t->boxes.size(); ++i) {
      R.orange[i + 1] = t->boxes[i].marked;
      R.starred[i + 1] = !t->boxes[i].mark.empty();
    }
  }

  // Patrol cards: three locations by their printed names (A-03).
  for (const auto& card : patrols->cards) {
    MqPatrolCard p;
    p.id = card.id;
    int i = 0;
    for (const char* key : {"first", "second", "third"}) {
      const FieldValue* v = card.field(key);
      int found = -1;
      for (size_t l = 0; v && l < R.locations.size(); ++l)
        if ((v->text.ja.empty() || R.locations[l].name.ja == v->text.ja) &&
            (v->text.en.empty() || R.locations[l].name.en == v->text.en))
          found = int(l);
      if (found < 0)
        diags.error(v ? v->pos : card.pos, "companion/patrol-location",
                    both(msg::mq::data_patrol_location, "card"_a = card.id,
                         "location"_a = text_of(v), "slot"_a = std::string(key)));
      p.locations[size_t(i++)] = found;
    }
    for (int n = 0; n < card.count; ++n) R.patrols.push_back(p);
  }

  // Missions: boxN (resources, once per token), boxN_visit, boxN_from/_to.
  for (const auto& card : missions->cards) {
    MqMission m;
    m.id = card.id;
    m.name = card.name;
    if (const FieldValue* g = card.field("group")) m.group = int(g->number);
    for (int b = 1; b <= 9; ++b) {
      const std::string key = "box" + std::to_string(b);
      const FieldValue* cost = card.field(key);
      const FieldValue* visit = card.field(key + "_visit");
      if (!cost && !(visit && visit->flag)) break;
      MqBox box;
      box.pay.assign(R.resources.size(), 0);
      if (cost)
        for (const auto& s : cost->symbols) {
          const int k = R.resource(s);
          if (k < 0)
            diags.error(
                cost->pos, "companion/mission-resource",
                both(msg::mq::data_mission_resource, "mission"_a = card.id, "resource"_a = s));
          else
            ++box.pay[size_t(k)];
        }
      if (const FieldValue* v = card.field(key + "_from")) box.day_from = int(v->number);
      if (const FieldValue* v = card.field(key + "_to")) box.day_to = int(v->number);
      m.boxes.push_back(std::move(box));
    }
    if (m.boxes.empty())
      diags.error(card.pos, "companion/mission-boxes",
                  both(msg::mq::data_mission_boxes, "mission"_a = card.id));
    R.missions.push_back(std::move(m));
  }
  if (R.missions.size() < 2)
    diags.error(missions->pos, "companion/missions", both(msg::mq::data_missions));

  // Spare-room tiles, in the same notation.
  for (const auto& card : tiles->cards) {
    MqTile t;
    t.id = card.id;
    t.name = card.name;
    std::string bad;
    const FieldValue* v = card.field("action");
    if (!v || !parse_notation(R, text_of(v), t.choices, bad) || t.choices.empty())
      diags.error(v ? v->pos : card.pos, "companion/bad-action",
                  both(msg::mq::data_bad_tile_action, "tile"_a = card.id, "action"_a = text_of(v)));
    for (const auto& ch : t.choices)
      if (!ch.id.empty() &&
          std::find(R.choice_words.begin(), R.choice_words.end(), ch.id) == R.choice_words.end())
        R.choice_words.push_back(ch.id);
    for (int n = 0; n < card.count; ++n) R.tiles.push_back(t);
  }

  for (auto& row : rows) {
    row.level.drop.assign(R.resources.size(), 0);
    for (const auto& [k, n] : row.drop) {
      const int r = R.resource(k);
      if (r < 0)
        diags.error(row.pos, "companion/unknown-resource",
                    both(msg::mq::data_drop_resource, "level"_a = row.level.id, "resource"_a = k));
      else
        row.level.drop[size_t(r)] = n;
    }
    R.levels.push_back(std::move(row.level));
  }
  for (const OptionDef& o : R.options)
    if (o.name == "level")
      for (const auto& v : o.values)
        if (std::none_of(R.levels.begin(), R.levels.end(),
                         [&](const MqLevel& l) { return l.id == v && l.set == "rules"; }))
          diags.error(o.pos, "companion/unknown-level",
                      both(msg::mq::data_unknown_level, "level"_a = v));
  if (R.levels.empty())
    diags.error(top.pos(), "companion/no-levels", both(msg::mq::data_no_levels));
  if (diags.has_errors()) return std::nullopt;
  name_things(game, *patrols, *missions, R);
  return R;
}

}  // namespace bocage
