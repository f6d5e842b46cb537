// What the companion does to every line it reads (typed, scripted, given to
// exec or roll, or read from a session file): at most kMaxLineBytes, valid
// UTF-8 without control characters, then Unicode NFKC, so what a Japanese
// IME types (full-width "ｍｏｖｅ　０２０６", "２ｄ６") reads as ASCII.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/lang.h"
#include "normal_form.h"

namespace bocage {

/// The longest line of input (a command, an answer, dice notation, a session line).
constexpr size_t kMaxInputLineBytes = 4096;

/// What is wrong with `text` as a line of input, or nothing: too long,
/// invalid UTF-8, or a control character (tab aside), with its column
/// (1-based, in characters); said in `lang`.
std::optional<std::string> input_problem(std::string_view text, Lang lang = Lang::en);

/// A line checked by input_problem() and normalised; `error` set instead
/// when it is refused.
struct InputLine {
  std::string text;
  std::string error;
};
InputLine normalize_input(std::string_view line, Lang lang = Lang::en);

/// `text` safe to print: control characters and bytes that are not UTF-8
/// are shown as \xNN, never sent to the terminal raw.
std::string printable(std::string_view text);

/// Columns `text` (valid UTF-8) takes on a terminal: 2 for wide characters.
size_t display_width(std::string_view text);

}  // namespace bocage
