#include "core/game_loader.h"

#include <catch2/catch.hpp>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"

using namespace bocage;
using bocage::test::find_code;
using bocage::test::require_diagnostic;

namespace {

Diagnostics load_bad(const std::string& id) {
  Diagnostics diags;
  load_game(std::string(BOCAGE_FIXTURES) + "/bad", id, diags);
  return diags;
}

}  // namespace

TEST_CASE("a good game loads into the typed model") {
  Diagnostics diags;
  Game game = load_game(std::string(BOCAGE_FIXTURES) + "/good", "mini", diags);
  INFO(diags.format_all());
  REQUIRE_FALSE(diags.has_errors());
  CHECK(game.name.ja == "テスト");
  CHECK(game.name.en == "Test");
  REQUIRE(game.decks.size() == 1);
  const Deck& deck = game.decks[0];
  CHECK(deck.size == SizeMm{63, 88});
  CHECK(deck.face.name == "test/face");
  REQUIRE(deck.cards.size() == 2);
  CHECK(deck.cards[0].field("ammo")->number == 3);
  CHECK(deck.cards[0].field("symbols")->symbols == std::vector<std::string>{"AT"});
  CHECK(deck.cards[1].count == 2);
  CHECK(deck.cards[1].field("text")->text.en == "A card with text.");
  CHECK(deck.cards[1].field("ammo") == nullptr);
  CHECK(deck.total_count() == 3);
  CHECK(deck.cards[1].pos.line == 19);
}

TEST_CASE("TOML syntax errors give file, line and column") {
  require_diagnostic(load_bad("syntax"), "data/toml-syntax", "bad/syntax/game.toml", 3, 21,
                     "TOML syntax error");
}

TEST_CASE("unknown keys are errors with a did-you-mean hint") {
  auto diags = load_bad("unknown-key");
  require_diagnostic(diags, "data/unknown-key", "bad/unknown-key/deck.toml", 16, 1,
                     "unknown key 'amo' in card 'a'");
  CHECK(diags.items()[0].hint.en == "did you mean 'ammo'?");
}

TEST_CASE("missing required keys say what is expected") {
  require_diagnostic(load_bad("missing-key"), "data/missing-key", "bad/missing-key/deck.toml", 13,
                     1, "missing required key 'name' in card 'a' (expected a text");
}

TEST_CASE("wrong types say what was expected and what was found") {
  require_diagnostic(load_bad("wrong-type"), "data/wrong-type", "bad/wrong-type/deck.toml", 16, 8,
                     "'ammo' in card 'a' must be a number, found a string \"three\"");
}

TEST_CASE("unknown symbols name the declared ones") {
  auto diags = load_bad("unknown-symbol");
  require_diagnostic(diags, "data/unknown-symbol", "bad/unknown-symbol/deck.toml", 16, 18,
                     "unknown symbol 'AX' in card 'a' (expected one of AT");
  CHECK(diags.error_count() == 1);
}

TEST_CASE("duplicate card ids point at both definitions") {
  require_diagnostic(load_bad("duplicate-id"), "data/duplicate-id", "bad/duplicate-id/deck.toml",
                     19, 1, "duplicate card id 'a' (first defined at ");
}

TEST_CASE("counts below 1 and above 10 000 are errors") {
  auto diags = load_bad("bad-count");
  require_diagnostic(diags, "data/bad-count", "bad/bad-count/deck.toml", 16, 9,
                     "count of card 'a' is 0 (expected 1 to 10000)");
  require_diagnostic(diags, "data/bad-count", "bad/bad-count/deck.toml", 21, 9,
                     "count of card 'b' is 10001 (expected 1 to 10000)", 1);
}

TEST_CASE("component paths may not leave the game's folder") {
  require_diagnostic(load_bad("outside-root"), "data/path-outside-root",
                     "bad/outside-root/game.toml", 4, 28,
                     "component path '../unknown-key/deck.toml' leaves the game's folder");
}

TEST_CASE("every error of a run is reported, not only the first") {
  auto diags = load_bad("many-errors");
  CHECK(diags.error_count() == 4);
  require_diagnostic(diags, "data/wrong-type", "deck.toml", 16, 8, "'ammo' in card 'a'");
  require_diagnostic(diags, "data/unknown-key", "deck.toml", 17, 1, "unknown key 'symbol'");
  require_diagnostic(diags, "data/missing-key", "deck.toml", 19, 1,
                     "missing required key 'id' in [[card]] #2");
  require_diagnostic(diags, "data/bad-count", "deck.toml", 21, 9, "count of [[card]] #2 is -1");
}

