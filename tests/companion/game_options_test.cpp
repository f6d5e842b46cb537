// Declarative game options (companion/pieces/game_options): read from a
// companion.toml with file:line:col errors, chosen with name=value or a value
// alone, defaults, unknown ones refused with the list and a suggestion.
#include "companion/pieces/game_options.h"

#include <catch2/catch.hpp>

#include "core/toml_file.h"

using namespace bocage;

namespace {

std::vector<OptionDef> read(const std::string& text, Diagnostics& diags) {
  auto table = toml::parse(std::string_view(text), std::string_view("companion.toml"));
  TomlReader top(table, "companion.toml", "companion.toml", diags);
  return read_game_options(top);
}

const char* const kTwo = R"(
[[option]]
name = "mode"
values = ["table", "virtual"]
default = "table"
help = { ja = "モード", en = "mode" }

[[option]]
name = "level"
values = ["easy", "hard"]
default = "easy"
help = { ja = "難易度", en = "level" }
)";

}  // namespace

TEST_CASE("game options: defaults, name=value and a value alone") {
  Diagnostics diags;
  auto defs = read(kTwo, diags);
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(defs.size() == 2);
  GameOptions o;
  std::string why;
  REQUIRE(parse_game_options(defs, {}, "g", o, &why));
  CHECK(o.get("mode") == "table");
  CHECK(o.get("level") == "easy");
  REQUIRE(parse_game_options(defs, {"mode=virtual", "hard"}, "g", o, &why));
  CHECK(o.is("mode", "virtual"));
  CHECK(o.is("level", "hard"));
  CHECK(o.get("nothing").empty());
}

TEST_CASE("game options: an unknown option or value is refused with what is expected") {
  Diagnostics diags;
  auto defs = read(kTwo, diags);
  GameOptions o;
  std::string why;
  CHECK_FALSE(parse_game_options(defs, {"mode=virtal"}, "g", o, &why));
  CHECK(why ==
        "unknown option 'mode=virtal' (did you mean 'mode=virtual'?) for g; expected "
        "mode=table, mode=virtual, level=easy or level=hard");
  CHECK_FALSE(parse_game_options(defs, {"fast"}, "g", o, &why));
  CHECK(why.rfind("unknown option 'fast' for g", 0) == 0);
  CHECK_FALSE(parse_game_options(defs, {"table", "mode=virtual"}, "g", o, &why));
  CHECK(why.rfind("option 'mode' is given twice ('mode=virtual')", 0) == 0);
}

TEST_CASE("game options: the refusal is in the session's language") {
  Diagnostics diags;
  auto defs = read(kTwo, diags);
  GameOptions o;
  std::string why;
  CHECK_FALSE(parse_game_options(defs, {"mode=virtal"}, "g", o, &why, Lang::ja));
  CHECK(why.find("g に「mode=virtal」というオプションはありません") == 0);
  CHECK(why.find("mode=virtual") != std::string::npos);
  CHECK(why.find("mode=table、mode=virtual、level=easy、level=hard") != std::string::npos);
  CHECK(why.find("unknown") == std::string::npos);
  CHECK_FALSE(parse_game_options(defs, {"table", "mode=virtual"}, "g", o, &why, Lang::ja));
  CHECK(why.find("オプション「mode」が2回指定されています（「mode=virtual」）") == 0);
  CHECK_FALSE(parse_game_options({}, {"fast"}, "g", o, &why, Lang::ja));
  CHECK(why.find("使えるのは なし") != std::string::npos);
}

TEST_CASE("game options: bad declarations are errors at their line") {
  Diagnostics diags;
  read(R"([[option]]
name = "mode"
values = ["table"]
default = "virtual"
help = { ja = "x", en = "x" }

[[option]]
name = "mode"
values = []
default = "a"
help = { ja = "x", en = "x" }
)",
       diags);
  const std::string all = diags.format_all();
  INFO(all);
  CHECK(all.find("companion.toml:4") != std::string::npos);
  CHECK(all.find("the default 'virtual' of option 'mode' is not one of its values") !=
        std::string::npos);
  CHECK(all.find("option 'mode' needs at least one value") != std::string::npos);
  CHECK(all.find("option 'mode' is declared twice") != std::string::npos);
}

namespace {

const char* const kNamed = R"(
[[option]]
name = "mode"
values = ["table", "virtual"]
title = "モード"
names = { table = "テーブル", virtual = "バーチャル" }
default = "table"
help = { ja = "モード", en = "mode" }

[[option]]
name = "level"
values = ["easy", "normal", "hard"]
title = "難易度"
names = { easy = "イージー", normal = "ノーマル" }
default = "normal"
help = { ja = "難易度", en = "level" }
)";

}  // namespace

TEST_CASE("game options: typed by their printed Japanese names, full or half width") {
  Diagnostics diags;
  auto defs = read(kNamed, diags);
  REQUIRE_FALSE(diags.has_errors());
  GameOptions o;
  std::string why;
  REQUIRE(parse_game_options(defs, {"難易度=イージー", "バーチャル"}, "g", o, &why, Lang::ja));
  CHECK(o.is("level", "easy"));
  CHECK(o.is("mode", "virtual"));
  REQUIRE(parse_game_options(defs, {"ｍｏｄｅ＝バーチャル", "難易度＝hard"}, "g", o, &why));
  CHECK(o.is("mode", "virtual"));
  CHECK(o.is("level", "hard"));
  // The log keeps the ids, whatever was typed; the engine's own words stay.
  CHECK(canonical_option_words(defs, {"ノーマル", "manual-dice", "モード=テーブル"}) ==
        std::vector<std::string>{"level=normal", "manual-dice", "mode=table"});
  // A refusal lists them as a Japanese player types them, a value with no
  // Japanese name by its id.
  CHECK_FALSE(parse_game_options(defs, {"難易度=ふつう"}, "g", o, &why, Lang::ja));
  INFO(why);
  CHECK(why.find(
            "モード=テーブル、モード=バーチャル、難易度=イージー、難易度=ノーマル、難易度=hard") !=
        std::string::npos);
  CHECK_FALSE(parse_game_options(defs, {"ノーマル", "level=hard"}, "g", o, &why, Lang::ja));
  CHECK(why.find("オプション「難易度」が2回指定されています") == 0);
  CHECK(option_word(defs[1], "normal", Lang::ja) == "難易度=ノーマル");
  CHECK(option_word(defs[1], "normal", Lang::en) == "level=normal");
}

TEST_CASE(
    "game options: a name for a value the option lacks, or no text, is an error at its line") {
  Diagnostics diags;
  read(R"([[option]]
name = "mode"
values = ["table"]
title = "モード"
names = { table = "", virtual = "バーチャル" }
default = "table"
help = { ja = "x", en = "x" }
)",
       diags);
  const std::string all = diags.format_all();
  INFO(all);
  CHECK(all.find("companion.toml:5") != std::string::npos);
  CHECK(all.find("option 'mode': names gives 'virtual', which is not one of its values") !=
        std::string::npos);
  CHECK(all.find("option 'mode': the name of 'table' must be a text that is not empty") !=
        std::string::npos);
}
