// CSV and TSV as spreadsheets export them: RFC 4180 quoting, the encodings of
// Japanese Excel, and every syntax error at its row and column.
#include "core/spreadsheet.h"

#include <catch2/catch.hpp>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"

using namespace bocage;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

TEST_CASE("column letters are Excel's") {
  CHECK(column_letters(1) == "A");
  CHECK(column_letters(26) == "Z");
  CHECK(column_letters(27) == "AA");
  CHECK(column_letters(52) == "AZ");
  CHECK(column_letters(703) == "AAA");
}

TEST_CASE("RFC 4180 quoted cells hold delimiters and quotes and line breaks in CRLF or LF files") {
  Diagnostics diags;
  auto sheet = parse_spreadsheet(
      "id,text\r\na,\"one, two\"\r\nb,\"say \"\"hi\"\"\nnext line\"\r\n,\r\nc,plain\n", ',',
      "f.csv", diags);
  INFO(diags.format_all());
  REQUIRE(sheet);
  REQUIRE(sheet->rows.size() == 4);  // the blank row ",\r\n" is skipped
  CHECK(sheet->rows[1] == std::vector<std::string>{"a", "one, two"});
  CHECK(sheet->rows[2] == std::vector<std::string>{"b", "say \"hi\"\nnext line"});
  CHECK(sheet->rows[3] == std::vector<std::string>{"c", "plain"});
  CHECK(sheet->row_numbers == std::vector<int>{1, 2, 3, 5});
  CHECK(sheet->lines == std::vector<int>{1, 2, 3, 6});  // the line break in b's cell
}

TEST_CASE("TSV splits at tabs only and reads a last row without a line break") {
  Diagnostics diags;
  auto sheet = parse_spreadsheet("id\tname\na,b\tc", '\t', "f.tsv", diags);
  REQUIRE(sheet);
  CHECK(sheet->rows[1] == std::vector<std::string>{"a,b", "c"});
}

TEST_CASE("spreadsheet syntax errors give the row and the column") {
  Diagnostics d1;
  CHECK_FALSE(parse_spreadsheet("id,name\na,\"open\nb,c\n", ',', "f.csv", d1));
  require_diagnostic(d1, "data/sheet-syntax", "f.csv", 2, 2,
                     "the quote that opens cell B2 is never closed");
  Diagnostics d2;
  CHECK_FALSE(parse_spreadsheet("id,name\na,b\"c\n", ',', "f.csv", d2));
  require_diagnostic(d2, "data/sheet-syntax", "f.csv", 2, 2, "a quote in the middle of cell B2");
  Diagnostics d3;
  CHECK_FALSE(parse_spreadsheet("id,name\na,\"b\"c\n", ',', "f.csv", d3));
  require_diagnostic(d3, "data/sheet-syntax", "f.csv", 2, 2,
                     "text after the closing quote of cell B2");
}

TEST_CASE("spreadsheet limits on columns and rows and a cell's length") {
  Diagnostics d1;
  CHECK_FALSE(parse_spreadsheet(std::string(300, ',') + "\n", ',', "f.csv", d1));
  require_diagnostic(d1, "data/sheet-too-large", "f.csv", 1, 257, "too many columns");
  Diagnostics d2;
  std::string rows;
  for (int i = 0; i < 10002; ++i) rows += "x\n";
  CHECK_FALSE(parse_spreadsheet(rows, ',', "f.csv", d2));
  require_diagnostic(d2, "data/sheet-too-large", "f.csv", 10002, 1, "too many rows");
  Diagnostics d3;
  CHECK_FALSE(parse_spreadsheet("id\n" + std::string(20000, 'x') + "\n", ',', "f.csv", d3));
  require_diagnostic(d3, "data/too-long", "f.csv", 2, 1, "cell A2 is longer than 16384 bytes");
}

