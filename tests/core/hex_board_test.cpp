// HexBoard: a printed map by dense index, as the rules and the page use it.
#include "core/hex_board.h"

#include <catch2/catch.hpp>

#include "../scratch_dir.h"
#include "core/game_loader.h"

using namespace bocage;
using bocage::test::ScratchDir;

namespace {

// Four columns of three rows, 0101 missing; 0302 a town labelled ★, 0203
// labelled 0302 (a label that is another hex's coordinate: the label wins).
const std::string kGame = "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"map.toml\"]\n";
const std::string kMap =
    "[map]\nid = \"m\"\nname = \"M\"\ncolumns = 4\nrows = 3\nhex_size = 20\ndefault_terrain = "
    "\"field\"\nmissing = [\"0101\"]\n"
    "[map.terrain.field]\nname = \"Field\"\nfill = \"#eeeeaa\"\n"
    "[map.terrain.town]\nname = \"Town\"\nfill = \"#ccbbaa\"\n"
    "[[map.hex]]\nat = \"0302\"\nterrain = \"town\"\nlabel = \"★\"\n"
    "[[map.hex]]\nat = \"0203\"\nlabel = \"0302\"\n";

}  // namespace

TEST_CASE("hex board: each hex by index with its printed coordinate, label and neighbours") {
  ScratchDir dir({{"g/game.toml", kGame}, {"g/map.toml", kMap}});
  Diagnostics diags;
  const Game g = load_game(dir.root, "g", diags);
  INFO(diags.format_all());
  REQUIRE_FALSE(diags.has_errors());
  const HexMap& map = *g.map("m");
  const HexBoard b(map);
  REQUIRE(b.size() == 12);
  REQUIRE(b.rows() == 3);
  int existing = 0;
  for (int i = 0; i < b.size(); ++i) existing += b.exists(i);
  CHECK(existing == 11);
  CHECK_FALSE(b.exists(b.index({0, 0})));
  CHECK_FALSE(b.exists(-1));
  CHECK_FALSE(b.exists(12));
  CHECK_FALSE(b.has({4, 0}));  // off the grid
  // Index and hex agree; what is printed on each.
  const int star = b.index({2, 1});
  CHECK(b.at(star).col == 2);
  CHECK(b.at(star).row == 1);
  CHECK(b.coordinate(star) == "0302");
  CHECK(b.label(star) == "★");
  CHECK(b.name(star) == "★ (0302)");
  CHECK(b.name(b.index({1, 0})) == "0201");
  // Looked up by what a player reads: a label first, then a coordinate.
  CHECK(b.find("★") == star);
  CHECK(b.find("0302") == b.index({1, 2}));  // 0203's label
  CHECK(b.find_coordinate("0302") == star);
  CHECK(b.find("0101") == -1);  // printed nowhere: the hex is missing
  CHECK(b.find("9999") == -1);
  // Neighbours: those that exist, as the grid orders them; symmetric.
  const auto& around = b.neighbours(b.index({1, 0}));
  for (int n : around) {
    CHECK(b.exists(n));
    CHECK(b.distance(n, b.index({1, 0})) == 1);
    const auto& back = b.neighbours(n);
    CHECK(std::find(back.begin(), back.end(), b.index({1, 0})) != back.end());
  }
  CHECK(std::find(around.begin(), around.end(), b.index({0, 0})) == around.end());
  std::vector<int> expected;
  for (HexCoord h : map.grid.neighbours({1, 0}))
    if (map.exists(h)) expected.push_back(b.index(h));
  CHECK(around == expected);
  // Drawn where the generator prints it.
  CHECK(b.centre(star).x == Approx(map.grid.center({2, 1}).x));
  CHECK(b.corners(star)[3].y == Approx(map.grid.corners({2, 1})[3].y));
  CHECK(b.extent().width == Approx(map.grid.extent().width));
}
