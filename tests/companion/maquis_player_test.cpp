// The heuristic Maquis player: whole games without an engine error, and a
// win rate far above the random player's over the same games, so that a
// regression in the player is caught (the figures: data/maquis/README.md).
#include <catch2/catch.hpp>

#include "game_data.h"
#include "player_race.h"

using namespace bocage;

TEST_CASE("maquis player: wins far more often than the random player over the same games") {
  const auto [heuristic, random] =
      test::race_players(test::data_root(), "maquis", {"mode=virtual"}, 300);
  CHECK(heuristic.errors.empty());
  CHECK(random.errors.empty());
  INFO("heuristic " << heuristic.wins << ", random " << random.wins << " of 300");
  CHECK(heuristic.win_rate.low > random.win_rate.high + 0.15);
}
