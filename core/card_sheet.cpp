#include "card_sheet.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "bocage/msg/core.h"
#include "did_you_mean.h"

namespace bocage {

namespace {

/// What a column holds: a key of the card and, for text, its language.
struct Column {
  std::string header;
  std::string key;       // "id", "count", "back", "name" or a field's name
  std::string language;  // "ja", "en" or empty (both)
  const FieldDef* def = nullptr;
};

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// A TOML basic string holding `s`.
std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::optional<std::string> as_number(const std::string& cell) {
  std::string t = trim(cell);
  if (t.empty() || t.size() > 40) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || !std::isfinite(v)) return std::nullopt;
  // strtod also reads hex and "infinity": the cell must look like a decimal.
  if (t.find_first_not_of("0123456789+-.eE") != std::string::npos) return std::nullopt;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  std::string out = buf;
  if (out.find_first_of(".eE") == std::string::npos) out += ".0";
  return out;
}

std::optional<std::string> as_integer(const std::string& cell) {
  std::string t = trim(cell);
  // "3.0" (a spreadsheet's whole number) is 3; "3.5" stays text for the reader to refuse.
  if (const size_t dot = t.find('.');
      dot != std::string::npos && dot > 0 && t.find_first_not_of('0', dot + 1) == std::string::npos)
    t.resize(dot);
  if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return std::to_string(std::atol(t.c_str()));
}

std::optional<std::string> as_flag(const std::string& cell) {
  std::string t = lower(trim(cell));
  if (t == "true" || t == "yes" || t == "1") return "true";
  if (t == "false" || t == "no" || t == "0") return "false";
  return std::nullopt;
}

/// A list of symbol ids, separated by spaces, commas or semicolons.
std::string as_symbols(const std::string& cell) {
  std::string out = "[";
  std::string item;
  auto flush = [&] {
    if (item.empty()) return;
    if (out.size() > 1) out += ", ";
    out += toml_string(item);
    item.clear();
  };
  for (char c : cell) {
    if (c == ' ' || c == ',' || c == ';' || c == '\t' || c == '\n' || c == '\r')
      flush();
    else
      item += c;
  }
  flush();
  return out + "]";
}

std::string toml_value(const Column& col, const std::string& cell) {
  std::optional<std::string> typed;
  if (col.key == "count") {
    typed = as_integer(cell);
  } else if (col.key == "id") {
    return toml_string(trim(cell));
  } else if (col.def) {
    switch (col.def->type) {
      case FieldType::number:
        typed = as_number(cell);
        break;
      case FieldType::flag:
        typed = as_flag(cell);
        break;
      case FieldType::symbols:
        return as_symbols(cell);
      case FieldType::text:
        break;
    }
  }
  return typed ? *typed : toml_string(cell);
}

std::optional<std::vector<Column>> read_header(const Spreadsheet& sheet, const Deck& deck,
                                               const std::string& file, Diagnostics& diags) {
  const auto& header = sheet.rows.front();
  const int line = sheet.lines.front();
  std::vector<std::string> known = {"id", "count", "back", "name", "name.ja", "name.en"};
  for (const auto& f : deck.fields) {
    known.push_back(f.name);
    if (f.type == FieldType::text) {
      known.push_back(f.name + ".ja");
      known.push_back(f.name + ".en");
    }
  }
  std::vector<Column> columns;
  std::map<std::string, int> seen;  // key (and key.language) -> column
  bool ok = true;
  size_t width = header.size();
  for (const auto& row : sheet.rows) width = std::max(width, row.size());
  for (size_t i = 0; i < width; ++i) {
    int number = static_cast<int>(i) + 1;
    std::string letters = column_letters(number);
    Column col;
    col.header = i < header.size() ? trim(header[i]) : "";
    if (col.header.empty()) {
      bool has_data = false;
      for (const auto& row : sheet.rows)
        if (i < row.size() && !trim(row[i]).empty()) has_data = true;
      if (has_data) {
        diags.error({file, line, number}, "data/sheet-header",
                    both(msg::core::sheet_blank_column, "column"_a = letters));
        ok = false;
      }
      columns.push_back(col);
      continue;
    }
    col.key = col.header;
    if (size_t dot = col.header.rfind('.'); dot != std::string::npos) {
      std::string lang = col.header.substr(dot + 1);
      if (lang == "ja" || lang == "en") {
        col.key = col.header.substr(0, dot);
        col.language = lang;
      }
    }
    col.def = deck.field_def(col.key);
    bool reserved = col.key == "id" || col.key == "count" || col.key == "back" || col.key == "name";
    if (!reserved && !col.def) {
      diags.error({file, line, number}, "data/unknown-key",
                  both(
                      msg::core::sheet_unknown_column, "column"_a = letters, "name"_a = col.header,
                      "known"_a =
                          [&] {
                            std::string s;
                            for (const auto& k : known) s += (s.empty() ? "" : ", ") + k;
                            return s;
                          }()),
                  did_you_mean(col.header, known).empty()
                      ? both(msg::core::sheet_unknown_column_hint)
                      : did_you_mean(col.header, known));
      ok = false;
      columns.push_back(Column{});
      continue;
    }
    if (!col.language.empty() && col.key != "name" &&
        !(col.def && col.def->type == FieldType::text)) {
      diags.error({file, line, number}, "data/sheet-header",
                  both(msg::core::sheet_bad_language, "column"_a = letters, "name"_a = col.header));
      ok = false;
      columns.push_back(Column{});
      continue;
    }
    // `name` and `name.ja` would both set the Japanese name.
    std::vector<std::string> clashes = {col.header};
    if (col.language.empty()) {
      clashes.push_back(col.key + ".ja");
      clashes.push_back(col.key + ".en");
    } else {
      clashes.push_back(col.key);
    }
    bool clash = false;
    for (const auto& c : clashes) {
      if (auto it = seen.find(c); it != seen.end()) {
        diags.error({file, line, number}, "data/sheet-header",
                    both(msg::core::sheet_duplicate_column, "column"_a = letters,
                         "name"_a = col.header, "first"_a = column_letters(it->second)));
        clash = true;
        break;
      }
    }
    if (clash) {
      ok = false;
      columns.push_back(Column{});
      continue;
    }
    seen[col.header] = number;
    columns.push_back(col);
  }
  for (const char* need : {"id", "name"}) {
    bool found = false;
    for (const auto& c : columns) found = found || c.key == need;
    if (!found && ok) {
      diags.error({file, line, 1}, "data/sheet-header",
                  both(msg::core::sheet_missing_column, "name"_a = std::string(need)));
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return columns;
}

}  // namespace

SourcePos CardSheet::cell_pos(const SourcePos& in_toml) const {
  if (in_toml.file != file || in_toml.line < 1 || in_toml.line > static_cast<int>(cells.size()))
    return in_toml;
  const Cell& c = cells[static_cast<size_t>(in_toml.line - 1)];
  return {file, c.line, c.column};
}

void CardSheet::point_at_cell(Diagnostic& d) const {
  if (d.pos.file != file || d.pos.line < 1 || d.pos.line > static_cast<int>(cells.size())) return;
  const Cell& c = cells[static_cast<size_t>(d.pos.line - 1)];
  d.pos = {file, c.line, c.column};
  std::string cell = column_letters(c.column) + std::to_string(c.row);
  d.message = per_lang([&](Lang l) {
    return tr(l, msg::core::sheet_cell, "message"_a = d.message.in(l), "cell"_a = cell,
              "column"_a = c.header);
  });
}

std::optional<CardSheet> card_sheet_from(const Spreadsheet& sheet, const Deck& deck,
                                         const std::string& file, Diagnostics& diags) {
  if (sheet.rows.empty()) {
    diags.error({file, 1, 1}, "data/sheet-header", both(msg::core::sheet_empty, "path"_a = file),
                both(msg::core::sheet_empty_hint));
    return std::nullopt;
  }
  auto columns = read_header(sheet, deck, file, diags);
  if (!columns) return std::nullopt;
  CardSheet out;
  out.file = file;
  // The last column with a name: a text row with fewer cells lost a comma
  // or a tab (a workbook leaves trailing blank cells out, so only text files).
  size_t named = 0;
  for (size_t i = 0; i < columns->size(); ++i)
    if (!(*columns)[i].key.empty()) named = i + 1;
  const bool text_file = sheet.encoding != "xlsx" && sheet.encoding != "ods";
  for (size_t r = 1; r < sheet.rows.size(); ++r) {
    const auto& row = sheet.rows[r];
    int line = sheet.lines[r], number = sheet.row_numbers[r];
    if (text_file && row.size() < named) {
      std::string missing;
      for (size_t i = row.size(); i < named; ++i)
        if (!(*columns)[i].key.empty())
          missing += (missing.empty() ? "" : ", ") + (*columns)[i].header;
      diags.warning({file, line, 1}, "data/short-row",
                    both(msg::core::sheet_short_row, "row"_a = number, "cells"_a = int(row.size()),
                         "columns"_a = int(named), "missing"_a = missing),
                    both(msg::core::sheet_short_row_hint));
    }
    out.toml += "[[card]]\n";
    out.cells.push_back({line, number, 1, (*columns)[0].header});
    for (size_t i = 0; i < row.size(); ++i) {
      const Column& col = (*columns)[i];
      if (col.key.empty() || row[i].empty()) continue;
      std::string key = toml_string(col.key);
      if (!col.language.empty()) key += "." + col.language;
      out.toml += key + " = " + toml_value(col, row[i]) + "\n";
      out.cells.push_back({line, number, static_cast<int>(i) + 1, col.header});
    }
  }
  return out;
}

}  // namespace bocage
