#include "game_loader.h"

#include <algorithm>
#include <map>
#include <set>

#include "blank_text.h"
#include "bocage/msg/core.h"
#include "card_sheet.h"
#include "did_you_mean.h"
#include "hex_map.h"
#include "ids.h"
#include "limits.h"
#include "piece_fit.h"
#include "safe_path.h"
#include "toml_file.h"
#include "toml_reader.h"
#include "workbook.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kFieldTypeNames = {"number", "text", "symbols", "flag"};
const std::vector<std::string> kFontRoles = {"gothic", "mincho", "latin"};
const std::set<std::string> kReservedCardKeys = {"id", "count", "name", "back"};

std::optional<FieldType> parse_field_type(std::string_view name) {
  if (name == "number") return FieldType::number;
  if (name == "text") return FieldType::text;
  if (name == "symbols") return FieldType::symbols;
  if (name == "flag") return FieldType::flag;
  return std::nullopt;
}

std::string join(const std::vector<std::string>& items, std::string_view sep = ", ") {
  std::string out;
  for (const auto& s : items) {
    if (!out.empty()) out += sep;
    out += s;
  }
  return out;
}

std::optional<SizeMm> read_size(TomlReader& r, std::string_view key) {
  const toml::node* n = r.node(key);
  if (!n) return std::nullopt;
  if (n->is_string()) {
    std::string name = n->as_string()->get();
    if (auto s = named_size(name)) return s;
    r.diags().error(node_pos(*n, r.file()), "data/unknown-size", per_lang([&](Lang l) {
                      return tr(l, msg::core::unknown_size, "name"_a = name,
                                "where"_a = r.place().in(l), "sizes"_a = join(size_names()));
                    }),
                    did_you_mean(name, size_names()));
    return std::nullopt;
  }
  if (n->is_array()) {
    auto v = r.lengths(key, 2);
    if (!v) return std::nullopt;
    if (!((*v)[0] >= kMinPieceMm && (*v)[1] >= kMinPieceMm && (*v)[0] <= kMaxPieceMm &&
          (*v)[1] <= kMaxPieceMm)) {
      r.diags().error(node_pos(*n, r.file()), "data/bad-size", per_lang([&](Lang l) {
                        return tr(l, msg::core::bad_size, "where"_a = r.place().in(l),
                                  "min"_a = static_cast<int>(kMinPieceMm),
                                  "max"_a = static_cast<int>(kMaxPieceMm));
                      }));
      return std::nullopt;
    }
    return SizeMm{(*v)[0], (*v)[1]};
  }
  r.type_error(key, *n, both(msg::core::kind_size));
  return std::nullopt;
}

std::optional<Ref> read_ref(TomlReader& r, std::string_view key, Need need) {
  auto s = r.string(key, need);
  if (!s) return std::nullopt;
  // An empty name (face = "") would leave the deck out without a word.
  if (s->find_first_not_of(" \t") == std::string::npos) {
    r.diags().error(r.pos_of(key), "data/bad-value",
                    both(msg::core::empty_ref, "key"_a = std::string(key)),
                    both(msg::core::empty_ref_hint));
    return std::nullopt;
  }
  return Ref{*s, r.pos_of(key)};
}

void read_fonts(const toml::table& t, const std::string& file, Game& game, Diagnostics& diags) {
  TomlReader r(t, file, "[fonts]", diags);
  for (const auto& role : kFontRoles) {
    if (auto ref = read_ref(r, role, Need::optional)) game.fonts.families[role] = *ref;
  }
  r.finish();
}

void read_symbols(const toml::table& t, const std::string& file, Game& game, Diagnostics& diags) {
  for (auto&& [key, node] : t) {
    std::string id(key.str());
    if (!is_valid_id(id)) {
      diags.error(node_pos(node, file), "data/bad-id",
                  both(msg::core::bad_symbol_id, "id"_a = id.substr(0, 80)));
      continue;
    }
    const toml::table* st = node.as_table();
    if (!st) {
      diags.error(node_pos(node, file), "data/wrong-type",
                  both(msg::core::symbol_not_a_table, "id"_a = id));
      continue;
    }
    TomlReader r(*st, file, "[symbols." + id + "]", diags);
    SymbolDef sym;
    sym.id = id;
    sym.pos = r.pos();
    sym.name = r.localized("name", Need::required).value_or(Localized{});
    sym.rule = r.localized("rule").value_or(Localized{});
    if (auto icon = r.id("icon", Need::required)) sym.icon = Ref{*icon, r.pos_of("icon")};
    r.finish();
    game.symbols[id] = std::move(sym);
  }
}

