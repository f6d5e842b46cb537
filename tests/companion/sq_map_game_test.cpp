// SQUAD's hex-map variant (--option variant=map) played through a session
// as two players at one table would (table mode, their own dice): games won
// each way in both languages, movement and its refusals, range and cover
// from the printed map, several squads each with its own hand and the
// enemy's squad named for its fire; undo after a roll and resume.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "companion/games/squad/sq_play.h"
#include "sq_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const SqRules& rules() {
  static const SqRules r = [] {
    Diagnostics diags;
    auto loaded = load_sq_rules(data_root(), "squad", diags);
    REQUIRE(loaded);
    return *loaded;
  }();
  return r;
}

/// The hex printed `label` ("0504") as the state keeps it.
int hex(const char* label) {
  return rules().board.hexes.find_coordinate(label);
}

}  // namespace

TEST_CASE("squad map: the US wins by killing every German at long range") {
  SqGame g({"manual-dice", "variant=map", "squads=1"});
  Script s{g};
  // US 6, Germany 1: the US's five, Germany's five, the US's first three.
  const std::string started = s.played(
      "start -- 6 1 radio-artillery sniper-attack bolt-action-rifle knife pistol "
      "bayonet garrote bare-hands rifle-butt entrenching-tool mortar grenade carbine");
  CHECK(g.state().map);
  REQUIRE(g.state().squads.size() == 2);
  // The printed starting hexes, four apart: L.
  CHECK(g.state().squads[0].hex == hex("0404"));
  CHECK(g.state().squads[1].hex == hex("0804"));
  CHECK(g.state().deck.size() == 103 - 13);  // no terrain cards
  const std::string status = g.status_text();
  CHECK(contains(status, "US squad A: 0404 open ground (cover 0) · 12 soldiers · not pinned"));
  CHECK(contains(status, "range to German squad A 4 hexes L (long)"));
  s.played("declare stay");
  s.refused(
      "play radio-artillery",
      "Hex-map variant (マップのバリエーション): Say which enemy squad: play radio-artillery A");
  s.refused("play knife A", "All fire phases (全ての射撃フェイズ): Knife cannot attack at range L");
  s.refused("play radio-artillery B", "'B' is not a squad letter (A-A)");  // as printed
  const std::string hit = s.played("play radio-artillery A -- 6 1");
  CHECK(contains(hit, "card 3, cover 0, phase 0, pinned 0, modifier cards 0 = 8"));
  CHECK(contains(hit, "The German squad A loses 8 soldiers (2 left)"));
  const std::string won = s.played("play sniper-attack a -- 6 2");
  CHECK(contains(won, "The German squad A has no soldier left and leaves the map"));
  REQUIRE(g.outcome());
  CHECK(g.outcome()->winner == 0);
  CHECK(g.outcome()->reason == "us-annihilated");
  CHECK(g.state().squads[1].hex == -1);
  CHECK(g.state().squads[1].hand.size() == 0);
}

