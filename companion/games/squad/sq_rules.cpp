#include "sq_rules.h"

#include <algorithm>

#include "bocage/msg/sq.h"
#include "companion/engine/game_basics.h"
#include "companion/engine/play_context.h"
#include "core/toml_reader.h"
#include "sq_play.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

int number(const Card& card, const char* key, int otherwise = 0) {
  const FieldValue* v = card.field(key);
  return v ? int(v->number) : otherwise;
}
bool flag(const Card& card, const char* key) {
  const FieldValue* v = card.field(key);
  return v && v->flag;
}
std::string text(const Card& card, const char* key) {
  const FieldValue* v = card.field(key);
  if (!v) return {};
  return v->text.en.empty() ? v->text.ja : v->text.en;
}

SqCard read_card(const Card& card) {
  SqCard c;
  c.id = card.id;
  c.name = card.name;
  c.count = card.count;
  if (const FieldValue* t = card.field("type"); t && !t->symbols.empty() && !t->symbols[0].empty())
    c.type = t->symbols[0][0];
  const char* ranges[kSqRanges] = {"pb", "s", "m", "l"};
  for (int r = 0; r < kSqRanges; ++r)
    if (card.field(ranges[r])) c.range[size_t(r)] = number(card, ranges[r]);
  c.cover = number(card, "cover");
  c.morale = number(card, "morale");
  c.rally = number(card, "rally");
  c.all_attacks = number(card, "all_attacks");
  c.opportunity = number(card, "opportunity");
  c.ambush = number(card, "ambush");
  c.covering = number(card, "covering");
  c.mg_bonus = number(card, "mg_bonus");
  c.max_kill = number(card, "max_kill");
  c.fortification = number(card, "fortification");
  c.peek = number(card, "peek");
  c.hand = number(card, "hand");
  c.mine = number(card, "mine");
  c.machine_gun = flag(card, "machine_gun");
  c.ignore_cover = flag(card, "ignore_cover");
  c.no_move = flag(card, "no_move");
  c.pinned_only = flag(card, "pinned_only");
  c.obstacle = flag(card, "obstacle");
  c.cancels_obstacle = flag(card, "cancels_obstacle");
  c.mission = flag(card, "mission");
  c.set_aside = flag(card, "set_aside");
  c.phase = text(card, "phase");
  c.attach = text(card, "attach");
  return c;
}

}  // namespace

std::string SqRules::play_name(int card, int code, Lang lang) const {
  const std::string name = cards[size_t(card)].name.in(lang_name(lang));
  if (code < 0) return name;
  return tr(lang, msg::sq::play_with_trait, "card"_a = name,
            "effect"_a = trait(code).name.in(lang_name(lang)));
}

