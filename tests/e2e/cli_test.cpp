// bocage-gen's command-line conventions (docs/command-line.md): unknown words
// named with the nearest command, one exit status for an unknown game, an
// unwritable --out said once, the program's name in usage lines, the language
// from --lang or the locale, CLI11's help and errors in that language.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <sstream>

#include "../text_helpers.h"
#include "pdf_probe.h"

using namespace bocage;
using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

// LC_MESSAGES, not LC_ALL or LANG: LANG stays the one the suite runs in.
const std::string kEnglish = "LC_MESSAGES=C";
const std::string kJapanese = "LC_MESSAGES=ja_JP.UTF-8";

size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("bocage-gen frobnicate names the word and the commands, and suggests the nearest") {
  RunResult r = run_gen_as_given("frobnicate", kEnglish);
  CHECK(r.status == 2);
  CHECK(contains(r.err,
                 "error: unknown command 'frobnicate' (commands: build, validate, preview, "
                 "list, new, watch, specimen, paths, help)"));
  // help is a command like the others: listed by --help, and it works.
  CHECK(contains(run_gen_as_given("--help", kEnglish).out,
                 "  help                        Show the help of the program, or of one command"));
  RunResult help = run_gen_as_given("help preview", kJapanese);
  CHECK(help.status == 0);
  CHECK(contains(help.out, "使い方: bocage-gen preview"));
  CHECK_FALSE(contains(r.err, "A subcommand is required"));
  CHECK(contains(r.err, "Run 'bocage-gen --help' for more information"));
  RunResult typo = run_gen_as_given("--lang en buidl endless-patrol");
  CHECK(typo.status == 2);
  CHECK(contains(typo.err, "unknown command 'buidl'"));
  CHECK(contains(typo.err, "hint: did you mean 'build'?"));
  RunResult ja = run_gen_as_given("buidl", kJapanese);
  CHECK(contains(ja.err, "「buidl」というコマンドはありません"));
  CHECK(contains(ja.err, "「build」のことですか?"));
}

TEST_CASE("bocage-gen -V names the option and suggests --version") {
  RunResult r = run_gen_as_given("-V", kEnglish);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "error: bocage-gen has no option '-V'"));
  CHECK(contains(r.err, "hint: did you mean '--version'?"));
  CHECK(run_gen_as_given("--version", kEnglish).status == 0);
}

TEST_CASE("an unknown game is a usage error, exit 2, in every subcommand, with the nearest game") {
  TempDir out;
  for (const std::string& command :
       {"build stuart-vs-zombie --out '" + out.path.string() + "' " + kRoots,
        "validate stuart-vs-zombie " + kRoots, "preview stuart-vs-zombie stuart " + kRoots,
        "list stuart-vs-zombie --data '" + kRoot + "/data'"}) {
    RunResult r = run_gen(command);
    INFO(command << "\n" << r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "no game 'stuart-vs-zombie'"));
    CHECK(contains(r.err, "did you mean 'stuart-vs-zombies'?"));
  }
  CHECK(fs::is_empty(out.path));
}

TEST_CASE(
    "an --out that cannot be written is said once, not once per deck, with the system's text") {
  TempDir root;
  std::ofstream(root.path / "a-file") << "x";
  const std::string out = (root.path / "a-file" / "out").string();
  RunResult r = run_gen("build endless-patrol omaha-beach " + kRoots + " --out '" + out + "'");
  CHECK(r.status == 3);
  CHECK(count_of(r.err, "error:") == 1);
  CHECK(contains(r.err, "error: cannot write into the output folder '" + out + "' (--out)"));
  CHECK(contains(r.err, "  detail: Not a directory"));
  RunResult ja =
      run_gen_as_given("build endless-patrol " + kRoots + " --out '" + out + "'", kJapanese);
  CHECK(contains(ja.err, "出力フォルダ「" + out + "」に書き込めません"));
  CHECK(contains(ja.err, "詳細: "));
}