void read_field_defs(const toml::table& t, const std::string& file, Deck& deck,
                     Diagnostics& diags) {
  for (auto&& [key, node] : t) {
    FieldDef def;
    def.name = std::string(key.str());
    def.pos = node_pos(node, file);
    std::optional<std::string> type_name;
    SourcePos type_pos = def.pos;
    if (node.is_string()) {
      type_name = node.as_string()->get();
    } else if (const toml::table* ft = node.as_table()) {
      TomlReader r(*ft, file, both(msg::core::where_field, "name"_a = def.name), diags);
      type_name = r.string("type", Need::required);
      type_pos = r.pos_of("type");
      def.required = r.boolean("required").value_or(false);
      r.finish();
    } else {
      diags.error(def.pos, "data/wrong-type",
                  both(msg::core::field_not_a_type, "name"_a = def.name));
      continue;
    }
    if (kReservedCardKeys.count(def.name)) {
      diags.error(def.pos, "data/reserved-field",
                  both(msg::core::reserved_field, "name"_a = def.name));
      continue;
    }
    if (!type_name) continue;
    auto type = parse_field_type(*type_name);
    if (!type) {
      diags.error(type_pos, "data/unknown-field-type",
                  both(msg::core::unknown_field_type, "name"_a = *type_name),
                  did_you_mean(*type_name, kFieldTypeNames));
      continue;
    }
    def.type = *type;
    deck.fields.push_back(std::move(def));
  }
}

/// The length in characters of the longest ruby annotation (the text in 《》).
size_t longest_ruby(const std::string& text) {
  static const std::string open = "《", close = "》";
  size_t longest = 0;
  for (size_t at = text.find(open); at != std::string::npos; at = text.find(open, at + 1)) {
    size_t end = text.find(close, at);
    if (end == std::string::npos) end = text.size();
    size_t chars = 0;
    for (size_t i = at + open.size(); i < end; ++i)
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++chars;
    longest = std::max(longest, chars);
  }
  return longest;
}

void check_ruby(const Localized& text, const SourcePos& pos, const Text& what, Diagnostics& diags) {
  size_t n = std::max(longest_ruby(text.ja), longest_ruby(text.en));
  if (n > kMaxRubyChars)
    diags.error(pos, "data/bad-ruby",
                {tr(Lang::ja, msg::core::bad_ruby, "what"_a = what.ja, "count"_a = n,
                    "max"_a = kMaxRubyChars),
                 tr(Lang::en, msg::core::bad_ruby, "what"_a = what.en, "count"_a = n,
                    "max"_a = kMaxRubyChars)},
                both(msg::core::bad_ruby_hint));
}

void read_symbol_list(TomlReader& r, const FieldDef& def, const Game& game, FieldValue& value) {
  const toml::array* arr = r.array(def.name);
  if (!arr) return;
  std::vector<std::string> known;
  for (const auto& [id, _] : game.symbols) known.push_back(id);
  for (const auto& item : *arr) {
    if (!item.is_string()) {
      r.type_error(def.name, item, both(msg::core::kind_symbol_id));
      continue;
    }
    std::string id = item.as_string()->get();
    if (!game.symbols.count(id)) {
      r.diags().error(node_pos(item, r.file()), "data/unknown-symbol", per_lang([&](Lang l) {
                        return tr(l, msg::core::unknown_symbol, "id"_a = id,
                                  "where"_a = r.place().in(l), "known"_a = join(known));
                      }),
                      did_you_mean(id, known));
      continue;
    }
    value.symbols.push_back(id);
  }
}

