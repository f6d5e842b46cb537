// Stuart vs Zombies, the turn (5.0), movement (7.1) and the AP roll, played
// through a real session from scripts in table mode with manual dice.
#include <catch2/catch.hpp>

#include "svz_play.h"

using namespace bocage;
using namespace bocage::test;

TEST_CASE("svz: the M5 starts on Carentan and the nine counters lie face down, one on the track") {
  SvzGame g;
  CHECK(g.state().m5 == hex("0206"));
  CHECK(g.state().turn == 1);
  CHECK(g.count(SvzPiece::At::hex) == 8);
  CHECK(g.count(SvzPiece::At::track) == 1);
  for (const char* h : {"0302", "0503", "0702", "0804", "0606", "0405", "0203", "0807"}) {
    INFO(h);
    int i = g.piece_at(h);
    REQUIRE(i >= 0);
    CHECK_FALSE(g.state().pieces[size_t(i)].face_up);
    CHECK(g.state().pieces[size_t(i)].card == -1);  // table mode: nobody knows yet
  }
}

TEST_CASE("svz 5.0: an AP roll of 1 ends the turn with nothing done") {
  SvzGame g;
  g.run("roll -- 1\n");
  CHECK(g.state().turn == 2);
  CHECK(g.state().phase == SvzState::Phase::ap);
  CHECK(g.out.find("何も起きないままターンが終わります") != std::string::npos);
}

TEST_CASE("svz 5.0: a roll of 2 to 5 gives that many AP, actions until the AP are spent") {
  for (int roll = 2; roll <= 4; ++roll) {
    SvzGame g;
    g.run("roll -- " + std::to_string(roll) + "\n");
    CHECK(g.state().phase == SvzState::Phase::actions);
    CHECK(g.state().ap == roll);
    CHECK(g.state().turn == 1);
  }
  SvzGame g;
  g.run("roll -- 2\nmove 0205\nmove 0204\n");
  CHECK(g.state().m5 == hex("0204"));
  CHECK(g.state().phase == SvzState::Phase::ap);  // back to the AP roll, same turn
  CHECK(g.state().turn == 1);
}

TEST_CASE("svz 7.0: unused AP are given up with end and do not carry over") {
  SvzGame g;
  g.run("roll -- 4\nmove 0205\nend\n");
  CHECK(g.state().ap == 0);
  CHECK(g.state().phase == SvzState::Phase::ap);
  g.run("roll -- 2\n");
  CHECK(g.state().ap == 2);
}

TEST_CASE("svz 5.0: no action before the AP roll, and no second AP roll while AP remain") {
  SvzGame g;
  g.run("move 0205\n");
  CHECK(g.status == 1);
  CHECK(g.out.find("5.0: まず AP決定 で AP を決めてください") != std::string::npos);
  g.run("roll -- 3\nroll\n");
  CHECK(g.status == 1);
  CHECK(g.out.find("7.0: まだ AP が 3 残っています") != std::string::npos);
  CHECK(g.session->history().size() == 1);  // refusals are not logged
}

TEST_CASE("svz 7.1: the M5 moves one hex per AP, only onto printed hexes") {
  SvzGame g;
  g.run("roll -- 4\nmove 0204\n");  // two hexes away
  CHECK(g.out.find("7.1: 1 AP で動けるのは隣のマスだけです") != std::string::npos);
  g.run("move 0107\n");  // a missing hex at the map's corner
  CHECK(g.out.find("7.1: マス「0107」はマップにありません") != std::string::npos);
  g.run("move 9999\n");
  CHECK(g.status == 1);
  CHECK(g.state().m5 == hex("0206"));
  CHECK(g.state().ap == 4);
  g.run(
      "move 0205 0204 0203\n");  // several steps at once, onto hex 7 (a face-down counter: allowed)
  CHECK(g.state().m5 == hex("0203"));
  CHECK(g.state().ap == 1);
  g.run("move 0204 0205\n");  // one AP left: the whole command is refused
  CHECK(g.status == 1);
  CHECK(g.state().m5 == hex("0203"));
  CHECK(g.out.find("7.1: 移動には AP が 1 必要です（残り 0）") != std::string::npos);
}

TEST_CASE("svz 5.0: an AP roll of 5 brings a counterattack and then 5 AP") {
  SvzGame g;
  // No zombie face up: the counterattack reveals the counter on hex 3.
  g.run("roll\n5\n3\nzombie2\n");
  CHECK(g.state().phase == SvzState::Phase::actions);
  CHECK(g.state().ap == 5);
  int z = g.piece_at("0702");
  REQUIRE(z >= 0);
  CHECK(g.state().pieces[size_t(z)].face_up);
  CHECK(g.out.find("3 (0702): ゾンビ（2）") != std::string::npos);
}

TEST_CASE("svz 5.0: an AP roll of 6 brings a counterattack, then the turn ends") {
  SvzGame g;
  g.run("roll -- 6 6 m8-turret\n");  // reveal hex 6: the M8 turret
  CHECK(g.state().turn == 2);
  CHECK(g.state().phase == SvzState::Phase::ap);
  int m8 = g.piece_at("0405");
  REQUIRE(m8 >= 0);
  CHECK(g.state().pieces[size_t(m8)].face_up);
}

TEST_CASE("svz 6.0: a reveal roll on a hex with no face-down counter does nothing") {
  SvzGame g;
  g.run("roll -- 6 6 m8-turret\n");
  g.run("roll -- 6 6\n");  // hex 6 again: already face up
  CHECK(g.status == 0);
  CHECK(g.out.find("6 (0405) に裏の駒はありません。何も起きません") != std::string::npos);
  CHECK(g.state().turn == 3);
}
