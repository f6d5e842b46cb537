// SQUAD played through a session as two players at one table would: table
// mode with the players' own dice (--manual-dice), so the script says every
// die and every card drawn; games won each way by each seat, the refusals
// naming their rule, undo stopping at the companion's dice, resume, and the
// virtual deck's hidden hands.
#include <algorithm>
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "companion/games/squad/sq_play.h"
#include "sq_play.h"

using namespace bocage;
using namespace bocage::test;

TEST_CASE("squad: the US wins by killing every German, with every modifier said") {
  SqGame g({"manual-dice"});
  Script s{g};
  s.refused("declare stay", "Setup (準備): First start");
  // US 6, Germany 1: the US goes first. Five cards each, then the US's three.
  s.played(
      "start -- 6 1 radio-artillery sniper-attack bolt-action-rifle knife pistol "
      "bayonet garrote bare-hands rifle-butt entrenching-tool mortar grenade carbine");
  CHECK(g.state().active == 0);
  CHECK(g.state().turn == 1);
  CHECK(g.state().range == 3);
  CHECK(g.state().squads[0].hand.size() == 8);
  CHECK(g.state().squads[1].hand.size() == 5);
  CHECK(g.state().deck.size() == 121 - 13);
  // Refusals name the rule.
  s.refused("play knife", "Covering fire phase (掩護射撃フェイズ): Knife cannot be played now");
  s.refused("done", "Covering fire phase (掩護射撃フェイズ): First declare");
  s.played("declare stay");
  s.refused("play knife",
            "All fire phases (全ての射撃フェイズ): Knife cannot attack at range L (long)");
  s.refused("play grenade", "Grenade cannot attack at range L (long)");
  s.refused("play smoke", "Smoke is not in your hand");
  s.refused("discard knife", "Discard phase (捨て札フェイズ)");
  s.refused("declare move", "Covering fire phase (掩護射撃フェイズ): A move is declared");
  s.refused("play tank", "There is no card 'tank'");
  // Radio artillery at L +3, the Germans in the open: 6 - 1 + 3 = 8.
  const std::string hit = s.played("play radio-artillery -- 6 1");
  CHECK(contains(hit,
                 "Attack roll: 6 - 1, card 3, cover 0, phase 0, pinned 0, modifier cards 0 = 8"));
  CHECK(contains(hit, "The German squad loses 8 soldiers (2 left)"));
  CHECK(g.state().squads[1].soldiers == 2);
  const std::string won = s.played("play sniper-attack -- 6 2");
  REQUIRE(g.outcome());
  CHECK(g.outcome()->winner == 0);
  CHECK(g.outcome()->reason == "us-annihilated");
  CHECK(contains(
      won, "Game over: The US squad wins: every soldier of the German squad is dead or routed"));
  s.refused("play knife", "The game is over");
}

