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
  // Table mode: the phase card is turned, the turned cards go back patch up.
  CHECK(contains(far,
                 "Turn the assault phase card a quarter clockwise (A1 → A2); put the turned "
                 "cards back patch up before shuffling them in"));
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
  // 注8: left or right next to the squad's column; from the left, the centre only.
  s.refused("nest left",
            "11: The nest goes in the column left or right next to the squad's "
            "(left), not left (11, note 8)");
  s.refused("nest right", "not right (11, note 8)");
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
  // The engine says Victory: once, before the module's words (not "Victory: Victory:").
  CHECK(contains(won, "Victory: the machine-gun nest is destroyed"));
  CHECK_FALSE(contains(won, "Victory: Victory:"));
  const std::string status = g.status_text();
  CHECK(contains(status, "Victory: the machine-gun nest is destroyed"));
  CHECK(status.find("machine-gun nest is destroyed") ==
        status.rfind("machine-gun nest is destroyed"));
  s.refused("move left", "The game is over (the machine-gun nest is destroyed)");
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
  // Table mode: the squad card is set once, after the move's last question.
  CHECK(contains(hit, "Turn the Squad card clockwise, a quarter ×2, so that 6 is at the top-left"));
  CHECK(hit.find("The mine goes off") < hit.find("Turn the Squad card"));
  // From 6 past 5: the card is flipped to its back (4, 3, 2, DEAD), not turned.
  const std::string flip = s.played("move forward -- mine");
  CHECK(contains(flip,
                 "Flip the Squad card over so that 4 is at the top-left (after 5 comes the "
                 "back's 4)"));
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
void burn_seven_charges(Script<ObGame>& s) {
  const auto backs = wire_backs();
  s.played(kWires);
  s.played("land centre");
  s.refused("blow forward last", "last is only for LAST, the last charge (charges left: 8)");
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

TEST_CASE("omaha beach: a cancelled move leaves the tracker cards as they were") {
  ObGame g({}, 1, "ja");
  Script s{g};
  s.played(kGrid);
  s.played("land left");
  // Fire is said, then the back is asked; cancelled, nothing is to be turned.
  g.run("move forward\ncancel\n");
  CHECK(contains(g.out, "機関銃の射撃: 1 ダメージ"));
  CHECK_FALSE(contains(g.out, "分隊カードを"));
  CHECK(g.session->history().size() == 2);
  const std::string hit = s.played("move forward -- 地雷なし");
  CHECK(contains(hit, "分隊カードを時計回りに 1/4 回転 ×1 して、7 を左上にしてください"));
  const std::string round = s.played("move forward 狙撃兵 -- 地雷なし");
  CHECK(contains(round, "狙撃兵カードを時計回りに 1/4 回転 ×1 して、7 を左上にしてください"));
}

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
  // LAST on a beach card is refused with the warning unless the player says last.
  s.refused("blow forward",
            "This is LAST, the last charge. Spent on row 1 centre, it leaves none "
            "for the nest: you lose at once. To spend it anyway: blow forward last");
  CHECK(g.state().charges.value == 1);
  const std::string out = s.played("blow forward last -- mine");
  CHECK(contains(out, "The last charge is spent: the nest can no longer be blown"));
  CHECK(contains(out, "LAST of the Demo charges is used: put the Demo charges card aside"));
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

TEST_CASE("omaha beach: every refusal names its rule step and nothing is logged") {
  ObGame g;  // table mode, Japanese
  Script s{g};
  s.refused("move forward", "2: まだ 3×3 の海岸カードが配られていません");
  s.refused("land left", "2: まだ 3×3 の海岸カードが配られていません");
  s.refused("nest left", "11: 機関銃陣地を置くのは A4 のカードを配った直後だけです");
  s.refused("dig", "「dig」というコマンドはありません");
  s.refused("land", "使い方: land left|centre|right");
  s.refused("move up", "使い方: move forward|left|right [sniper]");
  s.refused("move forward twice", "使い方: move forward|left|right [sniper]");
  s.refused("blow", "使い方: blow forward|left|right");
  s.refused("deal extra", "使い方: deal");
  // Row 1: flat, X-type with the eye, wire; row 2: wire, flat, X-type; row 3: three flats.
  s.played("deal -- flat hedgehog-eye wire wire flat hedgehog flat flat flat");
  s.refused("deal", "2: この強襲フェイズのカードはもう配られています");
  s.refused("move forward", "3: 先に上陸用舟艇を着けてください");
  s.played("land right");
  s.refused("land left", "3: 上陸用舟艇はもう 1行目・右 の下に着いています（上陸は 1 回だけ）");
  s.refused("move left", "3: 上陸用舟艇からは前進しかできません");
  s.refused("move forward", "4b: 1行目・右 は鉄条網です。先に爆薬で爆破してください（爆破 前進）");
  s.played("blow forward -- clear");
  CHECK(g.state().charges.value == 7);
  s.refused("blow forward", "爆薬: 1行目・右 はもう裏返っています");
  // From the LC (behind row 1 right, no eye) onto blown wire: fire, the sniper may cancel it.
  s.played("move forward sniper");
  CHECK(g.state().sniper.value == 7);
  CHECK(g.state().squad.value == 8);
  s.refused("move right", "6: 右には海岸カードがありません");
  // Sideways onto the face-up eye card: no fire (6), and so no sniper round to use.
  s.refused("move left sniper", "狙撃兵: この移動は機関銃の射撃を受けないので");
  const std::string eye = s.played("move left -- clear");
  CHECK(contains(eye, "視界制限のカードの上か背後なので、機関銃の射撃を受けません（6、注7）"));
  CHECK(g.state().squad.value == 8);
  // Its back has no eye (注6): moving on from it is under fire again.
  s.refused("blow forward",
            "爆薬: 2行目・中央 は平地です。爆破できるのは鉄条網と対戦車障害だけです");
  s.played("move left -- clear");  // flat, sideways: fire
  CHECK(g.state().squad.value == 7);
  // The careful move onto an X obstacle draws no fire (4c); a mine costs 1 (5).
  s.played("move right");  // back to the turned X card: sideways, fire
  CHECK(g.state().squad.value == 6);
  const std::string fire = s.played("move right");  // row 1 right, the blown wire: fire
  CHECK(g.state().squad.value == 5);
  CHECK(contains(fire, "機関銃の射撃: 1 ダメージ"));
  s.played("move forward -- mine");  // row 2 right, an X obstacle: no fire, the mine
  CHECK(contains(g.out, "障害物にゆっくり慎重に進入したので、機関銃の射撃は受けません（4c、4d）"));
  CHECK(g.state().squad.value == 4);
  CHECK(contains(g.status_text(), "分隊 4"));
  CHECK(g.session->history().size() == 9);
}

TEST_CASE("omaha beach: the sniper cannot fire from behind an eye card (注7)") {
  ObGame g({}, 1, "en");
  Script s{g};
  // Row 1 centre flat, row 2 centre a Delta with the eye: from row 1 the squad is behind it.
  s.played("deal -- flat flat flat wire delta-eye wire flat flat flat");
  s.played("land centre");
  // Onto row 1 centre: behind the eye card, so no fire, and no round to spend (6, 注7).
  s.refused("move forward sniper", "sniper: This move draws no machine-gun fire");
  s.played("move forward -- clear");
  CHECK(g.state().squad.value == 8);
  // Sideways onto flat ground behind wire: under fire; but from behind the eye no sniper.
  s.refused("move left sniper",
            "note 7: From behind a limited-view card the sniper cannot see the nest");
  s.played("move left -- clear");
  CHECK(g.state().squad.value == 7);
}

TEST_CASE(
    "omaha beach: undo stops at a reveal but not at a landing and undo --force takes the reveal "
    "back") {
  ObGame g({}, 1, "en");
  Script s{g};
  s.played(kGrid);
  s.played("land left");
  s.played("undo");  // nothing was revealed by the landing
  CHECK_FALSE(g.state().landed);
  s.played("land left");
  s.played("move forward -- clear");
  CHECK(g.state().row == 1);
  g.run("undo\n");
  CHECK(g.status == 1);
  CHECK(contains(g.out,
                 "'move forward -- clear' revealed or mixed something hidden (a card drawn, "
                 "a counter turned over, a deck shuffled): undo stops there"));
  CHECK_FALSE(contains(g.out, "dice"));  // the game has none
  CHECK(g.state().row == 1);             // nothing changed
  s.played("undo --force 1");
  CHECK(contains(g.out, "At the table, put back what was drawn or turned over"));
  CHECK(g.state().row == 0);
  CHECK_FALSE(g.state().at(1, 0).turned);
  CHECK(contains(slurp(g.path()), "cmd undo --force 1\n"));
}

TEST_CASE("omaha beach: resume replays the log to the same game and it goes on") {
  ObGame g({}, 1, "en");
  Script s{g};
  s.played(kGrid);
  s.played("land left");
  s.played("move forward sniper -- clear");
  s.played("blow right -- mine");
  const std::string live = g.status_text();
  g.reopen();
  CHECK(g.status_text() == live);
  CHECK(contains(slurp(g.path()), "cmd blow right -- mine\n"));
  s.played("move forward sniper -- clear");
  CHECK(g.state().row == 2);
}

TEST_CASE("omaha beach: virtual mode deals from the seed and hides what is not turned") {
  ObGame a({"mode=virtual"}, 7), b({"virtual"}, 7), c({"mode=virtual"}, 8);
  auto fronts = [](const ObGame& g) {
    std::vector<int> f;
    for (int r = 1; r <= kObFarRow; ++r)
      for (int col = 0; col < kObColumns; ++col) f.push_back(g.state().at(r, col).card);
    return f;
  };
  CHECK(a.state().dealt);
  CHECK(fronts(a) == fronts(b));
  CHECK(a.state().deck.cards() == b.state().deck.cards());
  CHECK(a.state().deck.cards() != c.state().deck.cards());
  CHECK(a.state().deck.size() == 18);
  Script s{a};
  s.refused("deal", "2: バーチャル・モードではコンパニオンが配ります");
  auto view = a.session->game().view(0);
  const auto& v = static_cast<const ObState&>(*view);
  CHECK(v.deck.cards() == std::vector<int>(18, kUnknownCard));
  for (int col = 0; col < kObColumns; ++col) {
    CHECK(v.at(1, col).card == kUnknownCard);                 // its back is hidden
    CHECK(v.at(1, col).front == a.state().at(1, col).front);  // its front is seen
  }
  // status draws fronts only: no back of a face-up card.
  const std::string status = a.status_text();
  CHECK_FALSE(contains(status, "/m ]"));  // a token "F/m " in a cell
  CHECK_FALSE(contains(status, "/c ]"));
  Script{a}.played("land left");
  Script{a}.played("move forward");
  const std::string after = a.status_text();
  CHECK((contains(after, "/m ]") || contains(after, "/c ]")));  // the turned card's back shows
  CHECK(contains(status, "バーチャル・モード"));
}

TEST_CASE("omaha beach: a squad killed by a mine lies on the card it entered") {
  ObGame g({}, 1, "en");
  Script s{g};
  s.played("deal -- flat flat flat hedgehog hedgehog hedgehog delta delta delta");
  s.played("land left");
  s.played("move forward -- clear");  // row 1 left, flat: fire, 7
  s.played("move right -- clear");    // row 1 centre: sideways, fire, 6
  for (int i = 0; i < 2; ++i) {
    s.played("move left");
    s.played("move right");
  }
  CHECK(g.state().squad.value == 2);
  const std::string dead = s.played("move forward -- mine");  // careful onto the X: only the mine
  CHECK(contains(dead, "Squad → row 2 centre"));
  CHECK(contains(dead, "The squad is wiped out (DEAD)"));
  REQUIRE(g.outcome());
  CHECK(g.outcome()->reason == "squad-dead");
  CHECK(g.state().row == 2);
  CHECK(g.state().column == 1);
  CHECK(contains(g.status_text(), "  2 [ X   ][*X/m ]"));
}

TEST_CASE("omaha beach: a squad killed by fire lies on the card it entered, fire said first") {
  ObGame g({}, 1, "en");
  Script s{g};
  s.played("deal -- flat flat flat hedgehog hedgehog hedgehog delta delta delta");
  s.played("land left");
  const std::string both = s.played("move forward -- mine");  // flat with a mine: fire, then mine
  // The player aid's order: step 3 machine-gun fire, step 4 the mine.
  REQUIRE(contains(both, "Machine-gun fire: 1 damage"));
  REQUIRE(contains(both, "The mine goes off: 1 damage (5)"));
  CHECK(both.find("Machine-gun fire") < both.find("row 1 left's back: a mine"));
  CHECK(both.find("row 1 left's back: a mine") < both.find("The mine goes off"));
  CHECK(g.state().squad.value == 6);
  s.played("move right -- clear");  // 5
  for (int i = 0; i < 3; ++i) {
    s.played(i % 2 == 0 ? "move left" : "move right");
  }
  CHECK(g.state().squad.value == 2);                // on row 1 left
  const std::string dead = s.played("move right");  // sideways: fire kills
  CHECK(contains(dead, "Squad → row 1 centre"));
  CHECK(contains(dead, "The squad is wiped out (DEAD)"));
  CHECK(g.state().row == 1);
  CHECK(g.state().column == 1);
  CHECK(contains(g.status_text(), "  1 [ F/m ][*F/c ]"));
}

TEST_CASE("omaha beach: a blown or turned eye card is named without its eye (注6)") {
  ObGame g({}, 1, "en");
  Script s{g};
  s.played("deal -- flat delta-eye flat hedgehog hedgehog hedgehog delta delta delta");
  s.played("land centre");
  const std::string blown = s.played("blow forward -- clear");
  CHECK(contains(blown, "(Delta-type obstacle (limited view))"));  // face up when blown
  const std::string moved = s.played("move forward");
  CHECK(contains(moved, "Squad → row 1 centre (Delta-type obstacle)"));
  CHECK_FALSE(contains(moved, "limited view"));
}

TEST_CASE("omaha beach: when one back is left for a turned card, the question names it") {
  ObGame g({}, 1, "en");
  Script s{g};
  s.played(kWires);
  s.played("land centre");
  s.played("blow forward -- mine");  // the wires' two mines
  s.played("move forward sniper");
  s.played("blow left -- mine");
  const std::string out = g.run("blow right\nmine\nclear\n");
  INFO(out);
  CHECK(g.status == 0);
  CHECK(contains(out,
                 "row 1 right (Barbed wire) is turned over. The only back left for it is "
                 "clear: answer clear [clear]"));
  CHECK(contains(
      out,
      "'mine' is not an answer; expected one of: clear"));  // refused: no wire with a mine is left
  CHECK(g.state().at(1, 2).turned);
}

TEST_CASE("omaha beach: help gives the game's own answers example and why a command waits") {
  ObGame g({}, 1, "en");
  const std::string help = g.run("help\n");
  CHECK(contains(help, "move forward -- clear"));
  g.run(std::string(kGrid) + "\n");
  const std::string move = g.run("help move\n");
  CHECK(contains(move, "move forward|left|right [sniper]"));
  CHECK(contains(move, "3: Bring in the landing craft first"));
  g.run("land left\n");
  const std::string land = g.run("help land\n");
  CHECK(contains(land, "The landing craft has already come in below row 1 left"));
  ObGame v({"mode=virtual"}, 1, "en");
  CHECK_FALSE(contains(v.run("help\n"), "move forward -- clear"));
}

TEST_CASE("omaha beach: table mode takes the printed names of the fronts and short forms") {
  ObGame g({}, 1, "ja");
  const std::string out = g.run(
      "deal\n平地\n鉄条網\nＸ型\n対戦車障害X型（視界制限）\nデルタ\nx-eye\nDelta-eye\nhedgehog\n"
      "flat\n");
  INFO(out);
  CHECK(g.status == 0);
  // The prompt lists the fronts as printed on the cards, in Japanese, no id.
  std::string prompt = out;  // the shell wraps long lines: read it without spaces
  std::erase(prompt, '\n');
  std::erase(prompt, ' ');
  CHECK(contains(prompt,
                 "[平地鉄条網対戦車障害X型対戦車障害X型（視界制限）対戦車障害デルタ型"
                 "対戦車障害デルタ型（視界制限）]"));
  CHECK_FALSE(contains(prompt, "flat="));
  REQUIRE(g.state().dealt);
  const char* const want[] = {"flat",         "wire",      "hedgehog", "hedgehog-eye", "delta",
                              "hedgehog-eye", "delta-eye", "hedgehog", "flat"};
  Diagnostics diags;
  auto rules =
      load_ob_rules(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data", "omaha-beach", diags);
  REQUIRE(rules);
  for (int i = 0; i < 9; ++i) {
    const ObCell& cell = g.state().at(1 + i / 3, i % 3);
    CHECK(rules->fronts[size_t(cell.front)].id == want[i]);
  }
  // The log keeps the short answers; old logs with the ids still replay (kGrid above).
  CHECK(contains(slurp(g.path()), "-- flat wire x x-eye delta x-eye delta-eye x flat"));
  g.reopen();  // the replay reads the logged short answers back to the same fronts
  for (int i = 0; i < 9; ++i)
    CHECK(rules->fronts[size_t(g.state().at(1 + i / 3, i % 3).front)].id == want[i]);
}
