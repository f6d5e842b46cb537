// The companion as players found it (issue 12): what a refused command says,
// how input is read, help, the line of state after each command, and the
// wording of messages, through a real session and its shell.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "companion/games/stuart_vs_zombies/svz_rules.h"
#include "ep_play.h"
#include "svz_play.h"

using namespace bocage;
using namespace bocage::test;

TEST_CASE("companion: a command refused part-way says only the refusal") {
  SvzGame g;
  g.run("roll -- 4\n");
  const std::string out = g.run("move 0306 0405 0909\n");
  CHECK(g.status == 1);
  // The first two steps never happened: nothing tells the player to move the counter.
  CHECK_FALSE(contains(out, "M5: ★ (0206) → 0306"));
  CHECK_FALSE(contains(out, "→ 6 (0405)"));
  CHECK(contains(out, "7.1: マス「0909」はマップにありません"));
  CHECK(g.state().m5 == hex("0206"));
  CHECK(g.state().ap == 4);
}

TEST_CASE("companion: '#' starts a comment in scripts and answers and exec lines") {
  SvzGame g;
  g.run("roll -- 4  # a four\nmove 0306 # along the road\n");
  CHECK(g.status == 0);
  CHECK(g.state().m5 == hex("0306"));
  CHECK(g.session->history().back() == "move 0306");
  Reply r = g.session->execute("move 0405 # exec's line", nullptr);
  CHECK(r.status == Reply::Status::done);
  CHECK(g.state().m5 == hex("0405"));
}

TEST_CASE("companion: full-width input and upper case and the map's names read as printed") {
  SvzGame g;
  g.run("ＲＯＬＬ　－－　４\nMOVE ０３０６\nMove カランタン\n");
  CHECK(g.status == 0);
  CHECK(g.state().m5 == hex("0206"));
  // The log keeps the hex's coordinate, however the player named it.
  CHECK(g.session->history() == std::vector<std::string>{"roll -- 4", "move 0306", "move 0206"});
  g.run("move 0306\nmove CARENTAN\nroll -- 4\nmove 0306\nmove 町（カランタン）\n");
  CHECK(g.status == 0);
  CHECK(g.state().m5 == hex("0206"));
  // A misspelt command gets its suggestion whatever its case.
  g.run("MOOVE 0306\n");
  CHECK(contains(g.out, "「moove」というコマンドはありません。もしかして: 移動?"));
}

TEST_CASE("companion: help lists every command with its rule and marks what is possible now") {
  SvzGame g;
  const std::string all = g.run("help\n");
  CHECK(contains(all, "* AP決定  — AP を決める（5.0）"));
  CHECK(contains(all, "  偵察 マス  — 同じか隣のマスの裏の駒を表に 2 AP（7.2）"));
  CHECK(contains(all, "  体当たり  — 同じマスの駒に体当たり 1 AP（7.4）"));
  CHECK(contains(all, "  修理 AP 修理するもの  — "));
  CHECK(contains(all, "答えを先に書くこともできます: 射撃 6 -- ゾンビ3"));
  const std::string recon = g.run("help recon\n");
  CHECK(contains(recon, "使い方: 偵察 マス"));
  CHECK(contains(recon, "今はできません。まず AP決定 で AP を決めてください"));
  CHECK_FALSE(contains(recon, "移動 マス"));
  g.run("roll -- 4\n");
  CHECK(contains(g.run("help move\n"), "今できます"));
  CHECK(contains(g.run("help ram\n"), "今はできません。届くところに目標がありません"));
  CHECK(contains(g.run("help\n"), "* 移動 マス"));
  CHECK(contains(g.run("help undo\n"), "一手戻す [N]  — 最後の N 個のコマンドを取り消す"));
  g.run("help fly\n");
  CHECK(contains(g.out, "「fly」というコマンドはありません"));
}

TEST_CASE("companion: Endless Patrol's help gives its own example and never Stuart vs Zombies'") {
  EpGame g;
  const std::string out = g.run("help\n");
  CHECK(contains(out, "初期配置 -- 3 12 21 27"));
  CHECK_FALSE(contains(out, "zombie"));
  // Why a command of another phase cannot be given now.
  CHECK(contains(g.run("help fire\n"), "今はできません。fire は射撃フェイズに行います"));
}

TEST_CASE("companion: one line of state to check the table after each command that changes it") {
  SvzGame g;
  std::string out = g.run("roll -- 4\n");
  CHECK(contains(out, "〔ターン 1 · AP 4 · 損傷なし · 弾薬あり · 装備なし · 倒したゾンビ: 0/4〕"));
  out = g.run("move 0306\n");
  CHECK(contains(out, "〔ターン 1 · AP 3 · "));
  out = g.run("status\nhistory\nhelp\n");  // nothing changed: no summary
  CHECK_FALSE(contains(out, "〔"));
  out = g.run("undo\n");
  CHECK(contains(out, "〔ターン 1 · AP 4 · "));

  SvzGame en({"manual-dice"}, 1, "en");
  CHECK(
      contains(en.run("roll -- 5 3 zombie3\n"),
               "[Turn 1 · AP 5 · undamaged · ammunition · no equipment · Zombies destroyed: 0/4]"));
}

