// The typed game model both programs share: a game with its fonts, symbols and
// components (decks of cards). Every value keeps the position it was read from.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "board.h"
#include "hex_map.h"
#include "localized.h"
#include "ref.h"
#include "source_pos.h"
#include "units.h"

namespace bocage {

/// The types a deck may declare for its cards' fields.
enum class FieldType { number, text, symbols, flag };

std::string_view field_type_name(FieldType t);

struct FieldDef {
  std::string name;
  FieldType type = FieldType::text;
  bool required = false;
  SourcePos pos;
};

struct FieldValue {
  FieldType type = FieldType::text;
  double number = 0;
  Localized text;
  std::vector<std::string> symbols;
  bool flag = false;
  SourcePos pos;
};

struct Card {
  std::string id;
  int count = 1;
  Localized name;
  std::map<std::string, FieldValue> fields;
  SourcePos pos;       // the [[card]] table
  SourcePos name_pos;  // the value of `name`
  Ref back;            // this card's own back template, instead of the deck's

  const FieldValue* field(const std::string& key) const {
    auto it = fields.find(key);
    return it == fields.end() ? nullptr : &it->second;
  }
};

/// A deck: cards (or counters) of one size sharing a face template and
/// (optionally) a back; a card may name its own back.
struct Deck {
  enum class Kind { cards, counters };
  std::string id;
  Kind kind = Kind::cards;      // counters get cut lines and a registration mark
  bool fill_blanks = false;     // fill the rest of the last row with blank pieces
  double corner_radius_mm = 0;  // counters: rounded cut lines
  Localized name;
  SizeMm size;
  Ref face;
  Ref back;  // empty: the deck has no back (printed single-sided)
  // The deck its cards are shuffled into (a variant's cards): their backs are
  // laid out as that deck's, and must be the same (checked).
  std::string shuffled_into;
  SourcePos shuffled_into_pos;
  std::vector<FieldDef> fields;
  std::vector<Card> cards;
  std::string file;
  SourcePos pos;

  const FieldDef* field_def(const std::string& key) const {
    for (const auto& f : fields)
      if (f.name == key) return &f;
    return nullptr;
  }
  bool has_backs() const {
    if (!back.empty()) return true;
    for (const auto& c : cards)
      if (!c.back.empty()) return true;
    return false;
  }
  int total_count() const {
    int n = 0;
    for (const auto& c : cards) n += c.count;
    return n;
  }
};

struct SymbolDef {
  std::string id;
  Localized name;
  Localized rule;  // may be empty
  Ref icon;        // templates/icons/<name>.svg
  SourcePos pos;
};

/// Font families by role: "gothic", "mincho", "latin".
struct FontRoles {
  std::map<std::string, Ref> families;
};

struct Game {
  std::string id;
  Localized name;
  int players = 1;
  FontRoles fonts;
  std::map<std::string, SymbolDef> symbols;
  std::vector<Deck> decks;
  std::vector<HexMap> maps;
  std::vector<Board> boards;
  std::string dir;   // data/<game>
  std::string file;  // data/<game>/game.toml

  const HexMap* map(const std::string& id) const;
  const Board* board(const std::string& id) const;
  const Deck* deck(const std::string& id) const {
    for (const auto& d : decks)
      if (d.id == id) return &d;
    return nullptr;
  }
};

/// Default font family of each role when a game names none.
const std::map<std::string, std::string>& default_font_families();

}  // namespace bocage
