// Fuzzes a deck's spreadsheet of cards: the bytes are decoded (BOM, UTF-8,
// UTF-16, CP932 detected), split as CSV and as TSV, and turned into cards of a
// deck with a field of each type, as load_game does; the card TOML it writes
// must always parse.
#include <toml++/toml.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/card_sheet.h"
#include "core/spreadsheet.h"

namespace {

using namespace bocage;

Deck fuzz_deck() {
  Deck d;
  d.id = "d";
  const std::pair<const char*, FieldType> fields[] = {{"ammo", FieldType::number},
                                                      {"rule", FieldType::text},
                                                      {"symbols", FieldType::symbols},
                                                      {"elite", FieldType::flag}};
  for (const auto& [name, type] : fields) {
    FieldDef f;
    f.name = name;
    f.type = type;
    d.fields.push_back(f);
  }
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Deck deck = fuzz_deck();
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  Diagnostics diags;
  std::string used;
  auto text = decode_spreadsheet(bytes, "auto", "f.csv", used, diags);
  if (!text) return 0;
  for (char delimiter : {',', '\t'}) {
    auto sheet = parse_spreadsheet(*text, delimiter, "f.csv", diags);
    if (!sheet) continue;
    if (sheet->rows.size() != sheet->row_numbers.size() ||
        sheet->rows.size() != sheet->lines.size())
      std::abort();
    auto cards = card_sheet_from(*sheet, deck, "f.csv", diags);
    if (!cards) continue;
    try {
      toml::table t = toml::parse(cards->toml, std::string("f.csv"));
      (void)t;
    } catch (const toml::parse_error&) {
      std::abort();  // the cells must always make valid TOML
    }
  }
  return 0;
}
