// SQUAD's hex-map variant as data (companion.toml [map_variant], sq_map.cpp):
// the printed map read through the loader, its terrain as the T cards'
// cover, the starting hexes by their printed labels; bad data is an error
// naming its file and what is wrong.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "companion/games/squad/sq_rules.h"
#include "game_data.h"

using namespace bocage;
using bocage::test::contains;

namespace {

struct EditedData : test::EditedGameData {
  EditedData(const std::string& from, const std::string& to)
      : test::EditedGameData("squad", "companion.toml", from, to) {}
  std::string errors() const { return test::EditedGameData::errors(load_sq_rules); }
};

}  // namespace

TEST_CASE("squad map data: the printed map with its cover and the starting hexes") {
  Diagnostics diags;
  auto r = load_sq_rules(test::data_root(), "squad", diags);
  INFO(diags.format_all());
  REQUIRE(r);
  const SqMapVariant& b = r->board;
  CHECK(b.hexes.size() == 11 * 9);
  // The T cards leave the deck (ruling 25): 121 - 18.
  CHECK(r->map_deck.size() == 103);
  // 0504 is a building: the Building card's cover; 0404 (米A) is open.
  const int building = b.hexes.find_coordinate("0504");
  REQUIRE(building >= 0);
  REQUIRE(b.card[size_t(building)] >= 0);
  CHECK(r->cards[size_t(b.card[size_t(building)])].id == "building");
  CHECK(r->cards[size_t(b.card[size_t(building)])].cover == -2);
  CHECK(b.open(b.hexes.find_coordinate("0404")));
  CHECK(r->cards[size_t(b.card[size_t(b.hexes.find_coordinate("1006"))])].id == "hill");
  // 米A-C and 独A-C, four hexes apart (long range).
  REQUIRE(b.start[0].size() == 3);
  REQUIRE(b.start[1].size() == 3);
  CHECK(b.hexes.coordinate(b.start[0][0]) == "0404");
  CHECK(b.hexes.coordinate(b.start[1][2]) == "0806");
  for (size_t i = 0; i < 3; ++i) CHECK(b.hexes.distance(b.start[0][i], b.start[1][i]) == 4);
  CHECK(b.hexes.find_coordinate("1215") == -1);
  CHECK(b.hexes.neighbours(b.hexes.find_coordinate("0101")).size() ==
        3);  // a corner: 0201, 0102, 0202
}

TEST_CASE("squad map data: bad [map_variant] values name the file and what is wrong") {
  SECTION("a map the game does not have") {
    EditedData data("map = \"village\"", "map = \"town\"");
    const std::string e = data.errors();
    CHECK(contains(e, "companion.toml"));
    CHECK(contains(e, "companion/unknown-map"));
    CHECK(contains(e, "there is no map 'town' in this game"));
  }
  SECTION("a starting hex the map does not print") {
    EditedData data("\"独C\"]", "\"独D\"]");
    const std::string e = data.errors();
    CHECK(contains(e, "companion/unknown-hex"));
    CHECK(contains(e, "the map 'village' has no hex '独D'"));
    CHECK(contains(e, "seat2 needs a starting hex for each of three squads"));
  }
  SECTION("a terrain that is no terrain card") {
    EditedData data("hill = \"hill\"", "hill = \"knife\"");
    const std::string e = data.errors();
    CHECK(contains(e, "companion/unknown-card"));
    CHECK(contains(e, "'knife' is not a terrain card (T) of the deck"));
    CHECK(contains(e, "the map's terrain 'hill' stands for no terrain card"));
  }
  SECTION("a terrain the map does not have") {
    EditedData data("hill = \"hill\"", "hill = \"hill\", swamp = \"gulley\"");
    const std::string e = data.errors();
    CHECK(contains(e, "companion/unknown-terrain"));
    CHECK(contains(e, "the map 'village' has no terrain 'swamp'"));
  }
  SECTION("a misspelt key") {
    EditedData data("seat1 =", "seat01 =");
    const std::string e = data.errors();
    CHECK(contains(e, "seat01"));
    CHECK(contains(e, "seat1"));
  }
}
