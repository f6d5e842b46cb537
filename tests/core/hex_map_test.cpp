#include "core/hex_map.h"

#include <catch2/catch.hpp>
#include <set>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "core/game_loader.h"

using namespace bocage;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

namespace {

const std::string kGame = "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"map.toml\"]\n";

Game load(const std::string& map, Diagnostics& diags) {
  ScratchDir dir({{"g/game.toml", kGame}, {"g/map.toml", map}});
  return load_game(dir.root, "g", diags);
}

const std::string kMap =
    "[map]\nid = \"m\"\nname = \"M\"\ncolumns = 4\nrows = 3\nhex_size = 20\ndefault_terrain = "
    "\"field\"\n"
    "missing = [\"0101\"]\n"
    "[map.terrain.field]\nname = \"Field\"\nfill = \"#eeeeaa\"\n"
    "[map.terrain.town]\nname = \"Town\"\nfill = \"#ccbbaa\"\n";

}  // namespace

TEST_CASE("a map lists the hexes that exist, their terrain and labels") {
  Diagnostics diags;
  Game g = load(kMap + "[[map.hex]]\nat = \"0302\"\nterrain = \"town\"\nlabel = \"★\"\n", diags);
  INFO(diags.format_all());
  REQUIRE_FALSE(diags.has_errors());
  const HexMap* m = g.map("m");
  REQUIRE(m);
  CHECK(m->hexes.size() == 11);
  CHECK_FALSE(m->exists({0, 0}));
  CHECK(m->exists({3, 2}));
  CHECK(m->find_label("★") == HexCoord{2, 1});
  CHECK(m->hex({2, 1})->terrain == "town");
  CHECK(m->coordinate({2, 1}) == "0302");
  CHECK(m->used_terrain().size() == 2);
}

TEST_CASE("map errors: coordinates off the map, unknown terrain, bad grids") {
  Diagnostics diags;
  load(kMap +
           "[[map.hex]]\nat = \"0909\"\n[[map.hex]]\nat = \"0201\"\nterrain = "
           "\"swamp\"\n[[map.hex]]\nat = \"0101\"\n",
       diags);
  require_diagnostic(diags, "data/bad-hex", "g/map.toml", 16, 6,
                     "'0909' is not a hex of this 4 x 3 map");
  require_diagnostic(diags, "data/unknown-terrain", "g/map.toml", 19, 11,
                     "unknown terrain 'swamp'");
  require_diagnostic(diags, "data/bad-hex", "g/map.toml", 21, 6, "hex 0101 is listed as missing",
                     1);
  Diagnostics grid;
  std::string bad = kMap;
  bad.replace(bad.find("hex_size = 20"), 13, "hex_size = 2");
  bad.replace(bad.find("columns = 4"), 11, "columns = 0");
  bad.replace(bad.find("[map]\n"), 6, "[map]\norientation = \"diagonal\"\nlabel_format = \"%x\"\n");
  load(bad, grid);
  require_diagnostic(grid, "data/bad-value", "g/map.toml", 2, 15,
                     "unknown orientation 'diagonal' (expected flat or pointy)");
  require_diagnostic(grid, "data/bad-value", "g/map.toml", 6, 11, "1 to 200 columns and rows", 1);
  require_diagnostic(grid, "data/bad-value", "g/map.toml", 8, 12,
                     "hex_size (across flats) must be 5 to 200 mm", 2);
  require_diagnostic(grid, "data/bad-value", "g/map.toml", 3, 16,
                     "after % comes a width and c (column) or r (row)", 3);
}

TEST_CASE("the shipped Stuart vs Zombies map: hexes 1-8, Carentan, and paths between them") {
  Diagnostics diags;
  Game g = load_game(std::string(BOCAGE_TEST_SOURCE_ROOT) + "/data", "stuart-vs-zombies", diags);
  INFO(diags.format_all());
  REQUIRE_FALSE(diags.has_errors());
  const HexMap* m = g.map("carentan");
  REQUIRE(m);
  auto carentan = m->find_label("★");
  REQUIRE(carentan);
  for (int n = 1; n <= 8; ++n) {
    auto h = m->find_label(std::to_string(n));
    REQUIRE(h);
    // Every numbered hex can be reached from Carentan over existing hexes.
    std::set<HexCoord> seen{*carentan};
    std::vector<HexCoord> frontier{*carentan};
    while (!frontier.empty()) {
      HexCoord at = frontier.back();
      frontier.pop_back();
      for (auto next : m->grid.neighbours(at))
        if (m->exists(next) && seen.insert(next).second) frontier.push_back(next);
    }
    CHECK(seen.count(*h));
  }
}

TEST_CASE("hexside features lie between neighbours, drawn on the edge or through the centres") {
  Diagnostics diags;
  const std::string sides =
      "[map.hexside.hedge]\nname = \"Hedge\"\nstroke = \"#336622\"\nwidth = 1.5\n"
      "[map.hexside.road]\nname = \"Road\"\nstroke = \"#886633\"\ndraw = \"through\"\n"
      "[[map.side]]\nbetween = [\"0202\", \"0203\"]\ntype = \"hedge\"\n"
      "[[map.side]]\nbetween = [\"0202\", \"0302\"]\ntype = \"road\"\n";
  Game g = load(kMap + sides, diags);
  INFO(diags.format_all());
  REQUIRE_FALSE(diags.has_errors());
  const HexMap* m = g.map("m");
  REQUIRE(m->hexsides.size() == 2);
  CHECK(m->hexside({1, 2}, {1, 1})->type == "hedge");  // either order
  CHECK(m->hexside_types.at("road").through_centres);
  CHECK(m->hexside_types.at("hedge").width_mm == 1.5);
  CHECK(m->used_hexside_types().size() == 2);
  CHECK(m->hexside({0, 1}, {1, 1}) == nullptr);

  Diagnostics bad;
  load(kMap + sides +
           "[[map.side]]\nbetween = [\"0202\", \"0402\"]\ntype = \"hedge\"\n"
           "[[map.side]]\nbetween = [\"0202\", \"0203\"]\ntype = \"hegde\"\n",
       bad);
  require_diagnostic(bad, "data/bad-hexside", "g/map.toml", 30, 11,
                     "0202 and 0402 are not neighbours");
  require_diagnostic(bad, "data/unknown-hexside", "g/map.toml", 34, 8,
                     "unknown hexside type 'hegde'");
  CHECK(bocage::test::find_code(bad, "data/unknown-hexside")->hint.en == "did you mean 'hedge'?");
}

TEST_CASE("coordinates sit at the top or the bottom of a hex, counters may have round corners") {
  Diagnostics diags;
  std::string map = kMap;
  map.replace(map.find("[map]\n"), 6, "[map]\ncoordinates = \"bottom\"\n");
  Game g = load(map, diags);
  REQUIRE_FALSE(diags.has_errors());
  CHECK(g.map("m")->coordinates_at_bottom);
  Diagnostics bad;
  map = kMap;
  map.replace(map.find("[map]\n"), 6, "[map]\ncoordinates = \"left\"\n");
  load(map, bad);
  require_diagnostic(bad, "data/bad-value", "g/map.toml", 2, 15,
                     "coordinates go at the 'top' or 'bottom'");
  Diagnostics shipped;
  Game svz =
      load_game(std::string(BOCAGE_TEST_SOURCE_ROOT) + "/data", "stuart-vs-zombies", shipped);
  CHECK(svz.deck("counters")->corner_radius_mm == 1);
}