Card read_card(const toml::table& t, const std::string& file, size_t index, const Deck& deck,
               const Game& game, Diagnostics& diags) {
  Card card;
  Text where = both(msg::core::where_card_number, "number"_a = index + 1);
  if (auto id = t.get_as<std::string>("id"))
    where = both(msg::core::where_card, "id"_a = id->get());
  TomlReader r(t, file, where, diags);
  card.pos = r.pos();
  card.id = r.id("id", Need::required).value_or("");
  card.name = r.localized("name", Need::required).value_or(Localized{});
  card.name_pos = r.pos_of("name");
  check_ruby(card.name, card.name_pos, per_lang([&](Lang l) {
               return tr(l, msg::core::ruby_in_name, "where"_a = where.in(l));
             }),
             diags);
  if (auto back = r.string("back")) card.back = Ref{*back, r.pos_of("back")};
  if (auto count = r.integer("count")) {
    if (*count < 1 || *count > kMaxCardCount) {
      diags.error(r.pos_of("count"), "data/bad-count", per_lang([&](Lang l) {
                    return tr(l, msg::core::bad_count, "where"_a = where.in(l), "count"_a = *count,
                              "max"_a = kMaxCardCount);
                  }));
    } else {
      card.count = static_cast<int>(*count);
    }
  }
  for (const auto& def : deck.fields) {
    FieldValue value;
    value.type = def.type;
    value.pos = r.pos_of(def.name);
    bool present = r.has(def.name);
    switch (def.type) {
      case FieldType::number: {
        auto v = r.number(def.name, def.required ? Need::required : Need::optional);
        if (!v)
          present = false;
        else
          value.number = *v;
        break;
      }
      case FieldType::text: {
        auto v = r.localized(def.name, def.required ? Need::required : Need::optional);
        if (!v) {
          present = false;
        } else {
          value.text = *v;
          // Required text that only spaces or invisible characters fill is missing.
          if (def.required && is_blank_text(v->ja) && is_blank_text(v->en))
            diags.error(value.pos, "data/blank-field", per_lang([&](Lang l) {
                          return tr(l, msg::core::blank_required, "field"_a = def.name,
                                    "where"_a = where.in(l));
                        }));
          check_ruby(value.text, value.pos, per_lang([&](Lang l) {
                       return tr(l, msg::core::ruby_in_field, "field"_a = def.name,
                                 "where"_a = where.in(l));
                     }),
                     diags);
        }
        break;
      }
      case FieldType::flag: {
        auto v = r.boolean(def.name, def.required ? Need::required : Need::optional);
        if (!v)
          present = false;
        else
          value.flag = *v;
        break;
      }
      case FieldType::symbols:
        if (def.required && !present)
          diags.error(r.pos(), "data/missing-key", per_lang([&](Lang l) {
                        return tr(l, msg::core::missing_key, "key"_a = def.name,
                                  "where"_a = where.in(l),
                                  "expected"_a = tr(l, msg::core::kind_symbol_list));
                      }));
        read_symbol_list(r, def, game, value);
        break;
    }
    if (present) card.fields[def.name] = std::move(value);
  }
  r.finish();
  return card;
}

/// The cards of the spreadsheet a deck names with `cards = "file.csv"`, read
/// as TOML cards are; every diagnostic points at the spreadsheet's cell.
/// False when the spreadsheet could not be read at all.
bool read_sheet_cards(const fs::path& sheet_path, const std::string& encoding,
                      const std::string& sheet_name, const SourcePos& named_at, Deck& deck,
                      const Game& game, Diagnostics& diags) {
  auto sheet = read_spreadsheet(sheet_path, encoding, named_at, diags, sheet_name);
  if (!sheet) return false;
  std::string file = sheet_path.string();
  auto cards = card_sheet_from(*sheet, deck, file, diags);
  if (!cards) return false;
  toml::table doc;
  try {
    doc = toml::parse(cards->toml, file);
  } catch (const toml::parse_error& e) {  // a bug in card_sheet: say where
    const auto& src = e.source();
    SourcePos at{file, static_cast<int>(src.begin.line), static_cast<int>(src.begin.column)};
    Diagnostic d{Severity::error,
                 at,
                 "data/sheet-syntax",
                 both(msg::core::toml_syntax, "what"_a = e.description()),
                 {}};
    cards->point_at_cell(d);
    diags.add(std::move(d));
    return false;
  }
  const toml::array* tables = doc.get_as<toml::array>("card");
  if (!tables) return true;
  size_t index = deck.cards.size();
  for (const auto& node : *tables) {
    Diagnostics found;
    Card card = read_card(*node.as_table(), file, index++, deck, game, found);
    card.pos = cards->cell_pos(card.pos);
    card.name_pos = cards->cell_pos(card.name_pos);
    for (auto& [_, value] : card.fields) value.pos = cards->cell_pos(value.pos);
    for (Diagnostic d : found.items()) {
      cards->point_at_cell(d);
      diags.add(std::move(d));
    }
    deck.cards.push_back(std::move(card));
  }
  return true;
}