TEST_CASE("usage lines show the program's name, not the path it was started from") {
  RunResult r = run_gen_as_given("build --help", kEnglish);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "Usage: bocage-gen build"));
  CHECK_FALSE(contains(r.out, std::string(BOCAGE_GEN)));
}

TEST_CASE("bocage-gen's language comes from --lang, else LC_ALL, LC_MESSAGES, LANG") {
  const std::string list = "list --data '" + kRoot + "/data' ";
  // "（1 人用）" in Japanese, "(1 player)" in English; the games' names are in both.
  auto japanese = [](const RunResult& r) { return contains(r.out, "人用）"); };
  // An empty LC_MESSAGES is as good as unset: LANG decides.
  REQUIRE(japanese(run_gen_as_given(list, "LC_MESSAGES= LANG=ja_JP.UTF-8")));
  CHECK_FALSE(japanese(run_gen_as_given(list, "LC_MESSAGES= LANG=C")));
  CHECK_FALSE(japanese(run_gen_as_given(list, "LC_MESSAGES= LANG=POSIX")));
  CHECK_FALSE(japanese(run_gen_as_given(list, "LC_MESSAGES= LANG=")));  // none: C
  CHECK_FALSE(japanese(run_gen_as_given(list, "LANG=ja_JP.UTF-8 LC_MESSAGES=C")));
  CHECK(japanese(run_gen_as_given(list, "LANG=C LC_MESSAGES=ja_JP.UTF-8")));
  CHECK_FALSE(japanese(run_gen_as_given(list, "LC_ALL=C LC_MESSAGES=ja_JP.UTF-8")));
  CHECK(japanese(run_gen_as_given(list, "LC_ALL=ja_JP.UTF-8 LC_MESSAGES=C")));
  CHECK(japanese(run_gen_as_given(list + "--lang ja", "LC_ALL=C")));
  CHECK_FALSE(japanese(run_gen_as_given(list + "--lang en", kJapanese)));
}

TEST_CASE("CLI11's help labels and errors are said in the chosen language") {
  RunResult help = run_gen_as_given("build --help", kJapanese);
  CHECK(help.status == 0);
  CHECK(contains(help.out, "使い方: bocage-gen build"));
  CHECK_FALSE(contains(help.out, "Usage:"));
  RunResult en = run_gen_as_given("build --help", kEnglish);
  CHECK(contains(en.out, "Usage: bocage-gen build"));

  RunResult range = run_gen_as_given("build --bleed 50 --all", kJapanese);
  CHECK(range.status == 2);
  CHECK(contains(range.err, "--bleed の値 50 は 0.000000 から 10.000000 まで"));
  RunResult range_en = run_gen_as_given("build --bleed 50 --all", kEnglish);
  CHECK(contains(range_en.err, "error: --bleed: 50 is not in the range"));

  RunResult member = run_gen_as_given("build --duplex sideways --all", kJapanese);
  CHECK(member.status == 2);
  CHECK(contains(member.err, "--duplex に「sideways」は使えません"));
  RunResult extra = run_gen_as_given("specimen stray", kJapanese);
  CHECK(extra.status == 2);
  CHECK(contains(extra.err, "余分な引数があります: stray"));
  CHECK(contains(extra.err, "「bocage-gen specimen --help」"));
  RunResult missing = run_gen_as_given("preview", kEnglish);
  CHECK(missing.status == 2);
  CHECK(contains(missing.err, "error: game is required"));
}

TEST_CASE("bocage-gen paths shows the folders in use and where they are searched") {
  RunResult r = run_gen("paths " + kRoots);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "data: " + kRoot + "/data (--data / --templates)"));
  CHECK(contains(r.out, "templates: " + kRoot + "/templates (--data / --templates)"));
  CHECK(contains(r.out, "searched, in order:"));
  CHECK(contains(r.out, "$XDG_DATA_DIRS/bocage"));
}