TEST_CASE("squad: the modifiers of each fire phase, the morale check and a pinned attack") {
  SqGame g({"manual-dice"});
  Script s{g};
  // Germany 6 first: smoke, rifle, building, SMG, garrote; the US: ambush, rifle,
  // shell shock, pistol, knife; Germany's first draw: carbine, hill, fear, leadership.
  s.played(
      "start -- 1 6 smoke bolt-action-rifle building sub-machine-gun garrote "
      "ambush bolt-action-rifle shell-shock pistol knife");
  s.played("done -- carbine hill fear leadership");  // no terrain at the start
  s.played("declare move");
  CHECK(g.state().step == SqStep::covering);
  s.played("play smoke");
  // Covering fire while moving: Germany's -2 and the smoke's -2.
  const std::string covering = s.played("play bolt-action-rifle -- 6 1");
  CHECK(contains(covering, "card 0, cover 0, phase -4, pinned 0, modifier cards 0 = 1"));
  // Nothing else to fire at L, but the step is Germany's until it says done:
  // a habitual done never ends the US's opportunity fire (issue 32).
  CHECK(g.state().step == SqStep::covering);
  CHECK(g.session->module().seat_to_act(g.state()) == 1);
  s.played("done");
  CHECK(g.state().step == SqStep::opportunity);
  CHECK(g.session->module().seat_to_act(g.state()) == 0);  // the US fires
  s.played("play ambush");
  // Opportunity fire: -1 covering fire given, -2 smoke, +2 ambush.
  const std::string opportunity = s.played("play bolt-action-rifle -- 6 1");
  CHECK(contains(opportunity, "phase -1, pinned 0, modifier cards 0 = 4"));
  CHECK(g.state().squads[1].soldiers == 6);
  s.played("done");
  CHECK(g.state().step == SqStep::movement);
  s.played("move closer building");
  CHECK(g.state().range == 2);
  // Fixed fire after moving: -1.
  const std::string fixed = s.played("play carbine -- 4 1");
  CHECK(contains(fixed, "phase -1, pinned 0, modifier cards 0 = 2"));
  CHECK(g.state().squads[0].soldiers == 9);
  // Germany's turn ends; the US draws three.
  s.played("done -- flanking-fire light-machine-gun enfilade");
  CHECK(g.state().active == 0);
  // The US was fired at: Germany may play Fear (+2) before the check.
  CHECK(g.state().step == SqStep::morale_enemy);
  s.played("play fear");  // Germany's card: its done rolls the US's check
  const std::string morale = s.played("done -- 3");
  CHECK(contains(morale, "Morale check: die 3, nation 1, casualties 3, cards 2 = 9"));
  CHECK(contains(morale, "The US squad is pinned"));
  CHECK(contains(morale, "The US squad is pinned and cannot move"));
  CHECK(g.state().step == SqStep::fixed);
  s.played("play flanking-fire");
  s.played("play enfilade");
  // The machine gun at M +2, the building's cover -2, pinned -1, Flanking Fire
  // +1 and Enfilade +2 on a machine gun.
  const std::string won = s.played("play light-machine-gun -- 5 1");
  CHECK(contains(won, "card 2, cover -2, phase 0, pinned -1, modifier cards 3 = 6"));
  REQUIRE(g.outcome());
  CHECK(g.outcome()->winner == 0);
}

TEST_CASE("squad: Germany wins with three mission objectives, each after a successful move") {
  SqGame g({"manual-dice"});
  Script s{g};
  // US 1, Germany 6: Germany first; it deals first.
  s.played(
      "start -- 1 6 mission-objective mission-objective mission-objective hedge-row building "
      "knife bayonet garrote bare-hands rifle-butt");
  CHECK(g.state().active == 1);
  CHECK(g.state().step == SqStep::setup_terrain);
  s.refused("play knife", "Setup (準備)");
  // Germany's terrain; the US has none, so the first turn begins: Germany draws four.
  s.played("play hedge-row -- line-of-trees low-wall wheat-field rubble");
  CHECK(g.state().squads[1].terrain >= 0);
  CHECK(g.state().turn == 1);
  s.refused("play mission-objective", "Movement phase (移動フェイズ)");
  s.played("declare move");
  CHECK(g.state().step == SqStep::movement);  // no attack on either side at L
  s.refused("move closer knife", "Knife is not in your hand");
  s.refused("move closer mission-objective", "is not a terrain card");
  const std::string moved = s.played("move closer building");
  CHECK(contains(moved, "The German squad is now in Building. The range is M (medium)"));
  CHECK(g.state().range == 2);
  // One objective a move: with it played nothing is left to decide, and
  // Germany's done ends its turn (hand 6, its limit): the US draws three.
  s.played("play mission-objective");
  CHECK(g.state().squads[1].objectives == 1);
  s.played("done -- entrenching-tool take-prisoners take-prisoners");
  CHECK(g.state().active == 0);
  // The US stays: no attack at M; it neither moved nor attacked, so one more card.
  const std::string stayed = s.played("declare stay -- pistol");
  CHECK(contains(stayed, "draws one extra card"));
  CHECK(g.state().step == SqStep::discard);
  s.refused("done", "Discard down to 5 cards first");
  s.played("discard knife");
  s.played("discard bayonet");
  s.played("discard garrote");
  s.played("discard bare-hands -- fox-holes thick-woods hill gulley");
  CHECK(g.state().active == 1);
  s.played("declare move");
  s.played("move sideways line-of-trees");
  CHECK(g.state().range == 2);
  s.played("play mission-objective");
  s.played("done");
  CHECK(g.state().step == SqStep::discard);
  s.played("discard fox-holes");
  s.played("discard hill -- leadership fatalism patriotism");
  s.played("declare stay -- camaraderie");
  s.played("discard rifle-butt");
  s.played("discard entrenching-tool");
  s.played("discard take-prisoners");
  s.played("discard take-prisoners -- shell-shock confusion exhaustion hesitation");
  CHECK(g.state().active == 1);
  s.played("declare move");
  s.played("move sideways low-wall");
  const std::string won = s.played("play mission-objective");
  REQUIRE(g.outcome());
  CHECK(g.outcome()->winner == 1);
  CHECK(g.outcome()->reason == "germany-objectives");
  CHECK(contains(won, "Game over: The German squad wins: 3 mission objectives achieved"));
}

