#include "spreadsheet.h"

#include <unicode/ucnv.h>
#include <unicode/ustring.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "bocage/msg/core.h"
#include "limits.h"
#include "toml_file.h"
#include "workbook.h"

namespace bocage {

namespace {

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using Converter = std::unique_ptr<UConverter, ConverterCloser>;

/// The ICU converter name of each encoding a deck may declare.
const char* icu_name(std::string_view encoding) {
  if (encoding == "utf-8") return "UTF-8";
  if (encoding == "cp932" || encoding == "shift_jis") return "windows-31j";
  if (encoding == "utf-16le") return "UTF-16LE";
  if (encoding == "utf-16be") return "UTF-16BE";
  return nullptr;
}

int line_at(std::string_view bytes, size_t offset) {
  return 1 + static_cast<int>(std::count(bytes.begin(), bytes.begin() + offset, '\n'));
}

/// Converts with ICU, stopping at the first bad byte: its offset in `bad_at`.
std::optional<std::string> convert(std::string_view bytes, const char* from, size_t& bad_at) {
  UErrorCode err = U_ZERO_ERROR;
  Converter conv(ucnv_open(from, &err));
  if (U_FAILURE(err)) {
    bad_at = 0;
    return std::nullopt;
  }
  ucnv_setToUCallBack(conv.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &err);
  std::u16string wide(bytes.size() + 1, u'\0');
  const char* src = bytes.data();
  const char* src_end = bytes.data() + bytes.size();
  UChar* dst = reinterpret_cast<UChar*>(wide.data());
  UChar* dst_end = dst + wide.size();
  ucnv_toUnicode(conv.get(), &dst, dst_end, &src, src_end, nullptr, true, &err);
  if (U_FAILURE(err)) {
    char invalid[8];
    int8_t len = sizeof invalid;
    UErrorCode e2 = U_ZERO_ERROR;
    ucnv_getInvalidChars(conv.get(), invalid, &len, &e2);
    bad_at = static_cast<size_t>(src - bytes.data()) - (U_SUCCESS(e2) ? len : 0);
    return std::nullopt;
  }
  wide.resize(static_cast<size_t>(dst - reinterpret_cast<UChar*>(wide.data())));
  std::string out(wide.size() * 3, '\0');
  int32_t out_len = 0;
  err = U_ZERO_ERROR;
  u_strToUTF8(out.data(), static_cast<int32_t>(out.size()), &out_len,
              reinterpret_cast<const UChar*>(wide.data()), static_cast<int32_t>(wide.size()), &err);
  if (U_FAILURE(err)) {
    bad_at = 0;
    return std::nullopt;
  }
  out.resize(static_cast<size_t>(out_len));
  return out;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string cell_name(int row, int column) {
  return column_letters(column) + std::to_string(row);
}

}  // namespace

const std::vector<std::string>& spreadsheet_encodings() {
  static const std::vector<std::string> names = {"auto",      "utf-8",    "cp932",
                                                 "shift_jis", "utf-16le", "utf-16be"};
  return names;
}

std::string column_letters(int column) {
  std::string out;
  for (int n = column; n > 0; n = (n - 1) / 26) out.insert(out.begin(), 'A' + (n - 1) % 26);
  return out;
}

std::optional<std::string> decode_spreadsheet(std::string_view bytes, std::string_view encoding,
                                              const std::string& file, std::string& used,
                                              Diagnostics& diags) {
  std::string_view body = bytes;
  std::string chosen(encoding);
  // A byte order mark says what the file is, whatever the deck declares.
  if (starts_with(bytes, "\xEF\xBB\xBF")) {
    body.remove_prefix(3);
    chosen = "utf-8";
  } else if (starts_with(bytes, "\xFF\xFE")) {
    body.remove_prefix(2);
    chosen = "utf-16le";
  } else if (starts_with(bytes, "\xFE\xFF")) {
    body.remove_prefix(2);
    chosen = "utf-16be";
  }
  size_t bad_at = 0;
  if (chosen == "auto") {
    // Without a mark: UTF-8 if it reads as UTF-8 (plain ASCII does), else
    // Japanese Excel's own "CSV (comma delimited)", which is CP932.
    if (auto text = convert(body, "UTF-8", bad_at)) {
      used = "utf-8";
      return text;
    }
    size_t utf8_bad = bad_at;
    if (auto text = convert(body, "windows-31j", bad_at)) {
      used = "cp932";
      return text;
    }
    // Neither: the reading that went further is what the file was meant to
    // be (a CP932 file reads as CP932 up to its bad byte, and as UTF-8 only
    // up to its first Japanese character).
    if (utf8_bad > bad_at) {
      bad_at = utf8_bad;
      chosen = "utf-8";
    } else if (utf8_bad < bad_at) {
      chosen = "cp932";
    } else {
      chosen = "UTF-8 or CP932";  // neither reads a byte further
    }
  } else if (auto text = convert(body, icu_name(chosen), bad_at)) {
    used = chosen;
    return text;
  }
  size_t offset = bad_at + static_cast<size_t>(body.data() - bytes.data());
  char hex[16];
  const auto at = [&](size_t i) {
    return i < bytes.size() ? static_cast<unsigned char>(bytes[i]) : 0;
  };
  // A CP932 lead byte is bad only with the byte after it: show both.
  const bool pair =
      chosen == "cp932" &&
      ((at(offset) >= 0x81 && at(offset) <= 0x9F) || (at(offset) >= 0xE0 && at(offset) <= 0xFC)) &&
      offset + 1 < bytes.size();
  if (pair)
    std::snprintf(hex, sizeof hex, "%02X 0x%02X", at(offset), at(offset + 1));
  else
    std::snprintf(hex, sizeof hex, "%02X", at(offset));
  int line = line_at(bytes, std::min(offset, bytes.size()));
  diags.error({file, line, 1}, "data/bad-encoding",
              both(msg::core::bad_encoding, "file"_a = file, "line"_a = line,
                   "encoding"_a = encoding != "auto"  ? chosen
                                  : chosen == "cp932" ? std::string("CP932")
                                  : chosen == "utf-8" ? std::string("UTF-8")
                                                      : chosen,
                   "byte"_a = std::string(hex)),
              both(msg::core::bad_encoding_hint));
  return std::nullopt;
}

std::optional<Spreadsheet> parse_spreadsheet(std::string_view text, char delimiter,
                                             const std::string& file, Diagnostics& diags) {
  Spreadsheet sheet;
  std::vector<std::string> record;
  std::string cell;
  int row = 1;   // the spreadsheet row of the record being read, as Excel numbers it
  int line = 1;  // the line of the file where it starts
  int next_line = 1;
  bool in_quotes = false, was_quoted = false, after_quote = false;
  int quote_row = 0, quote_line = 0, quote_column = 0;
  auto fail = [&](int at_line, int c, std::string code, Text message, Text hint = {}) {
    diags.error({file, at_line, c}, std::move(code), std::move(message), std::move(hint));
    return std::nullopt;
  };
  auto column = [&] { return static_cast<int>(record.size()) + 1; };
  auto end_cell = [&]() -> bool {
    if (cell.find('\0') != std::string::npos) {  // it would cut the printed text there
      fail(line, column(), "data/bad-value", both(msg::core::nul_in_text),
           both(msg::core::nul_in_text_hint));
      return false;
    }
    if (cell.size() > kMaxStringBytes) {
      fail(line, column(), "data/too-long",
           both(msg::core::sheet_cell_too_long, "cell"_a = cell_name(row, column()),
                "max"_a = kMaxStringBytes));
      return false;
    }
    if (static_cast<int>(record.size()) >= kMaxSheetColumns) {
      fail(line, column(), "data/sheet-too-large",
           both(msg::core::sheet_too_many_columns, "max"_a = kMaxSheetColumns));
      return false;
    }
    record.push_back(std::move(cell));
    cell.clear();
    was_quoted = after_quote = false;
    return true;
  };
  auto end_record = [&]() -> bool {
    if (!end_cell()) return false;
    bool blank = std::all_of(record.begin(), record.end(), [](const auto& c) { return c.empty(); });
    if (!blank) {
      if (static_cast<int>(sheet.rows.size()) >= kMaxSheetRows) {
        fail(line, 1, "data/sheet-too-large",
             both(msg::core::sheet_too_many_rows, "max"_a = kMaxSheetRows));
        return false;
      }
      sheet.rows.push_back(std::move(record));
      sheet.row_numbers.push_back(row);
      sheet.lines.push_back(line);
    }
    record.clear();
    ++row;
    line = ++next_line;
    return true;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char ch = text[i];
    if (in_quotes) {
      if (ch == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          cell += '"';
          ++i;
        } else {
          in_quotes = false;
          after_quote = true;
        }
      } else {
        if (ch == '\n') ++next_line;  // a line break inside a cell: still one row
        cell += ch;
      }
      continue;
    }
    if (ch == delimiter) {
      if (!end_cell()) return std::nullopt;
    } else if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      continue;
    } else if (ch == '\n' || ch == '\r') {
      if (!end_record()) return std::nullopt;
    } else if (after_quote) {
      return fail(line, column(), "data/sheet-syntax",
                  both(msg::core::sheet_after_quote, "cell"_a = cell_name(row, column())));
    } else if (ch == '"') {
      if (!cell.empty() || was_quoted)
        return fail(line, column(), "data/sheet-syntax",
                    both(msg::core::sheet_quote_in_cell, "cell"_a = cell_name(row, column())));
      in_quotes = was_quoted = true;
      quote_row = row;
      quote_line = line;
      quote_column = column();
    } else {
      cell += ch;
    }
  }
  if (in_quotes)
    return fail(
        quote_line, quote_column, "data/sheet-syntax",
        both(msg::core::sheet_unclosed_quote, "cell"_a = cell_name(quote_row, quote_column)),
        both(msg::core::sheet_unclosed_quote_hint));
  if (!cell.empty() || !record.empty() || was_quoted) {
    if (!end_record()) return std::nullopt;
  }
  return sheet;
}

