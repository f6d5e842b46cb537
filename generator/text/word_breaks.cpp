#include "word_breaks.h"

#include <glib.h>
#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <memory>

#include "jlreq.h"

namespace bocage {

void prepare_word_boundaries() {
  // Kanji and kana, through this thread's own word iterator: ICU makes its
  // dictionary engine, which every thread's iterator then shares.
  word_boundaries("機関銃チームを撃破する");
}

std::vector<size_t> word_boundaries(const std::string& utf8) {
  std::vector<size_t> out;
  UErrorCode status = U_ZERO_ERROR;
  static thread_local std::unique_ptr<icu::BreakIterator> words(
      icu::BreakIterator::createWordInstance(icu::Locale::getJapanese(), status));
  if (!words || U_FAILURE(status)) return {0, utf8.size()};
  icu::UnicodeString text = icu::UnicodeString::fromUTF8(utf8);
  words->setText(text);
  // ICU counts UTF-16 units: walk the UTF-8 alongside to convert offsets.
  int32_t u16 = 0;
  size_t u8 = 0;
  for (int32_t b = words->first(); b != icu::BreakIterator::DONE; b = words->next()) {
    while (u16 < b && u8 < utf8.size()) {
      unsigned char lead = static_cast<unsigned char>(utf8[u8]);
      size_t len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
      u8 += len;
      u16 += len == 4 ? 2 : 1;
    }
    out.push_back(u8);
  }
  return out;
}

}  // namespace bocage

namespace bocage {

namespace {

struct Segment {
  size_t start, end;
  char32_t first, last;
  size_t chars;
  bool all_hiragana, all_han;
  size_t han = 0, hiragana = 0;
  // One kanji and its okurigana or particle (上の, 後に): ICU's piece of a
  // compound's last kanji with what follows.
  bool kanji_head() const { return han == 1 && hiragana + 1 == chars; }
};

Segment describe(const std::string& s, size_t start, size_t end) {
  Segment seg{start, end, 0, 0, 0, true, true};
  for (const char* p = s.c_str() + start; p < s.c_str() + end; p = g_utf8_next_char(p)) {
    char32_t c = g_utf8_get_char(p);
    if (seg.chars == 0) seg.first = c;
    seg.last = c;
    ++seg.chars;
    GUnicodeScript script = g_unichar_get_script(c);
    if (script != G_UNICODE_SCRIPT_HIRAGANA) seg.all_hiragana = false;
    if (script != G_UNICODE_SCRIPT_HAN && c != U'々') seg.all_han = false;
    if (script == G_UNICODE_SCRIPT_HAN) ++seg.han;
    if (script == G_UNICODE_SCRIPT_HIRAGANA) ++seg.hiragana;
  }
  return seg;
}

/// ICU's words of `utf8` (their boundaries `b`), each joined to the one
/// before when `join(prev, seg)` says so: where the joined words end, with 0.
template <typename Join>
std::vector<size_t> joined_words(const std::string& utf8, const std::vector<size_t>& b, Join join) {
  std::vector<Segment> merged;
  for (size_t i = 1; i < b.size(); ++i) {
    const Segment seg = describe(utf8, b[i - 1], b[i]);
    if (!merged.empty() && join(merged.back(), seg))
      merged.back() = describe(utf8, merged.back().start, seg.end);
    else
      merged.push_back(seg);
  }
  std::vector<size_t> out = {0};
  for (const auto& seg : merged) out.push_back(seg.end);
  return out;
}

}  // namespace

std::vector<size_t> title_break_points(const std::string& utf8) {
  return joined_words(utf8, word_boundaries(utf8), [](const Segment& prev, const Segment& seg) {
    return !may_start_line(seg.first) ||
           (seg.all_hiragana && may_end_line(prev.last) && prev.last != U' ') ||
           (seg.all_han && seg.chars == 1 && prev.all_han) ||
           (prev.all_han && prev.chars == 1 && seg.all_han);
  });
}

std::vector<size_t> word_starts(const std::string& utf8) {
  return word_starts(utf8, word_boundaries(utf8));
}

std::vector<size_t> word_starts(const std::string& utf8, const std::vector<size_t>& boundaries) {
  // ICU's words, a piece that may not start a line joined to the word before,
  // and so is hiragana after a letter (a particle, an ending: デッキ|の,
  // 撃破され|てい|ない, 使用|できない), which makes phrases of them as BudouX
  // would (bunsetsu), and a lone hiragana (a particle) wherever it is. A
  // single kanji beside a kanji word is one compound with it, as in a title
  // (機関|銃, 対戦|車, 一番|上の).
  std::vector<size_t> out =
      joined_words(utf8, boundaries, [](const Segment& prev, const Segment& seg) {
        return !may_start_line(seg.first) || (seg.all_hiragana && seg.chars == 1) ||
               (seg.all_hiragana && is_japanese_letter(prev.last)) ||
               (seg.all_han && seg.chars == 1 && prev.all_han) ||
               (seg.kanji_head() && g_unichar_get_script(seg.first) == G_UNICODE_SCRIPT_HAN &&
                prev.all_han) ||
               (prev.all_han && prev.chars == 1 && seg.all_han);
      });
  for (const char* p = utf8.c_str(); *p; p = g_utf8_next_char(p))
    if (g_unichar_isspace(g_utf8_get_char(p)))
      out.push_back(static_cast<size_t>(g_utf8_next_char(p) - utf8.c_str()));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

namespace {

bool is_katakana(char32_t c) {
  return (c >= U'ァ' && c <= U'ヺ') || c == U'ー' || (c >= 0x31F0 && c <= 0x31FF);
}

}  // namespace

std::vector<size_t> katakana_splits(const std::string& text, const std::vector<size_t>& points,
                                    bool whole_run) {
  auto run = [&](size_t from, size_t to, bool backwards) {
    size_t n = 0;
    const char* b = text.c_str() + from;
    const char* e = text.c_str() + to;
    if (backwards) {
      for (const char* p = e; p > b && is_katakana(g_utf8_get_char(g_utf8_find_prev_char(b, p)));
           p = g_utf8_find_prev_char(b, p))
        ++n;
    } else {
      for (const char* p = b; p < e && is_katakana(g_utf8_get_char(p)); p = g_utf8_next_char(p))
        ++n;
    }
    return n;
  };
  std::vector<size_t> out;
  for (size_t i = 1; i + 1 < points.size(); ++i) {
    const size_t at = points[i];
    // (the pieces either side, or the whole run either side)
    const size_t before = run(whole_run ? 0 : points[i - 1], at, true);
    const size_t after = run(at, whole_run ? text.size() : points[i + 1], false);
    if (before > 0 && after > 0 && (before < 4 || after < 4)) out.push_back(at);
  }
  return out;
}

std::vector<size_t> body_word_starts(const std::string& utf8, const std::vector<size_t>& boundaries,
                                     bool solid) {
  std::vector<size_t> words = solid ? boundaries : word_starts(utf8, boundaries);
  const std::vector<size_t> splits = katakana_splits(utf8, boundaries, false);
  words.erase(std::remove_if(
                  words.begin(), words.end(),
                  [&](size_t at) { return std::binary_search(splits.begin(), splits.end(), at); }),
              words.end());
  return words;
}

}  // namespace bocage
