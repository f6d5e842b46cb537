#include "line_breaker.h"

#include <glib.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bocage {

namespace {

// The costs the search weighs, in one scale: a ragged line's room left at
// its end costs 25 x (room / width)^2 (one em in a line of ten: 0.25), a
// justified line's 100 x (room / what its gaps can take)^3.
constexpr double kLineCost = 1000;
constexpr double kRaggedRoomCost = 25;
// The room of a ragged line that ends a sentence or clause costs this share:
// 相手の移動を中止させる。/ さらに攻撃： / 損耗＝…, not 相手の移動を中止 / させる。…
constexpr double kClauseEndRoomShare = 0.25;
constexpr double kBalanceCost = 100;
constexpr double kBalancePower = 6;        // fewer lines first (the measure of better adjustment)
constexpr double kViolationCost = 1e7;     // per rank: only where no allowed break fits
constexpr double kOverfullCost = 1e9;      // a unit longer than the line: it runs out
constexpr double kShortLineCost = 15;      // a line of one or two letters (する。)
constexpr double kOneLetterLineCost = 20;  // worse still, one letter alone (く。)
// A justified line whose gaps open wider than tight_gap: this much per
// (half a tight_gap more)^2. With tight_gap a tenth of an em, a line opened
// by 0.12 em costs more than a break inside a phrase, by 0.14 em more than
// one inside a word (kJustifiedInsideWordPenalty): the letters are not spread.
constexpr double kLooseCost = 20;
// A justified line whose gaps open wider than loose_limit sets the whole
// paragraph ragged: taken only where every other choice (a word split to one
// letter, a last line of one letter) costs more still.
constexpr double kTooLooseCost = 500;
// Shrinking a line: a little for doing it at all, more the more of its
// blanks go (JLREQ 3.8: shrink before stretch, but not for nothing).
constexpr double kShrinkCost = 0.2;
constexpr double kShrinkShareCost = 1;
// A shrunk line is made this much shorter than its width: the layout's
// widths are rounded to Pango units.
constexpr double kShrinkMargin = 0.02;
constexpr double kFitTolerance = 0.01;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

struct Best {
  double cost = kInfinity;
  size_t from = 0;  // the candidate the line before ends at
  double shrink = 0;
  double length = 0;
};

bool is_hiragana(char32_t c) {
  return c >= U'ぁ' && c <= U'ゖ';
}

// A break between a word and its particle or ending costs this share of a
// break inside the word.
constexpr double kInsidePhraseShare = 0.5;
constexpr double kBesideEqualsFactor = 3;

/// 1: katakana (with ー), 2: kanji (with 々), 0: anything else.
int word_script(char32_t c) {
  if ((c >= 0x30A1 && c <= 0x30FA) || c == 0x30FC || (c >= 0x31F0 && c <= 0x31FF) ||
      (c >= 0xFF66 && c <= 0xFF9D))
    return 1;
  if ((c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || c == 0x3005) return 2;
  return 0;
}

/// The fewer letters (up to 2) of the word a break at byte `at` of `text`
/// leaves on either side; 0 between words. See inside_word_penalty.
int letters_either_side(const std::string& text, size_t at, const std::vector<size_t>& words) {
  if (at == 0 || at >= text.size()) return 0;
  const char* s = text.c_str();
  const char* here = s + at;
  const char* prev = g_utf8_find_prev_char(s, here);
  if (!prev) return 0;
  const int script = word_script(g_utf8_get_char(here));
  const char *lo = nullptr, *hi = nullptr;
  if (script != 0 && word_script(g_utf8_get_char(prev)) == script) {
    lo = here;
    for (const char* q = prev; q && word_script(g_utf8_get_char(q)) == script;
         q = g_utf8_find_prev_char(s, q))
      lo = q;
    hi = here;
    while (*hi && word_script(g_utf8_get_char(hi)) == script) hi = g_utf8_next_char(hi);
  } else {
    if (std::binary_search(words.begin(), words.end(), at)) return 0;
    auto it = std::lower_bound(words.begin(), words.end(), at);
    lo = s + (it == words.begin() ? 0 : *std::prev(it));
    hi = s + (it == words.end() ? text.size() : std::min(*it, text.size()));
  }
  auto counts = [](char32_t c) {
    return c != U' ' && c != U'\u3000' && jlreq_class(c) != JlreqClass::full_stop &&
           jlreq_class(c) != JlreqClass::comma;
  };
  int before = 0, after = 0;
  for (const char* q = lo; q < here && before < 2; q = g_utf8_next_char(q))
    before += counts(g_utf8_get_char(q));
  for (const char* q = here; q < hi && after < 2; q = g_utf8_next_char(q))
    after += counts(g_utf8_get_char(q));
  return std::min(before, after);
}

}  // namespace

void set_punctuation(BreakUnit& u, char32_t c, Blank left, bool latin_before, bool latin_after,
                     double em, bool shrinks) {
  const JlreqClass k = jlreq_class(c);
  if (k == JlreqClass::opening_bracket) u.start_trim = left.leading * em;
  if (k != JlreqClass::middle_dot) u.end_trim = left.trailing * em;
  if (!shrinks) return;
  // What it may give back: the part of its reducible blank that marks in a
  // row have not taken already.
  const Blank full = punctuation_blank(c);
  const Blank r = reducible_blank(c);
  if (!latin_before)
    u.shrink_before = std::max(0.0, r.leading - (full.leading - left.leading)) * em;
  if (!latin_after)
    u.shrink_after = std::max(0.0, r.trailing - (full.trailing - left.trailing)) * em;
  u.shrink_priority = k == JlreqClass::middle_dot ? 0 : 1;
}

BreakPoint word_break_point(const std::vector<size_t>& phrases, const std::vector<size_t>& words,
                            const std::string& text, size_t at, char32_t before, char32_t after,
                            bool justified, bool solid) {
  const BreakPoint::Kind allowed = BreakPoint::Kind::allowed;
  if (phrases.empty()) return {allowed, 0};
  if (solid) {
    if (std::binary_search(phrases.begin(), phrases.end(), at)) return {allowed, 0};
    return {allowed, justified ? kSolidJustifiedInsideWordPenalty : kSolidInsideWordPenalty};
  }
  const double whole = justified ? kJustifiedInsideWordPenalty : kInsideWordPenalty;
  // (a formula is read as one word, and a break beside its = as worse than
  // one inside a word: 損耗＝ / 1D6)
  if (before == U'＝' || after == U'＝' || before == U'=' || after == U'=')
    return {allowed, whole * kBesideEqualsFactor};
  if (std::binary_search(phrases.begin(), phrases.end(), at)) return {allowed, 0};
  if (!is_hiragana(before) && is_hiragana(after) &&
      std::binary_search(words.begin(), words.end(), at))
    return {allowed, whole * kInsidePhraseShare};
  if (letters_either_side(text, at, words) == 1)
    return {allowed, whole * kOneLetterPieceFactor, true};
  return {allowed, whole};
}

double inside_word_penalty(const std::vector<size_t>& phrases, const std::vector<size_t>& words,
                           const std::string& text, size_t at, char32_t before, char32_t after,
                           bool justified, bool solid) {
  return word_break_point(phrases, words, text, at, before, after, justified, solid).penalty;
}

std::vector<size_t> stumbles(const LineBreaks& lines, const std::vector<BreakUnit>& units,
                             const std::vector<BreakPoint>& points) {
  std::vector<size_t> out;
  for (size_t l = 1; l < lines.starts.size(); ++l) {
    const size_t first = lines.starts[l];
    if (points[first].kind == BreakPoint::Kind::mandatory) continue;
    const size_t next = l + 1 < lines.starts.size() ? lines.starts[l + 1] : units.size();
    const bool ends = next >= units.size() || points[next].kind == BreakPoint::Kind::mandatory;
    int letters = 0;
    for (size_t k = first; k < next; ++k) letters += units[k].letter ? 1 : 0;
    if ((points[first].kind == BreakPoint::Kind::allowed && points[first].one_letter) ||
        (ends && letters <= 2))
      out.push_back(first);
  }
  return out;
}

LineBreaks break_lines(const std::vector<BreakUnit>& units, const std::vector<BreakPoint>& points,
                       const BreakSettings& s) {
  const size_t n = units.size();
  LineBreaks out;
  if (n == 0) {
    out.starts = {0};
    out.shrink = {std::array<double, 2>{0, 0}};
    out.length = {0};
    return out;
  }
  std::vector<double> advance(n + 1, 0), shrink(n + 1, 0);
  std::vector<int> stretching(n + 1, 0), letters(n + 1, 0), latin(n + 1, 0), spaces(n + 1, 0);
  for (size_t k = 0; k < n; ++k) {
    advance[k + 1] = advance[k] + units[k].advance;
    shrink[k + 1] = shrink[k] + units[k].shrink_before + units[k].shrink_after;
    stretching[k + 1] = stretching[k] + (units[k].stretches ? 1 : 0);
    letters[k + 1] = letters[k] + (units[k].letter ? 1 : 0);
    latin[k + 1] = latin[k] + (units[k].letter && units[k].latin ? 1 : 0);
    spaces[k + 1] = spaces[k] + (units[k].hangs ? 1 : 0);
  }
  auto kind = [&](size_t k) {
    return k == 0 || k >= n ? BreakPoint::Kind::mandatory : points[k].kind;
  };
  std::vector<size_t> cand = {0};
  for (size_t k = 1; k < n; ++k)
    if (points[k].kind != BreakPoint::Kind::none) cand.push_back(k);
  cand.push_back(n);

  const double w = s.width;
  std::vector<Best> best(cand.size());
  best[0].cost = 0;
  for (size_t cj = 1; cj < cand.size(); ++cj) {
    const size_t j = cand[cj];
    const bool last = kind(j) == BreakPoint::Kind::mandatory;
    for (size_t ci = cj; ci-- > 0;) {
      const size_t i = cand[ci];
      // Spaces at the line's end hang; the marks at its edges lose their blank.
      size_t e = j;
      while (e > i && units[e - 1].hangs) --e;
      double length = 0, shrinkable = 0;
      int gaps = 0;
      if (e > i) {
        const BreakUnit& first = units[i];
        const BreakUnit& end = units[e - 1];
        const bool end_trimmed = e - 1 > i && end.end_trim > 0;
        length = advance[e] - advance[i] - first.start_trim - (end_trimmed ? end.end_trim : 0);
        shrinkable = shrink[e] - shrink[i] - (first.start_trim > 0 ? first.shrink_before : 0) -
                     (end_trimmed ? end.shrink_after : 0);
        shrinkable = std::max(0.0, shrinkable);
        gaps = std::max(0, stretching[e] - stretching[i] - 1);
      }
      const bool nearest = ci + 1 == cj;
      double cost = kLineCost, share = 0, set_length = length;
      if (length <= w + kFitTolerance) {
        const double room = w - length;
        if (s.justify && !last) {
          // Knuth and Plass's badness: the room against what the line's
          // gaps can take (none over max_gap), cubed.
          const double r = room / std::max(gaps * s.max_gap, s.max_gap);
          cost += 100 * r * r * r;
          const double gap = room / std::max(gaps, 1);
          if (s.tight_gap > 0 && gap > s.tight_gap) {
            const double over = (gap - s.tight_gap) / (s.tight_gap / 2);
            cost += kLooseCost * over * over;
          }
          if (s.loose_limit > 0 && gap > s.loose_limit) cost += kTooLooseCost;
        } else if (s.balance) {
          // A title's lines as even as they go: the longest line as short
          // as it can be, then the next longest (a high power of each
          // line's share of the width weighs the longest most).
          cost += kBalanceCost * std::pow(std::max(0.0, length) / w, kBalancePower);
        } else if (!last) {
          const bool pause = e > i && units[e - 1].clause_end;
          cost += (pause ? kClauseEndRoomShare : 1) * kRaggedRoomCost * (room / w) * (room / w);
        }
      } else if (shrinkable > 0 && length - shrinkable <= w - kShrinkMargin) {
        share = (length - w + kShrinkMargin) / shrinkable;
        set_length = w - kShrinkMargin;
        cost += kShrinkCost + kShrinkShareCost * share * share;
      } else if (nearest) {
        cost += kOverfullCost * (1 + (length - w) / std::max(w, 1.0));
      } else {
        break;  // longer from any earlier start
      }
      if (i > 0 && kind(i) == BreakPoint::Kind::violation)
        cost += kViolationCost * points[i].penalty;
      else if (i > 0 && kind(i) == BreakPoint::Kind::allowed)
        cost += points[i].penalty;
      // A line of one or two letters (る。, と), the last or one the
      // paragraph goes on after, when it could be avoided.
      if (!s.balance && s.avoid_short_last_line &&
          !(last && kind(i) == BreakPoint::Kind::mandatory)) {
        const int n_letters = letters[j] - letters[i];
        if (n_letters == 1) cost += kOneLetterLineCost;
        if (n_letters == 2) cost += kShortLineCost;
        // English: a last line of one word (card., roll.) is a runt too.
        if (last && i > 0 && n_letters > 2 && latin[j] - latin[i] == n_letters &&
            spaces[e] - spaces[i] == 0)
          cost += kShortLineCost;
      }
      const double total = best[ci].cost + cost;
      // (ties: a paragraph's lines fill greedily, the later start; a title's
      // first line is the shorter, the earlier)
      if (total < best[cj].cost - 1e-9 || (s.balance && total <= best[cj].cost + 1e-9))
        best[cj] = {total, ci, share, set_length};
      if (kind(i) == BreakPoint::Kind::mandatory) break;  // a line never spans a hard break
    }
  }
  std::vector<size_t> chain;
  for (size_t c = cand.size() - 1; c > 0; c = best[c].from) chain.push_back(c);
  std::reverse(chain.begin(), chain.end());
  for (size_t c : chain) {
    const size_t start = cand[best[c].from];
    out.starts.push_back(start);
    // The blank to give back, by priority: all of the first's before any of the next's.
    std::array<double, 2> shares{0, 0};
    if (best[c].shrink > 0) {
      const size_t end_unit = cand[c];
      size_t e = end_unit;
      while (e > start && units[e - 1].hangs) --e;
      std::array<double, 2> total{0, 0};
      for (size_t k = start; k < e; ++k) {
        const BreakUnit& u = units[k];
        const double before = k == start && u.start_trim > 0 ? 0 : u.shrink_before;
        const double after = k + 1 == e && k > start && u.end_trim > 0 ? 0 : u.shrink_after;
        total[static_cast<size_t>(std::clamp(u.shrink_priority, 0, 1))] += before + after;
      }
      double needed = best[c].shrink * (total[0] + total[1]);
      for (size_t p = 0; p < 2; ++p) {
        if (total[p] <= 0) continue;
        const double take = std::min(needed, total[p]);
        shares[p] = take / total[p];
        needed -= take;
      }
    }
    out.shrink.push_back(shares);
    out.length.push_back(best[c].length);
    if (start > 0 && kind(start) == BreakPoint::Kind::violation) ++out.violations;
  }
  return out;
}

}  // namespace bocage