TEST_CASE(
    "help: every description of bocage-gen is in the help catalog, so it is said in Japanese") {
  // A help line with three English words and no Japanese is a description
  // main.cpp added without its entry in cli/help.toml.
  const std::regex english("[A-Za-z]+ [a-z]+ [a-z]+");
  for (const std::string command :
       {"", "build", "validate", "preview", "list", "specimen", "paths"}) {
    RunResult r = run_gen_as_given(command + " --help", kJapanese);
    CHECK(r.status == 0);
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
      INFO("bocage-gen " << command << " --help: " << line);
      const bool japanese =
          std::any_of(line.begin(), line.end(), [](char c) { return (c & 0x80) != 0; });
      CHECK((japanese || !std::regex_search(line, english)));
    }
  }
}

TEST_CASE("help names each option's value in words, never CLI11's types, aligned in Japanese") {
  // --data フォルダ, --bleed ミリ=3, --duplex {long,short,none,fold}=long; not
  // TEXT, FLOAT:FLOAT in [0 - 20] or Excludes: --out (issue 49).
  for (const std::string command :
       {"", "build", "validate", "preview", "list", "new", "watch", "specimen", "paths"})
    for (const std::string& lang : {kJapanese, kEnglish}) {
      RunResult r = run_gen_as_given(command + " --help", lang);
      INFO("bocage-gen " << command << " --help (" << lang << "):\n" << r.out);
      CHECK(r.status == 0);
      for (const char* type : {" TEXT", "FLOAT", "INT:", "UINT", "Excludes", "Needs:"})
        CHECK_FALSE(contains(r.out, type));
    }
  RunResult ja = run_gen_as_given("build --help", kJapanese);
  CHECK(contains(ja.out, "--data フォルダ "));
  CHECK(contains(ja.out, "--bleed ミリ=3 "));
  CHECK(contains(ja.out, "--duplex {long,short,none,fold}=long"));
  RunResult en = run_gen_as_given("build --help", kEnglish);
  CHECK(contains(en.out, "--data DIR "));
  CHECK(contains(en.out, "--bleed MM=3 "));
  // Each description starts in the same column as a terminal shows it (a
  // kana takes two): --data フォルダ's as --all's.
  auto column_of = [](const std::string& text, const std::string& option) {
    const size_t at = text.find("  " + option);
    const size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    size_t columns = 0, k = 0;
    for (; k < line.size(); ++k) {
      const unsigned char c = static_cast<unsigned char>(line[k]);
      if ((c & 0xC0) == 0x80) continue;
      if (columns > 4 && c >= 0xE0 && line.compare(k - 2, 2, "  ") == 0) break;
      columns += c >= 0xE0 && c <= 0xEF ? 2 : 1;
    }
    return columns;
  };
  CHECK(column_of(ja.out, "--data") == column_of(ja.out, "--all"));
  CHECK(column_of(ja.out, "--bleed") == column_of(ja.out, "--all"));
  // The Japanese manual page names the values as the Japanese help does.
  RunResult man = run_gen_as_given("--lang ja --man-page");
  std::string page = man.out;
  for (size_t at; (at = page.find("\\:")) != std::string::npos;) page.erase(at, 2);
  CHECK(contains(page, ".B \\-\\-data\n.I フォルダ"));
  CHECK_FALSE(contains(page, "TEXT"));
}

