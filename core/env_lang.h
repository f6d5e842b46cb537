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

/// The language the locale asks for, as POSIX orders the variables: the first
/// of LC_ALL, LC_MESSAGES and LANG that is set and not empty decides; a value
/// starting with "ja" is Japanese, anything else (C, POSIX, en_US.UTF-8, fr_FR)
/// English; none set (the C locale) English.
inline Lang lang_from_locale(const EnvLookup& env = process_env()) {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = env(name);
    if (value && *value) return std::string_view(value).substr(0, 2) == "ja" ? Lang::ja : Lang::en;
  }
  return Lang::en;
}

}  // namespace bocage
