// What a designer reads from a simulation: the win rate with its 95 %
// interval (Wilson score), the games' lengths, the causes of losses counted,
// and the games the engine got wrong.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "simulation.h"

namespace bocage {

struct Interval {
  double low = 0, high = 0;
};

/// The Wilson score interval for `wins` of `games` at z (1.96: 95 %);
/// {0, 0} for no games.
Interval wilson_interval(int wins, int games, double z = 1.96);

/// The median of `values` (the mean of the middle two for an even count); 0 if empty.
double median(std::vector<int> values);

struct SimStats {
  int games = 0;  // finished games (engine errors are counted apart)
  int wins = 0;
  Interval win_rate;  // 95 %
  double mean_commands = 0, median_commands = 0;
  double mean_turns = 0, median_turns = 0;
  /// Outcome reason codes of the lost games, most frequent first (then by code).
  std::vector<std::pair<std::string, int>> losses;
  /// The games with an engine error, in game order.
  std::vector<const GameRecord*> errors;
};

/// Sums `records` up; the pointers in `errors` point into `records`.
SimStats summarize(const std::vector<GameRecord>& records);

}  // namespace bocage
