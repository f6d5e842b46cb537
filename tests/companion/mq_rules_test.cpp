// Maquis's data for the companion (mq_rules): the actions read from the
// notation the board prints, the patrol cards by their printed names, the
// tracks' red numbers and days; bad data is an error at its file and line.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "companion/games/maquis/mq_module.h"
#include "companion/games/maquis/mq_play.h"
#include "game_data.h"

using namespace bocage;
using bocage::test::contains;

namespace {

using test::data_root;

/// The game's data with one file's text replaced: `from` becomes `to`.
struct EditedData : test::EditedGameData {
  EditedData(const std::string& file, const std::string& from, const std::string& to)
      : test::EditedGameData("maquis", file, from, to) {}
  std::string errors() const { return test::EditedGameData::errors(load_mq_rules); }
};

}  // namespace

TEST_CASE("maquis rules: the board's notation, the cards and the tracks as printed") {
  Diagnostics diags;
  auto r = load_mq_rules(data_root(), "maquis", diags);
  INFO(diags.format_all());
  REQUIRE(r);
  CHECK(r->patrols.size() == 10);
  CHECK(r->missions.size() == 11);
  CHECK(r->resources.size() == 6);
  for (const auto& res : r->resources) CHECK(res.supply == 4);
  // A-01's examples: morale 3 gives 4 patrols, morale 7 gives 3.
  CHECK(r->red[3] == 4);
  CHECK(r->red[7] == 3);
  CHECK(r->orange[2]);
  CHECK(r->orange[6]);
  CHECK(r->orange[9]);
  CHECK(r->orange[12]);
  // The published patrol card: Radio B, Rue Baradat, Pont Leveque.
  const auto& p = r->patrols[0].locations;
  CHECK(r->locations[size_t(p[0])].id == "radio-b");
  CHECK(r->locations[size_t(p[1])].id == "rue-baradat");
  CHECK(r->locations[size_t(p[2])].id == "pont-leveque");
  // The black market: money -> explosives, or food -> money (B-02).
  const auto& bm = r->locations[size_t(r->location("black-market"))];
  REQUIRE(bm.choices.size() == 2);
  CHECK(bm.choices[0].id == "explosives");
  CHECK(bm.choices[0].pay[size_t(r->resource("money"))] == 1);
  CHECK(bm.choices[1].id == "money");
  CHECK(bm.choices[1].pay[size_t(r->resource("food"))] == 1);
  CHECK(r->locations[size_t(r->location("poor-district"))].starred);
  CHECK(r->locations[size_t(r->location("poor-district"))].choices[0].morale == 1);
  CHECK(r->locations[size_t(r->location("field-1"))].kind == MqLocation::Kind::field);
  CHECK(r->locations[size_t(r->location("mission-2"))].exit == 1);
  CHECK(r->level("very-easy").drop[size_t(r->resource("food"))] == 4);
}

TEST_CASE("maquis rules: bad data is an error at its place") {
  SECTION("an icon the companion does not know in a location's action") {
    EditedData d("board.toml", "ja = \":money: → :weapons:\"", "ja = \":money: → :rifles:\"");
    const std::string e = d.errors();
    CHECK(contains(e, "board.toml:"));
    CHECK(contains(e, "location 'fence': the action ':money: → :rifles:' has 'rifles'"));
  }
  SECTION("a patrol card naming no location of the board") {
    EditedData d("patrol-deck.toml", "en = \"Radio B\"", "en = \"Radio C\"");
    CHECK(contains(d.errors(), "patrol card 'patrol-01': 'Radio C' (first) is no location"));
  }
  SECTION("a level that the option offers but no [[level]] declares") {
    EditedData d("companion.toml", "id = \"very-hard\"", "id = \"very-very-hard\"");
    CHECK(contains(d.errors(), "the option 'level' offers 'very-hard', which has no [[level]]"));
  }
  SECTION("a safe house that is not on the board") {
    EditedData d("companion.toml", "safe_house = \"safe-house\"", "safe_house = \"safehouse\"");
    CHECK(contains(d.errors(), "companion.toml:"));
    CHECK(contains(d.errors(), "no location 'safehouse' on the board 'town'"));
  }
}

TEST_CASE("maquis rules: a shot that takes morale to Fail loses at once (B-06, 03)") {
  Diagnostics diags;
  auto r = load_mq_rules(data_root(), "maquis", diags);
  REQUIRE(r);
  MqSetup setup;
  setup.level = &r->level("normal");
  setup.virtual_mode = true;
  GameDice dice(1);
  PlayContext ctx(Lang::en, dice, false, {}, nullptr);
  MqState s;
  MqPlay play(*r, setup, s, ctx);
  play.setup();
  // The action phase with a milice on Radio A, a weapon in hand and morale 1.
  s.phase = MqPhase::action;
  s.to_place = 0;
  s.piece[size_t(r->location("radio-a"))] = MqPiece::milice;
  s.patrols_drawn = 1;
  s.hand[size_t(r->resource("weapons"))] = 1;
  s.morale.value = 1;
  REQUIRE_FALSE(play.shoot(r->location("radio-a")));
  CHECK(s.morale.value == 0);
  CHECK(s.soldiers.value == 1);
  CHECK(s.end == MqEnd::morale);
  CHECK(mq_check_invariants(*r, true, s).empty());
  // Soldiers are never shot (B-06).
  MqState t;
  MqPlay other(*r, setup, t, ctx);
  other.setup();
  t.phase = MqPhase::action;
  t.to_place = 0;
  t.piece[size_t(r->location("radio-a"))] = MqPiece::soldier;
  t.hand[size_t(r->resource("weapons"))] = 1;
  auto refusal = other.shoot(r->location("radio-a"));
  REQUIRE(refusal);
  CHECK(refusal->rule == "B-06");
  CHECK(refusal->message == "Soldiers cannot be shot");
}
