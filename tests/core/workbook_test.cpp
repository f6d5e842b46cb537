// Cards kept in an Excel (.xlsx) or LibreOffice (.ods) workbook, read
// directly: the workbooks are written here as those programs write them
// (their parts zipped), then read as a deck reads them.
#include "core/workbook.h"

#include <zip.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "core/game_loader.h"

using namespace bocage;
using bocage::test::find_code;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;
namespace fs = std::filesystem;

namespace {

using Parts = std::vector<std::pair<std::string, std::string>>;

/// A zip of `parts` at `path`.
void write_zip(const fs::path& path, const Parts& parts) {
  fs::create_directories(path.parent_path());
  int error = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  REQUIRE(z);
  for (const auto& [name, bytes] : parts) {
    zip_source_t* s = zip_source_buffer(z, bytes.data(), bytes.size(), 0);
    REQUIRE(s);
    REQUIRE(zip_file_add(z, name.c_str(), s, ZIP_FL_ENC_UTF_8) >= 0);
  }
  REQUIRE(zip_close(z) == 0);
}

const std::string kSheetNs =
    "xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
    "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"";

/// An .xlsx as Excel writes it: two sheets, "Notes" and "Cards"; the cards'
/// texts in shared strings (one in rich text with a reading guide), numbers,
/// a flag, an inline string, an empty cell and a blank row.
Parts xlsx_parts() {
  const std::string workbook =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<workbook " + kSheetNs +
      "><sheets><sheet name=\"Notes\" sheetId=\"1\" r:id=\"rId1\"/>"
      "<sheet name=\"Cards\" sheetId=\"2\" r:id=\"rId2\"/></sheets></workbook>";
  const std::string rels =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships "
      "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
      "<Relationship Id=\"rId2\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/"
      "relationships/worksheet\" Target=\"worksheets/sheet2.xml\"/>"
      "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/"
      "relationships/worksheet\" Target=\"/xl/worksheets/sheet1.xml\"/></Relationships>";
  const std::string strings =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><sst " + kSheetNs +
      " count=\"7\" uniqueCount=\"7\">"
      "<si><t>id</t></si><si><t>name.ja</t></si><si><t>ammo</t></si><si><t>veteran</t></si>"
      "<si><t>rifle</t></si>"
      "<si><r><t>小銃</t></r><r><rPr><b/></rPr><t>分隊</t></r>"
      "<rPh sb=\"0\" eb=\"2\"><t>ショウジュウ</t></rPh></si>"
      "<si><t xml:space=\"preserve\">notes &amp; more</t></si></sst>";
  const std::string cards =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><worksheet " + kSheetNs +
      "><sheetData>"
      "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\" t=\"s\"><v>1</v></c>"
      "<c r=\"C1\" t=\"s\"><v>2</v></c><c r=\"D1\" t=\"s\"><v>3</v></c></row>"
      "<row r=\"2\"><c r=\"A2\" t=\"s\"><v>4</v></c><c r=\"B2\" t=\"s\"><v>5</v></c>"
      "<c r=\"C2\"><v>3</v></c><c r=\"D2\" t=\"b\"><v>1</v></c></row>"
      "<row r=\"4\"><c r=\"A4\" t=\"inlineStr\"><is><t>mg</t></is></c>"
      "<c r=\"B4\" t=\"str\"><f>B2</f><v>機関銃</v></c><c r=\"C4\"><v>2.5</v></c></row>"
      "</sheetData></worksheet>";
  const std::string notes = "<?xml version=\"1.0\"?><worksheet " + kSheetNs +
                            "><sheetData><row r=\"1\"><c r=\"A1\" t=\"s\"><v>6</v></c></row>"
                            "</sheetData></worksheet>";
  return {{"[Content_Types].xml", "<Types/>"},  {"xl/workbook.xml", workbook},
          {"xl/_rels/workbook.xml.rels", rels}, {"xl/sharedStrings.xml", strings},
          {"xl/worksheets/sheet1.xml", notes},  {"xl/worksheets/sheet2.xml", cards}};
}

/// An .ods as LibreOffice writes it: repeated columns and rows (its blank
/// rows to the sheet's end), spaces as <text:s>, two paragraphs in a cell.
Parts ods_parts(const std::string& extra_rows = "") {
  const std::string content =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
      "<office:document-content "
      "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
      "xmlns:table=\"urn:oasis:names:tc:opendocument:xmlns:table:1.0\" "
      "xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:version=\"1.3\">"
      "<office:body><office:spreadsheet><table:table table:name=\"カード\">"
      "<table:table-column table:number-columns-repeated=\"3\"/>"
      "<table:table-row><table:table-cell office:value-type=\"string\"><text:p>id</text:p>"
      "</table:table-cell><table:table-cell office:value-type=\"string\"><text:p>name.ja"
      "</text:p></table:table-cell><table:table-cell office:value-type=\"string\"><text:p>"
      "rule.ja</text:p></table:table-cell></table:table-row>"
      "<table:table-row><table:table-cell office:value-type=\"string\"><text:p>rifle</text:p>"
      "</table:table-cell><table:table-cell office:value-type=\"string\"><text:p>小銃<text:s "
      "text:c=\"2\"/>分隊</text:p></table:table-cell><table:table-cell "
      "office:value-type=\"string\"><text:p>前進する。</text:p><text:p>射撃する。</text:p>"
      "</table:table-cell></table:table-row>"
      "<table:table-row table:number-rows-repeated=\"2\"><table:table-cell "
      "table:number-columns-repeated=\"3\"/></table:table-row>"
      "<table:table-row><table:table-cell office:value-type=\"string\"><text:p>mg</text:p>"
      "</table:table-cell><table:table-cell office:value-type=\"float\" office:value=\"3\">"
      "<text:p>3</text:p></table:table-cell></table:table-row>" +
      extra_rows +
      "<table:table-row table:number-rows-repeated=\"1048570\"><table:table-cell "
      "table:number-columns-repeated=\"1024\"/></table:table-row>"
      "</table:table></office:spreadsheet></office:body></office:document-content>";
  return {{"mimetype", "application/vnd.oasis.opendocument.spreadsheet"}, {"content.xml", content}};
}

}  // namespace

