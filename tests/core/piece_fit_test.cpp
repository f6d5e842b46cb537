// Pieces that fit their places: the hexes of a map, a board's locations and
// a track's boxes hold the pieces listed for them, with a millimetre to spare
// on each side to pick one up (SQUAD's 19.05 mm counters on 18 mm hexes did
// not).
#include "core/piece_fit.h"

#include <catch2/catch.hpp>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "core/game_loader.h"

using namespace bocage;
using bocage::test::find_code;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

namespace {

const std::string kGame =
    "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"counters.toml\", \"small.toml\", "
    "\"place.toml\"]\n";

// Line numbers matter: the warnings point at `pieces`.
std::string deck(const std::string& id, const std::string& size) {
  return "[deck]\nid = \"" + id + "\"\nkind = \"counters\"\nname = \"N\"\nsize = " + size +
         "\nface = \"t/face\"\n[[card]]\nid = \"" + id + "-1\"\nname = \"A\"\n";
}

std::string map(double hex, const std::string& pieces) {
  return "[map]\nid = \"m\"\nname = \"M\"\ncolumns = 3\nrows = 3\nhex_size = " +
         std::to_string(hex) + "\npieces = " + pieces +
         "\ndefault_terrain = \"open\"\n[map.terrain.open]\nname = \"Open\"\nfill = \"#eeeeee\"\n";
}

Diagnostics load(const std::string& place) {
  ScratchDir dir({{"g/game.toml", kGame},
                  {"g/counters.toml", deck("counters", "\"3/4in\"")},
                  {"g/small.toml", deck("small", "[12, 12]")},
                  {"g/place.toml", place}});
  Diagnostics diags;
  load_game(dir.root, "g", diags);
  return diags;
}

const Diagnostic* fit_warning(const Diagnostics& diags, int nth = 0) {
  return find_code(diags, "data/piece-fit", nth);
}

}  // namespace

TEST_CASE("piece fit: a 3/4 in counter needs a hex of 21.05 mm across flats") {
  // SQUAD's old map: 18 mm hexes.
  Diagnostics tight = load(map(18, "[\"counters\", \"small\"]"));
  INFO(tight.format_all());
  CHECK_FALSE(tight.has_errors());
  const Diagnostic* w = fit_warning(tight);
  REQUIRE(w);
  CHECK(w->severity == Severity::warning);
  CHECK(w->pos.file.ends_with("g/place.toml"));
  CHECK(w->pos.line == 7);
  CHECK_THAT(w->message.en, Catch::Contains("the pieces of deck 'counters' (19.05 mm) do not "
                                            "fit a hex of map 'm' (18 mm across flats)"));
  CHECK_THAT(w->message.ja, Catch::Contains("19.05 mm"));
  CHECK_THAT(w->hint.en, Catch::Contains("16 mm or less, or the place 21.05 mm or more"));
  CHECK_FALSE(fit_warning(tight, 1));  // the 12 mm pieces fit

  // 21 mm: 1.95 mm to spare in all, short of a millimetre a side.
  CHECK(fit_warning(load(map(21, "[\"counters\"]"))));
  // Stuart vs Zombies' and SQUAD's 22 mm hexes hold them.
  Diagnostics roomy = load(map(22, "[\"counters\"]"));
  INFO(roomy.format_all());
  CHECK_FALSE(fit_warning(roomy));
  CHECK(roomy.items().empty());
}

TEST_CASE("piece fit: a board's smallest location and each track's boxes") {
  const std::string board =
      "[board]\nid = \"b\"\nname = \"B\"\npieces = [\"counters\"]\n"
      "[board.location.cafe]\nname = \"Cafe\"\nat = [40, 40]\nsize = [50, 30]\n"
      "[board.location.well]\nname = \"Well\"\nat = [100, 40]\nsize = [20, 40]\n"
      "[[board.track]]\nid = \"days\"\nname = \"D\"\nat = [0, 0]\nbox = [16, 16]\ncount = 5\n"
      "pieces = [\"small\"]\n"
      "[[board.track]]\nid = \"morale\"\nname = \"M\"\nat = [0, 20]\nbox = [13, 17]\ncount = 5\n"
      "pieces = [\"small\", \"small\"]\n";
  Diagnostics diags = load(board);
  INFO(diags.format_all());
  CHECK_FALSE(diags.has_errors());
  const Diagnostic* well = fit_warning(diags);
  REQUIRE(well);
  CHECK(well->pos.line == 4);
  CHECK_THAT(well->message.en,
             Catch::Contains("do not fit the board's smallest location 'well' (20 mm across)"));
  const Diagnostic* morale = fit_warning(diags, 1);
  REQUIRE(morale);
  CHECK(morale->pos.line == 26);
  CHECK_THAT(morale->message.en,
             Catch::Contains("deck 'small' (12 mm) do not fit a box of track 'morale' (13 mm"));
  CHECK_FALSE(fit_warning(diags, 2));  // 16 mm days boxes hold 12 mm markers; 'small' once
}

TEST_CASE("piece fit: an unknown deck in pieces is an error with a suggestion") {
  Diagnostics diags = load(map(22, "[\"counter\"]"));
  require_diagnostic(diags, "data/unknown-deck", "g/place.toml", 7, 10, "no deck 'counter'");
  CHECK(find_code(diags, "data/unknown-deck")->hint.en == "did you mean 'counters'?");
}