TEST_CASE("squad: Japan wins as the first seat, said in Japanese, trait effects named") {
  // Japan 5, US 2: Japan (seat 1 of japan-vs-us) starts.
  SqGame g({"manual-dice", "nations=japan-vs-us"}, 1, "ja");
  Script s{g};
  s.played(
      "start -- 5 2 national-trait sniper-attack bolt-action-rifle radio-artillery "
      "semi-automatic-rifle knife bayonet garrote bare-hands rifle-butt shell-shock hesitation "
      "fear");
  CHECK(g.state().active == 0);
  s.played("declare stay");
  s.refused("play national-trait", "国特性カード: 国特性カードは効果を1つ選んで出します");
  // Each effect by its printed name (issue 32: never its id).
  s.refused("play national-trait banzai",
            "全ての射撃フェイズ: 国の特性（バンザイ突撃）は距離L（遠）では攻撃できません");
  s.refused("play 国の特性 バンザイ突撃",
            "全ての射撃フェイズ: 国の特性（バンザイ突撃）は距離L（遠）では攻撃できません");
  s.refused("play national-trait bar", "国特性カード: BAR は日本軍分隊の国特性ではありません");
  const std::string hit = s.played("play radio-artillery -- 6 1");
  CHECK(contains(hit, "攻撃ロール：6－1、カード3、遮蔽0、フェイズ0、釘付け0、修正カード0 → 8"));
  CHECK(contains(hit, "アメリカ軍分隊の兵士8名が倒れました（残り4名）"));
  const std::string won = s.played("play sniper-attack -- 6 3");
  REQUIRE(g.outcome());
  CHECK(g.outcome()->winner == 0);
  CHECK(contains(won,
                 "ゲーム終了: 日本軍分隊の勝利：アメリカ軍分隊の兵士は全員倒れたか潰走しました"));
}

TEST_CASE("squad: undo stops at the companion's dice and draws and resume replays the game") {
  SqGame g({"virtual"}, 9, "en");
  Script s{g};
  s.played("start");
  const std::string status = g.status_text();
  const std::string undo = g.run("undo\n");
  CHECK(g.status == 1);
  CHECK(contains(undo, "start"));
  CHECK(g.session->history().size() == 1);
  g.reopen();
  CHECK(g.status_text() == status);
  s.played("undo --force 1");
  CHECK(g.session->history().empty());
  CHECK(g.state().step == SqStep::start);
}

TEST_CASE("squad: the virtual deck shows a hand only to its seat") {
  SqGame g({"virtual"}, 9, "en");
  Script s{g};
  s.played("start");
  const SqState& st = g.state();
  const int seat = g.session->module().seat_to_act(st);
  REQUIRE(seat >= 0);
  auto mine = g.session->module().view(st, seat);
  auto theirs = g.session->module().view(st, 1 - seat);
  const auto& v = static_cast<const SqState&>(*mine);
  const auto& w = static_cast<const SqState&>(*theirs);
  CHECK(v.squads[size_t(seat)].hand.cards == st.squads[size_t(seat)].hand.cards);
  for (int c : v.squads[size_t(1 - seat)].hand.cards) CHECK(c == kUnknownCard);
  for (int c : w.squads[size_t(seat)].hand.cards) CHECK(c == kUnknownCard);
  for (int c : v.deck.cards()) CHECK(c == kUnknownCard);
  CHECK(v.deck.size() == st.deck.size());
  // status names the hand of the seat to act only.
  const std::string text = g.status_text();
  CHECK(contains(text, "'s hand:"));
  CHECK(text.find("'s hand:") == text.rfind("'s hand:"));
}

