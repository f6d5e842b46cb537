// The language of a command line, known before CLI11 parses it (its help and
// option descriptions are written in it): --lang ja|en anywhere on the line,
// else the locale (core/lang.h: LC_ALL, LC_MESSAGES, LANG).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/env_lang.h"

namespace bocage {

/// The value of the last well-formed `--lang ja|en` or `--lang=ja|en` before a
/// `--`, or none (a bad value is left for CLI11 to refuse).
inline std::optional<Lang> lang_option(int argc, char** argv) {
  std::optional<Lang> found;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") break;
    std::string_view value;
    if (word == "--lang" && i + 1 < argc)
      value = argv[i + 1];
    else if (word.substr(0, 7) == "--lang=")
      value = word.substr(7);
    else
      continue;
    if (value == "ja") found = Lang::ja;
    if (value == "en") found = Lang::en;
  }
  return found;
}

/// --lang when given, else the locale's language.
inline Lang choose_lang(int argc, char** argv, const EnvLookup& env = process_env()) {
  return lang_option(argc, argv).value_or(lang_from_locale(env));
}

}  // namespace bocage