TEST_CASE("encodings: UTF-8 with a BOM and CP932 detected or declared and UTF-16 with a BOM") {
  std::string used;
  Diagnostics diags;
  CHECK(decode_spreadsheet("\xEF\xBB\xBFid,名前\n", "auto", "f.csv", used, diags) == "id,名前\n");
  CHECK(used == "utf-8");
  // 歩兵 in Shift_JIS: 95 E0 95 BA
  CHECK(decode_spreadsheet("id\n\x95\xE0\x95\xBA\n", "auto", "f.csv", used, diags) == "id\n歩兵\n");
  CHECK(used == "cp932");
  CHECK(decode_spreadsheet("\x95\xE0\x95\xBA", "cp932", "f.csv", used, diags) == "歩兵");
  // CP932's own characters beyond Shift_JIS: ① is 87 40
  CHECK(decode_spreadsheet("\x87\x40", "cp932", "f.csv", used, diags) == "①");
  CHECK(decode_spreadsheet(std::string("\xFF\xFE"
                                       "a\0\x6B\x6B",
                                       6),
                           "auto", "f.csv", used, diags) == "a歫");
  CHECK(used == "utf-16le");
  CHECK(diags.empty());
}

TEST_CASE("bytes that are not the declared encoding are an error at their line") {
  std::string used;
  Diagnostics d1;
  CHECK_FALSE(decode_spreadsheet("id\nok\n\x95\xE0\n", "utf-8", "f.csv", used, d1));
  require_diagnostic(d1, "data/bad-encoding", "f.csv", 3, 1,
                     "line 3 of f.csv is not valid utf-8 (byte 0x95)");
  CHECK(d1.items()[0].hint.en.find("encoding = \"cp932\"") != std::string::npos);
  Diagnostics d2;
  CHECK_FALSE(decode_spreadsheet("id\n\x81\xFF\n", "auto", "f.csv", used, d2));
  require_diagnostic(d2, "data/bad-encoding", "f.csv", 2, 1, "not valid UTF-8 or CP932");
  // Japanese Excel's CP932 with one bad pair on line 4: reported there, as CP932,
  // not at the first Japanese character of line 2 as bad UTF-8.
  Diagnostics d3;
  CHECK_FALSE(decode_spreadsheet("id,name\na,\x95\xE0\nb,\x83\x4A\nc,\x81\x7F\n", "auto", "f.csv",
                                 used, d3));
  require_diagnostic(d3, "data/bad-encoding", "f.csv", 4, 1,
                     "line 4 of f.csv is not valid CP932 (byte 0x81 0x7F)");
}

TEST_CASE("read_spreadsheet: a missing file is reported where the deck names it") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{
      {"a.tsv", "id\tname\nx\ty\n"},
      {"excel.txt", std::string("\xFF\xFE"
                                "i\0d\0\t\0n\0\n\0a\0,\0\t\0b\0",
                                20)},
      {"b.csv", "id,name\tx\n"}});
  Diagnostics diags;
  auto sheet = read_spreadsheet(dir.root / "a.tsv", "auto", {}, diags);
  REQUIRE(sheet);
  CHECK(sheet->rows[1] == std::vector<std::string>{"x", "y"});
  auto unicode_text = read_spreadsheet(dir.root / "excel.txt", "auto", {}, diags);
  REQUIRE(unicode_text);
  CHECK(unicode_text->encoding == "utf-16le");
  CHECK(unicode_text->rows[1] == std::vector<std::string>{"a,", "b"});
  auto csv = read_spreadsheet(dir.root / "b.csv", "auto", {}, diags);
  REQUIRE(csv);
  CHECK(csv->rows[0] == std::vector<std::string>{"id", "name\tx"});
  CHECK_FALSE(read_spreadsheet(dir.root / "none.csv", "auto", {"deck.toml", 7, 9}, diags));
  require_diagnostic(diags, "data/missing-file", "deck.toml", 7, 9, "none.csv");
}
