// Stuart vs Zombies, the game's side: the counterattack (6.0), damage to the
// M5 (6.1) and the events (7.2). Table mode, manual dice.
#include <catch2/catch.hpp>
#include <fstream>

#include "../text_helpers.h"
#include "svz_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {

/// A copy of the game's data with the map replaced: a corridor of ten hexes,
/// Carentan at the west end and the numbered hexes 1-8 after it.
struct CorridorData : DataCopy {
  CorridorData() {
    std::ofstream(file("map.toml"), std::ios::trunc) << R"([map]
id = "carentan"
name = "corridor"
orientation = "flat"
offset = "odd"
columns = 10
rows = 1
hex_size = 20
default_terrain = "field"
[map.terrain.field]
name = "field"
fill = "#dddddd"
[[map.hex]]
at = "0101"
label = "★"
[[map.hex]]
at = "0301"
label = "1"
[[map.hex]]
at = "0401"
label = "2"
[[map.hex]]
at = "0501"
label = "3"
[[map.hex]]
at = "0601"
label = "4"
[[map.hex]]
at = "0701"
label = "5"
[[map.hex]]
at = "0801"
label = "6"
[[map.hex]]
at = "0901"
label = "7"
[[map.hex]]
at = "1001"
label = "8"
)";
  }
};

}  // namespace

// Zombies take a shortest path over printed hexes; between equally short
// steps, the first neighbour clockwise (from the lower right, flat-top).
TEST_CASE("svz 6.0: face-up zombies move 1 hex on a 5 and 2 on a 6, towards the M5") {
  SvzGame g;
  g.run("roll -- 5 2 zombie3\n");  // hex 2 (0503), 5 hexes from Carentan by the map's paths
  g.run("end\nroll -- 5\n");
  CHECK(contains(g.out, "ゾンビ（3）: 2 (0503) → 0403"));
  g.run("end\nroll -- 6\n");
  CHECK(contains(g.out, "ゾンビ（3）: 0403 → 0304 → 0204"));
  CHECK(g.state().turn == 2);
  CHECK_FALSE(g.state().damaged);
}

TEST_CASE(
    "svz 6.0: a zombie entering the M5's hex deals 1 damage, one already there stays and deals 1") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306\nrecon 6 -- zombie4\nend\n");
  g.run("roll -- 5\n");  // 0405 → 0306: the M5 has nothing to lose, so it is damaged (6.1)
  CHECK(contains(g.out, "ゾンビが M5 のマスに入りました: M5 に 1 損害（6.0）"));
  CHECK(contains(g.out, "損害: M5 が損傷しました。駒を裏返してください（6.1）"));
  CHECK(g.state().damaged);
  CHECK(g.state().ap == 5);  // the M5 can still act while damaged (6.1)
  g.run("move 0205\nmove 0306\nend\n");
  g.run("roll -- 5\n");  // the zombie shares the hex: it stays, and a damaged M5 is destroyed
  CHECK(contains(g.out, "ゾンビ（4）は M5 と同じマスにいるので動かず、M5 に 1 損害"));
  REQUIRE(g.outcome());
  CHECK_FALSE(g.outcome()->victory);
  CHECK(contains(g.out, "敗北: M5 が破壊されました（6.1）"));
  // The session is closed for moves, but undo still works.
  g.run("roll\n");
  CHECK(contains(g.out, "ゲームは終了しています"));
  g.run("undo\n");
  CHECK_FALSE(g.outcome());
  CHECK(g.state().damaged);
}

TEST_CASE("svz 6.0: two zombies in the M5's hex overrun it at once") {
  SvzGame g;
  g.run("roll -- 5 6 zombie2\nmove 0205 0204\nrecon 7 -- zombie3\nmove 0305\n");
  REQUIRE(g.state().phase == SvzState::Phase::ap);
  g.run("roll -- 6\n");
  CHECK(contains(g.out, "ゾンビ（2）: 6 (0405) → 0305"));
  CHECK(contains(g.out, "ゾンビ（3）: 7 (0203) → 0304 → 0305"));
  REQUIRE(g.outcome());
  CHECK(contains(g.out, "敗北: M5 がゾンビ2体に蹂躙されました（6.0）"));
}

TEST_CASE("svz 6.0: zombies never enter a hex held by another counter, except the M5's") {
  CorridorData data;
  SvzGame g({"manual-dice"}, 1, "ja", data.root());
  g.run("roll -- 5 2 zombie3\nend\nroll -- 5\n");  // 0401 → 0301 is hex 1's counter
  CHECK(contains(g.out, "ゾンビ（3）: 2 (0401)（道がふさがれて動けません）"));
  g.run("roll -- 4\nmove 0201 0301\nend\nroll -- 5\n");  // the M5 on hex 1: the zombie may come in
  CHECK(contains(g.out, "ゾンビ（3）: 2 (0401) → 1 (0301)"));
  CHECK(g.state().damaged);
}

