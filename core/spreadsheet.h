// A CSV or TSV file read into rows of UTF-8 cells (RFC 4180 quoting), as
// spreadsheets export them: UTF-8 with or without a BOM, UTF-16 with a BOM, or
// Shift_JIS (CP932) from Japanese Excel. The first step of a deck whose cards
// come from a spreadsheet (see card_sheet.h).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bounded_read.h"
#include "diagnostic.h"

namespace bocage {

/// Encodings a deck may declare with `encoding = "..."`; "auto" detects.
const std::vector<std::string>& spreadsheet_encodings();

struct Spreadsheet {
  /// Every non-blank record, the header first; cells in UTF-8.
  std::vector<std::vector<std::string>> rows;
  /// The spreadsheet row (1-based, as Excel numbers it) of each record.
  std::vector<int> row_numbers;
  /// The line of the file where each record starts: the same as its row
  /// unless a cell above holds a line break.
  std::vector<int> lines;
  std::string encoding;  // what was read: "utf-8", "cp932", "utf-16le", "utf-16be"
};

/// The column's letters as Excel shows them: 1 -> "A", 27 -> "AA".
std::string column_letters(int column);

/// Turns `bytes` in `encoding` ("auto" or one of spreadsheet_encodings()) into
/// UTF-8, or reports `data/bad-encoding` at the line of the first bad byte.
std::optional<std::string> decode_spreadsheet(std::string_view bytes, std::string_view encoding,
                                              const std::string& file, std::string& used,
                                              Diagnostics& diags);

/// Splits UTF-8 text into records of cells. `delimiter` is ',' or '\t'.
/// Errors (`data/sheet-syntax`, `data/sheet-too-large`) give the row and column.
std::optional<Spreadsheet> parse_spreadsheet(std::string_view text, char delimiter,
                                             const std::string& file, Diagnostics& diags);

/// Says what kept `read` of the spreadsheet or workbook `path` (at most `max`
/// bytes) from being read, as an error: too large as a spreadsheet says it,
/// else as any data file (report_read_problem). True when nothing did.
bool report_sheet_read(const BoundedRead& read, const std::filesystem::path& path,
                       const SourcePos& referenced_from, std::uintmax_t max, Diagnostics& diags);

/// Reads, decodes and parses `path`: ',' for .csv, tab for .tsv and .tab, and
/// for any other name tab when the first line holds one, else ','; an .xlsx
/// or .ods workbook's sheet `sheet` (empty: the first) through workbook.h.
/// `referenced_from` is where the deck names the file (for a missing file).
std::optional<Spreadsheet> read_spreadsheet(const std::filesystem::path& path,
                                            std::string_view encoding,
                                            const SourcePos& referenced_from, Diagnostics& diags,
                                            const std::string& sheet = {});

}  // namespace bocage