void read_deck_file(const fs::path& path, const SourcePos& referenced_from, Game& game,
                    Diagnostics& diags) {
  auto doc = parse_toml_file(path, diags, referenced_from);
  if (!doc) return;
  std::string file = path.string();
  // A component file holds a [map], a [board], or a [deck] with its cards.
  auto read_single = [&](const char* key, auto& into, auto read) {
    const toml::table* t = doc->get_as<toml::table>(key);
    if (!t) return false;
    TomlReader top(*doc, file, both(msg::core::where_file, "key"_a = key), diags);
    top.accept({key});
    top.finish();
    into.emplace_back();
    read(*t, file, into.back(), diags);
    return true;
  };
  if (read_single("map", game.maps, read_hex_map) || read_single("board", game.boards, read_board))
    return;
  TomlReader top(*doc, file, both(msg::core::where_deck_file), diags);
  const toml::table* dt = top.table("deck", Need::required);
  const toml::array* cards = top.array("card");
  top.finish();
  if (!dt) return;

  Deck deck;
  deck.file = file;
  TomlReader r(*dt, file, "[deck]", diags);
  deck.pos = r.pos();
  deck.id = r.id("id", Need::required).value_or("");
  deck.name = r.localized("name", Need::required).value_or(Localized{});
  if (!r.has("size")) {
    diags.error(r.pos(), "data/missing-key", both(msg::core::missing_size));
  }
  deck.size = read_size(r, "size").value_or(SizeMm{63, 88});
  if (auto face = read_ref(r, "face", Need::required)) deck.face = *face;
  if (auto back = read_ref(r, "back", Need::optional)) deck.back = *back;
  if (auto kind = r.string("kind")) {
    if (*kind == "counters")
      deck.kind = Deck::Kind::counters;
    else if (*kind != "cards")
      diags.error(r.pos_of("kind"), "data/bad-value",
                  both(msg::core::unknown_deck_kind, "kind"_a = *kind),
                  did_you_mean(*kind, {"cards", "counters"}));
  }
  deck.fill_blanks = r.boolean("fill_blanks").value_or(false);
  deck.shuffled_into_pos = r.pos_of("shuffled_into");
  deck.shuffled_into = r.string("shuffled_into").value_or("");
  deck.corner_radius_mm = r.length_in("corner_radius", 0, 50).value_or(0);
  if (const toml::table* ft = r.table("fields")) read_field_defs(*ft, file, deck, diags);
  std::optional<std::string> sheet = r.string("cards");
  SourcePos sheet_pos = r.pos_of("cards");
  std::string encoding = "auto";
  if (auto e = r.string("encoding")) {
    const auto& known = spreadsheet_encodings();
    if (std::find(known.begin(), known.end(), *e) != known.end()) {
      encoding = *e;
    } else {
      diags.error(r.pos_of("encoding"), "data/bad-value", per_lang([&](Lang l) {
                    return tr(l, msg::core::unknown_encoding, "name"_a = *e, "where"_a = "[deck]",
                              "known"_a = join(known));
                  }),
                  did_you_mean(*e, known));
      sheet.reset();
    }
  }
  // A workbook's sheet (.xlsx, .ods): by name, else the first.
  std::string sheet_name;
  if (auto name = r.string("sheet")) {
    if (sheet && !is_workbook(*sheet)) {
      diags.error(r.pos_of("sheet"), "data/bad-value",
                  both(msg::core::sheet_not_workbook, "file"_a = *sheet));
    } else {
      sheet_name = *name;
    }
  }
  r.finish();

  if (!cards && !r.has("cards")) {
    diags.error(deck.pos, "data/empty-deck", both(msg::core::sheet_no_cards, "id"_a = deck.id));
  }
  if (cards) {
    size_t index = 0;
    for (const auto& node : *cards) {
      if (const toml::table* ct = node.as_table()) {
        deck.cards.push_back(read_card(*ct, file, index, deck, game, diags));
      } else {
        diags.error(node_pos(node, file), "data/wrong-type", both(msg::core::card_not_a_table));
      }
      ++index;
    }
  }
  bool sheet_read = false;
  if (sheet) {
    if (auto sheet_path = resolve_inside(path.parent_path(), *sheet)) {
      sheet_read =
          read_sheet_cards(*sheet_path, encoding, sheet_name, sheet_pos, deck, game, diags);
    } else {
      diags.error(sheet_pos, "data/path-outside-root",
                  both(msg::core::path_outside_root, "path"_a = *sheet,
                       "folder"_a = path.parent_path().string()),
                  both(msg::core::path_outside_root_hint));
    }
  }
  if ((cards || sheet_read) && deck.cards.empty())
    diags.error(deck.pos, "data/empty-deck", both(msg::core::empty_deck, "id"_a = deck.id));
  game.decks.push_back(std::move(deck));
}

