// The cards of a spreadsheet (spreadsheet.h) turned into TOML [[card]] tables,
// one cell a line, so that they are read and validated exactly as cards
// written in TOML; each line remembers its cell, so that every diagnostic on
// them is moved back to the spreadsheet's row and column.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diagnostic.h"
#include "model.h"
#include "spreadsheet.h"

namespace bocage {

struct CardSheet {
  struct Cell {
    int line = 0;    // the line of the spreadsheet file
    int row = 0;     // the row as Excel numbers it
    int column = 0;  // 1-based
    std::string header;
  };
  std::string file;         // the spreadsheet
  std::string toml;         // [[card]] tables
  std::vector<Cell> cells;  // the cell of each line of `toml` (index: line - 1)

  /// The spreadsheet position of a position in `toml` (file == this->file).
  SourcePos cell_pos(const SourcePos& in_toml) const;
  /// Moves a diagnostic on `toml` to its cell and names the cell in its message.
  void point_at_cell(Diagnostic& d) const;
};

/// Checks the header row against the deck's fields (an unknown, duplicate or
/// blank column is an error there, once) and writes each later row as a
/// [[card]] table: numbers, flags and symbol lists typed by the deck's field
/// declarations; a cell that does not read as its type stays a string, so the
/// card reader reports it as a wrong type. Empty cells are absent keys.
std::optional<CardSheet> card_sheet_from(const Spreadsheet& sheet, const Deck& deck,
                                         const std::string& file, Diagnostics& diags);

}  // namespace bocage
