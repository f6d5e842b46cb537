// Decks whose cards come from a spreadsheet: read as TOML cards are, every
// error at the spreadsheet's row and column with the cell named as Excel does.
#include "core/card_sheet.h"

#include <catch2/catch.hpp>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "core/game_loader.h"

using namespace bocage;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

namespace {

const std::string kGame =
    "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"deck.toml\"]\n"
    "[symbols]\nAT = { name = \"対戦車\", icon = \"at\" }\n";

const std::string kDeck =
    "[deck]\nid = \"d\"\nname = \"D\"\nsize = \"poker\"\nface = \"f\"\ncards = \"cards.csv\"\n"
    "[deck.fields]\nammo = \"number\"\nrule = \"text\"\nsymbols = \"symbols\"\nelite = \"flag\"\n";

struct Loaded {
  Game game;
  Diagnostics diags;
};

Loaded load(const std::string& csv, const std::string& deck = kDeck,
            const std::string& name = "cards.csv") {
  ScratchDir dir({{"g/game.toml", kGame}, {"g/deck.toml", deck}, {"g/" + name, csv}});
  Loaded out;
  out.game = load_game(dir.root, "g", out.diags);
  return out;
}

}  // namespace

TEST_CASE("a deck takes its cards from a CSV with typed fields and counts in both languages") {
  auto [game, diags] = load(
      "id,name.ja,name.en,count,ammo,rule.ja,symbols,elite\n"
      "m1,\"M1 ガーランド\",M1 Garand,3,8,\"射撃、再装填\",AT,yes\n"
      "bar,BAR,\"Browning, Automatic\",,20.5,,,FALSE\n");
  INFO(diags.format_all());
  REQUIRE(diags.empty());
  REQUIRE(game.decks.size() == 1);
  const auto& cards = game.decks[0].cards;
  REQUIRE(cards.size() == 2);
  CHECK(cards[0].id == "m1");
  CHECK(cards[0].name.ja == "M1 ガーランド");
  CHECK(cards[0].name.en == "M1 Garand");
  CHECK(cards[0].count == 3);
  CHECK(cards[0].field("ammo")->number == 8);
  CHECK(cards[0].field("rule")->text.ja == "射撃、再装填");
  CHECK(cards[0].field("symbols")->symbols == std::vector<std::string>{"AT"});
  CHECK(cards[0].field("elite")->flag);
  CHECK(cards[0].pos.line == 2);
  CHECK(cards[0].field("ammo")->pos.line == 2);
  CHECK(cards[0].field("ammo")->pos.column == 5);
  CHECK(cards[1].name.en == "Browning, Automatic");
  CHECK(cards[1].count == 1);
  CHECK(cards[1].field("ammo")->number == 20.5);
  CHECK(cards[1].field("rule") == nullptr);
  CHECK_FALSE(cards[1].field("elite")->flag);
}

TEST_CASE("a TSV from Japanese Excel in a declared CP932") {
  std::string deck = kDeck;
  deck.replace(deck.find("cards.csv"), 9, "cards.tsv\"\nencoding = \"cp932");
  // 歩兵 in Shift_JIS
  auto [game, diags] = load("id\tname\nm1\t\x95\xE0\x95\xBA\n", deck, "cards.tsv");
  INFO(diags.format_all());
  REQUIRE(diags.empty());
  CHECK(game.decks[0].cards[0].name.ja == "歩兵");
}

TEST_CASE("a count written 3.0 by a spreadsheet is 3 and 3.5 is refused at its cell") {
  auto r = load("id,name,count\nm1,M1,3.0\nm2,M2,3.5\n");
  REQUIRE(r.game.decks.size() == 1);
  CHECK(r.game.decks[0].cards[0].count == 3);
  require_diagnostic(r.diags, "data/wrong-type", "g/cards.csv", 3, 3,
                     "'count' in card 'm2' must be an integer, found a string \"3.5\"");
}

