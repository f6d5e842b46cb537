// The punctuation the generator prints between words of its own (a page
// label's parts, a PDF's title, a bracketed note, a zero modifier): marks,
// not words, so not in the catalog; written once, here. The words are in
// generator/messages.toml (print-*).
#pragma once

namespace bocage::print {

inline constexpr const char* kJoin = " \u00b7 ";  // "ゲーム · デッキ deck · 表 face 1/9"
inline constexpr const char* kTitleDash = " \u2014 ";  // "マキ — ボード (Maquis — Board)"
inline constexpr const char* kOpenBracket = "\uff08";  // "（長辺とじ）"
inline constexpr const char* kCloseBracket = "\uff09";
inline constexpr const char* kPlusMinusZero = "\u00b10";  // a modifier of zero, as players write it

}  // namespace bocage::print
