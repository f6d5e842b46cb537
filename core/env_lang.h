// The language the environment asks for, and a way to read the environment
// that tests can replace. Both programs use it when --lang is not given.
#pragma once

#include <cstdlib>
#include <functional>
#include <string_view>

#include "lang.h"

namespace bocage {

/// Reads an environment variable (nullptr when unset); tests pass their own.
using EnvLookup = std::function<const char*(const char*)>;

/// The process environment (std::getenv).
inline EnvLookup process_env() {
  return [](const char* name) -> const char* { return std::getenv(name); };
}

/// The language the locale asks for, as GNU gettext reads the environment:
/// the locale is the first of LC_ALL, LC_MESSAGES and LANG that is set and not
/// empty (none: the C locale). Unless that locale is C or POSIX (C.UTF-8
/// included), GNU's LANGUAGE, a list of languages separated by colons
/// ("ja:en", "fr:en_GB"), decides first: its first entry that is Japanese
/// ("ja...") or English ("en...") wins, others are passed over. Otherwise a
/// locale starting with "ja" is Japanese, anything else (C, POSIX,
/// en_US.UTF-8, fr_FR) English.
inline Lang lang_from_locale(const EnvLookup& env = process_env()) {
  std::string_view locale;
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = env(name);
    if (value && *value) {
      locale = value;
      break;
    }
  }
  const bool c_locale =
      locale.empty() || locale == "C" || locale == "POSIX" || locale.substr(0, 2) == "C.";
  const char* language = env("LANGUAGE");
  if (!c_locale && language) {
    std::string_view list = language;
    while (!list.empty()) {
      const size_t colon = list.find(':');
      const std::string_view entry = list.substr(0, colon);
      if (entry.substr(0, 2) == "ja") return Lang::ja;
      if (entry.substr(0, 2) == "en") return Lang::en;
      list = colon == std::string_view::npos ? std::string_view{} : list.substr(colon + 1);
    }
  }
  return locale.substr(0, 2) == "ja" ? Lang::ja : Lang::en;
}

}  // namespace bocage