TEST_CASE("squad: an undo that hands the turn back to the other seat must be forced") {
  // Germany passes its terrain step; the US, now to act, types undo: a plain
  // undo would reopen Germany's step and show Germany's hand on the US's
  // screen (issue: undo across a seat reveals a hand).
  SqGame g({"virtual"}, 9, "en");
  Script s{g};
  s.played("start");
  REQUIRE(g.session->module().seat_to_act(g.state()) == 1);  // Germany first with this seed
  s.played("done");
  REQUIRE(g.session->module().seat_to_act(g.state()) == 0);
  const std::string refused = g.run("undo\n");
  CHECK(g.status == 1);
  CHECK(contains(refused, "'done' was"));
  CHECK(contains(refused, "undo --force 1"));
  CHECK(g.session->history().size() == 2);
  // Forced, it is logged like every forced undo.
  s.played("undo --force 1");
  CHECK(g.session->history().size() == 1);
  CHECK(contains(slurp(g.path()), "cmd undo --force 1\n"));
  CHECK(g.session->module().seat_to_act(g.state()) == 1);
  // Resumed, the seats of the logged commands are known again.
  s.played("done");
  g.reopen();
  g.run("undo\n");
  CHECK(g.status == 1);
  CHECK(g.session->history().size() == 2);
}

namespace {

/// A card game to the start of turn 3, the German squad's, at M after one
/// move closer (one more brings it to S), the US squad in `terrain` (a T card
/// it plays at the start); Germany holds two bazookas, Smoke and two carbines.
std::string to_short_range(const std::string& terrain) {
  return "start -- 1 6 bazooka-panzerfaust bazooka-panzerfaust hedge-row gulley grenade " +
         terrain +
         " bolt-action-rifle pistol bayonet garrote\n"
         "done\n"
         "play " +
         terrain +
         " -- wheat-field hill fear leadership\n"
         "declare move\n"
         "done\n"
         "move closer hedge-row\n"
         "done\n"
         "discard fear\n"
         "discard leadership -- knife rifle-butt bare-hands\n"
         "declare stay\n"
         "done -- entrenching-tool\n"
         "discard bayonet\n"
         "discard garrote\n"
         "discard knife -- smoke carbine carbine mortar\n";
}

}  // namespace

TEST_CASE("squad: the bazooka ignores cover only against a pill box, building or entrenchments") {
  // Its card: "Against a pill box, building or entrenchments: ignore cover,
  // +2. Else no modifier" (SQ-12).
  struct Case {
    const char* terrain;  // the US squad's
    const char* roll;     // the attack roll the bazooka gets against it
  };
  for (const Case& c : {Case{"building", "Attack roll: 4 - 1, card 0, cover 2, phase -1"},
                        Case{"thick-woods", "Attack roll: 4 - 1, card 0, cover -2, phase -1"}}) {
    INFO(c.terrain);
    SqGame g({"manual-dice"}, 1, "en");
    g.run(to_short_range(c.terrain) + "declare move\ndone\ndone\nmove closer gulley\n");
    REQUIRE(g.status == 0);
    Script s{g};
    CHECK(contains(s.played("play bazooka-panzerfaust -- 4 1"), c.roll));
  }
}

