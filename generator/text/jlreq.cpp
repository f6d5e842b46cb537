#include "jlreq.h"

#include <glib.h>

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "utf8.h"

namespace bocage {

namespace {

bool in(std::u32string_view set, char32_t c) {
  return set.find(c) != std::u32string_view::npos;
}

bool is_digit(char32_t c) {
  return c >= U'0' && c <= U'9';
}
/// Digits of a number a counter or unit stays with: Western and full-width
/// (３枚 is as unbreakable as 3枚).
bool is_number_digit(char32_t c) {
  return is_digit(c) || (c >= U'０' && c <= U'９');
}
/// A sign that reads as part of the number after it (+2, −1, ±0).
bool is_sign(char32_t c) {
  return c == U'+' || c == U'-' || c == U'−' || c == U'±';
}
bool is_ascii_letter(char32_t c) {
  return (c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z');
}

/// The classes of the characters that are not `other`, sorted by code point
/// (built once from the sets below; a character's first set wins).
const std::vector<std::pair<char32_t, JlreqClass>>& class_table() {
  static const auto table = [] {
    const std::pair<std::u32string_view, JlreqClass> sets[] = {
        {U"「『（［｛〔〈《【〘〖“‘([{", JlreqClass::opening_bracket},
        {U"」』）］｝〕〉》】〙〗”’)]}", JlreqClass::closing_bracket},
        {U"‐〜゠–～", JlreqClass::hyphen},
        {U"！？‼⁇⁈⁉!?", JlreqClass::dividing_punctuation},
        {U"・：；:;", JlreqClass::middle_dot},
        {U"。．.", JlreqClass::full_stop},
        {U"、，,", JlreqClass::comma},
        {U"—…‥〳〴〵―", JlreqClass::inseparable},
        {U"ヽヾゝゞ々〻", JlreqClass::iteration_mark},
        {U"ー", JlreqClass::prolonged_sound},
        {U"ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ",
         JlreqClass::small_kana},
    };
    std::vector<std::pair<char32_t, JlreqClass>> t;
    for (const auto& [chars, cls] : sets)
      for (char32_t c : chars) t.emplace_back(c, cls);
    std::stable_sort(t.begin(), t.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    t.erase(std::unique(t.begin(), t.end(),
                        [](const auto& a, const auto& b) { return a.first == b.first; }),
            t.end());
    return t;
  }();
  return table;
}

}  // namespace

JlreqClass jlreq_class(char32_t c) {
  const auto& table = class_table();
  auto it = std::lower_bound(table.begin(), table.end(), c,
                             [](const auto& entry, char32_t x) { return entry.first < x; });
  return it != table.end() && it->first == c ? it->second : JlreqClass::other;
}

bool may_start_line(char32_t c) {
  switch (jlreq_class(c)) {
    case JlreqClass::closing_bracket:
    case JlreqClass::hyphen:
    case JlreqClass::dividing_punctuation:
    case JlreqClass::middle_dot:
    case JlreqClass::full_stop:
    case JlreqClass::comma:
    case JlreqClass::iteration_mark:
    case JlreqClass::prolonged_sound:
    case JlreqClass::small_kana:
      return false;
    default:
      return true;
  }
}

bool may_end_line(char32_t c) {
  return jlreq_class(c) != JlreqClass::opening_bracket;
}

bool ends_clause(char32_t c) {
  return jlreq_class(c) == JlreqClass::full_stop || c == U'！' || c == U'？' || c == U'：' ||
         c == U'!' || c == U'?' || c == U':';
}

Blank reducible_blank(char32_t c) {
  switch (jlreq_class(c)) {
    case JlreqClass::opening_bracket:
    case JlreqClass::closing_bracket:
    case JlreqClass::comma:
      return punctuation_blank(c);
    case JlreqClass::middle_dot: {
      // (house style: a colon or semicolon after a label keeps half its
      // blank, an eighth of an em each side, so that 勝利：爆薬 never touches)
      const Blank b = punctuation_blank(c);
      return c == U'・' ? b : Blank{b.leading / 2, b.trailing / 2};
    }
    default:
      return {};
  }
}

bool may_break_between(char32_t before, char32_t after) {
  return may_end_line(before) && may_start_line(after) &&
         !(is_western_alnum(before) && jlreq_class(after) == JlreqClass::opening_bracket);
}

int break_badness(char32_t a, char32_t b) {
  if (is_western_alnum(a) && is_western_alnum(b)) return 0;
  if (!may_end_line(a)) return 3;
  switch (jlreq_class(b)) {
    case JlreqClass::small_kana:
    case JlreqClass::prolonged_sound:
    case JlreqClass::iteration_mark:
      return 1;
    case JlreqClass::hyphen:
    case JlreqClass::middle_dot:
    case JlreqClass::dividing_punctuation:
      return 2;
    case JlreqClass::closing_bracket:
    case JlreqClass::comma:
    case JlreqClass::full_stop:
      return 3;
    default:
      return 1;
  }
}

bool is_japanese_letter(char32_t c) {
  GUnicodeScript s = g_unichar_get_script(c);
  return s == G_UNICODE_SCRIPT_HAN || s == G_UNICODE_SCRIPT_HIRAGANA ||
         s == G_UNICODE_SCRIPT_KATAKANA || c == U'ー' || c == U'々' || c == U'〆' || c == U'ヶ';
}

Blank punctuation_blank(char32_t c) {
  if (is_western(c)) return {};
  switch (jlreq_class(c)) {
    case JlreqClass::opening_bracket:
      return {0.5, 0};
    case JlreqClass::closing_bracket:
    case JlreqClass::comma:
    case JlreqClass::full_stop:
      return {0, 0.5};
    case JlreqClass::middle_dot:
      return {0.25, 0.25};
    default:
      return {};
  }
}

PairSqueeze pair_squeeze(Blank first, Blank second) {
  if ((first.leading == 0 && first.trailing == 0) || (second.leading == 0 && second.trailing == 0))
    return {};
  if (first.trailing > 0) return {first.trailing, 0};
  return {0, second.leading};
}

bool is_western_alnum(char32_t c) {
  if (is_digit(c) || is_ascii_letter(c) || c == U'%') return true;
  return c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7;
}

bool is_western(char32_t c) {
  return (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0x24F);
}

void insert_script_spacing(RichText& rt) {
  auto chars = decode_utf8(rt.text);
  std::vector<size_t> at;
  for (size_t i = 1; i < chars.size(); ++i) {
    char32_t a = chars[i - 1].c, b = chars[i].c;
    // A sign opens its number: で+2 is spaced as で2 is.
    const bool signed_number = is_sign(b) && i + 1 < chars.size() && is_digit(chars[i + 1].c);
    if ((is_japanese_letter(a) && (is_western_alnum(b) || signed_number)) ||
        (is_western_alnum(a) && is_japanese_letter(b)))
      at.push_back(chars[i].start);
  }
  for (size_t k = at.size(); k-- > 0;) rt.insert(at[k], kQuarterEmSpace);
}

void allow_quote_breaks(RichText& rt) {
  auto chars = decode_utf8(rt.text);
  std::vector<size_t> at;
  for (size_t i = 1; i < chars.size(); ++i) {
    const char32_t a = chars[i - 1].c, b = chars[i].c;
    if (a == 0x200B || b == 0x200B) continue;  // a break is there
    if (b == U'“' && may_end_line(a) && !g_unichar_isspace(a)) at.push_back(chars[i].start);
    if (a == U'”' && may_start_line(b) && !g_unichar_isspace(b)) at.push_back(chars[i].start);
  }
  for (size_t k = at.size(); k-- > 0;) rt.insert(at[k], kZeroWidthSpace);
}

// The longest range of letters kept whole (in characters): a longer chain
// would run out of a narrow box.
constexpr size_t kMaxLetterRange = 16;

namespace {

bool is_katakana_letter(char32_t c) {
  return (c >= 0x30A1 && c <= 0x30FA) || c == 0x30FC;
}

// The longest katakana word kept with a number before it as its unit (パーセント).
constexpr size_t kMaxKatakanaUnit = 5;

}  // namespace

std::vector<TextRange> protected_runs(const RichText& rt) {
  std::vector<TextRange> runs;
  auto chars = decode_utf8(rt.text);
  const size_t n = chars.size();
  auto is_space = [](char32_t c) { return c == 0x2005; };
  for (size_t i = 0; i < n;) {
    char32_t c = chars[i].c;
    // …… and —— : pairs of the same inseparable character.
    if ((c == U'…' || c == U'‥' || c == U'—' || c == U'―') && i + 1 < n && chars[i + 1].c == c) {
      size_t j = i;
      while (j + 1 < n && chars[j + 1].c == c) ++j;
      runs.push_back({chars[i].start, chars[j].end});
      i = j + 1;
      continue;
    }
    // A range of Latin letters in Japanese text (PB－S－M－L, A〜C): kept
    // whole, a line never starting at its dash (a plain hyphen between
    // English words still breaks: face-down).
    if (is_ascii_letter(c)) {
      size_t last = i;
      while (last + 1 < n && is_ascii_letter(chars[last + 1].c)) ++last;
      size_t end = last;
      while (end + 2 < n && in(U"－〜～–", chars[end + 1].c) && is_ascii_letter(chars[end + 2].c)) {
        end += 2;
        while (end + 1 < n && is_ascii_letter(chars[end + 1].c)) ++end;
      }
      if (end > last && end - i < kMaxLetterRange) {
        runs.push_back({chars[i].start, chars[end].end});
        i = end + 1;
        continue;
      }
    }
    if (is_number_digit(c)) {
      size_t first = i, last = i;
      // A prefix of letters (HP10) or a sign (+3, −2, ±1) stays with the number.
      while (first > 0 && is_ascii_letter(chars[first - 1].c)) --first;
      if (first == i && first > 0 && in(U"+-−±＋－", chars[first - 1].c)) --first;
      // (and a range of numbers: 6〜9, 1–3)
      while (last + 1 < n && (is_number_digit(chars[last + 1].c) ||
                              ((chars[last + 1].c == U'.' || chars[last + 1].c == U',') &&
                               last + 2 < n && is_digit(chars[last + 2].c)) ||
                              (in(U"〜～–", chars[last + 1].c) && last + 2 < n &&
                               is_number_digit(chars[last + 2].c))))
        ++last;
      size_t after = last + 1;
      // A unit: %, Western letters (mm), or the next Japanese character (10ダメージ, 3枚).
      while (after < n && (chars[after].c == U'%' || is_ascii_letter(chars[after].c)))
        last = after++;
      // A katakana unit is a short word, kept whole (10ダメージ, 2マス); a
      // longer one is no unit, and the break before it is a word's
      // (506 / パラシュート, not 506 パ / ラシュート).
      const size_t unit = after < n && is_space(chars[after].c) ? after + 1 : after;
      if (unit < n && is_katakana_letter(chars[unit].c)) {
        size_t end = unit;
        while (end + 1 < n && is_katakana_letter(chars[end + 1].c)) ++end;
        if (end - unit < kMaxKatakanaUnit) last = end;
      } else if (unit < n && is_japanese_letter(chars[unit].c)) {
        last = unit;
      }
      if (last > first) runs.push_back({chars[first].start, chars[last].end});
      i = last + 1;
      continue;
    }
    ++i;
  }
  for (const auto& r : rt.rubies) runs.push_back(r.base);
  for (const auto& s : rt.styles)
    if (s.kind == StyleRange::Kind::nobr) runs.push_back(s.range);
  return runs;
}

std::vector<TextRange> dash_runs(const std::string& text) {
  std::vector<TextRange> runs;
  const auto chars = decode_utf8(text);
  for (size_t i = 0; i < chars.size();) {
    const char32_t c = chars[i].c;
    size_t j = i;
    if (c == U'—' || c == U'―')
      while (j + 1 < chars.size() && chars[j + 1].c == c) ++j;
    if (j > i) runs.push_back({chars[i].start, chars[j].end});
    i = j + 1;
  }
  return runs;
}

std::vector<TextRange> western_runs(const std::string& text) {
  std::vector<TextRange> runs;
  for (const auto& d : decode_utf8(text)) {
    if (!is_western(d.c)) continue;
    if (!runs.empty() && runs.back().end == d.start)
      runs.back().end = d.end;
    else
      runs.push_back({d.start, d.end});
  }
  return runs;
}

}  // namespace bocage
