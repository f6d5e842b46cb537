// One line breaker for horizontal lines and vertical columns: a total-fit
// search (Knuth and Plass, as typst's `linebreak_optimized` and SILE's JLREQ
// tables do it) over the places a line may break, each unit with its natural
// length, the blank it gives back at a line's edge (JLREQ 3.1.6), the blank
// it may give back inside a line (3.8, shrink before stretch) and whether it
// takes a justification gap. Every line is weighed as a whole paragraph: a
// line shortened here to avoid a break inside a word there, a last line of
// two letters taken back by reducing commas on the lines before, a run with
// no allowed break broken at its least bad place.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "jlreq.h"

namespace bocage {

/// One unit of a line: a character, a rotated Latin word, a tate-chu-yoko
/// number. Lengths in pt along the line.
struct BreakUnit {
  double advance = 0;
  double start_trim = 0;     // given back when it starts a line (an opening bracket)
  double end_trim = 0;       // given back when it ends a line (closing punctuation)
  double shrink_before = 0;  // blank it may give back inside a line (JLREQ 3.8.3)
  double shrink_after = 0;
  int shrink_priority = 1;  // 0: given back first (middle dots), 1: then (commas, brackets)
  bool hangs = false;       // a space: takes no room at a line's end
  bool stretches = false;   // takes a justification gap
  bool letter = false;      // counts for a short last line (not a mark or a space)
  bool latin = false;       // a Latin letter or digit: a last line of one such word is a runt
  // Ends a sentence or clause (。！？：): a ragged line ending with it
  // leaves its room where a reader pauses anyway.
  bool clause_end = false;
};

/// Whether a line may break before a unit, and at what price.
struct BreakPoint {
  enum class Kind { none, allowed, mandatory, violation };
  Kind kind = Kind::none;
  // allowed: a break that reads worse (inside a word, a katakana word split);
  // violation: how badly it breaks the line-start and line-end rules (1-3).
  double penalty = 0;
  bool one_letter = false;  // allowed: it leaves one letter of a word on a line
};

struct BreakSettings {
  double width = 0;  // of the line (pt)
  bool justify = false;
  bool balance = false;  // a title: the last line is weighed as the others (even lines)
  double max_gap = 0;    // the widest justification gap (pt)
  // The widest gap a justified line opens before looseness costs more than a
  // break inside a phrase, then inside a word (pt; 0: no such limit).
  double tight_gap = 0;
  // The widest gap a justified line may open before the paragraph is set
  // ragged (pt; 0: no such limit): a line wider costs kTooLooseCost.
  double loose_limit = 0;
  bool avoid_short_last_line = true;
};

struct LineBreaks {
  std::vector<size_t> starts;  // the first unit of each line (starts[0] == 0)
  // Per line and shrink priority: the share of that priority's blank the
  // line gives back (0-1; JLREQ 3.8.3 after JIS X 4051: the middle dots'
  // first, then the commas' and brackets').
  std::vector<std::array<double, 2>> shrink;
  std::vector<double> length;  // per line: its length once trimmed and shrunk (pt)
  int violations = 0;          // lines that start at a break against the rules
};

// Short texts (a card's rules, a summary) keep their phrases whole where the
// cost is small, in both directions; longer ones (an aid's paragraphs) are
// set solid, their lines filled (with phrases kept whole, a long Japanese
// paragraph reads ragged): only a break inside a word costs, a little, so that
// a short word straddling a line's end goes whole to the next line (損 / 害,
// で / きない) while a long one is still broken.
constexpr size_t kMaxWordAwareBytes = 600;
// The gap (in em) from which a justified line's looseness costs more than a
// break inside a phrase (BreakSettings::tight_gap), lines and columns alike.
constexpr double kTightGapEm = 0.1;
// Set solid: about what a ragged line one tenth short costs.
constexpr double kSolidInsideWordPenalty = 0.3;
constexpr double kSolidJustifiedInsideWordPenalty = 1;
// What a break inside a word costs: about what a ragged line two fifths
// short costs (GIカー / ド goes whole to the next line; a long word is broken).
constexpr double kInsideWordPenalty = 4;
// In justified text: about what a line whose gaps open half as wide as they
// may (a quarter em) costs.
constexpr double kJustifiedInsideWordPenalty = 12;
// A break inside a word that leaves one letter of it on either line (GIカー /
// ド, 機 / 関銃, トンプソンサブマシンガ / ン) costs this many times more: a
// reader stumbles on it worst, and another break nearly always exists.
constexpr double kOneLetterPieceFactor = 3;

/// Sets a character's part at a line's edges and in its shrinking, in pt of
/// `em` (JLREQ 3.1.6, 3.8.3), the same for lines and columns: `left` is the
/// blank it still has once marks in a row are squeezed (3.1.4, in em); a
/// Latin letter, digit or word beside it (`latin_before`, `latin_after`)
/// keeps that side's blank inside a line (回、PB would touch); a title
/// (`shrinks` false) gives nothing back inside a line.
void set_punctuation(BreakUnit& u, char32_t c, Blank left, bool latin_before, bool latin_after,
                     double em, bool shrinks);

/// What a break at byte `at` of a short text costs, `before` and `after` the
/// characters either side: nothing at the start of a phrase (`phrases`,
/// word_starts), a quarter of a break inside a word between a word and the
/// particle or ending its phrase joined to it (地形 / に: an ICU word boundary
/// in `words` before hiragana), a whole one inside a word (地 / 形), three
/// beside an equals sign (a formula: 損耗＝ / 1D6), more in
/// justified text (its alternative is gaps, not room); set solid (a long
/// text, `phrases` then ICU's words), kSolidInsideWordPenalty inside a word
/// and nothing else. The same for lines and columns.
/// A break that leaves one letter of a word on a line (GIカー / ド, 機 / 関銃)
/// costs kOneLetterPieceFactor times as much; the word, in `text`, is a run
/// of katakana, or of kanji, when the break has that script on both sides
/// (ICU's dictionary cuts an unknown loan word anywhere: ト|ンプ|ソン), else
/// ICU's word around it.
double inside_word_penalty(const std::vector<size_t>& phrases, const std::vector<size_t>& words,
                           const std::string& text, size_t at, char32_t before, char32_t after,
                           bool justified, bool solid = false);

/// inside_word_penalty's allowed break point, marked `one_letter` where it
/// leaves one letter of a word on a line.
BreakPoint word_break_point(const std::vector<size_t>& phrases, const std::vector<size_t>& words,
                            const std::string& text, size_t at, char32_t before, char32_t after,
                            bool justified, bool solid = false);

/// What a reader stumbles on in `lines` of `units` (broken at `points`): the
/// breaks that leave one letter of a word on a line (GIカー / ド), and the
/// last lines of one or two letters (く。, する。) that end a paragraph of
/// several lines; each as the first unit of the line after the break.
std::vector<size_t> stumbles(const LineBreaks& lines, const std::vector<BreakUnit>& units,
                             const std::vector<BreakPoint>& points);

/// The breaks of `units` (`points[k]`: a break before unit k; points[0] is
/// unused) that cost least: lines first (fewer is better), then breaks
/// against the rules, overfull lines, short last lines, breaks inside words,
/// shrinking and the room left at the lines' ends.
LineBreaks break_lines(const std::vector<BreakUnit>& units, const std::vector<BreakPoint>& points,
                       const BreakSettings& settings);

}  // namespace bocage