TEST_CASE("an xlsx sheet is read as its cells show: shared and rich text, numbers, flags") {
  ScratchDir dir({});
  write_zip(dir.root / "cards.xlsx", xlsx_parts());
  Diagnostics diags;
  auto sheet = read_workbook(dir.root / "cards.xlsx", "Cards", {}, diags);
  INFO(diags.format_all());
  REQUIRE(sheet);
  REQUIRE(sheet->rows.size() == 3);
  CHECK(sheet->rows[0] == std::vector<std::string>{"id", "name.ja", "ammo", "veteran"});
  CHECK(sheet->rows[1] == std::vector<std::string>{"rifle", "小銃分隊", "3", "TRUE"});
  CHECK(sheet->rows[2] == std::vector<std::string>{"mg", "機関銃", "2.5"});
  CHECK(sheet->row_numbers == std::vector<int>{1, 2, 4});  // row 3 is blank
  CHECK(sheet->lines == sheet->row_numbers);
  // No sheet named: the first.
  auto first = read_workbook(dir.root / "cards.xlsx", "", {}, diags);
  REQUIRE(first);
  CHECK(first->rows == std::vector<std::vector<std::string>>{{"notes & more"}});
}

TEST_CASE("an ods sheet: repeated cells and rows, spaces and paragraphs") {
  ScratchDir dir({});
  write_zip(dir.root / "cards.ods", ods_parts());
  Diagnostics diags;
  auto sheet = read_workbook(dir.root / "cards.ods", "", {}, diags);
  INFO(diags.format_all());
  REQUIRE(sheet);
  REQUIRE(sheet->rows.size() == 3);
  CHECK(sheet->rows[1] ==
        std::vector<std::string>{"rifle", "小銃  分隊", "前進する。\n射撃する。"});
  CHECK(sheet->rows[2] == std::vector<std::string>{"mg", "3"});
  CHECK(sheet->row_numbers == std::vector<int>{1, 2, 5});
  CHECK(read_workbook(dir.root / "cards.ods", "カード", {}, diags));
}

