#include "did_you_mean.h"

#include <algorithm>

#include "bocage/msg/core.h"

namespace bocage {

namespace {

/// The characters of `text`, decoded from UTF-8; a byte that does not start
/// a well-formed sequence stands for itself.
std::u32string characters(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    const size_t n = b < 0x80           ? 1
                     : (b >> 5) == 0x6  ? 2
                     : (b >> 4) == 0xE  ? 3
                     : (b >> 3) == 0x1E ? 4
                                        : 0;
    bool ok = n > 0 && i + n <= text.size();
    char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
    for (size_t k = 1; ok && k < n; ++k) {
      const auto t = static_cast<unsigned char>(text[i + k]);
      ok = (t & 0xC0) == 0x80;
      c = (c << 6) | (t & 0x3F);
    }
    if (!ok) {
      out.push_back(b);
      ++i;
      continue;
    }
    out.push_back(c);
    i += n;
  }
  return out;
}

size_t distance(std::u32string_view a, std::u32string_view b) {
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

}  // namespace

size_t edit_distance(std::string_view a, std::string_view b) {
  return distance(characters(a), characters(b));
}

std::string closest_name(std::string_view name, const std::vector<std::string>& candidates) {
  // Lengths and distances in characters: a kanji is one edit, not three bytes.
  const std::u32string typed = characters(name);
  std::string best;
  size_t best_distance = SIZE_MAX, best_size = 0;
  for (const auto& c : candidates) {
    // The distance is at least the difference in length: a candidate that
    // cannot come within its own limit is not measured (a megabyte-long
    // name is answered at once).
    if (std::max(name.size(), c.size()) > 4 * std::min(name.size(), c.size()) + 8) continue;
    const std::u32string chars = characters(c);
    const size_t gap =
        typed.size() > chars.size() ? typed.size() - chars.size() : chars.size() - typed.size();
    if (gap > std::max<size_t>(1, std::max(typed.size(), chars.size()) / 3)) continue;
    size_t d = distance(typed, chars);
    if (d < best_distance) {
      best_distance = d;
      best = c;
      best_size = chars.size();
    }
  }
  size_t limit = std::max<size_t>(1, std::max(typed.size(), best_size) / 3);
  return best_distance <= limit ? best : std::string{};
}

Text did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
  std::string c = closest_name(name, candidates);
  if (c.empty()) return {};
  return both(msg::core::did_you_mean, "name"_a = c);
}

}  // namespace bocage
