// Attack on Omaha Beach played through a session as a player would: table-mode
// games where the script says what each dealt card shows and what each turned
// card's back shows (a won game, each way to lose, every refusal), undo
// stopping at a reveal, resume, and virtual mode's deals from the seed.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "companion/games/omaha_beach/ob_play.h"
#include "ob_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {

/// A grid with a path of flat ground up the left column, wire beside it on
/// rows 1-2 and two obstacles in the far row (near row first, left to right).
const char* const kGrid = "deal -- flat wire wire flat wire wire flat hedgehog delta";

struct Script {
  ObGame& g;
  std::string played(const std::string& line) {
    const std::string out = g.run(line + "\n");
    INFO(line << "\n" << out);
    CHECK(g.status == 0);
    return out;
  }
  void refused(const std::string& line, const std::string& says) {
    const size_t before = g.session->history().size();
    const std::string out = g.run(line + "\n");
    INFO(line << "\n" << out);
    CHECK(g.status == 1);
    CHECK(contains(out, says));
    CHECK(g.session->history().size() == before);  // nothing logged
  }
};

}  // namespace

TEST_CASE("omaha beach: a won table-mode game crosses four grids and blows the nest") {
  ObGame g({}, 1, "en");
  Script s{g};
  s.played(kGrid);
  s.played("land left");
  // 4a and the sniper: flat ground draws fire, a round cancels it.
  const std::string first = s.played("move forward sniper -- clear");
  CHECK(contains(first, "A sniper round keeps the machine gun quiet (sniper left: 7)"));
  // A charge from an adjacent card; the mine under it is ignored (10).
  const std::string blow = s.played("blow right -- mine");
  CHECK(contains(blow, "A mine on a card turned by a charge is ignored (10)"));
  CHECK(g.state().charges.value == 7);
  CHECK(g.state().squad.value == 8);
  CHECK(g.state().at(1, 1).turned);
  s.played("move forward sniper -- clear");
  const std::string far = s.played("move forward sniper -- clear");
  CHECK(contains(far, "assault phase A1 is over, on to A2 (7, 8)"));
  CHECK(g.state().assault == 2);
  CHECK(g.state().row == 0);
  CHECK_FALSE(g.state().dealt);
  s.played(kGrid);
  for (int i = 0; i < 3; ++i) s.played("move forward sniper -- clear");
  CHECK(g.state().assault == 3);
  s.played(kGrid);
  s.played("move forward sniper -- clear");
  CHECK(contains(g.status_text(), "sniper LAST"));
  s.played("move forward sniper -- clear");
  CHECK(g.state().sniper.value == 0);  // 8 rounds, LAST the last of them
  s.refused("move forward sniper", "sniper: No sniper round is left");
  s.played("move forward -- clear");
  CHECK(g.state().assault == 4);
  CHECK(g.state().squad.value == 7);
  s.played(kGrid);
  s.refused("move forward", "11: Place the machine-gun nest first");
  s.refused("nest left", "11: The nest may not go in the squad's column (left)");
  s.played("nest centre");
  CHECK(g.state().at(3, 1).nest);
  CHECK(g.state().deck.size() ==
        16);  // 27 - 3 (start row) - 9 + 1  // the replaced card went back into the deck
  for (int i = 0; i < 3; ++i) s.played("move forward -- clear");
  CHECK(g.state().squad.value == 4);
  s.refused("move forward", "11: This is the far row: reach the nest by moving sideways");
  const std::string won = s.played("move right");
  CHECK(contains(won, "The squad storms the nest and blows it up!"));
  REQUIRE(g.outcome());
  CHECK(g.outcome()->victory);
  CHECK(g.outcome()->reason == "nest-destroyed");
  CHECK(g.state().squad.value == 3);    // the nest's fire
  CHECK(g.state().charges.value == 6);  // one for the wire, one for the nest
  s.refused("move left", "The game is over (Victory: the machine-gun nest is destroyed");
}

TEST_CASE("omaha beach: fire and mines wipe the squad out (DEAD)") {
  ObGame g({}, 1, "en");
  Script s{g};
  s.played(kGrid);
  s.played("land left");
  const std::string hit = s.played("move forward -- mine");
  CHECK(contains(hit, "The mine goes off: 1 damage (5)"));
  CHECK(contains(hit, "Machine-gun fire: 1 damage"));
  CHECK(g.state().squad.value == 6);
  s.played("move forward -- mine");
  s.played("move forward -- clear");  // the far row: A2
  CHECK(g.state().squad.value == 3);
  s.played(kGrid);
  s.played("move forward -- clear");
  CHECK(g.state().squad.value == 2);
  const std::string dead = s.played("move forward -- clear");
  CHECK(contains(dead, "The squad is wiped out (DEAD)"));
  REQUIRE(g.outcome());
  CHECK_FALSE(g.outcome()->victory);
  CHECK(g.outcome()->reason == "squad-dead");
  CHECK(contains(g.status_text(), "squad DEAD"));
}