TEST_CASE("a workbook that cannot be read is said: not a zip, an old xls, a sheet not there") {
  ScratchDir dir({{"a.xlsx", "id,name\nx,y\n"}, {"b.xls", std::string("\xD0\xCF\x11\xE0rest", 8)}});
  write_zip(dir.root / "c.xlsx", xlsx_parts());
  write_zip(dir.root / "d.xlsx", {{"hello.txt", "hi"}});
  Diagnostics diags;
  CHECK_FALSE(read_workbook(dir.root / "a.xlsx", "", {}, diags));
  const Diagnostic* a = find_code(diags, "data/bad-workbook");
  REQUIRE(a);
  CHECK_THAT(a->message.en, Catch::StartsWith("workbook " + (dir.root / "a.xlsx").string() +
                                              " cannot be read: not a zip archive"));
  CHECK_THAT(a->hint.en, Catch::Contains("save it as .xlsx or .ods"));
  CHECK_FALSE(read_workbook(dir.root / "b.xls", "", {}, diags));
  CHECK_THAT(find_code(diags, "data/bad-workbook", 1)->message.en,
             Catch::Contains("is an old Excel file (.xls)"));
  CHECK_FALSE(read_workbook(dir.root / "d.xlsx", "", {}, diags));
  CHECK_THAT(find_code(diags, "data/bad-workbook", 2)->message.en,
             Catch::Contains("neither an Excel nor an OpenDocument workbook"));
  CHECK_FALSE(read_workbook(dir.root / "c.xlsx", "Card", {"deck.toml", 7, 9}, diags));
  require_diagnostic(diags, "data/unknown-sheet", "deck.toml", 7, 9,
                     "has no sheet 'Card' (its sheets: Notes, Cards)");
  CHECK_THAT(find_code(diags, "data/unknown-sheet")->hint.en, Catch::Contains("Cards"));
  CHECK_FALSE(read_workbook(dir.root / "none.xlsx", "", {"deck.toml", 3, 1}, diags));
  require_diagnostic(diags, "data/missing-file", "deck.toml", 3, 1, "none.xlsx");
}

TEST_CASE("a formula cell with no saved value is an error at its cell, never an empty field") {
  // openpyxl writes ws["G2"] = "=F2+1" as a formula with an empty value
  // (and a shared formula's other cells with none at all); Excel writes an
  // empty text's formula as t="str" with an empty value, which is a value.
  auto with_row = [](const std::string& row) {
    Parts parts = xlsx_parts();
    std::string& cards = parts[5].second;
    cards.insert(cards.find("</sheetData>"), row);
    return parts;
  };
  ScratchDir dir({});
  write_zip(dir.root / "script.xlsx",
            with_row("<row r=\"5\"><c r=\"A5\" t=\"inlineStr\"><is><t>smg</t></is></c>"
                     "<c r=\"C5\"><f>C4+1</f><v></v></c>"
                     "<c r=\"D5\"><f t=\"shared\" si=\"0\"/></c></row>"));
  write_zip(dir.root / "excel.xlsx",
            with_row("<row r=\"5\"><c r=\"A5\" t=\"inlineStr\"><is><t>smg</t></is></c>"
                     "<c r=\"B5\" t=\"str\"><f>\"\"</f><v></v></c>"
                     "<c r=\"C5\"><f>C4+1</f><v>3.5</v></c></row>"));
  Diagnostics diags;
  CHECK_FALSE(read_workbook(dir.root / "script.xlsx", "Cards", {}, diags));
  require_diagnostic(diags, "data/formula-without-value", (dir.root / "script.xlsx").string(), 5, 3,
                     "cell C5 holds a formula (=C4+1) with no value saved beside it, and so "
                     "does 1 more cell");
  const Diagnostic* d = find_code(diags, "data/formula-without-value");
  CHECK_THAT(d->message.ja, Catch::Contains("セル C5 の数式（=C4+1）に保存された値がありません"));
  CHECK_THAT(d->hint.en, Catch::Contains("open the workbook in Excel or LibreOffice and save it"));
  CHECK_THAT(d->hint.ja, Catch::Contains("保存し直す"));
  // Saved by Excel: the values are read, an empty text as no value.
  Diagnostics fine;
  auto sheet = read_workbook(dir.root / "excel.xlsx", "Cards", {}, fine);
  INFO(fine.format_all());
  REQUIRE(sheet);
  CHECK(sheet->rows.back() == std::vector<std::string>{"smg", "", "3.5"});
  // An .ods cell with a formula and no value type: the same, at its cell.
  write_zip(dir.root / "script.ods",
            ods_parts("<table:table-row><table:table-cell office:value-type=\"string\">"
                      "<text:p>smg</text:p></table:table-cell><table:table-cell "
                      "table:formula=\"of:=[.B5]*2\"/></table:table-row>"));
  CHECK_FALSE(read_workbook(dir.root / "script.ods", "", {}, diags));
  require_diagnostic(diags, "data/formula-without-value", (dir.root / "script.ods").string(), 6, 2,
                     "cell B6 holds a formula (=[.B5]*2) with no value saved beside it:", 1);
}

