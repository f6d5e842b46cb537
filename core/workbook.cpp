#include "workbook.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <zip.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>

#include "bocage/msg/core.h"
#include "did_you_mean.h"
#include "limits.h"

namespace bocage {

namespace fs = std::filesystem;

bool is_workbook(const fs::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".xlsx" || ext == ".xlsm" || ext == ".ods" || ext == ".xls";
}

namespace {

/// What went wrong reading a workbook, in English (said inside a catalogued
/// sentence, as a library's own words are).
struct Unreadable {
  std::string why;
};
struct TooLarge {};

class Zip {
 public:
  explicit Zip(const std::string& bytes) {
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
    if (source) archive_ = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
    if (!archive_) {
      const std::string why = zip_error_strerror(&error);
      if (source) zip_source_free(source);
      zip_error_fini(&error);
      throw Unreadable{"not a zip archive (" + why + ")"};
    }
    zip_error_fini(&error);
  }
  ~Zip() {
    if (archive_) zip_discard(archive_);
  }
  Zip(const Zip&) = delete;
  Zip& operator=(const Zip&) = delete;

  bool has(const std::string& name) const {
    return zip_name_locate(archive_, name.c_str(), 0) >= 0;
  }

  /// A member's bytes, counted against what the parts may unpack to.
  std::string read(const std::string& name) {
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat(archive_, name.c_str(), 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
      throw Unreadable{"no part " + name};
    if (st.size > kMaxWorkbookXmlBytes - unpacked_) throw TooLarge{};
    zip_file_t* f = zip_fopen(archive_, name.c_str(), 0);
    if (!f) throw Unreadable{"part " + name + " cannot be opened"};
    std::string out(static_cast<size_t>(st.size), '\0');
    zip_int64_t got = 0;
    while (got < static_cast<zip_int64_t>(out.size())) {
      const zip_int64_t n = zip_fread(f, out.data() + got, out.size() - static_cast<size_t>(got));
      if (n <= 0) break;
      got += n;
    }
    zip_fclose(f);
    if (got != static_cast<zip_int64_t>(out.size()))
      throw Unreadable{"part " + name + " is cut off"};
    unpacked_ += st.size;
    return out;
  }

 private:
  zip_t* archive_ = nullptr;
  std::uintmax_t unpacked_ = 0;
};

class Xml {
 public:
  Xml(const std::string& bytes, const std::string& name) {
    // No network, no entities expanded, no DTD loaded.
    doc_ = xmlReadMemory(bytes.data(), static_cast<int>(bytes.size()), name.c_str(), nullptr,
                         XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!doc_ || !xmlDocGetRootElement(doc_)) throw Unreadable{"part " + name + " is not XML"};
  }
  ~Xml() { xmlFreeDoc(doc_); }
  Xml(const Xml&) = delete;
  Xml& operator=(const Xml&) = delete;
  xmlNode* root() const { return xmlDocGetRootElement(doc_); }

 private:
  xmlDocPtr doc_ = nullptr;
};

bool is(const xmlNode* n, const char* local) {
  return n && n->type == XML_ELEMENT_NODE && xmlStrcmp(n->name, BAD_CAST local) == 0;
}

std::vector<xmlNode*> children(const xmlNode* n, const char* local) {
  std::vector<xmlNode*> out;
  for (xmlNode* c = n ? n->children : nullptr; c; c = c->next)
    if (is(c, local)) out.push_back(c);
  return out;
}

xmlNode* child(const xmlNode* n, const char* local) {
  for (xmlNode* c = n ? n->children : nullptr; c; c = c->next)
    if (is(c, local)) return c;
  return nullptr;
}

/// An attribute by its local name, whatever its namespace prefix.
std::string attr(const xmlNode* n, const char* local) {
  for (xmlAttr* a = n ? n->properties : nullptr; a; a = a->next) {
    if (xmlStrcmp(a->name, BAD_CAST local) != 0) continue;
    xmlChar* v = xmlNodeListGetString(n->doc, a->children, 1);
    std::string out = v ? reinterpret_cast<const char*>(v) : "";
    xmlFree(v);
    return out;
  }
  return {};
}

std::string content(const xmlNode* n) {
  xmlChar* v = xmlNodeGetContent(n);
  std::string out = v ? reinterpret_cast<const char*>(v) : "";
  xmlFree(v);
  return out;
}

/// A number as the spreadsheet shows it: 3, not 3.0 or 2.9999999999999996.
std::string number_text(const std::string& v) {
  double d = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
  if (ec != std::errc{} || end != v.data() + v.size() || !std::isfinite(d)) return v;
  char buf[32];
  if (std::fabs(d) < 1e15 && d == std::floor(d))
    std::snprintf(buf, sizeof buf, "%.0f", d);
  else
    std::snprintf(buf, sizeof buf, "%.15g", d);
  return buf;
}

/// The rows read so far, each cell at its column.
struct Grid {
  Spreadsheet sheet;
  const std::string& file;
  Diagnostics& diags;
  bool failed = false;

