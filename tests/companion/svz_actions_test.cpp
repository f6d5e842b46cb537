// Stuart vs Zombies, the player's actions: recon (7.2), shooting (7.3),
// ramming (7.4) and repairs (7.5), with their costs, ranges, modifiers and
// natural-1 failures. Table mode, manual dice: the scripts give every roll.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "svz_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {}  // namespace

TEST_CASE("svz 7.2: recon costs 2 AP and reaches the M5's hex and its neighbours") {
  SvzGame g;
  g.run("roll -- 4\nrecon 6\n");  // hex 6 is two hexes away
  CHECK(contains(g.out, "7.2: 偵察できるのは M5 と同じか隣のマスの駒だけです"));
  g.run("move 0306\nrecon 6\nzombie3\n");
  int z = g.piece_at("0405");
  REQUIRE(z >= 0);
  CHECK(g.state().pieces[size_t(z)].face_up);
  CHECK(g.state().ap == 1);
  CHECK(contains(g.out, "6 (0405): ゾンビ（3）"));
  g.run("recon 6\n");  // now face up, and 1 AP
  CHECK(contains(g.out, "7.2: 偵察には AP が 2 必要です（残り 1）"));
}

TEST_CASE("svz 7.2: the player names revealed counters from those still unseen") {
  SvzGame g;
  g.run("roll -- 5 6 zombie3\nmove 0205 0204\nrecon 7 -- zombie3\n");
  // Two zombies of value 3 exist; a third cannot be named.
  g.run("end\nroll -- 4\nmove 0203 0303\nrecon 1 -- zombie3\n");
  CHECK(g.status == 1);
  CHECK(contains(
      g.out,
      "「zombie3」は答えになりません。選べるのは: ゾンビ2 ゾンビ4 M8砲塔 カッター 歩兵 血の跡"));
  // In a script, a wrong answer on its own line is asked again.
  g.run("recon 1\nzombie9\nzombie4\n");
  CHECK(g.status == 0);
  CHECK(contains(g.out, "「zombie9」は答えになりません"));
  CHECK(contains(g.out, "1 (0302): ゾンビ（4）"));
}

TEST_CASE(
    "svz 7.3: shooting reaches 2 hexes, a face-down target needs 5, a zombie more than its value") {
  SvzGame g;
  g.run("roll -- 4\nshoot 7\n");  // hex 7 is three hexes from Carentan
  CHECK(contains(g.out, "7.3: 射撃できるのは 2 マス先までです（7 (0203) は 3 マス先）"));
  g.run("move 0205\nshoot 7 -- 4\n");
  CHECK(contains(g.out, "外れ"));
  g.run("shoot 7 -- 5 infantry\n");  // a hit on a face-down counter turns it over: friendly fire
  CHECK(contains(g.out, "味方の歩兵を撃ってしまいました（7.3）"));
  CHECK(g.state().infantry_lost == 1);
  CHECK(g.piece_at("0203") == -1);
  // A face-up zombie of value 3 falls to 4 or more, not to 3.
  g.run("end\nroll -- 5 6 zombie3\nshoot 6 -- 3\n");
  CHECK(g.state().killed.empty());
  g.run("shoot 6 -- 4\n");
  CHECK(g.state().killed.size() == 1);
  CHECK(g.piece_at("0405") == -1);
}

TEST_CASE("svz 8.0 option at-or-above: a zombie falls to a roll equal to its value") {
  SvzGame g({"manual-dice", "at-or-above"});
  g.run("roll -- 5 6 zombie3\nshoot 6 -- 3\n");
  CHECK(g.state().killed.size() == 1);
}

TEST_CASE("svz 7.3: a natural 1 runs out of ammunition, only a repair at Carentan restores it") {
  SvzGame g;
  g.run("roll -- 4\nshoot 6 -- 1\n");
  CHECK(g.state().no_ammo);
  CHECK(g.state().ap == 3);
  g.run("shoot 6\n");
  CHECK(contains(g.out, "7.3: 弾切れのため射撃できません"));
  g.run("move 0205\nrepair 1 ammo\n");
  CHECK(contains(g.out, "7.3: 弾切れを直せるのはカランタン（★ (0206)）だけです"));
  g.run("move 0206\nrepair 1 ammo -- 1\n");
  CHECK_FALSE(g.state().no_ammo);
  CHECK(contains(g.out, "修理成功: 弾薬を補給しました"));
}

