// Stuart vs Zombies, the end of the game (4.0, 4.1, 5.0), and virtual mode,
// where the companion shuffles the hidden counters from the seed.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "svz_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {

std::string repeat(const std::string& line, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += line;
  return s;
}

// Four kills in two AP rolls of 4: 6s on every shot (table mode names the zombies).
const char* const kFourKills =
    "roll -- 4\nshoot 6 -- 6 zombie2\nmove 0205\nshoot 7 -- 6 zombie3\nmove 0305\n"
    "roll -- 4\nmove 0404\nshoot 2 -- 6 zombie3\nmove 0403\nshoot 1 -- 6 zombie4\n";

}  // namespace

TEST_CASE("svz 4.0: destroying four zombies wins at once") {
  SvzGame g;
  g.run(kFourKills);
  REQUIRE(g.outcome());
  CHECK(g.outcome()->victory);
  CHECK(contains(g.out, "勝利: ゾンビを4体倒しました（4.0）"));
  g.run("roll\n");
  CHECK(g.status == 1);
  CHECK(g.session->history().size() == 10);
}

TEST_CASE(
    "svz 5.0: after the 10th turn the face-down counters are turned over, no zombie left wins") {
  SvzGame g;
  // Three zombies destroyed; the fourth waits on the turn track, off the map.
  g.run(
      "roll -- 4\nshoot 6 -- 6 zombie2\nmove 0205\nshoot 7 -- 6 zombie3\nmove 0305\n"
      "roll -- 4\nmove 0404\nshoot 2 -- 6 zombie3\nend\n");
  CHECK_FALSE(g.outcome());
  g.run(repeat("roll -- 1\n", 9));
  CHECK(g.state().turn == 10);
  CHECK_FALSE(g.outcome());
  g.run("roll -- 1 m8-turret hedgerow-cutter infantry infantry event\n");
  CHECK(contains(g.out, "最終ターンが終わりました"));
  CHECK(contains(g.out, "8 (0807): 血の跡"));
  REQUIRE(g.outcome());
  CHECK(g.outcome()->victory);
  CHECK(contains(g.out, "勝利: 盤上のゾンビを全滅させました（4.0）"));
}

TEST_CASE("svz 4.0: a zombie left on the map after the 10th turn loses") {
  SvzGame g;
  g.run(repeat("roll -- 1\n", 9));
  g.run(
      "roll -- "
      "1\nzombie2\nzombie3\nzombie3\nzombie4\nm8-turret\nhedgerow-cutter\ninfantry\ninfantry\n");
  REQUIRE(g.outcome());
  CHECK_FALSE(g.outcome()->victory);
  CHECK(contains(g.out, "敗北: 10ターンが終わってもゾンビが盤上に残っています（4.0）"));
}

TEST_CASE("svz 4.1 option rescue: victory also needs infantry aboard, losing too many is defeat") {
  SvzGame one({"manual-dice", "rescue=1"});
  one.run("roll -- 4\nmove 0306\nrecon 6 -- infantry\nmove 0405\n");  // one rider
  one.run("roll -- 4\nshoot 5 -- 6 zombie2\nmove 0305 0204\nend\n");
  CHECK_FALSE(one.outcome());
  one.run("roll -- 4\nshoot 7 -- 6 zombie3\nmove 0203 0303\nshoot 1 -- 6 zombie4\nend\n");
  one.run("roll -- 4\nmove 0403\nshoot 2 -- 6 zombie3\n");
  REQUIRE(one.outcome());
  CHECK(one.outcome()->victory);

  SvzGame no_rider({"manual-dice", "rescue=1"});
  no_rider.run(kFourKills);
  CHECK_FALSE(no_rider.outcome());  // four zombies, but nobody rescued yet: play on

  SvzGame two({"manual-dice", "rescue=2"});
  two.run("roll -- 4\nshoot 6 -- 5 infantry\n");  // friendly fire: two can no longer be saved
  REQUIRE(two.outcome());
  CHECK(contains(two.out, "敗北: 救出する歩兵が足りません（4.1）"));
}