  /// Adds row `row` (1-based) unless it is blank; false past the limits.
  bool add(int row, std::map<int, std::string> cells) {
    std::vector<std::string> record;
    for (auto& [column, text] : cells) {
      if (column > kMaxSheetColumns)
        return fail(row, column,
                    both(msg::core::sheet_too_many_columns, "max"_a = kMaxSheetColumns));
      if (text.size() > kMaxStringBytes) {
        diags.error({file, row, column}, "data/too-long",
                    both(msg::core::sheet_cell_too_long,
                         "cell"_a = column_letters(column) + std::to_string(row),
                         "max"_a = kMaxStringBytes));
        failed = true;
        return false;
      }
      if (text.find('\0') != std::string::npos) {
        diags.error({file, row, column}, "data/bad-value", both(msg::core::nul_in_text),
                    both(msg::core::nul_in_text_hint));
        failed = true;
        return false;
      }
      if (text.empty()) continue;
      record.resize(static_cast<size_t>(column));
      record[static_cast<size_t>(column - 1)] = std::move(text);
    }
    if (record.empty()) return true;
    if (static_cast<int>(sheet.rows.size()) >= kMaxSheetRows)
      return fail(row, 1, both(msg::core::sheet_too_many_rows, "max"_a = kMaxSheetRows));
    sheet.rows.push_back(std::move(record));
    sheet.row_numbers.push_back(row);
    sheet.lines.push_back(row);  // a workbook has no lines: positions are rows and columns
    return true;
  }

  /// A formula cell with no value saved beside it (a workbook written by a
  /// script, never opened in a spreadsheet): said once, at the first.
  void formula_without_value(int row, int column, const std::string& formula) {
    if (unvalued++ == 0) first_unvalued = {row, column, formula};
  }
  int unvalued = 0;
  struct {
    int row = 0, column = 0;
    std::string formula;
  } first_unvalued;

  /// Says the formulas without a value, if any; false then.
  bool formulas_valued() {
    if (unvalued == 0) return true;
    const auto& f = first_unvalued;
    size_t cut = std::min<size_t>(f.formula.size(), 60);
    while (cut > 0 && cut < f.formula.size() && (f.formula[cut] & 0xC0) == 0x80) --cut;
    std::string formula = f.formula.substr(0, cut);
    if (formula.empty() || formula[0] != '=') formula.insert(0, "=");
    const std::string cell = column_letters(f.column) + std::to_string(f.row);
    if (formula == "=") formula = "=...";  // (a shared formula's other cells name none)
    diags.error({file, f.row, f.column}, "data/formula-without-value",
                unvalued == 1 ? both(msg::core::workbook_formula_without_value, "cell"_a = cell,
                                     "formula"_a = formula)
                              : both(msg::core::workbook_formulas_without_value, "cell"_a = cell,
                                     "formula"_a = formula, "more"_a = unvalued - 1),
                both(msg::core::workbook_formula_without_value_hint));
    failed = true;
    return false;
  }

