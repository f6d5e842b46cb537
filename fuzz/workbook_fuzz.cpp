// Fuzzes the spreadsheet reader through every way a deck names its cards:
// the first byte picks a declared encoding (auto, utf-8, cp932, shift_jis,
// utf-16le, utf-16be) and the file kind (.csv, .tsv, .xlsx, .ods; a
// workbook's zip and XML through libzip and libxml2), the rest is the file.
// Every read ends in cards or in diagnostics, never a crash, a hang or an
// unbounded allocation (core/workbook.h's limits).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/spreadsheet.h"
#include "fuzz_scratch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace bocage;
  if (size < 1) return 0;
  const auto& encodings = spreadsheet_encodings();
  const std::string encoding = encodings[data[0] % encodings.size()];
  static const char* const kinds[] = {".csv", ".tsv", ".xlsx", ".ods"};
  const std::string kind = kinds[(data[0] / encodings.size()) % 4];
  const auto path = fuzz::scratch_root() / ("cards" + kind);
  fuzz::write_file(path, fuzz::as_text(data + 1, size - 1));
  Diagnostics diags;
  auto sheet = read_spreadsheet(path, encoding, SourcePos{"deck.toml", 1, 1}, diags);
  if (sheet && (sheet->rows.size() != sheet->row_numbers.size() ||
                sheet->rows.size() != sheet->lines.size()))
    __builtin_trap();
  return 0;
}
