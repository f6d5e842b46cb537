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
