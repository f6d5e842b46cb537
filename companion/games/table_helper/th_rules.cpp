#include "th_rules.h"

#include <algorithm>
#include <map>
#include <set>

#include "bocage/msg/th.h"
#include "companion/engine/game_basics.h"
#include "core/did_you_mean.h"
#include "core/toml_reader.h"
#include "th_moves.h"

namespace bocage {

namespace fs = std::filesystem;

bool ThRules::has_hands() const {
  return std::any_of(decks.begin(), decks.end(), [](const ThDeck& d) { return d.to_hand; });
}

bool ThRules::deals() const {
  return std::any_of(decks.begin(), decks.end(), [](const ThDeck& d) { return d.hand > 0; });
}

namespace {

/// Calls `read` with a reader for each table of the array `key`
/// (each_table()), refusing more than kThMaxItems of them.
void each_item(TomlReader& top, const char* key, const std::function<void(TomlReader&)>& read) {
  if (const toml::array* items = top.array(key); items && items->size() > size_t(kThMaxItems)) {
    top.diags().error(
        top.pos_of(key), "companion/too-many",
        both(msg::th::data_too_many, "key"_a = std::string(key), "max"_a = kThMaxItems));
    return;
  }
  each_table(top, key, read);
}

/// An id read from `r`, refused when an earlier table of the same array had it.
std::optional<std::string> unique_id(TomlReader& r, std::set<std::string>& seen, const char* key) {
  auto id = r.id("id", Need::required);
  if (!id) return std::nullopt;
  if (!seen.insert(*id).second) {
    r.diags().error(r.pos_of("id"), "companion/duplicate-id",
                    both(msg::th::data_duplicate_id, "key"_a = std::string(key), "id"_a = *id));
    return std::nullopt;
  }
  return id;
}

void read_seats(TomlReader& top, const Game& game, ThRules& rules) {
  std::set<std::string> seen;
  const bool declared = top.has("seat");
  each_item(top, "seat", [&](TomlReader& r) {
    auto id = unique_id(r, seen, "seat");
    auto name = r.localized("name", Need::required);
    if (id && name) rules.seats.push_back({*id, *name});
  });
  if (declared) {
    if (rules.seats.size() > size_t(kThMaxSeats))
      top.diags().error(
          top.pos_of("seat"), "companion/too-many",
          both(msg::th::data_too_many, "key"_a = std::string("seat"), "max"_a = kThMaxSeats));
    else if (!rules.seats.empty() && int(rules.seats.size()) != game.players)
      top.diags().error(top.pos_of("seat"), "companion/seat-count",
                        both(msg::th::data_seat_count, "seats"_a = int(rules.seats.size()),
                             "players"_a = game.players));
    return;
  }
  // One seat a player of game.toml, named by number.
  const int players = std::clamp(game.players, 1, kThMaxSeats);
  if (players == 1) {
    rules.seats.push_back(
        {"player", {tr(Lang::ja, msg::th::seat_solo), tr(Lang::en, msg::th::seat_solo)}});
    return;
  }
  for (int n = 1; n <= players; ++n)
    rules.seats.push_back(
        {"player" + std::to_string(n),
         {tr(Lang::ja, msg::th::seat_n, "n"_a = n), tr(Lang::en, msg::th::seat_n, "n"_a = n)}});
}

void read_rolls(TomlReader& top, ThRules& rules) {
  std::set<std::string> seen;
  each_item(top, "roll", [&](TomlReader& r) {
    auto id = unique_id(r, seen, "roll");
    ThRoll roll;
    roll.rule = r.string("rule").value_or("");
    roll.name = r.localized("name", Need::required).value_or(Localized{});
    const auto dice = r.string("dice", Need::required);
    bool ok = bool(id) && bool(dice);
    if (dice) {
      DiceError e;
      if (auto parsed = parse_dice(*dice, &e)) {
        roll.dice = std::move(*parsed);
      } else {
        ok = false;
        r.diags().error(r.pos_of("dice"), "companion/bad-dice", per_lang([&](Lang l) {
                          DiceError said;
                          parse_dice(*dice, &said, l);
                          return tr(l, msg::th::data_bad_dice, "why"_a = said.message);
                        }));
      }
    }
    const toml::array* rows = r.array("result");
    if (rows && rows->size() > size_t(kThMaxResults)) {
      r.diags().error(
          r.pos_of("result"), "companion/too-many",
          both(msg::th::data_too_many, "key"_a = std::string("result"), "max"_a = kThMaxResults));
      rows = nullptr;
      ok = false;
    }
    if (rows)
      for (const auto& n : *rows) {
        if (!n.is_table()) {
          r.diags().error(node_pos(n, r.file()), "data/wrong-type",
                          both(msg::th::data_not_a_table, "key"_a = std::string("result")));
          ok = false;
          continue;
        }
        TomlReader row(*n.as_table(), r.file(), std::string("[[roll.result]]"), r.diags());
        ThRollResult res;
        const bool has_roll = read_roll(row, res.from, res.to);
        res.text = row.localized("text", Need::required).value_or(Localized{});
        row.finish();
        if (!has_roll) {
          ok = false;
          continue;
        }
        if (dice && ok && (res.from < roll.dice.min() || res.to > roll.dice.max())) {
          r.diags().error(row.pos_of("roll"), "companion/bad-roll",
                          both(msg::th::data_result_range, "from"_a = res.from, "to"_a = res.to,
                               "dice"_a = roll.dice.text, "min"_a = roll.dice.min(),
                               "max"_a = roll.dice.max()));
          ok = false;
          continue;
        }
        for (const auto& other : roll.results)
          if (res.from <= other.to && other.from <= res.to) {
            r.diags().error(
                row.pos_of("roll"), "companion/table-coverage",
                both(msg::th::data_result_overlap, "roll"_a = std::max(res.from, other.from)));
            ok = false;
          }
        roll.results.push_back(std::move(res));
      }
    if (!ok) return;
    roll.id = *id;
    rules.rolls.push_back(std::move(roll));
  });
}

void read_decks(TomlReader& top, const Game& game, ThRules& rules) {
  std::set<std::string> seen;
  each_item(top, "deck", [&](TomlReader& r) {
    auto id = unique_id(r, seen, "deck");
    ThDeck d;
    auto name = r.localized("name");
    d.hand = int(r.integer_in("hand", 0, kThMaxHand).value_or(0));
    d.peek = int(r.integer_in("peek", 0, kThMaxPeek).value_or(0));
    if (auto to = r.string("draw_to")) {
      if (*to == "table")
        d.to_hand = false;
      else if (*to != "hand")
        r.diags().error(r.pos_of("draw_to"), "companion/bad-value",
                        both(msg::th::data_draw_to, "value"_a = *to));
    }
    if (!id) return;
    const Deck* deck = game.deck(*id);
    if (!deck) {
      std::vector<std::string> ids;
      for (const auto& g : game.decks) ids.push_back(g.id);
      std::string list;
      for (const auto& g : ids) list += (list.empty() ? "" : ", ") + g;
      const std::string hint = closest_name(*id, ids);
      r.diags().error(r.pos_of("id"), "companion/unknown-deck",
                      both(msg::th::data_unknown_deck, "deck"_a = *id,
                           "decks"_a = list.empty() ? std::string("-") : list),
                      hint.empty() ? Text{} : both(msg::th::data_did_you_mean, "name"_a = hint));
      return;
    }
    d.id = *id;
    d.name = name ? *name : deck->name;
    if (d.name.empty()) d.name = {d.id, d.id};
    d.first = int(rules.cards.size());
    int copies = 0;
    for (const auto& c : deck->cards) {
      rules.cards.push_back({int(rules.decks.size()), c.id, c.name, c.count});
      copies += c.count;
    }
    d.count = int(deck->cards.size());
    if (d.hand > 0 && d.hand * int(std::max<size_t>(rules.seats.size(), 1)) > copies)
      r.diags().error(
          r.pos_of("hand"), "companion/bad-count",
          both(msg::th::data_hand_too_big, "hand"_a = d.hand, "seats"_a = int(rules.seats.size()),
               "deck"_a = d.id, "cards"_a = copies));
    if (d.hand > 0 && !d.to_hand)
      r.diags().error(r.pos_of("hand"), "companion/bad-value", both(msg::th::data_hand_to_table));
    rules.decks.push_back(std::move(d));
  });
  int copies = 0;
  for (const auto& c : rules.cards) copies += c.copies;
  if (copies > kThMaxCards)
    top.diags().error(
        top.pos_of("deck"), "companion/too-many",
        both(msg::th::data_too_many_cards, "cards"_a = copies, "max"_a = kThMaxCards));
  // A card is named by its id; an id two decks share is named "deck.card".
  std::map<std::string, int> uses;
  for (const auto& c : rules.cards) ++uses[c.word];
  for (auto& c : rules.cards)
    if (uses[c.word] > 1) c.word = rules.decks[size_t(c.deck)].id + "." + c.word;
}

void read_tracks(TomlReader& top, ThRules& rules) {
  std::set<std::string> seen;
  each_item(top, "track", [&](TomlReader& r) {
    auto id = unique_id(r, seen, "track");
    ThTrack t;
    t.rule = r.string("rule").value_or("");
    t.name = r.localized("name", Need::required).value_or(Localized{});
    auto min = r.integer_in("min", -9999, 9999, Need::required);
    auto max = r.integer_in("max", -9999, 9999, Need::required);
    auto start = r.integer_in("start", -9999, 9999);
    if (!id || !min || !max) return;
    t.min = int(*min);
    t.max = int(*max);
    t.start = int(start.value_or(*min));
    if (t.max <= t.min || t.max - t.min > kThMaxTrackSpan) {
      r.diags().error(r.pos_of("max"), "companion/bad-track",
                      both(msg::th::data_track_span, "id"_a = *id, "min"_a = t.min, "max"_a = t.max,
                           "span"_a = kThMaxTrackSpan));
      return;
    }
    if (t.start < t.min || t.start > t.max) {
      r.diags().error(
          r.pos_of("start"), "companion/bad-track",
          both(msg::th::data_track_start, "start"_a = t.start, "min"_a = t.min, "max"_a = t.max));
      return;
    }
    t.id = *id;
    rules.tracks.push_back(std::move(t));
  });
}

void build_vocabulary(ThRules& rules) {
  for (const auto& s : rules.seats)
    rules.vocabulary.add({s.id, s.name.ja, s.name.en, {}, kThSeatKind});
  for (const auto& r : rules.rolls)
    rules.vocabulary.add({r.id, r.name.ja, r.name.en, {}, kThRollKind});
  for (const auto& d : rules.decks)
    rules.vocabulary.add({d.id, d.name.ja, d.name.en, {}, kThDeckKind});
  for (const auto& t : rules.tracks)
    rules.vocabulary.add({t.id, t.name.ja, t.name.en, {}, kThTrackKind});
  for (const auto& c : rules.cards)
    rules.vocabulary.add({c.word, c.name.ja, c.name.en, {}, kThCardKind});
  for (const auto& c : th_command_catalog()) rules.commands.add({c.id, c.name.ja, c.name.en, {}});
}

}  // namespace

std::optional<ThRules> load_th_rules(const fs::path& data_root, const std::string& game_id,
                                     Diagnostics& diags) {
  auto data = read_companion_data(data_root, game_id, diags);
  if (!data) return std::nullopt;
  const Game& game = data->game;
  const std::string& f = data->file;
  ThRules rules;
  rules.game = game_id;
  rules.title = game.name;

  TomlReader top(data->table, f, "companion.toml", diags);
  if (const toml::table* head = top.table("companion")) {
    TomlReader c(*head, f, "[companion]", diags);
    rules.turns = int(c.integer_in("turns", 0, kThMaxTurns).value_or(0));
    c.finish();
  }
  read_seats(top, game, rules);
  {
    std::set<std::string> seen;
    each_item(top, "phase", [&](TomlReader& r) {
      auto id = unique_id(r, seen, "phase");
      ThPhase p;
      p.rule = r.string("rule").value_or("");
      p.name = r.localized("name", Need::required).value_or(Localized{});
      if (id) {
        p.id = *id;
        rules.phases.push_back(std::move(p));
      }
    });
  }
  read_rolls(top, rules);
  read_decks(top, game, rules);
  read_tracks(top, rules);
  rules.options = read_game_options(top);
  top.finish();
  check_option_values(rules.options, {{"mode", {"table", "virtual"}}}, diags);
  if (diags.has_errors()) return std::nullopt;
  build_vocabulary(rules);
  return rules;
}

}  // namespace bocage