  bool fail(int row, int column, Text message) {
    diags.error({file, row, column}, "data/sheet-too-large", std::move(message));
    failed = true;
    return false;
  }
};

/// "F10" -> column 6, row 10; zeros for a reference that is not one.
std::pair<int, int> cell_ref(const std::string& ref) {
  int column = 0, row = 0;
  size_t i = 0;
  for (; i < ref.size() && std::isalpha(static_cast<unsigned char>(ref[i])) && column <= 20000; ++i)
    column = column * 26 + (std::toupper(static_cast<unsigned char>(ref[i])) - 'A' + 1);
  for (; i < ref.size() && std::isdigit(static_cast<unsigned char>(ref[i])) && row <= 2000000; ++i)
    row = row * 10 + (ref[i] - '0');
  return i == ref.size() ? std::pair{column, row} : std::pair{0, 0};
}

std::vector<std::string> xlsx_sheet_names(const Xml& workbook) {
  std::vector<std::string> names;
  for (xmlNode* s : children(child(workbook.root(), "sheets"), "sheet"))
    names.push_back(attr(s, "name"));
  return names;
}

/// The sheets of an .xlsx and the rows of the one chosen.
void read_xlsx(Zip& zip, const std::string& wanted, Grid& grid, std::vector<std::string>& names,
               bool& found) {
  const Xml workbook(zip.read("xl/workbook.xml"), "xl/workbook.xml");
  names = xlsx_sheet_names(workbook);
  std::string rel_id;
  for (xmlNode* s : children(child(workbook.root(), "sheets"), "sheet"))
    if (wanted.empty() ? rel_id.empty() : attr(s, "name") == wanted) rel_id = attr(s, "id");
  if (rel_id.empty()) return;
  found = true;
  std::string target;
  const Xml rels(zip.read("xl/_rels/workbook.xml.rels"), "xl/_rels/workbook.xml.rels");
  for (xmlNode* r : children(rels.root(), "Relationship"))
    if (attr(r, "Id") == rel_id) target = attr(r, "Target");
  if (target.empty()) throw Unreadable{"the sheet's part is not named"};
  target = target[0] == '/' ? target.substr(1) : "xl/" + target;
  std::vector<std::string> shared;
  if (zip.has("xl/sharedStrings.xml")) {
    const Xml strings(zip.read("xl/sharedStrings.xml"), "xl/sharedStrings.xml");
    for (xmlNode* si : children(strings.root(), "si")) {
      // Plain (<t>) or rich text (<r><t>); phonetic guides (<rPh>) left out.
      std::string text;
      for (xmlNode* c = si->children; c; c = c->next) {
        if (is(c, "t")) text += content(c);
        if (is(c, "r"))
          if (xmlNode* t = child(c, "t")) text += content(t);
      }
      shared.push_back(std::move(text));
    }
  }
  const Xml sheet(zip.read(target), target);
  int next_row = 1;
  for (xmlNode* row : children(child(sheet.root(), "sheetData"), "row")) {
    const std::string r = attr(row, "r");
    const int number = r.empty() ? next_row : std::max(1, std::atoi(r.c_str()));
    next_row = number + 1;
    std::map<int, std::string> cells;
    int next_column = 1;
    for (xmlNode* c : children(row, "c")) {
      auto [column, at_row] = cell_ref(attr(c, "r"));
      if (column <= 0) column = next_column;
      next_column = column + 1;
      if (column > kMaxSheetColumns + 1) column = kMaxSheetColumns + 1;  // said by add()
      const std::string type = attr(c, "t");
      xmlNode* v = child(c, "v");
      // (Excel saves each formula's value beside it, an empty text's as
      // t="str" with an empty <v>; a script's workbook may have none)
      if (xmlNode* f = child(c, "f");
          f && type != "inlineStr" && (!v || (content(v).empty() && type != "str")))
        grid.formula_without_value(number, column, content(f));
      std::string text;
      if (type == "s") {
        const std::string index = v ? content(v) : "";
        const size_t i = static_cast<size_t>(std::strtoul(index.c_str(), nullptr, 10));
        if (i < shared.size()) text = shared[i];
      } else if (type == "inlineStr") {
        if (xmlNode* is_node = child(c, "is")) text = content(is_node);
      } else if (type == "b") {
        text = v && content(v) == "1" ? "TRUE" : "FALSE";
      } else if (type == "str" || type == "e") {
        text = v ? content(v) : "";
      } else {
        text = v ? number_text(content(v)) : "";
      }
      cells[column] = std::move(text);
    }
    if (!grid.add(number, std::move(cells))) return;
  }
}

/// An .ods cell's text: its paragraphs one a line, spaces (<text:s c="3"/>),
/// tabs and line breaks as written.
void ods_text(const xmlNode* n, std::string& out) {
  for (xmlNode* c = n->children; c; c = c->next) {
    if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
      if (c->content) out += reinterpret_cast<const char*>(c->content);
    } else if (is(c, "s")) {
      const std::string count = attr(c, "c");
      out.append(
          static_cast<size_t>(std::clamp(count.empty() ? 1 : std::atoi(count.c_str()), 1, 1000)),
          ' ');
    } else if (is(c, "tab")) {
      out += '\t';
    } else if (is(c, "line-break")) {
      out += '\n';
    } else if (is(c, "annotation")) {
      continue;  // a comment on the cell, not its value
    } else if (c->type == XML_ELEMENT_NODE) {
      ods_text(c, out);
    }
  }
}

void read_ods(Zip& zip, const std::string& wanted, Grid& grid, std::vector<std::string>& names,
              bool& found) {
  const Xml doc(zip.read("content.xml"), "content.xml");
  xmlNode* book = child(child(doc.root(), "body"), "spreadsheet");
  xmlNode* table = nullptr;
  for (xmlNode* t : children(book, "table")) {
    names.push_back(attr(t, "name"));
    if (!table && (wanted.empty() || attr(t, "name") == wanted)) table = t;
  }
  if (!table) return;
  found = true;
  // Rows may sit in groups (<table:table-row-group>, header rows).
  std::vector<xmlNode*> rows;
  std::function<void(xmlNode*)> collect = [&](xmlNode* parent) {
    for (xmlNode* c = parent->children; c; c = c->next) {
      if (is(c, "table-row"))
        rows.push_back(c);
      else if (is(c, "table-row-group") || is(c, "table-header-rows") || is(c, "table-rows"))
        collect(c);
    }
  };
  collect(table);
  long long number = 1;
  for (xmlNode* row : rows) {
    const std::string repeat_rows = attr(row, "number-rows-repeated");
    const long long times =
        std::clamp(repeat_rows.empty() ? 1LL : std::atoll(repeat_rows.c_str()), 1LL, 1LL << 21);
    std::map<int, std::string> cells;
    long long column = 1;
    for (xmlNode* c = row->children; c; c = c->next) {
      if (!is(c, "table-cell") && !is(c, "covered-table-cell")) continue;
      const std::string repeat = attr(c, "number-columns-repeated");
      const long long span =
          std::clamp(repeat.empty() ? 1LL : std::atoll(repeat.c_str()), 1LL, 1LL << 14);
      const std::string type = attr(c, "value-type");
      if (const std::string formula = attr(c, "formula"); !formula.empty() && type.empty())
        grid.formula_without_value(static_cast<int>(std::min(number, 2000000LL)),
                                   static_cast<int>(std::min(column, 20000LL)),
                                   formula.rfind("of:", 0) == 0 ? formula.substr(3) : formula);
      std::string text;
      if (type == "float" || type == "percentage" || type == "currency")
        text = number_text(attr(c, "value"));
      else if (type == "boolean")
        text = attr(c, "boolean-value") == "true" ? "TRUE" : "FALSE";
      else if (type == "date")
        text = attr(c, "date-value");
      else if (type == "time")
        text = attr(c, "time-value");
      else
        for (xmlNode* p : children(c, "p")) {
          if (!text.empty()) text += '\n';
          ods_text(p, text);
        }
      if (!text.empty())
        for (long long k = 0; k < span && column + k <= kMaxSheetColumns + 1; ++k)
          cells[static_cast<int>(column + k)] = text;
      column += span;
    }
    // A row repeated (LibreOffice writes the blank rows to the sheet's end so).
    for (long long k = 0; k < times; ++k) {
      if (cells.empty()) break;
      if (number + k > 2000000) break;
      if (!grid.add(static_cast<int>(number + k), cells)) return;
    }
    number += times;
  }
}

}  // namespace

std::optional<Spreadsheet> read_workbook(const fs::path& path, const std::string& sheet_name,
                                         const SourcePos& referenced_from, Diagnostics& diags) {
  const std::string file = path.string();
  BoundedRead read = read_bounded(path, kMaxWorkbookBytes);
  if (!report_sheet_read(read, path, referenced_from, kMaxWorkbookBytes, diags))
    return std::nullopt;
  const std::string bytes = std::move(read.bytes);
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".xls" || bytes.rfind("\xD0\xCF\x11\xE0", 0) == 0) {
    diags.error({file, 0, 0}, "data/bad-workbook",
                both(msg::core::workbook_old_excel, "path"_a = file),
                both(msg::core::workbook_hint));
    return std::nullopt;
  }
  Grid grid{{}, file, diags};
  std::vector<std::string> names;
  bool found = false;
  try {
    Zip zip(bytes);
    if (zip.has("xl/workbook.xml"))
      read_xlsx(zip, sheet_name, grid, names, found);
    else if (zip.has("content.xml"))
      read_ods(zip, sheet_name, grid, names, found);
    else
      throw Unreadable{"neither an Excel nor an OpenDocument workbook"};
  } catch (const Unreadable& e) {
    diags.error({file, 0, 0}, "data/bad-workbook",
                both(msg::core::workbook_unreadable, "path"_a = file, "why"_a = e.why),
                both(msg::core::workbook_hint));
    return std::nullopt;
  } catch (const TooLarge&) {
    diags.error({file, 0, 0}, "data/sheet-too-large",
                both(msg::core::workbook_unpacks_too_large, "path"_a = file,
                     "max"_a = static_cast<int>(kMaxWorkbookXmlBytes >> 20)));
    return std::nullopt;
  }
  if (!found) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    diags.error(referenced_from, "data/unknown-sheet",
                sheet_name.empty() ? both(msg::core::workbook_no_sheet, "path"_a = file)
                                   : both(msg::core::workbook_unknown_sheet, "path"_a = file,
                                          "sheet"_a = sheet_name, "sheets"_a = list),
                sheet_name.empty() ? Text{} : did_you_mean(sheet_name, names));
    return std::nullopt;
  }
  if (grid.failed || !grid.formulas_valued()) return std::nullopt;
  grid.sheet.encoding = ext == ".ods" ? "ods" : "xlsx";
  return std::move(grid.sheet);
}

}  // namespace bocage