TEST_CASE("svz 6.1: damage takes equipment or riding infantry first, as the player chooses") {
  SvzGame g;
  g.run("roll -- 5 6 m8-turret\nmove 0306 0405\nrepair 1 m8-turret -- 1\nend\n");
  g.run("roll -- 5 2 infantry\nmove 0404 0403 0503\nend\n");
  REQUIRE(g.count(SvzPiece::At::attached) == 1);
  REQUIRE(g.count(SvzPiece::At::riding) == 1);
  g.run("roll -- 5 1 zombie3\nend\n");
  g.run("roll\n6\ninfantry\n");  // 0302 → 0402 → 0503: which to lose?
  CHECK(contains(g.out, "損害: 失う装備か歩兵を選んでください（6.1） [M8砲塔 歩兵]"));
  CHECK(g.count(SvzPiece::At::riding) == 0);
  CHECK(g.state().infantry_lost == 1);
  CHECK(g.count(SvzPiece::At::attached) == 1);
  g.run("roll -- 5\n");  // the zombie stays in the hex: the M8 goes, no question left to ask
  CHECK(g.count(SvzPiece::At::attached) == 0);
  CHECK_FALSE(g.state().damaged);
  g.run("ram -- 4\n");
  CHECK(g.state().killed.size() == 1);
}

TEST_CASE(
    "svz 7.2: an event counter rolls on the event table, a counterattack event reveals or moves") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306\nrecon 6 -- event 1 3 zombie2\n");
  CHECK(contains(g.out, "イベント表: 出目 1 → ゾンビの反撃!!（1マス）"));
  CHECK(contains(g.out, "3 (0702): ゾンビ（2）"));
  CHECK(g.piece_at("0405") == -1);  // the event counter is removed afterwards
  // Event 6: the zombies move 3 hexes.
  SvzGame h;
  h.run("roll -- 5 2 zombie3\nmove 0306\nrecon 6 -- event 6\n");
  CHECK(contains(h.out, "ゾンビ（3）: 2 (0503) → 0403 → 0304 → 0305"));
}

TEST_CASE("svz 7.2: the recon event turns over any counter the player names") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306\nrecon 6 -- event 3 8 hedgerow-cutter\n");
  CHECK(contains(g.out, "偵察!!"));
  CHECK(contains(g.out, "8 (0807): カッター"));
  CHECK(g.piece_at("0405") == -1);
}

TEST_CASE(
    "svz 7.2: zombification without a kill or a rider swaps the event with the track counter") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306\nrecon 6 -- event 5\n");
  CHECK(contains(g.out, "ゾンビ化!!"));
  int p = g.piece_at("0405");
  REQUIRE(p >= 0);
  CHECK_FALSE(g.state().pieces[size_t(p)].face_up);
  CHECK(g.count(SvzPiece::At::track) == 1);
  for (const auto& piece : g.state().pieces)
    if (piece.at == SvzPiece::At::track) CHECK(piece.card >= 0);  // known: the event
  // The counter now on hex 6 is still unknown; it cannot be named "event".
  g.run("end\nroll -- 2\nrecon 6 -- event\n");
  CHECK(contains(g.out, "「event」は答えになりません"));
}

TEST_CASE(
    "svz 7.2: zombification turns a rider into the weakest destroyed zombie, then counterattacks") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306\nrecon 6 -- infantry\nmove 0405\n");
  g.run("roll -- 4\nshoot 0606 -- 6 zombie2\nmove 0404 0403\nend\n");
  REQUIRE(g.state().killed.size() == 1);
  g.run("roll -- 2\nrecon 2 -- event 3\n");  // 3 + 2 after a kill = 5
  CHECK(contains(g.out, "イベント表: 出目 3 +2 = 5 → ゾンビ化!!"));
  CHECK(g.state().killed.empty());
  CHECK(g.state().infantry_lost == 1);
  int z = g.piece_at("0403");
  REQUIRE(z >= 0);
  CHECK(g.state().pieces[size_t(z)].face_up);
  CHECK(g.state().damaged);  // the new zombie shares the M5's hex: 1 damage
}

TEST_CASE("svz 7.2: zombification with a zombie already in the M5's hex is an immediate loss") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306\nrecon 6 -- infantry\nmove 0405\n");
  g.run("roll -- 5 5 zombie2\nshoot 0606 -- 6\nmove 0305 0204\nrecon 7 -- zombie3\n");
  g.run("roll -- 4\nmove 0203\nshoot 1 -- 5 event 3\n");
  CHECK(contains(g.out, "イベント駒を撃破: イベント判定を行います（7.2）"));
  REQUIRE(g.outcome());
  CHECK(contains(g.out, "敗北: M5 がゾンビ2体に蹂躙されました（6.0）"));
}

TEST_CASE(
    "svz 7.2: chaos shuffles the face-down counters back onto hexes 8, 7, 6 ... and the track") {
  SvzGame g;
  g.run("roll -- 5 6 zombie2\nshoot 6 -- 6\nmove 0205\nshoot 7 -- 5 event 6\n");
  CHECK(contains(g.out, "混沌!!"));
  // Hexes 1-5 and 8 held face-down counters, with the event and the track's: 8 counters,
  // 7 on hexes 8 down to 2, the last on the track; hex 1 is left empty.
  CHECK(g.piece_at("0302") == -1);
  for (const char* h : {"0807", "0203", "0405", "0606", "0804", "0702", "0503"}) {
    INFO(h);
    int p = g.piece_at(h);
    REQUIRE(p >= 0);
    CHECK_FALSE(g.state().pieces[size_t(p)].face_up);
    CHECK(g.state().pieces[size_t(p)].card == -1);  // shuffled at the table: unknown again
  }
  CHECK(g.count(SvzPiece::At::track) == 1);
  // The event is among them again and can be named on a reveal.
  g.run("move 0204 0203\nroll -- 2\nrecon 7 -- event 1 4 zombie3\n");
  CHECK(g.status == 0);
}