TEST_CASE("the Japanese manual page is written from the help catalogs") {
  RunResult ja = run_gen_as_given("--lang ja --man-page");
  CHECK(ja.status == 0);
  // Break points between Japanese characters (\:) aside, the text as --help says it.
  std::string text = ja.out;
  for (size_t at; (at = text.find("\\:")) != std::string::npos;) text.erase(at, 2);
  for (const char* heading : {".SH 名前", ".SH 書式", ".SH 説明", ".SH コマンド", ".SH ファイル",
                              ".SH 環境変数", ".SH 終了ステータス", ".SH 関連項目"})
    CHECK(contains(ja.out, heading));
  // Every command, with its description as --help says it in Japanese.
  for (const char* command :
       {"build", "validate", "preview", "list", "new", "watch", "specimen", "paths"})
    CHECK(contains(ja.out, std::string(".B bocage\\-gen ") + command));
  CHECK(contains(text, "すべてのゲームを出力します"));
  CHECK(contains(ja.out, "LANGUAGE"));
  RunResult en = run_gen_as_given("--lang en --man-page");
  CHECK(contains(en.out, ".SH EXIT STATUS"));
  CHECK(contains(en.out, "Build every game"));
  // Not an option of the command line: --help does not list it.
  CHECK_FALSE(contains(run_gen_as_given("--help").out, "man-page"));
}

TEST_CASE("without --paper a build prints on the system's paper") {
  TempDir out;
  RunResult letter =
      run_gen("build endless-patrol " + kRoots + " --out '" + out.path.string() + "'", {},
              "PAPERSIZE=letter");
  INFO(letter.err);
  REQUIRE(letter.status == 0);
  PdfProbe p = probe_pdf(out.path / "endless-patrol" / "gi.pdf");
  REQUIRE(p.opened);
  // Letter, whichever way the cards are laid (across: 8 a page).
  const auto [w, h] = p.page_sizes_pt.at(0);
  CHECK(std::min(w, h) == Approx(612).margin(0.5));
  CHECK(std::max(w, h) == Approx(792).margin(0.5));
  // --paper wins over the system's.
  RunResult a4 =
      run_gen("build endless-patrol --paper a4 " + kRoots + " --out '" + out.path.string() + "'",
              {}, "PAPERSIZE=letter");
  REQUIRE(a4.status == 0);
  CHECK(probe_pdf(out.path / "endless-patrol" / "gi.pdf").page_sizes_pt.at(0).first ==
        Approx(595).margin(1));
  // A paper Bocage does not know: A4, and said.
  RunResult odd = run_gen("build endless-patrol " + kRoots + " --out '" + out.path.string() + "'",
                          {}, "PAPERSIZE=quarto");
  REQUIRE(odd.status == 0);
  CHECK(contains(odd.err,
                 "warning: the system's paper 'quarto' (PAPERSIZE or /etc/papersize) is "
                 "not one bocage-gen knows: printing on a4"));
  CHECK(probe_pdf(out.path / "endless-patrol" / "gi.pdf").page_sizes_pt.at(0).first ==
        Approx(595).margin(1));
}

TEST_CASE("help COMMAND says the command's help and a misspelt option gets the nearest one") {
  RunResult help = run_gen_as_given("help build", kEnglish);
  CHECK(help.status == 0);
  CHECK(help.out == run_gen_as_given("build --help", kEnglish).out);
  CHECK(contains(help.out, "Usage: bocage-gen build [OPTIONS]"));
  RunResult all = run_gen_as_given("help", kEnglish);
  CHECK(all.status == 0);
  CHECK(all.out == run_gen_as_given("--help", kEnglish).out);
  RunResult ja = run_gen_as_given("help watch", kJapanese);
  CHECK(contains(ja.out, "使い方: bocage-gen watch"));
  RunResult typo = run_gen_as_given("help biuld", kEnglish);
  CHECK(typo.status == 2);
  CHECK(contains(typo.err, "hint: did you mean 'build'?"));
  RunResult papr = run_gen_as_given("build endless-patrol --papr letter", kEnglish);
  CHECK(papr.status == 2);
  CHECK(contains(papr.err, "error: unexpected arguments: --papr"));
  CHECK(contains(papr.err, "hint: did you mean '--paper'?"));
  RunResult papr_ja = run_gen_as_given("build endless-patrol --papr letter", kJapanese);
  CHECK(contains(papr_ja.err, "「--paper」のことですか?"));
}