TEST_CASE("a wrong value in a cell gets the card reader's error at the cell") {
  auto diags = load("id,name,ammo,count\nm1,M1,eight,2\nm2,M2,3,0\n").diags;
  require_diagnostic(
      diags, "data/wrong-type", "g/cards.csv", 2, 3,
      "'ammo' in card 'm1' must be a number, found a string \"eight\" (cell C2, column 'ammo')");
  require_diagnostic(diags, "data/bad-count", "g/cards.csv", 3, 4, "(cell D3, column 'count')");
  auto sym = load("id,name,symbols\nm1,M1,AT XT\n").diags;
  require_diagnostic(sym, "data/unknown-symbol", "g/cards.csv", 2, 3, "unknown symbol 'XT'");
  auto bad_id = load("id,name\nm 1,M1\n").diags;
  require_diagnostic(bad_id, "data/bad-id", "g/cards.csv", 2, 1, "(cell A2, column 'id')");
}

TEST_CASE("a required field left empty points at its row") {
  std::string deck = kDeck + "power = { type = \"number\", required = true }\n";
  auto diags = load("id,name,power\nm1,M1,\n", deck).diags;
  require_diagnostic(diags, "data/missing-key", "g/cards.csv", 2, 1,
                     "missing required key 'power' in card 'm1'");
}

TEST_CASE("header errors are reported once at the header cell") {
  auto diags = load("id,name,amo\nm1,M1,3\nm2,M2,4\n").diags;
  require_diagnostic(diags, "data/unknown-key", "g/cards.csv", 1, 3,
                     "column C header 'amo' is not a field of the deck");
  CHECK(diags.items()[0].hint.en == "did you mean 'ammo'?");
  CHECK(diags.error_count() == 1);
  require_diagnostic(load("id,name,name.ja\nm1,M1,x\n").diags, "data/sheet-header", "g/cards.csv",
                     1, 3, "column C repeats the header 'name.ja' of column B");
  require_diagnostic(load("id,name,ammo.ja\nm1,M1,3\n").diags, "data/sheet-header", "g/cards.csv",
                     1, 3, "only name and text fields take '.ja' or '.en'");
  require_diagnostic(load("id,ammo\nm1,3\n").diags, "data/sheet-header", "g/cards.csv", 1, 1,
                     "the spreadsheet has no 'name' column");
  require_diagnostic(load("id,name\nm1,M1,extra\n").diags, "data/sheet-header", "g/cards.csv", 1, 3,
                     "column C has no name in the header row but holds data");
  require_diagnostic(load("\n\n").diags, "data/sheet-header", "g/cards.csv", 1, 1,
                     "has no header row");
}

TEST_CASE("a header without cards or a bad encoding name or a path outside the game") {
  require_diagnostic(load("id,name\n").diags, "data/empty-deck", "g/deck.toml", 1, 1,
                     "deck 'd' has no cards");
  std::string deck = kDeck + "";
  deck.replace(deck.find("[deck.fields]"), 0, "encoding = \"sjis\"\n");
  auto diags = load("id,name\nm1,M1\n", deck).diags;
  require_diagnostic(diags, "data/bad-value", "g/deck.toml", 7, 12, "unknown encoding 'sjis'");
  deck = kDeck;
  deck.replace(deck.find("cards.csv"), 9, "../../etc/passwd");
  require_diagnostic(load("", deck).diags, "data/path-outside-root", "g/deck.toml", 6, 9,
                     "../../etc/passwd");
  deck = kDeck;
  deck.erase(deck.find("cards = \"cards.csv\"\n"), 20);
  require_diagnostic(load("", deck).diags, "data/empty-deck", "g/deck.toml", 1, 1,
                     "give it [[card]] tables or cards = \"file.csv\"");
}

TEST_CASE("the same card id in the TOML and in the spreadsheet is a duplicate") {
  std::string deck = kDeck + "[[card]]\nid = \"m1\"\nname = \"M1\"\n";
  auto diags = load("id,name\nm1,M1\n", deck).diags;
  require_diagnostic(diags, "data/duplicate-id", "g/cards.csv", 2, 1, "m1");
}