bool report_sheet_read(const BoundedRead& read, const std::filesystem::path& path,
                       const SourcePos& referenced_from, std::uintmax_t max, Diagnostics& diags) {
  if (read.problem != BoundedRead::Problem::too_large)
    return report_read_problem(read, path, referenced_from, max, diags);
  diags.error({path.string(), 0, 0}, "data/sheet-too-large",
              both(msg::core::sheet_too_large, "path"_a = path.string(), "bytes"_a = read.size,
                   "max"_a = max));
  return false;
}

std::optional<Spreadsheet> read_spreadsheet(const std::filesystem::path& path,
                                            std::string_view encoding,
                                            const SourcePos& referenced_from, Diagnostics& diags,
                                            const std::string& sheet_name) {
  if (is_workbook(path)) return read_workbook(path, sheet_name, referenced_from, diags);
  std::string file = path.string();
  BoundedRead read = read_bounded(path, kMaxSheetBytes);
  if (!report_sheet_read(read, path, referenced_from, kMaxSheetBytes, diags)) return std::nullopt;
  const std::string bytes = std::move(read.bytes);
  std::string used;
  auto text = decode_spreadsheet(bytes, encoding, file, used, diags);
  if (!text) return std::nullopt;
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  // .csv: commas; .tsv, .tab: tabs; anything else (Excel's "Unicode text" is
  // a .txt of tabs): tabs when the header row has one.
  char delimiter = ext == ".tsv" || ext == ".tab" ? '\t' : ',';
  if (ext != ".csv" && text->substr(0, text->find('\n')).find('\t') != std::string::npos)
    delimiter = '\t';
  auto sheet = parse_spreadsheet(*text, delimiter, file, diags);
  if (sheet) sheet->encoding = used;
  return sheet;
}

}  // namespace bocage