TEST_CASE("an unknown game names the known ones") {
  Diagnostics diags;
  load_game(std::string(BOCAGE_FIXTURES) + "/good", "mnii", diags);
  REQUIRE(diags.error_count() == 1);
  CHECK_THAT(diags.items()[0].message.en,
             Catch::Contains("no game 'mnii'") && Catch::Contains("(games: mini)"));
  CHECK(diags.items()[0].hint.en == "did you mean 'mini'?");
}

TEST_CASE(
    "a whole number written as 3.0 is an integer and 3.5 is refused showing what is written") {
  bocage::test::ScratchDir dir(std::vector<std::pair<std::string, std::string>>{
      {"g/game.toml", "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"deck.toml\"]\n"},
      {"g/deck.toml",
       "[deck]\nid = \"d\"\nname = \"D\"\nsize = \"poker\"\n"
       "face = \"x/face\"\n\n[[card]]\nid = \"a\"\nname = \"A\"\n"
       "count = 3.0\n\n[[card]]\nid = \"b\"\nname = \"B\"\ncount = 3.5\n"}});
  Diagnostics diags;
  Game game = load_game(dir.root, "g", diags);
  REQUIRE(game.decks.size() == 1);
  CHECK(game.decks[0].cards[0].count == 3);
  require_diagnostic(diags, "data/wrong-type", "g/deck.toml", 15, 9,
                     "'count' in card 'b' must be an integer, found a number \"3.5\"");
}

TEST_CASE("a component listed twice is one error at its second mention") {
  bocage::test::ScratchDir dir(std::vector<std::pair<std::string, std::string>>{
      {"g/game.toml",
       "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"deck.toml\",\n  \"./deck.toml\"]\n"},
      {"g/deck.toml",
       "[deck]\nid = \"d\"\nname = \"D\"\nsize = \"poker\"\nface = \"x/face\"\n"
       "\n[[card]]\nid = \"a\"\nname = \"A\"\n"}});
  Diagnostics diags;
  load_game(dir.root, "g", diags);
  CHECK(diags.error_count() == 1);
  require_diagnostic(diags, "data/duplicate-component", "g/game.toml", 5, 3,
                     "'./deck.toml' is listed twice in components (also on line 4)");
}

TEST_CASE("diagnostics print as path:line:col: error: message [code]") {
  auto diags = load_bad("wrong-type");
  CHECK_THAT(
      diags.format_all(),
      Catch::EndsWith("bad/wrong-type/deck.toml:16:8: error: 'ammo' in card 'a' must be a number, "
                      "found a string \"three\" [data/wrong-type]\n"));
}

TEST_CASE("ids that differ only in case are refused: their files would meet on a case-blind disk") {
  bocage::test::ScratchDir dir(std::vector<std::pair<std::string, std::string>>{
      {"g/game.toml", "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"a.toml\", \"b.toml\"]\n"},
      {"g/a.toml",
       "[deck]\nid = \"units\"\nname = \"U\"\nsize = \"poker\"\nface = \"t/f\"\n"
       "[[card]]\nid = \"rifle\"\nname = \"R\"\n[[card]]\nid = \"Rifle\"\nname = \"R2\"\n"},
      {"g/b.toml",
       "[deck]\nid = \"Units\"\nname = \"U\"\nsize = \"poker\"\nface = \"t/f\"\n"
       "[[card]]\nid = \"mg\"\nname = \"M\"\n"}});
  Diagnostics diags;
  load_game(dir.root, "g", diags);
  INFO(diags.format_all());
  require_diagnostic(diags, "data/duplicate-id", "g/a.toml", 9, 1,
                     "the ids 'Rifle' and 'rifle' (at ");
  CHECK_THAT(find_code(diags, "data/duplicate-id")->hint.en,
             Catch::Contains("on a disk that ignores case"));
  require_diagnostic(diags, "data/duplicate-id", "g/b.toml", 1, 1,
                     "the ids 'Units' and 'units' (at ", 1);
  CHECK(diags.error_count() == 2);
}