TEST_CASE("a workbook that unpacks past the limit is refused before it is read") {
  ScratchDir dir({});
  Parts parts = xlsx_parts();
  parts[5].second = std::string(kMaxWorkbookXmlBytes + 1, ' ');  // zips to a few kilobytes
  write_zip(dir.root / "big.xlsx", parts);
  REQUIRE(fs::file_size(dir.root / "big.xlsx") < kMaxWorkbookBytes);
  Diagnostics diags;
  CHECK_FALSE(read_workbook(dir.root / "big.xlsx", "Cards", {}, diags));
  CHECK_THAT(find_code(diags, "data/sheet-too-large")->message.en,
             Catch::Contains("unpacks to more than 64 MiB"));
}

TEST_CASE("a deck's cards from a workbook: typed, and a wrong cell named") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{
      {"g/game.toml", "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"deck.toml\"]\n"},
      {"g/deck.toml",
       "[deck]\nid = \"d\"\nname = \"D\"\nsize = \"poker\"\nface = \"t/f\"\ncards = "
       "\"cards.xlsx\"\nsheet = \"Cards\"\n[deck.fields]\nammo = \"number\"\nveteran = "
       "\"flag\"\n"}});
  Parts parts = xlsx_parts();
  write_zip(dir.root / "g/cards.xlsx", parts);
  Diagnostics diags;
  Game game = load_game(dir.root, "g", diags);
  INFO(diags.format_all());
  CHECK_FALSE(diags.has_errors());
  REQUIRE(game.decks.size() == 1);
  REQUIRE(game.decks[0].cards.size() == 2);
  CHECK(game.decks[0].cards[0].name.ja == "小銃分隊");
  // mg's ammo of 2.5 is fine; a text in a number column is named by its cell.
  parts[5].second.replace(parts[5].second.find("<c r=\"C4\"><v>2.5</v></c>"), 24,
                          "<c r=\"C4\" t=\"inlineStr\"><is><t>many</t></is></c>");
  write_zip(dir.root / "g/cards.xlsx", parts);
  Diagnostics bad;
  load_game(dir.root, "g", bad);
  require_diagnostic(bad, "data/wrong-type", "g/cards.xlsx", 4, 3, "cell C4");
  // `sheet` is for workbooks only.
  ScratchDir csv(std::vector<std::pair<std::string, std::string>>{
      {"g/game.toml", "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"deck.toml\"]\n"},
      {"g/deck.toml",
       "[deck]\nid = \"d\"\nname = \"D\"\nsize = \"poker\"\nface = \"t/f\"\ncards = "
       "\"cards.csv\"\nsheet = \"Cards\"\n"},
      {"g/cards.csv", "id,name\na,A\n"}});
  Diagnostics sheet_key;
  load_game(csv.root, "g", sheet_key);
  require_diagnostic(sheet_key, "data/bad-value", "g/deck.toml", 7, 9,
                     "sheet chooses a workbook's sheet");
}
