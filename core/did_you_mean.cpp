#include "did_you_mean.h"

#include <algorithm>
#include <numeric>

namespace bocage {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + cost});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string closest_name(std::string_view name, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = SIZE_MAX;
  for (const auto& c : candidates) {
    size_t d = edit_distance(name, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  size_t limit = std::max<size_t>(1, std::max(name.size(), best.size()) / 3);
  return best_distance <= limit ? best : std::string{};
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
  std::string c = closest_name(name, candidates);
  return c.empty() ? std::string{} : "did you mean '" + c + "'?";
}

}  // namespace bocage