TEST_CASE("svz 7.4: ramming takes the M5's own hex, a natural 1 breaks the track") {
  SvzGame g;
  g.run("roll -- 4\nram\n");
  CHECK(contains(g.out, "7.4: ★ (0206) に目標がありません"));
  g.run("move 0306 0405\nram -- 1\n");
  CHECK(g.state().broken_track);
  g.run("ram\n");
  CHECK(contains(g.out, "7.4: 履帯が破損しているため体当たりできません"));
  g.run("move 0306\n");
  CHECK(contains(g.out, "7.4: 履帯が破損しているため移動できません"));
  g.run("shoot 0606 -- 2\n");  // shooting still works with a broken track
  CHECK(g.out.find("7.3:") == std::string::npos);
  CHECK(g.state().ap == 0);
  g.run("roll -- 4\nrepair 3 track -- 4\n");  // 4 > 3: fails, the AP are spent
  CHECK(g.state().broken_track);
  CHECK(g.state().ap == 1);
  g.run("repair 1 track -- 1\n");
  CHECK_FALSE(g.state().broken_track);
  g.run("roll -- 2\nram -- 5 zombie4\n");  // a face-down zombie falls to 5+
  CHECK(g.state().killed.size() == 1);
}

TEST_CASE("svz 7.5: equipment is fitted by a repair in its hex and adds 2 to its attack") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306 0405\nrecon 6 -- m8-turret\n");
  CHECK(g.state().ap == 0);
  g.run("roll -- 3\nrepair 2 m8-turret -- 3\n");
  CHECK(contains(g.out, "修理失敗"));
  g.run("repair 2 m8-turret\n");  // one AP left
  CHECK(contains(g.out, "7.5: 修理に使う AP は 1 から残りの AP（1）までです"));
  g.run("repair 1 m8-turret -- 1\n");
  CHECK(g.count(SvzPiece::At::attached) == 1);
  // 3 + 2 = 5 hits a face-down counter two hexes away.
  g.run("roll -- 2\nshoot 0606 -- 3 zombie3\n");
  CHECK(contains(g.out, "出目 3 +2 M8砲塔 = 5"));
  CHECK(g.state().killed.size() == 1);
  g.run("repair 1 damage\n");
  CHECK(contains(g.out, "7.5: M5 は損傷していません"));
  g.run("roll -- 2\nrepair 1 wheels\n");
  CHECK(contains(g.out, "7.5: 何を修理しますか"));
  g.run("repair 1 hedgerow-cutter\n");
  CHECK(contains(g.out, "7.5: M5 のマスに表の「カッター」がありません"));
}

TEST_CASE("svz 7.4: the hedgerow cutter adds 2 to rams") {
  SvzGame g;
  g.run("roll -- 5 6 hedgerow-cutter\nmove 0306 0405\nrepair 1 hedgerow-cutter -- 1\n");
  g.run("move 0404 0403\nroll -- 5 2 zombie4\nmove 0503\nram -- 3\n");  // 3 + 2 > 4
  CHECK(contains(g.out, "出目 3 +2 カッター = 5"));
  CHECK(g.state().killed.size() == 1);
}

TEST_CASE("svz 7.2: infantry climbs aboard when the M5 enters its hex, or is found there") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306\nrecon 6 -- infantry\n");
  CHECK(g.count(SvzPiece::At::riding) == 0);
  g.run("move 0405\n");
  CHECK(g.count(SvzPiece::At::riding) == 1);
  CHECK(contains(g.out, "歩兵が戦車に乗りました（7.2）"));
  g.run("roll -- 4\nmove 0506 0606\nrecon 5 -- infantry\n");
  CHECK(g.count(SvzPiece::At::riding) == 2);
}

TEST_CASE(
    "svz 8.0 option no-breakdowns: no natural-1 failures, but a damaged M5 cannot fight or move") {
  SvzGame g({"manual-dice", "no-breakdowns"});
  g.run("roll -- 4\nshoot 6 -- 1\nmove 0306 0405\nram -- 1\n");
  CHECK_FALSE(g.state().no_ammo);
  CHECK_FALSE(g.state().broken_track);
  // A zombie next door, then a counterattack: the M5 is damaged.
  // A zombie three hexes away comes two hexes, then one more into the M5's hex.
  g.run("roll -- 5 2 zombie2\nend\nroll -- 6\nroll -- 5\n");
  REQUIRE(g.state().damaged);
  g.run("move 0404\n");
  CHECK(contains(g.out, "8.0: M5が損傷しているため移動できません（選択ルール）"));
  g.run("shoot 0405\n");
  CHECK(contains(g.out, "8.0: M5が損傷しているため射撃も体当たりもできません（選択ルール）"));
  g.run("repair 4 damage -- 4\nmove 0404\n");
  CHECK_FALSE(g.state().damaged);
}

TEST_CASE(
    "svz 7.4: ramming a face-down counter turns it over: infantry run over, equipment broken") {
  SvzGame g;
  g.run("roll -- 4\nmove 0306 0405\nram -- 5 infantry\n");
  CHECK(g.out.find("味方の歩兵を踏み潰してしまいました（7.4）") != std::string::npos);
  CHECK(g.state().infantry_lost == 1);
  g.run("move 0506\n");
  CHECK(g.state().phase == SvzState::Phase::ap);
  g.run("roll -- 2\nmove 0606\nram -- 6 hedgerow-cutter\n");
  CHECK(g.out.find("装備を壊してしまいました（7.4）") != std::string::npos);
  CHECK(g.piece_at("0606") == -1);
}