TEST_CASE("squad map: Germany wins with three objectives of two squads said in Japanese") {
  SqGame g({"manual-dice", "variant=map", "squads=2"}, 1, "ja");
  Script s{g};
  // Germany first (1 against 6); hands dealt squad by squad: Germany A, B, then US A, B;
  // Germany A's first four. No card of either side can fire at the range, so
  // only the moves and the discards wait for the players.
  s.played(
      "start -- 1 6 mission-objective mission-objective leadership patriotism camaraderie "
      "mission-objective confusion exhaustion hesitation fear "
      "knife bayonet garrote bare-hands rifle-butt "
      "entrenching-tool take-prisoners take-prisoners fatalism determination "
      "shell-shock combat-engineer commander-killed combat-engineer");
  CHECK(g.state().active == 2);  // Germany's squad A (seat 2's first)
  CHECK(g.state().squads[2].hand.size() == 9);
  CHECK(g.state().squads[3].hand.size() == 5);
  s.refused("move 0705",
            "移動フェイズ: 移動できるのは、移動を宣言したターンの移動フェイズだけです");
  s.played("declare move");
  CHECK(g.state().step == SqStep::movement);
  // Movement (ruling 26): the refusals name the rule and say why.
  s.refused("move 0604",
            "マップのバリエーション（移動フェイズ）: "
            "0604は建物：開けていない地形へは1ヘクスしか進めません");
  s.refused("move 0504", "0504は3ヘクス先で遠すぎます：開けた地形なら2ヘクス、それ以外は1ヘクス");
  s.refused("move 1215", "マップにヘクス1215はありません（0101-1109）");
  s.refused("move 0805", "0805にはドイツ軍分隊Bがいます：1ヘクスには1分隊だけ");
  s.refused("move 0804", "分隊はすでに0804にいます");
  // 0806 is two open hexes away, but the way through 0805 holds a squad and 0705 is a wall.
  s.refused("move 0806", "0806への開けた地形の道がありません");
  const std::string moved = s.played("move 0705");
  CHECK(contains(moved, "ドイツ軍分隊Aは0705（低い石塀）に入りました"));
  CHECK(contains(g.status_text(), "ドイツ軍分隊A：0705 低い石塀（遮蔽-1）"));
  CHECK(contains(s.played("play mission-objective"), "ドイツ軍分隊の任務目標：1/3"));
  s.played("done");
  s.played("discard leadership");
  s.played("discard patriotism -- grenade grenade grenade");
  CHECK(g.state().active == 0);  // the US's squad A
  s.played("declare move");
  s.played("move 0304");  // two open hexes? one: 0404 to 0304
  s.played("discard knife");
  s.played("discard bayonet");
  s.played(
      "discard garrote -- flame-thrower flame-thrower bazooka-panzerfaust bazooka-panzerfaust");
  CHECK(g.state().active == 3);  // Germany's squad B, with its own hand
  s.played("declare move");
  s.played("move 0806");
  CHECK(contains(s.played("play mission-objective"), "ドイツ軍分隊の任務目標：2/3"));
  s.played("done");
  CHECK(g.state().squads[2].objectives == 1);
  CHECK(g.state().squads[3].objectives == 1);
  s.played("discard confusion");
  s.played("discard exhaustion -- grenade pistol pistol");
  CHECK(g.state().active == 1);  // the US's squad B
  s.played("declare move");
  s.played("move 0305");
  s.played("discard entrenching-tool");
  s.played("discard take-prisoners");
  s.played("discard take-prisoners -- pistol assault-section infiltration encircled");
  CHECK(g.state().active == 2);  // Germany's squad A again
  s.played("declare move");
  const std::string flank = s.played("move 0706");
  CHECK(contains(flank, "（側面へ：最も近い敵との距離は変わらず）"));
  const std::string won = s.played("play mission-objective");
  REQUIRE(g.outcome());
  CHECK(g.outcome()->winner == 1);
  CHECK(g.outcome()->reason == "germany-objectives");
  CHECK(contains(won, "ゲーム終了: ドイツ軍分隊の勝利：任務目標を3つ達成しました"));
}

