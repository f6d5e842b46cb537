#include "ob_rules.h"

#include <algorithm>
#include <map>

#include "bocage/msg/ob.h"
#include "core/game_loader.h"
#include "core/toml_file.h"
#include "core/toml_reader.h"
#include "ob_play.h"

namespace bocage {

namespace {

/// Each front in the vocabulary, by its answer: the terrain's printed names,
/// its id and short answers, and for an eye card each of them with "-eye" or
/// as the card prints it ("平地（視界制限）").
void name_fronts(ObRules& rules) {
  for (const ObFront& f : rules.fronts) {
    std::vector<std::string> base{f.terrain,
                                  f.eye ? f.answer.substr(0, f.answer.size() - 4) : f.answer};
    base.insert(base.end(), f.also.begin(), f.also.end());
    Term t{f.answer, f.name.ja, f.name.en, {}};
    if (!f.eye) {
      t.also = base;
    } else {
      t.ja = tr(Lang::ja, msg::ob::front_with_eye, "terrain"_a = f.name.ja);
      t.en = tr(Lang::en, msg::ob::front_with_eye, "terrain"_a = f.name.en);
      base.push_back(f.name.ja);
      base.push_back(f.name.en);
      for (const auto& b : base) {
        t.also.push_back(b + "-eye");
        for (Lang l : {Lang::ja, Lang::en})
          t.also.push_back(tr(l, msg::ob::front_with_eye, "terrain"_a = b));
      }
    }
    rules.vocabulary.add(std::move(t));
  }
}

}  // namespace

namespace fs = std::filesystem;

namespace {

/// The grid holds 3 rows of 3 and the start row of 3 (7, 8): a smaller deck
/// cannot be dealt.
constexpr int kCardsOnTable = 12;

bool flag(const Card& card, const char* key) {
  const FieldValue* v = card.field(key);
  return v && v->flag;
}

}  // namespace

std::optional<ObRules> load_ob_rules(const fs::path& data_root, const std::string& game_id,
                                     Diagnostics& diags) {
  auto data = read_companion_data(data_root, game_id, diags);
  if (!data) return std::nullopt;
  const Game& game = data->game;
  const std::string& f = data->file;
  ObRules rules;

  TomlReader top(data->table, f, "companion.toml", diags);
  const toml::table* head = top.table("companion", Need::required);
  if (!head) return std::nullopt;
  TomlReader c(*head, f, "[companion]", diags);
  auto deck_id = c.string("deck", Need::required);
  rules.grids = static_cast<int>(c.integer_in("grids", 1, 20, Need::required).value_or(4));
  for (auto [key, out] :
       {std::pair{"front_fill", &rules.front_fill}, std::pair{"back_fill", &rules.back_fill},
        std::pair{"nest_fill", &rules.nest_fill}}) {
    *out = c.string(key, Need::required).value_or("#ffffff");
    const bool hex = out->size() == 7 && (*out)[0] == '#' &&
                     out->find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos;
    if (!hex) {
      diags.error(c.pos_of(key), "companion/bad-colour",
                  both(msg::ob::data_bad_colour, "key"_a = std::string(key), "value"_a = *out));
      *out = "#ffffff";
    }
  }
  c.finish();

  struct TerrainDef {
    ObTerrainKind kind;
    std::string rule;
    SourcePos pos;
    std::string answer;             // the table-mode answer ("x"); the id by default
    std::vector<std::string> also;  // other short answers
  };
  std::map<std::string, TerrainDef> terrains;
  if (const toml::array* arr = top.array("terrain", Need::required)) {
    size_t i = 0;
    for (const auto& node : *arr) {
      ++i;
      const toml::table* t = node.as_table();
      if (!t) continue;
      TomlReader r(*t, f, "[[terrain]] #" + std::to_string(i), diags);
      auto id = r.string("id", Need::required);
      auto kind = r.string("kind", Need::required);
      if (kind && *kind != "open" && *kind != "wire" && *kind != "obstacle") {
        diags.error(r.pos_of("kind"), "companion/bad-terrain-kind",
                    both(msg::ob::data_bad_terrain_kind, "kind"_a = *kind));
        kind.reset();
      }
      auto rule = r.string("rule", Need::required);
      auto answer = r.string("answer", Need::optional);
      auto also = r.strings("also", Need::optional);
      r.finish();
      if (!id || !kind) continue;
      const ObTerrainKind k = *kind == "open"   ? ObTerrainKind::open
                              : *kind == "wire" ? ObTerrainKind::wire
                                                : ObTerrainKind::obstacle;
      if (!game.symbols.count(*id))
        diags.error(r.pos_of("id"), "companion/unknown-terrain",
                    both(msg::ob::data_unknown_terrain, "terrain"_a = *id));
      if (!terrains
               .emplace(*id, TerrainDef{k, rule.value_or(""), r.pos_of("id"), answer.value_or(*id),
                                        also.value_or(std::vector<std::string>{})})
               .second)
        diags.error(r.pos_of("id"), "companion/duplicate-terrain",
                    both(msg::ob::data_duplicate_terrain, "terrain"_a = *id));
    }
  }
  rules.basics = read_game_basics(top, {{"assault"}, {"squad", "charges", "sniper"}, {}});
  rules.options = read_game_options(top);
  read_game_words(top, rules.vocabulary);
  if (std::none_of(rules.options.begin(), rules.options.end(), [](const OptionDef& o) {
        return o.name == "mode" && o.values == std::vector<std::string>{"table", "virtual"};
      }))
    diags.error(top.pos(), "companion/missing-option", both(msg::ob::data_needs_mode));
  read_game_commands(top, rules.commands, {std::begin(kObCommands), std::end(kObCommands)});
  top.finish();

  const Deck* deck = deck_id ? game.deck(*deck_id) : nullptr;
  if (deck_id && !deck)
    diags.error(c.pos_of("deck"), "companion/unknown-deck",
                both(msg::ob::data_no_deck, "deck"_a = *deck_id));
  if (!deck || diags.has_errors()) return std::nullopt;
  rules.card_size = deck->size;

  std::string terrain_ids;  // what a card may name, for its error
  for (const auto& [id, def] : terrains) terrain_ids += (terrain_ids.empty() ? "" : ", ") + id;
  for (const auto& card : deck->cards) {
    const FieldValue* t = card.field("terrain");
    if (!t || t->symbols.size() != 1 || !terrains.count(t->symbols.front())) {
      diags.error(card.pos, "companion/card-terrain",
                  both(msg::ob::data_card_terrain, "card"_a = card.id, "terrains"_a = terrain_ids));
      continue;
    }
    const std::string& terrain = t->symbols.front();
    const bool eye = flag(card, "eye");
    const std::string front_id = eye ? terrain + "-eye" : terrain;
    auto it = std::find_if(rules.fronts.begin(), rules.fronts.end(),
                           [&](const ObFront& fr) { return fr.id == front_id; });
    if (it == rules.fronts.end()) {
      const TerrainDef& def = terrains.at(terrain);
      ObFront fr;
      fr.id = front_id;
      fr.terrain = terrain;
      fr.kind = def.kind;
      fr.rule = def.rule;
      fr.eye = eye;
      fr.name = game.symbols.at(terrain).name;
      fr.answer = eye ? def.answer + "-eye" : def.answer;
      fr.also = def.also;
      rules.fronts.push_back(std::move(fr));
      it = rules.fronts.end() - 1;
    }
    for (int n = 0; n < card.count; ++n)
      rules.cards.push_back(ObCard{card.id, int(it - rules.fronts.begin()), flag(card, "mine")});
  }
  if (!diags.has_errors() && int(rules.cards.size()) < kCardsOnTable)
    diags.error(deck->pos, "companion/deck-too-small",
                both(msg::ob::data_deck_too_small, "count"_a = int(rules.cards.size()),
                     "needed"_a = kCardsOnTable));
  if (diags.has_errors()) return std::nullopt;
  name_fronts(rules);
  return rules;
}

}  // namespace bocage