/// An id as a case-insensitive disk (macOS, a Windows share) compares file names.
std::string folded(const std::string& id) {
  std::string out = id;
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

void check_duplicate_ids(Game& game, Diagnostics& diags) {
  // By the id folded: ids that differ only in case name the same file there
  // (<deck>.pdf, <card>.png) and would write over each other.
  std::map<std::string, std::pair<std::string, SourcePos>> decks_seen, cards_seen;
  auto first = [](const SourcePos& pos) { return pos.file + ":" + std::to_string(pos.line); };
  for (const auto& deck : game.decks) {
    if (!deck.id.empty()) {
      auto [it, fresh] = decks_seen.try_emplace(folded(deck.id), deck.id, deck.pos);
      if (!fresh && it->second.first == deck.id)
        diags.error(deck.pos, "data/duplicate-id",
                    both(msg::core::duplicate_deck, "id"_a = deck.id,
                         "first"_a = first(it->second.second)));
      else if (!fresh)
        diags.error(deck.pos, "data/duplicate-id",
                    both(msg::core::ids_differ_in_case, "id"_a = deck.id,
                         "other"_a = it->second.first, "first"_a = first(it->second.second)),
                    both(msg::core::ids_differ_in_case_hint));
    }
    for (const auto& card : deck.cards) {
      if (card.id.empty()) continue;
      auto [it, fresh] = cards_seen.try_emplace(folded(card.id), card.id, card.pos);
      if (!fresh && it->second.first == card.id)
        diags.error(
            card.pos, "data/duplicate-id",
            both(msg::core::duplicate_card, "id"_a = card.id, "first"_a = first(it->second.second)),
            both(msg::core::duplicate_card_hint));
      else if (!fresh)
        diags.error(card.pos, "data/duplicate-id",
                    both(msg::core::ids_differ_in_case, "id"_a = card.id,
                         "other"_a = it->second.first, "first"_a = first(it->second.second)),
                    both(msg::core::ids_differ_in_case_hint));
    }
  }
}

/// A deck shuffled into another (a variant's cards) cannot be told from it
/// face down: the same size and the same back on every card. Its backs are
/// laid out as the other deck's (its name, not the variant's).
void check_shuffled_backs(const Game& game, Diagnostics& diags) {
  auto others = [&](const std::string& self) {
    std::vector<std::string> ids;
    for (const auto& d : game.decks)
      if (d.id != self) ids.push_back(d.id);
    return ids;
  };
  auto back_of = [](const Deck& d, const Card& c) {
    return c.back.empty() ? d.back.name : c.back.name;
  };
  for (const auto& deck : game.decks) {
    if (deck.shuffled_into.empty()) continue;
    const Deck* into = game.deck(deck.shuffled_into);
    if (!into || into == &deck) {
      diags.error(deck.shuffled_into_pos, "data/unknown-deck",
                  both(msg::core::unknown_shuffled_into, "id"_a = deck.shuffled_into),
                  did_you_mean(deck.shuffled_into, others(deck.id)));
      continue;
    }
    if (!(deck.size == into->size)) {
      diags.error(deck.shuffled_into_pos, "data/mixed-backs",
                  both(msg::core::shuffled_other_size, "deck"_a = deck.id, "into"_a = into->id));
      continue;
    }
    // The back the other deck's cards show (the first's: its own cards
    // must agree among themselves to be shuffled at all).
    const std::string back = into->cards.empty() ? into->back.name : back_of(*into, into->cards[0]);
    for (const auto& card : deck.cards) {
      const std::string own = back_of(deck, card);
      if (own == back) continue;
      diags.error(card.back.empty() ? deck.pos : card.pos, "data/mixed-backs",
                  both(msg::core::shuffled_other_back, "card"_a = card.id, "into"_a = into->id,
                       "back"_a = own.empty() ? std::string("-") : own,
                       "expected"_a = back.empty() ? std::string("-") : back));
      break;
    }
  }
}

}  // namespace

