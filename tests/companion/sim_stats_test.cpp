// The simulator's statistics: the Wilson interval, medians, and the summary
// of a run (wins, lengths, causes of losses, engine errors kept apart).
#include "companion/simulate/sim_stats.h"

#include <catch2/catch.hpp>

using namespace bocage;

TEST_CASE("the Wilson interval matches published values") {
  // 50 of 100: 0.4038-0.5962; 0 of 10: 0-0.2775; 10 of 10: 0.7225-1.
  auto half = wilson_interval(50, 100);
  CHECK(half.low == Approx(0.4038).margin(1e-4));
  CHECK(half.high == Approx(0.5962).margin(1e-4));
  auto none = wilson_interval(0, 10);
  CHECK(none.low == Approx(0).margin(1e-12));
  CHECK(none.high == Approx(0.2775).margin(1e-4));
  auto all = wilson_interval(10, 10);
  CHECK(all.low == Approx(0.7225).margin(1e-4));
  CHECK(all.high == Approx(1).margin(1e-12));
  auto empty = wilson_interval(0, 0);
  CHECK(empty.low == 0);
  CHECK(empty.high == 0);
}

TEST_CASE("medians of odd and even counts") {
  CHECK(median({5, 1, 3}) == 3);
  CHECK(median({4, 1, 3, 2}) == 2.5);
  CHECK(median({7}) == 7);
  CHECK(median({}) == 0);
}

TEST_CASE("a run's summary counts wins, lengths and losses, errors apart") {
  std::vector<GameRecord> r(6);
  r[0] = {1, true, "zombies-cleared", 10, 3, {}};
  r[1] = {2, false, "time-out", 20, 10, {}};
  r[2] = {3, false, "destroyed", 30, 6, {}};
  r[3] = {4, false, "time-out", 40, 10, {}};
  r[4] = {5, true, "four-zombies", 50, 5, {}};
  r[5] = {6, false, "", 7, 0, EngineError{"boom", {"roll"}}};
  SimStats s = summarize(r);
  CHECK(s.games == 5);
  CHECK(s.wins == 2);
  CHECK(s.mean_commands == Approx(30));
  CHECK(s.median_commands == 30);
  CHECK(s.mean_turns == Approx(6.8));
  CHECK(s.median_turns == 6);
  REQUIRE(s.losses.size() == 2);
  CHECK(s.losses[0] == std::pair<std::string, int>{"time-out", 2});
  CHECK(s.losses[1] == std::pair<std::string, int>{"destroyed", 1});
  REQUIRE(s.errors.size() == 1);
  CHECK(s.errors[0]->seed == 6);
  CHECK(s.win_rate.low == Approx(wilson_interval(2, 5).low));
}
