#include "core/board.h"

#include <catch2/catch.hpp>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "core/game_loader.h"

using namespace bocage;
using bocage::test::require_diagnostic;

TEST_CASE("a board: locations, connections and tracks") {
  Diagnostics diags;
  Game g = load_game(std::string(BOCAGE_FIXTURES) + "/board", "town", diags);
  INFO(diags.format_all());
  REQUIRE_FALSE(diags.has_errors());
  const Board* b = g.board("town");
  REQUIRE(b);
  CHECK(b->locations.size() == 4);
  CHECK(b->locations.at("radio").circle);
  CHECK(b->locations.at("radio").size.width == 34);
  CHECK(b->locations.at("safe-house").action.en == "Place an agent.");
  CHECK(b->neighbours("cafe") == std::vector<std::string>{"safe-house", "radio"});
  REQUIRE(b->tracks.size() == 2);
  const Track& morale = b->tracks[0];
  CHECK(morale.boxes.size() == 8);
  CHECK(morale.boxes[0].label == "Fail");
  CHECK(morale.boxes[3].second == "4");
  const Track& days = b->tracks[1];
  REQUIRE(days.boxes.size() == 15);
  CHECK(days.boxes[1].marked);
  CHECK_FALSE(days.boxes[2].marked);
  CHECK(b->track_box(days, 9).x == Approx(10 + 10));  // the second row starts again at the left
  CHECK(b->track_box(days, 9).y == Approx(170));
}

TEST_CASE("board errors: unknown locations and track boxes") {
  bocage::test::ScratchDir dir(
      {{"g/game.toml", "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"b.toml\"]\n"},
       {"g/b.toml",
        "[board]\nid = \"b\"\nname = \"B\"\n[board.location.cafe]\nname = \"Cafe\"\nat = [10, 10]\n"
        "[[board.connection]]\nbetween = [\"cafe\", \"caffe\"]\n"
        "[[board.track]]\nid = \"d\"\nname = \"D\"\nat = [0, 0]\ncount = 5\nmarked = [\"9\"]\n"
        "[[board.track]]\nid = \"e\"\nname = \"E\"\nat = [0, 0]\n"}});
  Diagnostics diags;
  load_game(dir.root, "g", diags);
  require_diagnostic(diags, "data/unknown-location", "g/b.toml", 8, 11, "unknown location 'caffe'");
  CHECK(bocage::test::find_code(diags, "data/unknown-location")->hint.en == "did you mean 'cafe'?");
  require_diagnostic(diags, "data/bad-value", "g/b.toml", 14, 10, "track 'd' has no box '9'");
  require_diagnostic(diags, "data/missing-key", "g/b.toml", 15, 1, "track 'e' has no boxes");
}

TEST_CASE("board: path search along connections, around blocked locations") {
  Board b;
  for (const char* id : {"cafe", "safe", "radio", "docks", "farm"}) b.locations[id].id = id;
  b.connections = {{"cafe", "safe", {}},
                   {"safe", "radio", {}},
                   {"cafe", "docks", {}},
                   {"docks", "farm", {}},
                   {"farm", "radio", {}}};
  CHECK(b.path("cafe", "radio") == std::vector<std::string>{"cafe", "safe", "radio"});
  CHECK(b.distance("cafe", "radio") == 2);
  CHECK(b.path("cafe", "radio", {"safe"}) ==
        std::vector<std::string>{"cafe", "docks", "farm", "radio"});
  CHECK(b.path("cafe", "radio", {"safe", "farm"}).empty());
  CHECK(b.distance("cafe", "radio", {"safe", "farm"}) == -1);
  CHECK(b.path("cafe", "cafe") == std::vector<std::string>{"cafe"});
  CHECK(b.path("cafe", "nowhere").empty());
  CHECK(b.path("safe", "radio", {"radio"}).size() == 2);  // the goal may be blocked: it is the end
}
