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
  void require_error(const std::string& code, const std::string& ja, const std::string& en) const {
    test::EditedGameData::require_error(load_mq_rules, code, ja, en);
  }
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

TEST_CASE("maquis rules: every data error is said in Japanese and in English") {
  SECTION("a board that the game does not have") {
    EditedData("companion.toml", "board = \"town\"", "board = \"city\"")
        .require_error("companion/unknown-board", "ボード「city」はありません", "no board 'city'");
  }
  SECTION("a deck that the game does not have") {
    EditedData("companion.toml", "patrol_deck = \"patrol\"", "patrol_deck = \"patrols\"")
        .require_error("companion/unknown-deck", "デッキ「patrols」はありません",
                       "no deck 'patrols' in this game");
  }
  SECTION("a resource without its symbol") {
    EditedData("companion.toml", "resources = [\"intel\"", "resources = [\"intell\"")
        .require_error("companion/unknown-resource",
                       "資源「intell」のシンボルが game.toml にありません",
                       "no symbol 'intell' in game.toml for this resource");
  }
  SECTION("a resource without tokens") {
    EditedData("tokens.toml", "id = \"intel\"", "id = \"intel-2\"")
        .require_error("companion/no-tokens", "デッキ「tokens」に「intel」のトークンがありません",
                       "the token deck 'tokens' prints no 'intel' token");
  }
  SECTION("an icon the companion does not know in a location's action") {
    EditedData("board.toml", "ja = \":money: → :weapons:\"", "ja = \":money: → :rifles:\"")
        .require_error("companion/bad-action",
                       "場所「fence」: 行動「:money: → :rifles:」の「rifles」",
                       "location 'fence': the action ':money: → :rifles:' has 'rifles'");
  }
  SECTION("a safe house that is not on the board") {
    EditedData("companion.toml", "safe_house = \"safe-house\"", "safe_house = \"safehouse\"")
        .require_error("companion/unknown-location",
                       "ボード「town」に場所「safehouse」はありません",
                       "no location 'safehouse' on the board 'town'");
  }
  SECTION("one mission exit instead of two") {
    EditedData("board.toml", "action = { ja = \":mission:\"", "action = { ja = \":intel:\"")
        .require_error("companion/mission-exits", ":mission: のある場所は 1か所です",
                       "the board has one location with :mission:; the game needs exactly 2");
  }
  SECTION("a track missing") {
    EditedData("board.toml", "id = \"soldiers\"", "id = \"troops\"")
        .require_error("companion/missing-track", "トラック「soldiers」が必要です",
                       "the board needs a track 'soldiers'");
  }
  SECTION("a morale box without its red number") {
    EditedData("board.toml", "{ label = \"1\", second = \"5\" }", "{ label = \"1\" }")
        .require_error("companion/morale-red",
                       "士気トラックのマス 1 に赤字のパトロール数が必要です",
                       "the morale track's box 1 needs its red number of patrols");
  }
  SECTION("a patrol card naming no location of the board") {
    EditedData("patrol-deck.toml", "en = \"Radio B\"", "en = \"Radio C\"")
        .require_error(
            "companion/patrol-location",
            "パトロールカード「patrol-01」: 「Radio C」（first）はボードのどの場所でもありません",
            "patrol card 'patrol-01': 'Radio C' (first) is no location of the board");
  }
  SECTION("a mission without its first box") {
    EditedData("mission-deck.toml", "box1 = [\"intel\"]\n", "")
        .require_error("companion/mission-boxes", "に box1 がありません", "has no box1");
  }
  SECTION("a single mission card") {
    EditedData d("mission-deck.toml", "[[card]]", "[[card]]");
    const std::string text = d.read("mission-deck.toml");
    const size_t second = text.find("[[card]]", text.find("[[card]]") + 1);
    REQUIRE(second != std::string::npos);
    d.write("mission-deck.toml", text.substr(0, second));
    d.require_error("companion/missions", "ミッションカードが少なくとも2枚必要です",
                    "the game needs at least 2 mission cards");
  }
  SECTION("a spare-room tile whose action is not in the board's notation") {
    EditedData("spare-room-tiles.toml", "action = \":intel: → :money:\"",
               "action = \":intel: → :money: → :food:\"")
        .require_error(
            "companion/bad-action",
            "空き部屋タイル「forger」: 行動「:intel: → :money: → :food:」がボードの表記",
            "spare-room tile 'forger': its action ':intel: → :money: → :food:' is not");
  }
  SECTION("a level's drop naming no resource") {
    EditedData("companion.toml", "drop = { money = 2, weapons = 2, food = 4 }",
               "drop = { cash = 2, weapons = 2, food = 4 }")
        .require_error("companion/unknown-resource",
                       "レベル「very-easy」: drop の「cash」は資源ではありません",
                       "level 'very-easy': the drop names 'cash', no resource");
  }
  SECTION("a level that the option offers but no [[level]] declares") {
    EditedData("companion.toml", "id = \"very-hard\"", "id = \"very-very-hard\"")
        .require_error("companion/unknown-level",
                       "値「very-hard」に対応する [[level]] がありません",
                       "the option 'level' offers 'very-hard', which has no [[level]]");
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
