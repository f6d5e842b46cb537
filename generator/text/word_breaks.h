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

}  // namespace bocage
