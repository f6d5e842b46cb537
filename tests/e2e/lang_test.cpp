// bocage-gen's language: --lang ja|en, else the locale's (LC_ALL, LC_MESSAGES,
// LANG); each test sets the locale it runs in. A Japanese diagnostic keeps
// file:line:col and its [code].
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>

#include "../text_helpers.h"
#include "pdf_probe.h"

using namespace bocage;
using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

// The tests' Japanese locale: LC_MESSAGES, so that LANG stays the one the suite runs in.
const std::string kJa = "LC_MESSAGES=ja_JP.UTF-8";
const std::string kBad = std::string("--data '") + BOCAGE_FIXTURES + "/bad' --templates '" +
                         BOCAGE_FIXTURES + "/templates'";

}  // namespace

TEST_CASE("bocage-gen speaks Japanese under a Japanese locale with file:line:col and the code") {
  TempDir out;
  RunResult r =
      run_gen_as_given("build many-errors " + kBad + " --out '" + out.path.string() + "'", kJa);
  CHECK(r.status == 1);
  CHECK(contains(
      r.err,
      "bad/many-errors/deck.toml:16:8: error: カード「a」の「ammo」は数値でなければなりません"
      "（文字列「three」が書かれています） [data/wrong-type]"));
  CHECK(contains(r.err,
                 "deck.toml:17:1: error: カード「a」に未知のキー「symbol」があります "
                 "[data/unknown-key]\n  hint: 「symbols」のことですか?"));
  CHECK(contains(r.err, "deck.toml:21:9: error: [[card]] の 2 番目の count が -1 です"));
  CHECK(contains(r.err, "many-errors: エラー 4 件。このゲームは何も書きませんでした"));
  CHECK_FALSE(contains(r.err, "must be a number"));
  CHECK(fs::is_empty(out.path));
}

TEST_CASE("the options lang ja and lang en choose the language before or after the subcommand") {
  const std::string validate = "validate overflow missing-glyph " + kBad;
  RunResult ja = run_gen_as_given("--lang ja " + validate, kJa);
  RunResult ja_after = run_gen_as_given(validate + " --lang ja", kJa);
  RunResult en = run_gen_as_given(validate + " --lang en", kJa);
  CHECK(ja.status == 1);
  CHECK(ja.err == ja_after.err);
  CHECK(contains(ja.out,
                 "ゲーム 2 個、部品 2 個、カード 2 枚を確認しました: 警告 1 件、エラー 3 件"));
  CHECK(contains(ja.err, "[layout/text-overflow]"));
  CHECK(contains(ja.err, "収まりません"));
  CHECK(contains(en.out, "checked 2 games, 2 components, 2 cards: 1 warnings, 3 errors"));
  CHECK(contains(en.err, "does not fit its"));
  CHECK_FALSE(contains(en.err, "収まりません"));
  // The same diagnostics, at the same places, with the same codes.
  CHECK(std::count(ja.err.begin(), ja.err.end(), '[') ==
        std::count(en.err.begin(), en.err.end(), '['));
  CHECK(run_gen_as_given("--lang fr list").status == 2);
}

TEST_CASE("the locale chooses bocage-gen's language when --lang is not given") {
  for (const char* env : {"LANG=en_US.UTF-8 LC_ALL=en_US.UTF-8 LANGUAGE=en", "LC_ALL=C LANG=C"}) {
    INFO(env);
    RunResult unknown = run_gen_as_given("build endles-patrol " + kRoots, env);
    CHECK(unknown.status == 2);  // an unknown game is a usage error (docs/command-line.md)
    CHECK(contains(unknown.err, "no game 'endles-patrol'"));
    CHECK(contains(unknown.err, "hint: did you mean 'endless-patrol'?"));
  }
  RunResult ja = run_gen_as_given("build endles-patrol " + kRoots, kJa);
  CHECK(ja.status == 2);
  CHECK(contains(ja.err, "error: 「"));
  CHECK(contains(ja.err, "にゲーム「endles-patrol」はありません"));
  CHECK(contains(ja.err, "\n  hint: 「endless-patrol」のことですか?"));
  RunResult en = run_gen_as_given("--lang en build endles-patrol " + kRoots, kJa);
  CHECK(contains(en.err, "no game 'endles-patrol'"));
  CHECK(contains(en.err, "did you mean 'endless-patrol'?"));
}

TEST_CASE("bocage-gen's summaries and usage errors are in the chosen language") {
  RunResult list = run_gen_as_given("list --data '" + kRoot + "/data'", kJa);
  CHECK(contains(list.out, "gi            GIデッキ / GI deck: カード 30 枚"));
  RunResult no_back =
      run_gen_as_given("preview endless-patrol squad-tracker --back " + kRoots, kJa);
  CHECK(no_back.status == 2);
  CHECK(contains(no_back.err,
                 "error: デッキ「tracker」のカード「squad-tracker」には裏面がありません"));
}

TEST_CASE("bocage-gen's paper errors and paging notes are in the chosen language") {
  TempDir out;
  RunResult bad = run_gen_as_given(
      "build endless-patrol --paper leter " + kRoots + " --out '" + out.path.string() + "'", kJa);
  CHECK(bad.status == 2);
  CHECK(contains(bad.err, "error: --paper には a4, letter, a3, b4, b5、または幅x高さを mm で"));
  CHECK(contains(bad.err, "「letter」のことですか?"));
  RunResult side = run_gen_as_given(
      "build endless-patrol --paper 10x300 " + kRoots + " --out '" + out.path.string() + "'", kJa);
  CHECK(side.status == 2);
  CHECK(contains(side.err, "各辺は 50 mm から 2000 mm まで"));
  // An option given twice: CLI11's "At Most 1 required but received 2", said in our words.
  const std::string twice = "build endless-patrol --paper a4 --paper letter " + kRoots +
                            " --out '" + out.path.string() + "'";
  RunResult twice_ja = run_gen_as_given(twice, kJa);
  CHECK(twice_ja.status == 2);
  CHECK(contains(twice_ja.err, "--paper が 2 回指定されています。指定できるのは 1 回までです"));
  CHECK_FALSE(contains(twice_ja.err, "At Most"));
  RunResult twice_en = run_gen_as_given("--lang en " + twice, kJa);
  CHECK(contains(twice_en.err, "--paper is given 2 times; it takes at most 1"));
  CHECK(fs::is_empty(out.path));
  // Wide bleed and gap on Letter: the sheet laid out across the paper (6 a
  // page, not 2 x 2), said in Japanese, then in English.
  const std::string wide = "build endless-patrol --paper letter --bleed 5 --gap 6 " + kRoots +
                           " --out '" + out.path.string() + "'";
  RunResult ja = run_gen_as_given(wide, kJa);
  REQUIRE(ja.status == 0);
  CHECK(contains(ja.err, "gi.pdf: 用紙を横に使い 1 ページに 6 枚。"));
  CHECK_FALSE(contains(ja.err, "across the paper"));
  RunResult en = run_gen_as_given("--lang en " + wide, kJa);
  REQUIRE(en.status == 0);
  CHECK(contains(en.err, "gi.pdf: laid out across the paper, 6 a page;"));
}