Game load_game(const fs::path& data_root, const std::string& game_id, Diagnostics& diags) {
  Game game;
  game.id = game_id;
  if (!is_valid_id(game_id)) {
    diags.error({}, "data/bad-id", both(msg::core::bad_game_id, "id"_a = game_id.substr(0, 80)));
    return game;
  }
  fs::path dir = data_root / game_id;
  game.dir = dir.string();
  fs::path game_file = dir / "game.toml";
  game.file = game_file.string();
  if (!fs::is_directory(dir)) {
    auto known = list_games(data_root);
    diags.error({}, "data/unknown-game",
                known.empty()
                    ? both(msg::core::unknown_game, "id"_a = game_id, "root"_a = data_root.string())
                    : both(msg::core::unknown_game_listed, "id"_a = game_id,
                           "root"_a = data_root.string(), "known"_a = join(known)),
                did_you_mean(game_id, known));
    return game;
  }
  auto doc = parse_toml_file(game_file, diags);
  if (!doc) return game;

  TomlReader top(*doc, game.file, "game.toml", diags);
  const toml::table* gt = top.table("game", Need::required);
  const toml::table* fonts = top.table("fonts");
  const toml::table* symbols = top.table("symbols");
  top.finish();
  if (fonts) read_fonts(*fonts, game.file, game, diags);
  for (const auto& [role, family] : default_font_families())
    if (!game.fonts.families.count(role)) game.fonts.families[role] = Ref{family, {}};
  if (symbols) read_symbols(*symbols, game.file, game, diags);
  if (!gt) return game;

  TomlReader r(*gt, game.file, "[game]", diags);
  auto id = r.string("id", Need::required);
  if (id && *id != game_id)
    diags.error(r.pos_of("id"), "data/id-mismatch",
                both(msg::core::id_mismatch, "id"_a = *id, "folder"_a = game_id));
  game.name = r.localized("name", Need::required).value_or(Localized{});
  if (auto players = r.integer_in("players", 1, 16)) game.players = static_cast<int>(*players);
  const toml::array* components = r.array("components", Need::required);
  r.finish();
  if (!components) return game;
  if (components->empty())
    diags.error(r.pos_of("components"), "data/empty-components",
                both(msg::core::empty_components, "id"_a = game_id),
                both(msg::core::empty_components_hint));

  std::map<std::string, SourcePos> listed;  // each component file once
  for (const auto& node : *components) {
    SourcePos pos = node_pos(node, game.file);
    if (!node.is_string()) {
      diags.error(
          pos, "data/wrong-type",
          {tr(Lang::ja, msg::core::components_not_strings, "found"_a = node_kind_name(node).ja),
           tr(Lang::en, msg::core::components_not_strings, "found"_a = node_kind_name(node).en)});
      continue;
    }
    std::string rel = node.as_string()->get();
    auto path = resolve_inside(dir, rel);
    if (!path) {
      diags.error(pos, "data/path-outside-root",
                  both(msg::core::path_outside_root, "path"_a = rel, "folder"_a = dir.string()),
                  both(msg::core::path_outside_root_hint));
      continue;
    }
    // The same file twice would make every deck and card in it a duplicate of itself.
    const fs::path same = path->lexically_normal();
    if (auto first = listed.find(same.string()); first != listed.end()) {
      diags.error(pos, "data/duplicate-component",
                  both(msg::core::component_twice, "path"_a = rel, "line"_a = first->second.line),
                  both(msg::core::component_twice_hint));
      continue;
    }
    listed.emplace(same.string(), pos);
    read_deck_file(*path, pos, game, diags);
  }
  check_duplicate_ids(game, diags);
  check_piece_fit(game, diags);
  check_shuffled_backs(game, diags);
  return game;
}

std::vector<std::string> list_games(const fs::path& data_root) {
  std::vector<std::string> ids;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(data_root, ec)) {
    if (entry.is_directory() && fs::exists(entry.path() / "game.toml"))
      ids.push_back(entry.path().filename().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::vector<std::string> list_game_folders(const fs::path& data_root) {
  std::vector<std::string> ids;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(data_root, ec)) {
    std::string name = entry.path().filename().string();
    if (entry.is_directory() && !name.empty() && name[0] != '.') ids.push_back(name);
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace bocage