namespace {

/// Rows 1 and 2 all wire, the far row obstacles.
const char* const kWires = "deal -- wire wire wire wire wire wire hedgehog delta hedgehog";

/// The backs of the wire cards as the data prints them: each mine, then each clear.
std::vector<std::string> wire_backs() {
  Diagnostics diags;
  auto rules =
      load_ob_rules(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data", "omaha-beach", diags);
  REQUIRE(rules);
  std::vector<std::string> mines, clears;
  for (const auto& c : rules->cards)
    if (rules->fronts[size_t(c.front)].id == "wire")
      (c.mine ? mines : clears).push_back(c.mine ? "mine" : "clear");
  mines.insert(mines.end(), clears.begin(), clears.end());
  REQUIRE(mines.size() == 6);  // kWires deals all six
  return mines;
}

/// From the LC at the centre, blows all six wires and the far centre card:
/// one charge (LAST) is left.
void burn_seven_charges(Script& s) {
  const auto backs = wire_backs();
  s.played(kWires);
  s.played("land centre");
  s.played("blow forward -- " + backs[0]);
  s.played("move forward sniper");  // a blown card is turned already: no back to ask
  s.played("blow left -- " + backs[1]);
  s.played("blow right -- " + backs[2]);
  s.played("blow forward -- " + backs[3]);
  s.played("move forward sniper");
  s.played("blow left -- " + backs[4]);
  s.played("blow right -- " + backs[5]);
  s.played("blow forward -- clear");  // the far centre, a Delta obstacle
}

}  // namespace

TEST_CASE("omaha beach: spending the LAST charge before the nest loses the game") {
  ObGame g({}, 1, "en");
  Script s{g};
  burn_seven_charges(s);
  CHECK(g.state().charges.value == 1);
  CHECK(contains(g.status_text(), "demo charges LAST"));
  CHECK_FALSE(g.outcome());
  s.played("move forward sniper");  // onto the blown far card: A2
  s.played(kGrid);                  // the start row's face-up obstacle on the left leads on
  CHECK_FALSE(g.outcome());
  const std::string out = s.played("blow forward -- mine");
  CHECK(contains(out, "The last charge is spent: the nest can no longer be blown"));
  REQUIRE(g.outcome());
  CHECK(g.outcome()->reason == "out-of-charges");
}

TEST_CASE("omaha beach: three wires ahead and no charge to spare block the squad") {
  ObGame g({}, 1, "en");
  Script s{g};
  burn_seven_charges(s);
  s.played("move forward sniper");  // onto the blown far card: A2
  CHECK(g.state().assault == 2);
  CHECK_FALSE(g.outcome());
  const std::string out = s.played("deal -- wire wire wire flat flat flat flat flat flat");
  CHECK(contains(out, "No way forward: wire blocks every way ahead"));
  REQUIRE(g.outcome());
  CHECK(g.outcome()->reason == "blocked");
  CHECK(g.state().charges.value == 1);
}

TEST_CASE("omaha beach: the way forward counts the wire along the squad's row and ahead") {
  std::string why;
  Diagnostics diags;
  auto rules =
      load_ob_rules(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data", "omaha-beach", diags);
  REQUIRE(rules);
  auto front = [&](const std::string& id) {
    for (size_t f = 0; f < rules->fronts.size(); ++f)
      if (rules->fronts[f].id == id) return int(f);
    FAIL("no front " << id);
    return -1;
  };
  ObState s;
  s.assault = 2;
  s.landed = s.dealt = true;
  s.charges.value = 8;
  const int flat = front("flat"), wire = front("wire");
  for (int r = 0; r <= kObFarRow; ++r)
    for (int c = 0; c < kObColumns; ++c) s.at(r, c).front = wire;
  s.row = 1;
  s.column = 0;
  s.at(1, 0) = ObCell{0, flat, true};
  CHECK(ob_charges_to_advance(*rules, s) == 1);  // blow the wire ahead
  s.at(2, 2).front = flat;                       // open ahead on the right, past two wires
  CHECK(ob_charges_to_advance(*rules, s) == 1);
  s.at(1, 1).front = flat;
  CHECK(ob_charges_to_advance(*rules, s) == 1);  // one wire (1, 2) on the way: still 1
  s.at(1, 2).front = flat;
  CHECK(ob_charges_to_advance(*rules, s) == 0);  // along open ground, then open ahead
  s.at(1, 1).turned = s.at(1, 1).blown = false;
  s.at(1, 1).front = wire;
  s.at(2, 0).turned = true;  // blown wire ahead: open
  CHECK(ob_charges_to_advance(*rules, s) == 0);
  // In A4's far row the nest is the way on; wire before it costs a charge.
  s.assault = 4;
  s.row = kObFarRow;
  s.at(3, 0) = ObCell{0, flat, true};
  s.at(3, 1).front = wire;
  s.at(3, 2) = ObCell{};
  s.at(3, 2).nest = true;
  CHECK(ob_charges_to_advance(*rules, s) == 1);
  s.at(3, 1).front = flat;
  CHECK(ob_charges_to_advance(*rules, s) == 0);
}