TEST_CASE("svz virtual mode: the seed places the counters, reveals ask nothing") {
  SvzGame g({"virtual", "manual-dice"}, 86380);
  // Seed 86380 puts zombies on hexes 1, 4, 5 and 6 (the generator and the
  // keyed shuffle are pinned, so this holds on every machine).
  g.run("status\n");
  CHECK(contains(g.out, "6 (0405): 裏"));  // the companion keeps its secret
  g.run("roll -- 4\nshoot 6 -- 6\nmove 0205 0204\nend\n");
  CHECK(contains(g.out, "6 (0405): ゾンビ（3）"));
  g.run("roll -- 4\nmove 0203 0303\nshoot 1 -- 6\nend\n");
  g.run("roll -- 4\nmove 0403 0404 0505\nshoot 5 -- 6\n");
  g.run("roll -- 4\nmove 0605 0706\nshoot 4 -- 6\n");
  CHECK(g.status == 0);
  REQUIRE(g.outcome());
  CHECK(g.outcome()->victory);
  CHECK(g.out.find("何でしたか") == std::string::npos);
}

TEST_CASE("svz virtual mode: the same seed gives the same game, another seed another") {
  const std::string script = repeat("roll\nend\n", 12) + "status\n";
  SvzGame a({"virtual"}, 99), b({"virtual"}, 99), c({"virtual"}, 100);
  a.run(script);
  b.run(script);
  c.run(script);
  CHECK(a.out == b.out);
  CHECK(a.out != c.out);
}

TEST_CASE("svz virtual mode: chaos reshuffles the hidden counters with the seed") {
  SvzGame g({"virtual", "manual-dice"}, 86380);
  // Hex 3 holds the event; destroy a zombie first so that 6 + 2 = 8 is chaos,
  // then shoot the event (a destroyed event counter rolls on the table too).
  g.run("roll -- 4\nshoot 6 -- 6\nmove 0306 0405 0505\n");
  g.run("roll -- 4\nmove 0604 0704\nshoot 3 -- 5 6\n");
  CHECK(contains(g.out, "混沌!!"));
  int known = 0;
  for (const auto& p : g.state().pieces)
    if ((p.at == SvzPiece::At::hex && !p.face_up) || p.at == SvzPiece::At::track)
      known += p.card >= 0;
  CHECK(known == 8);  // shuffled by the companion: still known to it
}

TEST_CASE("svz virtual mode: each way to lose") {
  SECTION("the M5 destroyed: seeded dice, a player who gives up every AP") {
    SvzGame g({"virtual"}, 4);
    g.run(repeat("roll\nend\n", 10));
    REQUIRE(g.outcome());
    CHECK(contains(g.out, "敗北: M5 が破壊されました（6.1）"));
  }
  SECTION("overrun: seed 86380 hides zombies on hexes 5 and 6, both next to 0506") {
    SvzGame g({"virtual", "manual-dice"}, 86380);
    g.run("roll -- 4\nmove 0306 0405\nrecon 6\nroll -- 4\nmove 0506\nrecon 5\nend\nroll -- 5\n");
    REQUIRE(g.outcome());
    CHECK(contains(g.out, "敗北: M5 がゾンビ2体に蹂躙されました（6.0）"));
  }
  SECTION("time out: the companion turns the counters over itself") {
    SvzGame g({"virtual", "manual-dice"}, 86380);
    g.run(repeat("roll -- 1\n", 10));
    REQUIRE(g.outcome());
    CHECK(contains(g.out, "1 (0302): ゾンビ（3）"));
    CHECK(contains(g.out, "敗北: 10ターンが終わってもゾンビが盤上に残っています（4.0）"));
    CHECK(g.out.find("何でしたか") == std::string::npos);
  }
}
