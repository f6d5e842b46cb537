#include "ep_rules.h"

#include <algorithm>
#include <set>

#include "bocage/msg/ep.h"
#include "core/game_loader.h"
#include "core/toml_file.h"
#include "core/toml_reader.h"
#include "ep_moves.h"

namespace bocage {

namespace fs = std::filesystem;

int EpRules::gi_by_no(int no) const {
  for (size_t i = 0; i < gi.size(); ++i)
    if (gi[i].no == no) return int(i);
  return -1;
}

int EpRules::patrol_by_no(int no) const {
  for (size_t i = 0; i < patrol.size(); ++i)
    if (patrol[i].no == no) return int(i);
  return -1;
}

namespace {

int number(const Card& card, const char* key) {
  const FieldValue* v = card.field(key);
  return v ? static_cast<int>(v->number) : 0;
}

bool has_symbol(const Card& card, const char* symbol) {
  const FieldValue* v = card.field("symbols");
  return v && std::find(v->symbols.begin(), v->symbols.end(), symbol) != v->symbols.end();
}

/// Each card printed once with its own number: the companion names cards by number.
void check_numbers(const Deck& deck, Diagnostics& diags) {
  std::set<int> seen;
  for (const auto& c : deck.cards) {
    if (c.count != 1)
      diags.error(c.pos, "companion/card-count",
                  both(msg::ep::data_card_count, "card"_a = c.id, "deck"_a = deck.id));
    const int no = number(c, "no");
    if (no < 1 || !seen.insert(no).second)
      diags.error(
          c.pos, "companion/card-number",
          both(msg::ep::data_card_number, "card"_a = c.id, "no"_a = no, "deck"_a = deck.id));
  }
}

}  // namespace

std::optional<EpRules> load_ep_rules(const fs::path& data_root, const std::string& game_id,
                                     Diagnostics& diags) {
  auto data = read_companion_data(data_root, game_id, diags);
  if (!data) return std::nullopt;
  const Game& game = data->game;
  const std::string& f = data->file;
  EpRules rules;

  TomlReader top(data->table, f, "companion.toml", diags);
  const toml::table* head = top.table("companion", Need::required);
  if (!head) return std::nullopt;
  TomlReader c(*head, f, "[companion]", diags);
  auto gi_id = c.string("gi_deck", Need::required);
  auto patrol_id = c.string("patrol_deck", Need::required);
  auto count = [&](const char* key, int lo, int hi, int fallback) {
    return static_cast<int>(c.integer_in(key, lo, hi, Need::required).value_or(fallback));
  };
  rules.start_hand = count("start_hand", 0, 30, 4);
  rules.hand_limit = count("hand_limit", 1, 30, 5);
  rules.supply_draws = count("supply_draws", 1, 30, 1);
  rules.look_cards = count("look_cards", 1, 50, 5);
  rules.look_draws = count("look_draws", 0, 30, 1);
  rules.dodge_draws = count("dodge_draws", 0, 30, 1);
  c.finish();
  rules.basics = read_game_basics(
      top, {{"deal", "supply", "discard", "contact", "fire", "attrition"}, {"squad"}, {}});
  rules.options = read_game_options(top);
  if (std::none_of(rules.options.begin(), rules.options.end(), [](const OptionDef& o) {
        return o.name == "mode" && o.values == std::vector<std::string>{"table", "virtual"};
      }))
    diags.error(top.pos(), "companion/missing-option", both(msg::ep::data_needs_mode));
  read_game_words(top, rules.vocabulary);
  read_game_commands(top, rules.commands, {std::begin(kEpCommands), std::end(kEpCommands)});
  top.finish();

  const Deck* gi = gi_id ? game.deck(*gi_id) : nullptr;
  const Deck* patrol = patrol_id ? game.deck(*patrol_id) : nullptr;
  if (gi_id && !gi)
    diags.error(c.pos_of("gi_deck"), "companion/unknown-deck",
                both(msg::ep::data_no_deck, "deck"_a = *gi_id));
  if (patrol_id && !patrol)
    diags.error(c.pos_of("patrol_deck"), "companion/unknown-deck",
                both(msg::ep::data_no_deck, "deck"_a = *patrol_id));
  if (!gi || !patrol || diags.has_errors()) return std::nullopt;
  check_numbers(*gi, diags);
  check_numbers(*patrol, diags);
  if (int(gi->cards.size()) < rules.start_hand)
    diags.error(c.pos_of("start_hand"), "companion/bad-count",
                both(msg::ep::data_start_hand, "start_hand"_a = rules.start_hand,
                     "cards"_a = gi->cards.size()));

  for (const auto& card : gi->cards) {
    EpGiCard g;
    g.id = card.id;
    g.no = number(card, "no");
    g.name = card.name;
    g.ammo = number(card, "ammo");
    g.at = has_symbol(card, "AT");
    g.look = has_symbol(card, "L");
    g.dodge = has_symbol(card, "D");
    rules.vocabulary.add(
        {std::to_string(g.no), g.name.ja, g.name.en, {}, kEpGiKind, /*shown_as_id=*/true});
    rules.gi.push_back(std::move(g));
  }
  for (const auto& card : patrol->cards) {
    EpPatrolCard p;
    p.id = card.id;
    p.no = number(card, "no");
    p.name = card.name;
    p.ammo = number(card, "ammo");
    p.draw = number(card, "draw");
    p.at = has_symbol(card, "AT");
    p.aa = has_symbol(card, "AA");
    p.instant = has_symbol(card, "I");
    p.no_attrition = has_symbol(card, "N");
    const FieldValue* u = card.field("undefeatable");
    p.undefeatable = u && u->flag;
    if (!p.undefeatable && !p.at && p.ammo == 0)
      diags.error(card.pos, "companion/undefeatable",
                  both(msg::ep::data_undefeatable, "card"_a = card.id));
    rules.vocabulary.add(
        {std::to_string(p.no), p.name.ja, p.name.en, {}, kEpPatrolKind, /*shown_as_id=*/true});
    rules.patrol.push_back(std::move(p));
  }
  if (diags.has_errors()) return std::nullopt;
  return rules;
}

}  // namespace bocage