int SqRules::card_index(const std::string& id) const {
  for (size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return int(i);
  return -1;
}

int SqRules::nation_index(const std::string& word) const {
  for (size_t i = 0; i < nations.size(); ++i)
    if (nations[i].word == word) return int(i);
  return -1;
}

std::optional<SqRules> load_sq_rules(const fs::path& data_root, const std::string& game_id,
                                     Diagnostics& diags) {
  auto data = read_companion_data(data_root, game_id, diags);
  if (!data) return std::nullopt;
  const Game& game = data->game;
  const std::string& f = data->file;
  SqRules rules;

  TomlReader top(data->table, f, "companion.toml", diags);
  const toml::table* head = top.table("companion", Need::required);
  if (!head) return std::nullopt;
  TomlReader c(*head, f, "[companion]", diags);
  auto deck_id = c.string("deck", Need::required);
  auto nations_id = c.string("nations", Need::required);
  rules.start_hand = int(c.integer_in("start_hand", 1, 20, Need::required).value_or(5));
  rules.objectives = int(c.integer_in("objectives", 1, 20, Need::required).value_or(3));
  rules.max_soldiers = int(c.integer_in("max_soldiers", 1, 99, Need::required).value_or(36));
  auto forts = c.strings("fortifications", Need::required);
  auto flanking_card = c.string("flanking_card", Need::required);
  auto flanking_replaces = c.string("flanking_replaces", Need::required);
  c.finish();

  const Deck* deck = deck_id ? game.deck(*deck_id) : nullptr;
  if (deck_id && !deck)
    diags.error(c.pos_of("deck"), "companion/unknown-deck",
                both(msg::sq::data_deck_missing, "deck"_a = *deck_id));
  const Deck* nations = nations_id ? game.deck(*nations_id) : nullptr;
  if (nations_id && !nations)
    diags.error(c.pos_of("nations"), "companion/unknown-deck",
                both(msg::sq::data_deck_missing, "deck"_a = *nations_id));
  if (!deck || !nations) return std::nullopt;

  for (const auto& card : deck->cards) {
    if (flag(card, "optional")) continue;
    rules.cards.push_back(read_card(card));
    for (int n = 0; n < card.count; ++n) rules.deck.push_back(int(rules.cards.size()) - 1);
    if (rules.cards.back().type == 'N') rules.trait_card = int(rules.cards.size()) - 1;
  }
  // Each card's type by its printed name (a page groups a draw's choices by it).
  for (auto& c : rules.cards)
    if (const auto t = game.symbols.find(std::string(1, c.type)); t != game.symbols.end())
      c.type_name = t->second.name;
  if (rules.trait_card < 0)
    diags.error(deck->pos, "companion/no-trait-card", both(msg::sq::data_no_trait_card));
  rules.flanking_card = flanking_card ? rules.card_index(*flanking_card) : -1;
  rules.flanking_replaces = flanking_replaces ? rules.card_index(*flanking_replaces) : -1;
  if (flanking_card && rules.flanking_card < 0)
    diags.error(c.pos_of("flanking_card"), "companion/unknown-card",
                both(msg::sq::data_card_missing, "card"_a = *flanking_card));
  if (flanking_replaces && rules.flanking_replaces < 0)
    diags.error(c.pos_of("flanking_replaces"), "companion/unknown-card",
                both(msg::sq::data_card_missing, "card"_a = *flanking_replaces));
  for (const auto& id : forts.value_or(std::vector<std::string>{})) {
    const int i = rules.card_index(id);
    if (i < 0 || rules.cards[size_t(i)].type != 'T')
      diags.error(c.pos_of("fortifications"), "companion/unknown-card",
                  both(msg::sq::data_fortification_not_terrain, "card"_a = id));
    else
      rules.fortifications.push_back(i);
  }

  for (const auto& card : nations->cards) {
    SqNation n;
    n.id = card.id;
    n.name = card.name;
    if (const FieldValue* v = card.field("flag")) n.flag = v->text;
    n.soldiers = number(card, "soldiers", 10);
    n.draw = number(card, "draw", 3);
    n.hand = number(card, "hand", 5);
    n.morale = number(card, "morale");
    n.rally = number(card, "rally");
    n.moving_fire = number(card, "moving_fire");
    rules.nations.push_back(std::move(n));
  }
  auto nation_by_id = [&](const std::string& id) -> SqNation* {
    for (auto& n : rules.nations)
      if (n.id == id) return &n;
    return nullptr;
  };

  if (const toml::array* arr = top.array("nation", Need::required)) {
    size_t i = 0;
    for (const auto& node : *arr) {
      ++i;
      const toml::table* t = node.as_table();
      if (!t) continue;
      TomlReader r(*t, f, "[[nation]] #" + std::to_string(i), diags);
      auto id = r.string("id", Need::required);
      auto word = r.string("word", Need::required);
      r.finish();
      if (!id || !word) continue;
      if (SqNation* n = nation_by_id(*id))
        n->word = *word;
      else
        diags.error(r.pos_of("id"), "companion/unknown-nation",
                    both(msg::sq::data_nation_missing, "nation"_a = *id, "file"_a = nations->file));
    }
  }
  for (const auto& n : rules.nations)
    if (n.word.empty())
      diags.error(top.pos(), "companion/nation-word",
                  both(msg::sq::data_nation_word, "nation"_a = n.id));

  if (const toml::array* arr = top.array("trait", Need::required)) {
    size_t i = 0;
    for (const auto& node : *arr) {
      ++i;
      const toml::table* t = node.as_table();
      if (!t) continue;
      TomlReader r(*t, f, "[[trait]] #" + std::to_string(i), diags);
      auto nation = r.string("nation", Need::required);
      auto id = r.string("id", Need::required);
      auto as = r.string("as");
      SqTrait trait;
      trait.name = r.localized("name", Need::required).value_or(Localized{});
      const char* ranges[kSqRanges] = {"pb", "s", "m", "l"};
      for (int k = 0; k < kSqRanges; ++k)
        if (auto v = r.integer_in(ranges[k], -6, 6)) trait.effect.range[size_t(k)] = int(*v);
      trait.effect.morale = int(r.integer_in("morale", -6, 6).value_or(0));
      trait.effect.rally = int(r.integer_in("rally", -6, 6).value_or(0));
      trait.effect.peek = int(r.integer_in("peek", 0, 20).value_or(0));
      trait.effect.draw = int(r.integer_in("draw", 0, 20).value_or(0));
      trait.effect.soldiers = int(r.integer_in("soldiers", 0, 36).value_or(0));
      r.finish();
      if (!nation || !id) continue;
      trait.id = *id;
      trait.effect.id = *id;
      trait.effect.type = 'N';
      // The effect is called as played: 国の特性（バンザイ突撃）.
      if (rules.trait_card >= 0) {
        const Localized& card = rules.cards[size_t(rules.trait_card)].name;
        trait.effect.name = {
            tr(Lang::ja, msg::sq::play_with_trait, "card"_a = card.ja, "effect"_a = trait.name.ja),
            tr(Lang::en, msg::sq::play_with_trait, "card"_a = card.en, "effect"_a = trait.name.en)};
      }
      if (as) {
        trait.as = rules.card_index(*as);
        if (trait.as < 0)
          diags.error(r.pos_of("as"), "companion/unknown-card",
                      both(msg::sq::data_trait_card_missing, "card"_a = *as));
      }
      if (SqNation* n = nation_by_id(*nation))
        n->traits.push_back(std::move(trait));
      else
        diags.error(
            r.pos_of("nation"), "companion/unknown-nation",
            both(msg::sq::data_nation_missing, "nation"_a = *nation, "file"_a = nations->file));
    }
  }
  rules.options = read_game_options(top);
  // The option values a module plays: any two different nations by their words.
  std::vector<std::string> pairs;
  for (const auto& a : rules.nations)
    for (const auto& b : rules.nations)
      if (a.id != b.id) pairs.push_back(a.word + "-vs-" + b.word);
  check_option_values(rules.options,
                      {{"mode", {"table", "virtual"}},
                       {"nations", pairs},
                       {"variant", {"cards", "map"}},
                       {"squads", {"1", "2", "3"}},
                       {"flanking", {"off", "on"}},
                       {"windows", {"when-playable", "always"}}},
                      diags);
  read_sq_map_variant(top, game, rules, diags);  // sq_map.cpp
  read_game_words(top, rules.vocabulary);
  read_game_commands(top, rules.commands, {std::begin(kSqCommands), std::end(kSqCommands)});
  top.finish();
  if (diags.has_errors()) return std::nullopt;
  for (const auto& c : rules.cards) rules.vocabulary.add({c.id, c.name.ja, c.name.en, {}});
  for (const auto& n : rules.nations) {
    rules.vocabulary.add({n.id, n.name.ja, n.name.en, {n.word, n.flag.ja, n.flag.en}});
    // A National Trait's effect by its id and its printed name (kind
    // "trait": 待伏せ the effect is not 待伏せ the card; argument_kind).
    for (const auto& t : n.traits)
      rules.vocabulary.add({t.id, t.name.ja, t.name.en, {}, kSqTraitKind});
  }
  // The map variant's squad letters, printed on the counters (米A, 独B).
  for (const char* letter : {"A", "B", "C"}) rules.vocabulary.add({letter, {}, {}, {}});
  return rules;
}

}  // namespace bocage
