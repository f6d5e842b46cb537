#include "did_you_mean.h"

#include <algorithm>

#include "bocage/msg/core.h"

namespace bocage {

size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment: insertions, deletions, substitutions and
  // transpositions of neighbours ("cuont" -> "count") each cost 1. Three rows
  // of the table are kept, so memory grows with the shorter name only.
  if (a.size() < b.size()) std::swap(a, b);
  const size_t n = a.size(), m = b.size();
  std::vector<size_t> before(m + 1), last(m + 1), row(m + 1);
  for (size_t j = 0; j <= m; ++j) last[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    row[0] = i;
    for (size_t j = 1; j <= m; ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, last);
    std::swap(last, row);
  }
  return last[m];
}

std::string closest_name(std::string_view name, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = SIZE_MAX;
  for (const auto& c : candidates) {
    // The distance is at least the difference in length: a candidate that
    // cannot come within its own limit is not measured (a megabyte-long
    // name is answered at once).
    const size_t gap = name.size() > c.size() ? name.size() - c.size() : c.size() - name.size();
    if (gap > std::max<size_t>(1, std::max(name.size(), c.size()) / 3)) continue;
    size_t d = edit_distance(name, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  size_t limit = std::max<size_t>(1, std::max(name.size(), best.size()) / 3);
  return best_distance <= limit ? best : std::string{};
}

Text did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
  std::string c = closest_name(name, candidates);
  if (c.empty()) return {};
  return both(msg::core::did_you_mean, "name"_a = c);
}

}  // namespace bocage
