#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <cstdlib>

namespace {

// Both programs take their language from the locale when --lang is not given
// (core/env_lang.h). Every test starts from the same one, whatever the
// machine's: LC_ALL unset and LC_MESSAGES Japanese (LANG, which fontconfig
// reads, is left alone). A test of another language sets its own.
const bool kLocaleSet = [] {
  unsetenv("LC_ALL");
  setenv("LC_MESSAGES", "ja_JP.UTF-8", 1);
  return true;
}();

}  // namespace