TEST_CASE("squad map: range and cover come from the map and the enemy names its firing squad") {
  SqGame g({"manual-dice", "variant=map", "squads=2"});
  Script s{g};
  s.played(
      "start -- 6 1 bolt-action-rifle sniper-attack mortar knife bayonet "
      "garrote bare-hands rifle-butt entrenching-tool take-prisoners "
      "bolt-action-rifle light-machine-gun grenade pistol leadership "
      "patriotism camaraderie fatalism determination shell-shock "
      "confusion exhaustion hesitation");
  s.played("declare move");
  // 0404 to 0805 is five hexes: beyond L.
  s.refused("play sniper-attack B",
            "That squad is 5 hexes away, beyond long range (4 hexes): no attack");
  s.played("done");
  // Opportunity fire: Germany says which of its squads fires, from that squad's hand.
  CHECK(g.state().step == SqStep::opportunity);
  s.refused("play bolt-action-rifle",
            "Say which of your squads plays it: play bolt-action-rifle A");
  s.refused("play bolt-action-rifle B",
            "Bolt-action Rifle is not in the hand of the German squad B");
  const std::string missed = s.played("play bolt-action-rifle A -- 3 3");
  CHECK(contains(missed, "The German squad A plays Bolt-action Rifle"));
  CHECK(g.state().squads[2].hand.size() == 4);
  CHECK(g.state().squads[3].hand.size() == 5);
  s.played("done");
  CHECK(g.state().step == SqStep::movement);
  s.refused("move 0405", "0405 holds the US squad B: one squad a hex");
  s.played("move 0504");  // a building, next to 0404
  // Fixed fire after moving: 0504 to 0804 is three hexes, M: -1 for the move.
  const std::string fixed = s.played("play bolt-action-rifle A -- 4 1");
  CHECK(contains(fixed, "card 0, cover 0, phase -1, pinned 0, modifier cards 0 = 2"));
  s.played("done");
  // Response fire at the building: the machine gun at M +2, the building's cover -2.
  const std::string response = s.played("play light-machine-gun A -- 5 1");
  CHECK(contains(response, "card 2, cover -2, phase 0, pinned 0, modifier cards 0 = 4"));
  CHECK(contains(response, "The US squad A loses 4 soldiers (8 left)"));
  const std::string status = g.status_text();
  CHECK(contains(status, "US squad A: 0504 Building (cover -2) · 8 soldiers"));
  CHECK(contains(status, "range to German squad A 3 hexes M (medium), German squad B 4 hexes L"));
}

TEST_CASE("squad map: undo stops at a roll and resume replays the map game") {
  SqGame g({"virtual", "variant=map", "squads=2"}, 3, "en");
  Script s{g};
  s.played("start");
  REQUIRE(g.state().active == 0);  // seed 3: the US's squad A, a sniper attack in hand
  s.played("declare stay");
  s.played("play sniper-attack A");
  const int soldiers = g.state().squads[2].soldiers;
  const std::string status = g.status_text();
  const std::string undo = g.run("undo\n");
  CHECK(g.status == 1);  // the attack rolled the companion's dice
  // The command named as the player reads it: the card's printed name.
  CHECK(contains(undo, "'play Sniper Attack A' rolled dice"));
  g.reopen();
  CHECK(g.status_text() == status);
  CHECK(g.state().squads[2].soldiers == soldiers);
  s.played("undo --force 1");
  CHECK(g.state().squads[2].soldiers == 10);
  CHECK(g.state().step == SqStep::fixed);
  CHECK(g.state().squads[0].hand.contains(rules().card_index("sniper-attack")));
}

TEST_CASE("squad map: the virtual deck shows each squad's hand only to its own side") {
  SqGame g({"virtual", "variant=map", "squads=3"}, 5, "en");
  Script s{g};
  s.played("start");
  const SqState& st = g.state();
  REQUIRE(st.squads.size() == 6);
  const int seat = g.session->module().seat_to_act(st);
  REQUIRE(seat >= 0);
  for (int viewer : {seat, 1 - seat}) {
    INFO("viewer " << viewer);
    auto view = g.session->module().view(st, viewer);
    const auto& v = static_cast<const SqState&>(*view);
    REQUIRE(v.squads.size() == st.squads.size());
    for (size_t i = 0; i < st.squads.size(); ++i) {
      INFO("squad " << i);
      REQUIRE_FALSE(st.squads[i].hand.cards.empty());  // every squad was dealt its own hand
      CHECK(v.squads[i].hand.size() == st.squads[i].hand.size());
      if (st.squads[i].side == viewer) {
        CHECK(v.squads[i].hand.cards == st.squads[i].hand.cards);
      } else {
        for (int c : v.squads[i].hand.cards) CHECK(c == kUnknownCard);
      }
      CHECK(v.squads[i].hex == st.squads[i].hex);  // positions are on the table for all to see
    }
    for (int c : v.deck.cards()) CHECK(c == kUnknownCard);
  }
}
