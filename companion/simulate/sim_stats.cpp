#include "sim_stats.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace bocage {

Interval wilson_interval(int wins, int games, double z) {
  if (games <= 0) return {};
  const double n = games, p = wins / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double median(std::vector<int> values) {
  if (values.empty()) return 0;
  const size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + long(mid), values.end());
  if (values.size() % 2) return values[mid];
  const int upper = values[mid];
  const int lower = *std::max_element(values.begin(), values.begin() + long(mid));
  return (double(lower) + upper) / 2;
}

SimStats summarize(const std::vector<GameRecord>& records) {
  SimStats s;
  std::vector<int> commands, turns;
  std::map<std::string, int> losses;
  for (const auto& r : records) {
    if (r.error) {
      s.errors.push_back(&r);
      continue;
    }
    ++s.games;
    s.wins += r.victory;
    if (!r.victory) ++losses[r.reason];
    commands.push_back(r.commands);
    turns.push_back(r.turns);
  }
  s.win_rate = wilson_interval(s.wins, s.games);
  auto mean = [](const std::vector<int>& v) {
    double sum = 0;
    for (int x : v) sum += x;
    return v.empty() ? 0.0 : sum / double(v.size());
  };
  s.mean_commands = mean(commands);
  s.mean_turns = mean(turns);
  s.median_commands = median(std::move(commands));
  s.median_turns = median(std::move(turns));
  s.losses.assign(losses.begin(), losses.end());
  std::stable_sort(s.losses.begin(), s.losses.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return s;
}

}  // namespace bocage