TEST_CASE("squad: Smoke is played before the turn's first covering fire, not after it") {
  // Its card: "This turn your covering fire -2" (SQ-6): after an attack it
  // would spare that attack its -2.
  SqGame g({"manual-dice"}, 1, "en");
  g.run(to_short_range("building") + "declare move\n");
  REQUIRE(g.status == 0);
  Script s{g};
  s.played("play carbine -- 3 3");
  s.refused("play smoke",
            "Smoke is -2 to all of this turn's covering fire: play it before the "
            "first (SQ-6)");
  // Played first, it counts for every covering attack of the turn.
  SqGame h({"manual-dice"}, 1, "en");
  h.run(to_short_range("building") + "declare move\n");
  Script t{h};
  t.played("play smoke");
  CHECK(contains(t.played("play carbine -- 3 3"), "phase -4"));
  CHECK(contains(t.played("play carbine -- 3 3"), "phase -4"));
}

TEST_CASE("squad: history and log and undo never show the cards drawn into a hand") {
  // Two players share the screen: a hand is its player's alone (issue 32).
  SqGame g({"manual-dice"}, 1, "en");
  g.run(to_short_range("building"));
  REQUIRE(g.status == 0);
  const std::string history = g.run("history\n");
  CHECK(contains(history, "1  US squad: start -- 1 6 ? ? ? ? ? ? ? ? ? ?\n"));
  CHECK_FALSE(contains(history, "Bazooka"));
  const std::string log = g.run("log\n");
  CHECK(contains(log, "The German squad drew 5 cards (5 in hand)"));
  CHECK_FALSE(contains(log, "Bazooka"));
  CHECK_FALSE(contains(log, "Smoke"));
  // The draw answered last, taken back: its cards are not named either.
  const std::string undone = g.run("undo --force 1\n");
  CHECK(contains(undone, "discard Knife -- ? ? ? ?"));
  CHECK_FALSE(contains(undone, "Smoke"));
}

TEST_CASE("squad: the morale check counts the casualties of the enemy's last turn only") {
  // 士気フェイズ: "直前のターンでキルされた1名につき1". Germany loses 5 to the
  // US's opportunity fire in its own turn 1; the US does not fire in turn 2:
  // at Germany's turn 3 check nothing counts (the tracker's "lost last turn").
  SqGame g({"manual-dice"}, 1, "en");
  g.run(
      "start -- 1 6 building knife pistol bayonet garrote bolt-action-rifle bolt-action-rifle "
      "leadership fatalism patriotism\n"
      "done -- rifle-butt bare-hands entrenching-tool fear\n"
      "declare move\n"
      "play bolt-action-rifle -- 6 1\n"
      "done\n"
      "move closer building\n"
      "done\n"
      "discard knife\n"
      "discard bayonet -- smoke concealment ambush\n"
      "declare stay\n"
      "done -- grenade\n"
      "discard smoke\n"
      "discard concealment\n"
      "discard ambush -- mortar hill sniper-attack carbine 1\n");
  INFO(g.out);
  CHECK(g.status == 0);
  CHECK(contains(g.out, "Morale check: die 1, nation 0, casualties 0, cards 0 = 1"));
  CHECK(contains(g.out, "Morale holds"));
}

TEST_CASE("squad: one Mission Objective per successful move, said with its reason") {
  SqGame g({"manual-dice"}, 1, "en");
  g.run(
      "start -- 1 6 mission-objective mission-objective concealment hedge-row building knife "
      "bayonet garrote bare-hands rifle-butt\n"
      "play hedge-row -- line-of-trees low-wall wheat-field rubble\n"
      "declare move\n"
      "move closer building\n"
      "play mission-objective\n"
      "play mission-objective\n");
  INFO(g.out);
  CHECK(contains(g.out,
                 "One Mission Objective per successful move, and this move has had its one "
                 "(SQ-10)"));
  CHECK(g.state().squads[1].objectives == 1);
}

TEST_CASE("squad: USSR Reinforcements add none beyond the tracker's 36 and say so") {
  SqGame g({"manual-dice", "nations=ussr-vs-germany"}, 1, "en");
  g.run(
      "start -- 6 1 national-trait national-trait sniper-attack bayonet garrote smoke "
      "bolt-action-rifle sub-machine-gun carbine bare-hands fear leadership\n"
      "declare stay\n"
      "play national-trait reinforcements\n");
  INFO(g.out);
  CHECK(g.status == 1);
  CHECK(contains(g.out,
                 "The Soviet platoon already has 36 soldiers, the tracker's last box: "
                 "Reinforcements would add none"));
  CHECK(g.state().squads[0].soldiers == 36);
}

