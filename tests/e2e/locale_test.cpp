// bocage-gen in the locales its users run: a Japanese desktop (LANG=ja_JP.UTF-8,
// what Debian's installer sets), an English one, C and C.UTF-8, with LC_ALL,
// LC_MESSAGES and GNU LANGUAGE over them. Every file it writes is the same to
// the byte in each, and so is every diagnostic in a given language: fontconfig
// names a font's family in the locale's language ("BIZ UDPゴシック"), and
// nothing may depend on that name.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <vector>

#include "../run_command.h"
#include "../text_helpers.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

/// The environments tried: each is all the locale a program gets (the test's
/// own LC_* and LANGUAGE are unset first).
const std::vector<std::string> kLocales = {
    "LANG=ja_JP.UTF-8",
    "LANG=en_US.UTF-8",
    "LANG=C",
    "LANG=C.UTF-8",
    "LANG=C LC_ALL=ja_JP.UTF-8",
    "LANG=ja_JP.UTF-8 LC_MESSAGES=C",
    "LANG=ja_JP.UTF-8 LANGUAGE=en",
    "LANG=en_US.UTF-8 LC_ALL=ja_JP.UTF-8 LANGUAGE=ja:en",
};

/// Runs bocage-gen with `args` in the locale `locale` alone, in `cwd`.
RunResult gen_in(const std::string& locale, const std::string& args, const fs::path& cwd = {}) {
  std::string cmd;
  if (!cwd.empty()) cmd += "cd '" + cwd.string() + "' && ";
  return run_command(cmd + "env -u LC_ALL -u LC_MESSAGES -u LC_CTYPE -u LANGUAGE -u LANG " +
                     locale + " '" + BOCAGE_GEN + "' " + args);
}

/// Every regular file below `root`, by its path relative to it, with its bytes.
std::map<std::string, std::string> files_below(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out[fs::relative(e.path(), root).string()] = slurp(e.path());
  return out;
}

/// Checks that `got` holds the same files as `want`, byte for byte.
void check_same_files(const std::map<std::string, std::string>& want,
                      const std::map<std::string, std::string>& got) {
  REQUIRE(want.size() == got.size());
  for (const auto& [name, bytes] : want) {
    INFO(name);
    auto it = got.find(name);
    REQUIRE(it != got.end());
    CHECK(it->second.size() == bytes.size());
    CHECK((it->second == bytes));
  }
}

const std::string kBad = std::string("--data '") + BOCAGE_FIXTURES + "/bad' --templates '" +
                         BOCAGE_FIXTURES + "/templates'";

}  // namespace

