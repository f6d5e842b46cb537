// Word boundaries of Japanese text from ICU's dictionary-based word
// segmentation, so that names and titles break only between words
// (トンプソン|サブマシンガン, never トンプソンサブマシンガ|ン).
#pragma once

#include <string>
#include <vector>

namespace bocage {

/// Byte offsets in `utf8` where a word starts or ends, in order, including 0
/// and the end of the text, as ICU's word iterator gives them.
std::vector<size_t> word_boundaries(const std::string& utf8);

/// Has ICU load what Japanese word boundaries need (the word rules, the CJK
/// dictionary and the sets of its engine: some 9 M instructions, made once
/// per process and shared by every thread), so that a thread with nothing
/// else to do can take that off the first text's way.
void prepare_word_boundaries();

/// The places where a title may break: ICU's word boundaries, with its
/// fragments joined back where a break would be wrong: a segment that may not
/// start a line (ガ|ーランド), a single kanji (対戦|車), and hiragana
/// (particles, okurigana: 占領|さ|れ|た) stay with the word before them.
std::vector<size_t> title_break_points(const std::string& utf8);

/// Where a body text's words (phrases) start: ICU's word boundaries with a
/// piece that may not start a line, a lone hiragana (a particle), hiragana
/// after a Japanese letter (particles and endings) and a single kanji beside
/// a kanji word joined to the word before, and the place after every space (a line that breaks
/// after a space breaks between words); sorted, with 0 and the end.
std::vector<size_t> word_starts(const std::string& utf8);
/// The same from ICU's `boundaries` of `utf8` (word_boundaries), when the
/// caller has them already.
std::vector<size_t> word_starts(const std::string& utf8, const std::vector<size_t>& boundaries);

/// ICU splits a run of katakana by guesswork: between two words it finds
/// (トンプソン|サブマシンガン, ガーランド|ライフル), but also inside one loan
/// word, into pieces of two or three letters (ネー|ベル|ベル|ファー,
/// ハーフ|トラック). The places of `points` (sorted, with 0 and the end)
/// inside a run of katakana with a piece of fewer than four katakana on
/// either side (ネー|ベル, ベル|ファー); with `whole_run`, counting the run's
/// letters either side instead (ネーベルベル|ファー, not ネーベル|ベルファー).
std::vector<size_t> katakana_splits(const std::string& utf8, const std::vector<size_t>& points,
                                    bool whole_run);

/// The words a body text's line breaker keeps whole (line_breaker.h,
/// inside_word_penalty), from ICU's `boundaries` of `utf8`: its phrases
/// (word_starts), or set `solid` (a long text) ICU's words; never a
/// katakana_splits place. The same for lines and columns.
std::vector<size_t> body_word_starts(const std::string& utf8, const std::vector<size_t>& boundaries,
                                     bool solid);

}  // namespace bocage
