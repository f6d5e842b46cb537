// Ids, and the limits on what the loader reads (core/limits.h): each refusal
// a diagnostic before toml++ or the layout does the expensive work.
#include "core/limits.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "core/ids.h"
#include "core/spreadsheet.h"
#include "core/toml_file.h"
#include "core/toml_nesting.h"

using namespace bocage;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

TEST_CASE("ids: letters, digits, '-' and '_', starting with a letter or digit, at most 64") {
  for (const char* good : {"gi", "AT", "gi-m1-garand", "zombie_3a", "a", "0101"}) {
    INFO(good);
    CHECK(is_valid_id(good));
  }
  for (const char* bad :
       {"", "../x", "sub/dir", "a b", "-x", "_x", ".hidden", "x.pdf", "a\\b", "カード", "x\n"}) {
    INFO(bad);
    CHECK_FALSE(is_valid_id(bad));
  }
  CHECK(is_valid_id(std::string(64, 'x')));
  CHECK_FALSE(is_valid_id(std::string(65, 'x')));
}

TEST_CASE("nesting: dotted keys, arrays and inline tables are counted, strings and comments not") {
  CHECK_FALSE(find_deep_nesting("[a.b.c]\nx = [[1, 2], [3]]\ny = { a = { b = 1 } }\n", 4));
  auto deep = find_deep_nesting("[a.b.c.d.e]\n", 4);
  REQUIRE(deep);
  CHECK(deep->line == 1);
  CHECK(deep->column == 9);  // the dot that makes the fifth part
  deep = find_deep_nesting("ok = 1\nx = [[[[[1]]]]]\n", 4);
  REQUIRE(deep);
  CHECK(deep->line == 2);
  CHECK(deep->column == 8);
  CHECK_FALSE(find_deep_nesting("x = \"[[[[[[[[[[a.b.c.d.e.f\"\n# [[[[[[[[[[[[[\n", 4));
  CHECK_FALSE(find_deep_nesting("x = '''\n[[[[[[[[[[\n'''\ny = 1.5\n", 4));
  CHECK_FALSE(find_deep_nesting("x = 1.25\ny = [1.5, 2.5]\n", 2));  // decimals are not keys
}

TEST_CASE("a header with 50 000 dotted parts is refused before toml++ parses it") {
  std::string header = "[a";
  for (int i = 0; i < 50000; ++i) header += ".p";
  ScratchDir dir({{"deep.toml", "x = 1\n" + header + "]\n"}});
  Diagnostics diags;
  CHECK_FALSE(parse_toml_file(dir.root / "deep.toml", diags));
  require_diagnostic(diags, "data/too-deep", "deep.toml", 2, 65, "more than 32 levels deep");
}

TEST_CASE("oversize files and strings are refused") {
  std::string big(kMaxTomlFileBytes + 1, '#');
  std::string text = "x = \"" + std::string(kMaxStringBytes + 1, 'a') + "\"\n";
  ScratchDir dir({{"big.toml", big}, {"long.toml", text}, {"ok.toml", "x = \"abc\"\n"}});
  Diagnostics diags;
  CHECK_FALSE(parse_toml_file(dir.root / "big.toml", diags));
  require_diagnostic(diags, "data/file-too-large", "big.toml", 0, 0,
                     "16777217 bytes (at most 16777216)");
  CHECK_FALSE(parse_toml_file(dir.root / "long.toml", diags));
  require_diagnostic(diags, "data/too-long", "long.toml", 1, 5, "a string of 16385 bytes");
  Diagnostics fine;
  CHECK(parse_toml_file(dir.root / "ok.toml", fine));
  CHECK(fine.empty());
}

TEST_CASE(
    "the largest real decks pass the limits: 10000 cards in one TOML file or one spreadsheet") {
  // Each card with its names and a rule in both languages, as a designer writes them.
  std::string toml = "[deck]\nid = \"units\"\n";
  std::string csv = "id,name.ja,name.en,rule.ja,rule.en\n";
  for (int i = 0; i < 10000; ++i) {
    const std::string n = std::to_string(i);
    toml +=
        "\n[[card]]\nid = \"c" + n + "\"\nname = { ja = \"小銃分隊 第" + n +
        "号\", en = \"Rifle squad no. " + n +
        "\" }\nkind = \"I\"\npower = 3\nrule = { ja = \"前進して射撃する。敵の部隊が隣にいれば、"
        "もう一度射撃してよい。\", en = \"Advance and fire. If an enemy unit is adjacent, fire "
        "once more.\" }\n";
    csv += "c" + n + ",小銃分隊 第" + n + "号,Rifle squad no. " + n + "," + std::string(100, 'x') +
           "前進して射撃する。敵の部隊が隣にいれば、もう一度射撃してよい。" +
           std::string(600, 'y') + ",Advance and fire. " + std::string(600, 'z') + "\n";
  }
  REQUIRE(toml.size() > 2900000);
  REQUIRE(csv.size() > 13000000);
  ScratchDir dir({{"deck.toml", toml}, {"cards.csv", csv}});
  Diagnostics diags;
  auto table = parse_toml_file(dir.root / "deck.toml", diags);
  INFO(diags.format_all(Lang::en));
  REQUIRE(table);
  CHECK((*table)["card"].as_array()->size() == 10000);
  auto sheet = read_spreadsheet(dir.root / "cards.csv", "", SourcePos{}, diags);
  INFO(diags.format_all(Lang::en));
  REQUIRE(sheet);
  CHECK(diags.empty());
}
