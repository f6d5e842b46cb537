// Japanese character classes and the rules built on them, after W3C JLREQ
// (Requirements for Japanese Text Layout, https://www.w3.org/TR/jlreq/):
// line-start and line-end prohibitions (3.1.7, 3.1.8), unbreakable runs
// (3.1.10), and the quarter-em space between Japanese and Western text (3.2.2).
#pragma once

#include <string>
#include <vector>

#include "rich_text.h"

namespace bocage {

/// JLREQ appendix A character classes that the rules below need.
enum class JlreqClass {
  opening_bracket,       // cl-01 「『（［｛〔〈《【〘〖“‘
  closing_bracket,       // cl-02 」』）］｝〕〉》】〙〗”’
  hyphen,                // cl-03 ‐〜゠–
  dividing_punctuation,  // cl-04 ！？‼⁇⁈⁉
  middle_dot,            // cl-05 ・：；
  full_stop,             // cl-06 。．
  comma,                 // cl-07 、，
  inseparable,           // cl-08 —…‥〳〴〵
  iteration_mark,        // cl-09 ヽヾゝゞ々〻
  prolonged_sound,       // cl-10 ー
  small_kana,  // cl-11 ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰ..ㇿ
  other,
};

JlreqClass jlreq_class(char32_t c);

/// JLREQ 3.1.7: characters not allowed at the start of a line.
bool may_start_line(char32_t c);
/// JLREQ 3.1.8: characters not allowed at the end of a line.
bool may_end_line(char32_t c);
/// Marks that end a sentence or a clause (。．！？：!?:), after which a
/// reader pauses: a ragged line may end short there.
bool ends_clause(char32_t c);

/// How badly a break between `a` and `b` breaks the line-start and line-end
/// rules, for a run that has no allowed break and is longer than its line
/// (JLREQ 3.1.7 lists small kana, ー and iteration marks as the characters a
/// loose style lets start a line): 1 for those, 2 before hyphens, middle dots
/// and ！？, 3 before closing punctuation or after an opening bracket; 0 for
/// no break at all (inside a Western word: shrinking reads better).
int break_badness(char32_t a, char32_t b);

/// Whether a line may break between `before` and `after` (the visible
/// characters either side): JLREQ 3.1.7 and 3.1.8, and the house rule that a
/// Latin term keeps its gloss in brackets (M（中）, PB（近接）: M / （中） was a
/// break of issue 16 item 4 on the SQUAD map).
bool may_break_between(char32_t before, char32_t after);

/// Kanji, kana and the prolonged sound mark: the characters that take a
/// quarter-em space next to Western letters and digits.
bool is_japanese_letter(char32_t c);
/// The blank a full-width punctuation mark has in its em box, in em (JLREQ
/// 3.1.2), the same in both directions (the vertical forms of 、。 stand in
/// the box's upper right): opening brackets before the ink, closing brackets,
/// commas and full stops after it, middle dots a quarter on each side; none
/// for Western marks and other characters.
struct Blank {
  double leading = 0;
  double trailing = 0;
};
Blank punctuation_blank(char32_t c);

/// The blank JLREQ lets a line give back inside it (3.8.3, its table of
/// positions for reducing: commas, closing and opening brackets to nothing,
/// the middle dot ・ a quarter each side; never a full stop's; as a house
/// style, a colon or semicolon only half its blank: 勝利：爆薬 never touches),
/// in em.
Blank reducible_blank(char32_t c);

/// JLREQ 3.1.4: two punctuation marks in a row take 1.5 em, not 2: the
/// blank between them is halved, the first's trailing blank going, else the
/// second's leading blank (in em; both 0 when one of them has no blank).
struct PairSqueeze {
  double first_trailing = 0;
  double second_leading = 0;
};
PairSqueeze pair_squeeze(Blank first, Blank second);

/// Western letters and digits (and %), drawn in the Latin font.
bool is_western_alnum(char32_t c);
/// Characters drawn in the Latin font: ASCII and the Latin supplements.
bool is_western(char32_t c);

/// U+2005 FOUR-PER-EM SPACE: a quarter em that Pango drops at a line's end.
constexpr std::string_view kQuarterEmSpace = "\xE2\x80\x85";

/// JLREQ 3.2.2: inserts a quarter-em space between Japanese letters and
/// Western letters or digits (never next to punctuation or spaces).
void insert_script_spacing(RichText& rt);

/// U+200B ZERO WIDTH SPACE: a break opportunity that takes no room.
constexpr std::string_view kZeroWidthSpace = "\xE2\x80\x8B";

/// JLREQ treats “ and ” as the opening and closing brackets they are (cl-01,
/// cl-02): a line may break before “ and after ”. Unicode's line breaking
/// (UAX #14 LB19) forbids a break on either side of a quotation mark, which
/// Pango follows: a zero width space before “ and after ” gives the break back.
void allow_quote_breaks(RichText& rt);

/// Runs that must not be broken (JLREQ 3.1.10 and house rules): …… and ——,
/// numbers with their sign, prefix and unit (+3, 10%, HP10, 10ダメージ), ruby
/// bases and <nobr> spans.
std::vector<TextRange> protected_runs(const RichText& rt);

/// Byte ranges of the Western runs of `text` (for the Latin font).
std::vector<TextRange> western_runs(const std::string& text);

/// Runs of two or more of the same dash (—— or ――): a two-em dash (JLREQ
/// 3.1.10, cl-08) is drawn as one unbroken rule, one em per dash, whatever
/// width the font gives the dash (BIZ UD's U+2014 is half an em).
std::vector<TextRange> dash_runs(const std::string& text);

}  // namespace bocage
