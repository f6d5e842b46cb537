// The language the locale asks for (core/env_lang.h) and the --lang that
// overrides it (cli/lang_choice.h).
#include "core/env_lang.h"

#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "cli/lang_choice.h"

using namespace bocage;

namespace {

EnvLookup env_of(const std::map<std::string, std::string>& vars) {
  return [vars](const char* name) -> const char* {
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  };
}

}  // namespace

TEST_CASE(
    "the locale's language: LC_ALL then LC_MESSAGES then LANG - and C and POSIX are English") {
  CHECK(lang_from_locale(env_of({})) == Lang::en);
  CHECK(lang_from_locale(env_of({{"LANG", "ja_JP.UTF-8"}})) == Lang::ja);
  CHECK(lang_from_locale(env_of({{"LANG", "C"}})) == Lang::en);
  CHECK(lang_from_locale(env_of({{"LANG", "POSIX"}})) == Lang::en);
  CHECK(lang_from_locale(env_of({{"LANG", "en_US.UTF-8"}})) == Lang::en);
  CHECK(lang_from_locale(env_of({{"LANG", "ja_JP.UTF-8"}, {"LC_MESSAGES", "C"}})) == Lang::en);
  CHECK(lang_from_locale(env_of({{"LANG", "C"}, {"LC_MESSAGES", "ja_JP.eucJP"}})) == Lang::ja);
  CHECK(lang_from_locale(env_of({{"LC_ALL", "C"}, {"LC_MESSAGES", "ja_JP.UTF-8"}})) == Lang::en);
  CHECK(lang_from_locale(env_of({{"LC_ALL", "ja"}, {"LANG", "C"}})) == Lang::ja);
  // An empty variable is as good as unset.
  CHECK(lang_from_locale(env_of({{"LC_ALL", ""}, {"LANG", "ja_JP.UTF-8"}})) == Lang::ja);
}

TEST_CASE("GNU LANGUAGE decides before the locale, except in the C locale") {
  // A Japanese desktop whose user prefers English messages, and the reverse.
  CHECK(lang_from_locale(env_of({{"LANG", "ja_JP.UTF-8"}, {"LANGUAGE", "en"}})) == Lang::en);
  CHECK(lang_from_locale(env_of({{"LANG", "en_US.UTF-8"}, {"LANGUAGE", "ja"}})) == Lang::ja);
  // The first entry we have a catalog for wins; others are passed over.
  CHECK(lang_from_locale(env_of({{"LANG", "en_US.UTF-8"}, {"LANGUAGE", "fr:ja_JP:en"}})) ==
        Lang::ja);
  CHECK(lang_from_locale(env_of({{"LANG", "ja_JP.UTF-8"}, {"LANGUAGE", "de:en_GB"}})) == Lang::en);
  // None we know, or empty: the locale decides.
  CHECK(lang_from_locale(env_of({{"LANG", "ja_JP.UTF-8"}, {"LANGUAGE", "fr:de"}})) == Lang::ja);
  CHECK(lang_from_locale(env_of({{"LANG", "ja_JP.UTF-8"}, {"LANGUAGE", ""}})) == Lang::ja);
  CHECK(lang_from_locale(env_of({{"LC_ALL", "ja_JP.UTF-8"}, {"LANGUAGE", ":en"}})) == Lang::en);
  // gettext ignores LANGUAGE in the C locale: C, POSIX and C.UTF-8 stay English.
  for (const char* c : {"C", "POSIX", "C.UTF-8"}) {
    CHECK(lang_from_locale(env_of({{"LANG", c}, {"LANGUAGE", "ja"}})) == Lang::en);
    CHECK(lang_from_locale(env_of({{"LANGUAGE", "ja"}})) == Lang::en);
  }
  CHECK(lang_from_locale(env_of({{"LC_ALL", "C"}, {"LANG", "ja_JP.UTF-8"}, {"LANGUAGE", "ja"}})) ==
        Lang::en);
}

TEST_CASE("the --lang option wins over the locale before or after the command") {
  auto choose = [](std::vector<std::string> words, const std::map<std::string, std::string>& v) {
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    return choose_lang(int(argv.size()), argv.data(), env_of(v));
  };
  const std::map<std::string, std::string> ja = {{"LANG", "ja_JP.UTF-8"}};
  CHECK(choose({"bocage-gen", "list"}, ja) == Lang::ja);
  CHECK(choose({"bocage-gen", "--lang", "en", "list"}, ja) == Lang::en);
  CHECK(choose({"bocage-gen", "list", "--lang=en"}, ja) == Lang::en);
  CHECK(choose({"bocage-gen", "list", "--lang", "ja"}, {{"LC_ALL", "C"}}) == Lang::ja);
  CHECK(choose({"bocage-gen", "list", "--lang", "fr"}, ja) == Lang::ja);  // CLI11 refuses it
  CHECK(choose({"bocage-play", "exec", "f", "--", "--lang", "en"}, ja) == Lang::ja);
}