TEST_CASE("every shipped game builds to the same bytes in every locale") {
  std::map<std::string, std::string> first;
  for (const auto& locale : kLocales) {
    INFO(locale);
    TempDir out;
    RunResult r = gen_in(locale, "build --all " + kRoots + " --out '" + out.path.string() + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK_FALSE(contains(r.err, "error"));
    CHECK_FALSE(contains(r.err, "エラー"));
    auto files = files_below(out.path);
    CHECK(files.size() >= 25);  // the five games' PDFs
    if (first.empty())
      first = std::move(files);
    else
      check_same_files(first, files);
  }
}

TEST_CASE("validate gives the same diagnostics in every locale, apart from their language") {
  // The bad fixtures hold every kind of problem, missing and borrowed glyphs
  // among them (the fonts are named in the messages).
  std::map<std::string, std::string> by_lang;  // --lang: the report in each locale
  std::map<std::string, std::string> by_locale_lang;
  for (const auto& locale : kLocales) {
    INFO(locale);
    for (const char* lang : {"ja", "en"}) {
      RunResult r = gen_in(locale, std::string("--lang ") + lang + " validate --all " + kBad);
      CHECK(r.status == 1);
      const std::string report = r.out + "\n--\n" + r.err;
      auto [it, first] = by_lang.emplace(lang, report);
      if (!first) CHECK(it->second == report);
    }
    // Without --lang, the report is that of the locale's language.
    RunResult r = gen_in(locale, "validate --all " + kBad);
    by_locale_lang[locale] = r.out + "\n--\n" + r.err;
  }
  CHECK(contains(by_lang["en"], "[layout/missing-glyph]"));
  CHECK(contains(by_lang["ja"], "[layout/missing-glyph]"));
  CHECK(by_locale_lang["LANG=ja_JP.UTF-8"] == by_lang["ja"]);
  CHECK(by_locale_lang["LANG=C LC_ALL=ja_JP.UTF-8"] == by_lang["ja"]);
  CHECK(by_locale_lang["LANG=en_US.UTF-8 LC_ALL=ja_JP.UTF-8 LANGUAGE=ja:en"] == by_lang["ja"]);
  CHECK(by_locale_lang["LANG=en_US.UTF-8"] == by_lang["en"]);
  CHECK(by_locale_lang["LANG=C"] == by_lang["en"]);
  CHECK(by_locale_lang["LANG=C.UTF-8"] == by_lang["en"]);
  CHECK(by_locale_lang["LANG=ja_JP.UTF-8 LC_MESSAGES=C"] == by_lang["en"]);
  CHECK(by_locale_lang["LANG=ja_JP.UTF-8 LANGUAGE=en"] == by_lang["en"]);
}

TEST_CASE("a font borrowed from outside the game is named the same in every locale") {
  // The fixture's text needs a glyph its fonts lack; the message names the
  // font it was taken from by its English name, not "BIZ UDPゴシック".
  std::string reference;
  for (const auto& locale : kLocales) {
    INFO(locale);
    RunResult r = gen_in(locale, "--lang en validate missing-glyph " + kBad);
    CHECK(r.status == 1);
    CHECK_FALSE(contains(r.err, "ゴシック"));
    CHECK_FALSE(contains(r.err, "明朝"));
    if (reference.empty())
      reference = r.err;
    else
      CHECK(r.err == reference);
  }
}

TEST_CASE("new, preview, watch and specimen write the same bytes in every locale") {
  std::map<std::string, std::string> first;
  for (const auto& locale : kLocales) {
    INFO(locale);
    TempDir dir;
    RunResult made = gen_in(locale, "new my-game", dir.path);
    INFO(made.out << made.err);
    REQUIRE(made.status == 0);
    RunResult valid = gen_in(locale, "validate my-game", dir.path);
    INFO(valid.err);
    CHECK(valid.status == 0);
    CHECK(valid.err.empty());
    RunResult preview =
        gen_in(locale, "preview my-game rifle --dpi 100 -o previews/rifle.png", dir.path);
    INFO(preview.err);
    CHECK(preview.status == 0);
    RunResult specimen = gen_in(locale, "specimen -o specimen.pdf", dir.path);
    INFO(specimen.err);
    CHECK(specimen.status == 0);
    // watch writes every preview first, then waits for a save: stopped with
    // Ctrl-C's signal once it says it watches.
    RunResult watch = run_command(
        "cd '" + dir.path.string() + "' && (env -u LC_ALL -u LC_MESSAGES -u LC_CTYPE -u LANGUAGE " +
        "-u LANG " + locale + " '" + BOCAGE_GEN + "' --lang en watch my-game --out watched " +
        ">watch.log 2>&1 & pid=$!; for i in $(seq 600); do grep -q watching watch.log && break; " +
        "sleep 0.2; done; kill -INT $pid; wait $pid; echo $? > watch.status)");
    INFO(slurp(dir.path / "watch.log"));
    CHECK(slurp(dir.path / "watch.status") == "0\n");
    CHECK(fs::exists(dir.path / "watched/my-game/rifle.png"));
    fs::remove(dir.path / "watch.log");
    fs::remove(dir.path / "watch.status");
    auto files = files_below(dir.path);
    CHECK(files.count("data/my-game/cards.csv") == 1);
    CHECK(files.count("previews/rifle.png") == 1);
    CHECK(files.count("specimen.pdf") == 1);
    if (first.empty())
      first = std::move(files);
    else
      check_same_files(first, files);
  }
}