TEST_CASE("squad: US Ingenuity's two cards are named to the US alone in virtual mode") {
  SqGame g({"virtual"}, 136, "en");
  const std::string out = g.run("start\ndeclare stay\nplay national-trait ingenuity\n");
  INFO(out);
  CHECK(g.status == 0);
  CHECK(contains(out, "The US squad drew 2 cards (9 in hand)"));
  CHECK(contains(out, "The US squad drew: "));  // on the screen of the US player's turn
  // Not in the log, which the other player reads too.
  const std::string log = g.run("log 1\n");
  CHECK(contains(log, "The US squad drew 2 cards (9 in hand)"));
  CHECK_FALSE(contains(log, "The US squad drew: "));
}

TEST_CASE("squad: a habitual done after a player's last card ends that player's step only") {
  // The US plays its last possible covering-fire card: the step stays the
  // US's, so its done ends the US's covering fire and never Germany's
  // opportunity fire (issue 32).
  SqGame g({"manual-dice"}, 1, "en");
  Script s{g};
  s.played(
      "start -- 6 1 sniper-attack knife pistol bayonet garrote bolt-action-rifle smoke "
      "sub-machine-gun carbine building");
  s.played("done -- leadership fatalism patriotism");
  s.played("declare move");
  s.played("play sniper-attack -- 1 6");
  CHECK(g.state().step == SqStep::covering);
  CHECK(g.session->module().seat_to_act(g.state()) == 0);
  s.played("done");
  CHECK(g.state().step == SqStep::opportunity);
  CHECK(g.session->module().seat_to_act(g.state()) == 1);  // Germany's, still to come
}

TEST_CASE("squad: the flanking variant keeps Flanking Fire in play after a sideways move") {
  // 側面のバリエーション: the two Encircled become Flanking Fire; it is played
  // right after a sideways move, stays in play adding to every attack, and
  // goes when the enemy moves (or its side moves without one).
  Diagnostics diags;
  const auto rules = load_sq_rules(data_root(), "squad", diags);
  REQUIRE(rules);
  {
    SqGame v({"virtual", "flanking=on"}, 5, "en");
    const auto& cards = v.state().deck.cards();
    CHECK(std::count(cards.begin(), cards.end(), rules->flanking_replaces) == 0);
    CHECK(std::count(cards.begin(), cards.end(), rules->flanking_card) == 6);
  }
  SqGame g({"manual-dice", "flanking=on"}, 1, "en");
  Script s{g};
  g.run(
      "start -- 1 6 flanking-fire flanking-fire hedge-row bolt-action-rifle garrote building "
      "pistol bayonet knife bare-hands\n"
      "done\n"
      "play building -- wheat-field hill fear leadership\n"
      "declare move\n");
  REQUIRE(g.status == 0);
  s.refused("play flanking-fire",
            "Flanking variant: one Flanking Fire, right after each sideways move");
  s.played("done");
  s.played("move sideways hedge-row");
  CHECK(contains(s.played("play flanking-fire"),
                 "The German squad's Flanking Fire stays in play (1, all its attacks +1)"));
  s.refused("play flanking-fire", "Flanking variant");  // one a move
  s.played("done");
  CHECK(contains(s.played("play bolt-action-rifle -- 4 1"), "modifier cards 1 = 2"));
  CHECK(contains(g.status_text(), "German squad: 10 soldiers"));
  CHECK(contains(g.status_text(), "Flanking Fire 1 (attacks +1)"));
  s.played("done -- semi-automatic-rifle carbine rubble");
  s.played("done -- 1");  // the US's morale holds
  s.played("declare move");
  s.played("done");
  const std::string moved = s.played("move closer rubble");
  CHECK(contains(moved,
                 "The enemy moved: the German squad's 1 Flanking Fire in play are "
                 "discarded (flanking variant)"));
  CHECK(g.state().squads[1].flanking_cards.empty());
}
