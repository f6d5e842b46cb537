// Every data error path of the loader, each from a small game written for the test.
#include <catch2/catch.hpp>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "core/game_loader.h"

using namespace bocage;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

namespace {

const std::string kGame =
    "[game]\n"
    "id = \"g\"\n"
    "name = { ja = \"ゲーム\", en = \"Game\" }\n"
    "components = [\"deck.toml\"]\n";

const std::string kDeckHead =
    "[deck]\n"
    "id = \"d\"\n"
    "name = { ja = \"デッキ\", en = \"Deck\" }\n"
    "size = \"poker\"\n"
    "face = \"f\"\n";

Diagnostics load(const std::string& game, const std::string& deck) {
  ScratchDir dir({{"g/game.toml", game}, {"g/deck.toml", deck}});
  Diagnostics diags;
  load_game(dir.root, "g", diags);
  return diags;
}

const std::string kCard = "\n[[card]]\nid = \"c\"\nname = \"カード\"\n";

}  // namespace

TEST_CASE("deck sizes: unknown names and sizes that are not positive") {
  std::string deck = kDeckHead;
  deck.replace(deck.find("\"poker\""), 7, "\"pokr\"");
  auto diags = load(kGame, deck + kCard);
  require_diagnostic(diags, "data/unknown-size", "g/deck.toml", 4, 8,
                     "unknown size 'pokr' in [deck]");
  CHECK(diags.items()[0].hint.en == "did you mean 'poker'?");
  deck = kDeckHead;
  deck.replace(deck.find("\"poker\""), 7, "[0, 88]");
  require_diagnostic(load(kGame, deck + kCard), "data/bad-size", "g/deck.toml", 4, 8,
                     "between 5 and 1000 mm");
  deck = kDeckHead;
  deck.replace(deck.find("\"poker\""), 7, "12");
  require_diagnostic(load(kGame, deck + kCard), "data/wrong-type", "g/deck.toml", 4, 8,
                     "'size' in [deck] must be a size name");
  deck = kDeckHead;
  deck.erase(deck.find("size = \"poker\"\n"), 15);
  require_diagnostic(load(kGame, deck + kCard), "data/missing-key", "g/deck.toml", 1, 1,
                     "missing required key 'size' in [deck]");
}

TEST_CASE("field declarations: unknown types, reserved names, bad forms") {
  auto diags = load(
      kGame, kDeckHead + "[deck.fields]\nammo = \"nubmer\"\nname = \"text\"\nflag = 3\n" + kCard);
  require_diagnostic(diags, "data/unknown-field-type", "g/deck.toml", 7, 8,
                     "unknown field type 'nubmer'");
  CHECK(bocage::test::find_code(diags, "data/unknown-field-type")->hint.en ==
        "did you mean 'number'?");
  require_diagnostic(diags, "data/reserved-field", "g/deck.toml", 8, 8,
                     "'name' is a built-in card key");
  require_diagnostic(diags, "data/wrong-type", "g/deck.toml", 9, 8,
                     "field 'flag' must be a type name");
}

TEST_CASE("a deck without cards, a card that is not a table, a required field left out") {
  require_diagnostic(load(kGame, "card = []\n" + kDeckHead), "data/empty-deck", "g/deck.toml", 2, 1,
                     "deck 'd' has no cards");
  require_diagnostic(load(kGame, "card = [3]\n" + kDeckHead), "data/wrong-type", "g/deck.toml", 1,
                     9, "each [[card]] must be a table");
  auto diags = load(
      kGame, kDeckHead + "[deck.fields]\nno = { type = \"number\", required = true }\n" + kCard);
  require_diagnostic(diags, "data/missing-key", "g/deck.toml", 9, 1,
                     "missing required key 'no' in card 'c'");
}

TEST_CASE("game.toml: id mismatch, components that are not names, missing component files") {
  std::string game = kGame;
  game.replace(game.find("id = \"g\""), 8, "id = \"x\"");
  require_diagnostic(load(game, kDeckHead + kCard), "data/id-mismatch", "g/game.toml", 2, 6,
                     "game id 'x' does not match its folder 'g'");
  game = kGame;
  game.replace(game.find("[\"deck.toml\"]"), 13, "[\"deck.toml\", 7, \"nope.toml\"]");
  auto diags = load(game, kDeckHead + kCard);
  require_diagnostic(diags, "data/wrong-type", "g/game.toml", 4, 28,
                     "'components' must list file names");
  require_diagnostic(diags, "data/missing-file", "g/game.toml", 4, 31, "cannot read '");
}

TEST_CASE("texts, symbols and fonts written wrongly") {
  auto diags = load(kGame +
                        "[fonts]\ngothic = \"A\"\nserif = \"B\"\n[symbols.X]\nname = "
                        "\"X\"\n[symbols.Y]\nicon = \"y\"\n",
                    kDeckHead + "\n[[card]]\nid = \"c\"\nname = {}\n");
  require_diagnostic(diags, "data/unknown-key", "g/game.toml", 7, 1,
                     "unknown key 'serif' in [fonts]");
  require_diagnostic(diags, "data/missing-key", "g/game.toml", 8, 1,
                     "missing required key 'icon' in [symbols.X]");
  require_diagnostic(diags, "data/missing-key", "g/game.toml", 10, 1,
                     "missing required key 'name' in [symbols.Y]", 1);
  require_diagnostic(diags, "data/missing-key", "g/deck.toml", 9, 8,
                     "'name' in card 'c' needs 'ja' or 'en'", 2);
}
