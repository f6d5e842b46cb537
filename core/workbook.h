// Cards kept in a workbook as Excel and LibreOffice save it: an .xlsx (Office
// Open XML) or an .ods (OpenDocument) file, read directly (libzip, libxml2)
// into the rows a CSV gives (spreadsheet.h): a named sheet or the first,
// each cell as the spreadsheet shows its value. Positions are rows and
// columns: "cards.xlsx:10:6" is cell F10.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "diagnostic.h"
#include "spreadsheet.h"

namespace bocage {

/// Whether `path` names a workbook read by read_workbook (.xlsx, .xlsm,
/// .ods), or an old binary Excel file (.xls), which is refused with a hint.
bool is_workbook(const std::filesystem::path& path);

/// The largest workbook file, and the most its XML parts may hold once
/// unpacked (a zip of a few kilobytes can unpack to gigabytes).
constexpr std::uintmax_t kMaxWorkbookBytes = 16 << 20;
constexpr std::uintmax_t kMaxWorkbookXmlBytes = 64 << 20;

/// Reads the sheet `sheet_name` (empty: the first) of the workbook at `path`.
/// Errors: data/missing-file (at `referenced_from`), data/sheet-too-large,
/// data/bad-workbook (not a workbook that can be read, with the reason),
/// data/unknown-sheet (naming the sheets there).
std::optional<Spreadsheet> read_workbook(const std::filesystem::path& path,
                                         const std::string& sheet_name,
                                         const SourcePos& referenced_from, Diagnostics& diags);

}  // namespace bocage