TEST_CASE("companion: Endless Patrol's line of state after each command") {
  EpGame g;
  const std::string out = g.run("deal -- 3 12 21 27\n");
  CHECK(contains(out, "〔ターン 1 · "));
  CHECK(contains(out, " · 手札 4/"));
  CHECK(contains(out, " · 場のパトロールカード 0〕"));
}

TEST_CASE("companion: messages name counters as printed and without stray spaces") {
  SvzGame g;
  g.run("roll -- 4\nrepair 1 m8-turret\n");
  CHECK(contains(g.out, "7.5: M5 のマスに表の「M8砲塔」がありません"));
  CHECK_FALSE(contains(g.out, "m8-turret」"));
}

TEST_CASE("companion: the counterattack's die is labelled apart from the AP roll") {
  SvzGame g;
  const std::string out = g.run("roll -- 5 3 zombie3\n");
  CHECK(contains(out, "AP決定の出目: 5"));
  CHECK(contains(out, "反撃の出目: 3。"));
}

TEST_CASE("companion: status after the end says how it ended and not a phase") {
  SvzGame g;
  g.run(
      "roll -- 4\nshoot 6 -- 6 zombie2\nmove 0205\nshoot 7 -- 6 zombie3\nmove 0305\n"
      "roll -- 4\nmove 0404\nshoot 2 -- 6 zombie3\nmove 0403\nshoot 1 -- 6 zombie4\n");
  REQUIRE(g.outcome());
  const std::string status = g.status_text();
  INFO(status);
  CHECK(contains(status, "ターン 1/10 · 終了: ゾンビを4体倒しました（4.0）"));
  CHECK_FALSE(contains(status, "プレイヤーの行動"));
}

TEST_CASE("companion: status lists the counters in the map's order however they were swapped") {
  std::string why;
  auto module = load_game_module(data_root(), "stuart-vs-zombies", {}, &why);
  REQUIRE(module);
  GameDice dice(1);
  PlayContext setup(Lang::ja, dice, false, {}, nullptr);
  auto state = module->setup(setup);
  auto& s = static_cast<SvzState&>(*state);
  // An event swapped the counters of hexes 1 and 8 and moved the track's counter.
  std::swap(s.pieces[0], s.pieces[7]);
  std::swap(s.pieces[2], s.pieces[8]);
  PlayContext ctx(Lang::ja, dice, false, {}, nullptr);
  module->status(*state, ctx);
  std::string text;
  for (const auto& l : ctx.lines()) text += l.text + "\n";
  const size_t one = text.find("1 (0302)"), three = text.find("3 (0702)"),
               eight = text.find("8 (0807)"), track = text.find("ターン記録トラック");
  REQUIRE(one != std::string::npos);
  REQUIRE(three != std::string::npos);
  REQUIRE(eight != std::string::npos);
  REQUIRE(track != std::string::npos);
  CHECK(one < three);
  CHECK(three < eight);
  CHECK(eight < track);
}

TEST_CASE("companion: quit ends a script at once and a refused command before it still fails it") {
  SvzGame g;
  g.run("roll -- 4\nram\nquit\nmove 0306\n");
  CHECK(g.status == 1);  // a script that breaks a rule fails
  CHECK(g.state().m5 == hex("0206"));
}

TEST_CASE("companion: the prompt says the turn in the session's words, never an id") {
  SvzGame g;
  const Session& s = *g.session;
  CHECK(s.module().brief(s.state(), Lang::ja) == "ターン1 AP決定");
  CHECK(s.module().brief(s.state(), Lang::en) == "T1 roll");
  g.run("roll -- 4\n");
  CHECK(s.module().brief(s.state(), Lang::ja) == "ターン1 AP4");
  EpGame ep;
  const std::string brief = ep.session->module().brief(ep.session->state(), Lang::ja);
  INFO(brief);
  CHECK(brief.rfind("ターン1 ", 0) == 0);
  for (char c : brief) CHECK_FALSE(std::isalpha(static_cast<unsigned char>(c)));
}

TEST_CASE(
    "companion: キャンセル typed at the prompt says it answers a question and names 一手戻す") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306\n");
  const std::string out = g.run("取り消す\n");
  CHECK(g.status == 1);
  CHECK(contains(
      out,
      "「取り消す」は質問への答えです（今は質問がありません）。直前のコマンドを戻すには 一手戻す"));
  CHECK(g.state().m5 == hex("0306"));  // nothing was taken back
  CHECK(contains(g.run("キャンセル\n"), "直前のコマンドを戻すには 一手戻す"));
}

TEST_CASE("companion: a page tells a logged command with its answers in words, hidden ones as ？") {
  SvzGame g;
  const GameModule& M = g.session->module();
  CHECK(told_line(M, "roll -- 4", Lang::ja, {}) == "AP決定（答え: 4）");
  CHECK(told_line(M, "roll -- 5 6", Lang::ja, {false, true}) == "AP決定（答え: 5・？）");
  CHECK(told_line(M, "roll -- 5 6", Lang::en, {true, false}) == "roll (answers: ?, 6)");
  CHECK(told_line(M, "move 0206", Lang::ja, {}) == shown_line(M, "move 0206", Lang::ja));
}
