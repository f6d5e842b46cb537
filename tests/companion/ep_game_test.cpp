// Endless Patrol played through a session as a player would: whole games in
// virtual mode (won and lost, fixed seeds), a table-mode game through every
// rule and every refusal, undo stopping at a draw, resume mid-game.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "ep_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {

std::string fixture(const std::string& name) {
  return slurp(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "tests/fixtures/endless-patrol" /
               name);
}

/// The lines of `script` that are commands (no comments, no blank lines).
std::vector<std::string> commands_of(const std::string& script) {
  std::vector<std::string> out;
  std::istringstream in(script);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

std::string joined(const std::vector<std::string>& lines, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to && i < lines.size(); ++i) out += lines[i] + "\n";
  return out;
}

}  // namespace

TEST_CASE("endless patrol: a won game in virtual mode (seed 101) uses up the patrol deck") {
  EpGame g({"mode=virtual"}, 101);
  g.run(fixture("won-virtual-seed-101.txt"));
  CHECK(g.status == 0);  // no command refused
  REQUIRE(g.outcome());
  CHECK(g.outcome()->victory);
  CHECK(g.outcome()->reason == "patrol-exhausted");
  CHECK(g.state().patrol_deck.empty());
  CHECK(g.state().squad.value > 0);
  CHECK(contains(g.out, "勝利: パトロールデッキを使い切りました"));
  // The cards come from the deck files: the first card dealt is named as printed.
  CHECK(contains(g.out, "引いたカード: "));
  g.run("draw\n");  // a finished game is closed for moves
  CHECK(g.status == 1);
}

TEST_CASE("endless patrol: a lost game in virtual mode (seed 1) ends at squad 0") {
  EpGame g({"mode=virtual"}, 1, "en");
  g.run(fixture("lost-virtual-seed-1.txt"));
  CHECK(g.status == 0);
  REQUIRE(g.outcome());
  CHECK_FALSE(g.outcome()->victory);
  CHECK(g.outcome()->reason == "squad-lost");
  CHECK(g.state().squad.value == 0);
  CHECK(contains(g.out, "Defeat: the whole squad is lost"));
  CHECK_FALSE(g.state().patrol_deck.empty());
}

TEST_CASE(
    "endless patrol: the same seed deals the same game and the hand is shown, the decks not") {
  EpGame a({"mode=virtual"}, 7), b({"virtual"}, 7), c({"mode=virtual"}, 8);
  CHECK(a.state().hand.cards == b.state().hand.cards);  // "virtual" alone is mode=virtual
  CHECK(a.state().hand.size() == 4);                    // 初期配置: four GI cards
  CHECK(a.state().gi_deck.cards() != c.state().gi_deck.cards());
  const std::string status = a.status_text();
  CHECK(contains(status, "手札 4/5:"));
  CHECK(contains(status, "GIデッキ 26 枚"));
  auto view = a.session->game().view(0);
  const auto& v = static_cast<const EpState&>(*view);
  CHECK(v.hand.cards == a.state().hand.cards);  // the player's own hand
  CHECK(v.gi_deck.cards() == std::vector<int>(26, kUnknownCard));
  CHECK(v.patrol_deck.cards() == std::vector<int>(43, kUnknownCard));
}

TEST_CASE("endless patrol: a table-mode game through every rule and refusal") {
  EpGame g;  // table mode: the player says what was dealt, drawn and turned over
  CHECK(contains(g.status_text(), "初期配置"));
  Script s{g};
  s.refused("draw", "補給フェイズ: draw は補給フェイズに行います（今は初期配置）");
  s.played("deal -- 1 2 6 25");
  CHECK(g.state().hand.size() == 4);
  s.refused("deal", "初期配置: 手札はもう配られています");
  s.refused("end", "補給フェイズ: 終える で終えるのは射撃フェイズと損耗フェイズです");
  s.played("draw -- 21");
  CHECK(g.state().phase == EpPhase::contact);
  s.refused("discard 2", "補給フェイズ: 捨てるのは手札が 5 枚を超えた補給フェイズだけです");
  s.played("contact -- 33");  // Panzer IV: AT, no ammo number
  s.refused("fire 33", "使い方: 射撃 パトロール番号 GI番号 [GI番号...]");
  s.refused("fire 33 2",
            "射撃フェイズ: 「33 IV号戦車（AT）」を撃破するには AT のGIカード1枚を出します");
  s.refused("fire 33 1 2", "を撃破するには AT のGIカード1枚を出します");
  s.refused("fire 99 1", "射撃フェイズ: 場にパトロールカード「99」がありません");
  s.refused("fire 33 9", "射撃フェイズ: 手札に「9」のカードがありません（番号で）");
  s.refused("fire 33 x", "手札に「x」のカードがありません");
  s.played("fire 33 1");  // FAQ 3: the flamethrower's AT, though it has ammo too
  CHECK(g.state().patrol_discard.cards.size() == 1);
  s.played("end");  // nothing in play: no attrition
  CHECK(g.state().turn == 2);
  CHECK(g.state().squad.value == 15);

  s.played("draw -- 7");
  s.played("contact -- 4");  // Panzergrenadiers, ammo 5
  s.refused("fire 4 2 2", "同じカードを2回出せません: 2");
  s.refused(
      "fire 4 2 6 7",
      "FAQ 1: 「6 45口径コルト自動拳銃（弾薬 1）」は要りません: なくても弾薬 5 で 5 に届きます");
  s.refused("fire 4 2 6",
            "射撃フェイズ: 弾薬の合計 4 は「4 装甲擲弾兵（弾薬 5）」の 5 に届きません");
  s.refused("fire 4 21", "射撃フェイズ: 「21 偵察（L）」には弾薬ナンバーがありません");
  s.played("fire 4 2 7");  // 3 + 2
  s.played("end");

  s.played("draw -- 13");
  s.played("contact -- 36");  // Minefield: I, cannot be defeated
  s.refused("fire 36 6", "追加FAQ 2: 「36 地雷原（I・撃破できない）」は撃破できません");
  const std::string mine = s.played("end");
  CHECK(contains(mine, "損耗 1（避けられない、追加FAQ 2）"));
  CHECK(g.state().squad.value == 14);
  CHECK(g.state().turn == 4);                    // a D card in hand, but nothing it may cancel
  CHECK(g.state().patrol_discard.contains(35));  // the Minefield (no. 36) attacked once (I)
  s.refused("dodge 25", "D: D のカードは、今受けた損耗を回避するときに出します");

  s.played("draw -- 3");
  s.played("contact -- 2");  // Assault Pioneer Team, ammo 3: left in play
  s.played("end");
  CHECK(g.state().phase == EpPhase::attrition);
  CHECK(g.state().squad.value == 13);
  s.refused("dodge 6", "D: 「6 45口径コルト自動拳銃（弾薬 1）」は D のカードではありません");
  s.refused("look gi 25", "L（FAQ 6）: 「25 煙幕手榴弾（D）」は L のカードではありません");
  s.played("dodge 25 -- 5");  // cancels the attrition, draws the M1919
  CHECK(g.state().squad.value == 14);
  CHECK(g.state().turn == 5);

  s.played("draw -- 12");  // six cards: one too many
  CHECK(g.state().phase == EpPhase::discard);
  s.refused("contact",
            "接触フェイズ: contact は接触フェイズに行います（今は補給フェイズ（手札の上限））");
  s.refused("discard 25", "手札に「25」のカードがありません");
  s.played("discard 6");
  CHECK(g.state().phase == EpPhase::contact);
  s.refused("look x 21", "使い方: 見る GIデッキ|パトロールデッキ GI番号");
  s.refused("look gi 13", "「13 ハッチに手榴弾を落とす（AT）」は L のカードではありません");
  const std::string look = s.played("look patrol 21 -- 30");  // FAQ 6: any time
  CHECK(contains(look, "パトロールデッキの上から 5 枚を見て、同じ順番で戻してください"));
  CHECK(g.state().hand.contains(29));  // the Medic (no. 30) drawn

  s.played("contact -- 34");  // Junker Divebomber: AA, I, 9
  s.refused("fire 34 13", "AA: AT のGIカード「13 ハッチに手榴弾を落とす（AT）」は「34 ");
  s.refused("fire 34 3", "弾薬の合計 4 は");
  s.refused("fire 2 12", "「12 M1バズーカ（AT）」には弾薬ナンバーがありません");
  s.played("fire 34 3 5");  // 4 + 5 = 9
  s.played("end");          // the Assault Pioneer Team attacks; a D card could cancel it
  CHECK(g.state().phase == EpPhase::attrition);
  s.played("end");  // the player keeps the Medic
  CHECK(g.state().squad.value == 13);
  CHECK(g.state().turn == 6);

  s.played("draw -- 15");
  s.played("contact -- 21");  // Ammo Dump: AT, N 2
  const std::string dump = s.played("fire 21 15");
  CHECK(contains(dump, "次の補給フェイズに 2 枚多く引きます（N、追加FAQ 4）"));
  s.played("end");
  s.played("end");
  const std::string supply = s.played("draw -- 4 8 9");  // 1 + 2 cards
  CHECK(contains(supply, "N のカードを撃破したので 2 枚多く引きます（追加FAQ 4）"));
  CHECK(g.state().hand.size() == 6);
  CHECK(g.state().phase == EpPhase::discard);

  // The log replays to the same game.
  const std::string live = g.status_text();
  g.reopen();
  CHECK(g.status_text() == live);
  CHECK(contains(slurp(g.path()), "cmd dodge 25 -- 5\n"));
}

TEST_CASE("endless patrol: undo stops at a draw and undo --force 1 takes it back") {
  EpGame g({"mode=virtual"}, 3);
  g.run("draw\n");
  REQUIRE(g.state().hand.size() == 5);
  g.run("undo\n");
  CHECK(g.status == 1);
  // Endless Patrol has no dice: the player is told of the draw, not of dice.
  CHECK(contains(g.out, "「引く」で隠れていたものが明らかになった"));
  CHECK_FALSE(contains(g.out, "ダイス"));
  CHECK(g.state().hand.size() == 5);
  g.run("undo --force 1\n");
  CHECK(g.status == 0);
  CHECK(contains(g.out, "仮想モードでは、同じ手順で同じカードがまた出ます"));
  CHECK_FALSE(contains(g.out, "ダイス"));
  CHECK(g.state().hand.size() == 4);
  CHECK(g.state().phase == EpPhase::supply);
  // The same card comes again: the shuffle is the seed's.
  const std::vector<int> before = g.state().gi_deck.cards();
  g.run("draw\n");
  CHECK(g.state().hand.cards.back() == before.front());
  CHECK(contains(slurp(g.path()), "cmd undo --force 1\n"));
  // A command that drew nothing is undone plainly.
  g.run("contact\nend\n");
  if (g.state().phase == EpPhase::supply) {  // no D card to play: the turn is over
    g.run("undo --force 1\n");
    CHECK(g.state().phase == EpPhase::fire);
  }
}

TEST_CASE("endless patrol: resume mid-game gives the same state, and the game goes on") {
  const auto lines = commands_of(fixture("won-virtual-seed-101.txt"));
  EpGame g({"mode=virtual"}, 101);
  g.run(joined(lines, 0, 80));
  const std::string live = g.status_text();
  const std::string hand = g.state().hand.size() ? std::to_string(g.state().hand.cards[0]) : "";
  g.reopen();
  CHECK(g.status_text() == live);
  CHECK(std::to_string(g.state().hand.cards.empty() ? -1 : g.state().hand.cards[0]) ==
        (hand.empty() ? "-1" : hand));
  g.run(joined(lines, 80, lines.size()));
  REQUIRE(g.outcome());
  CHECK(g.outcome()->reason == "patrol-exhausted");
}

TEST_CASE("endless patrol: English messages, with the rule in every refusal") {
  EpGame g({}, 1, "en");
  const std::string out =
      g.run("contact\ndeal -- 1 2 6 25\ndraw -- 21\ncontact -- 33\nfire 33 2\n");
  CHECK(contains(out, "Contact phase: contact belongs to the Contact phase (now: Set-up)"));
  CHECK(contains(out, "Drawn: 21 Reconnaissance (L)"));
  CHECK(contains(out, "Contact: 33 Panzer IV (AT)"));
  CHECK(contains(out, "Fire phase: 33 Panzer IV (AT) is defeated by one AT GI card alone"));
}

TEST_CASE("endless patrol: an unknown option is refused with the ones expected") {
  std::string why;
  auto m = load_game_module(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data",
                            "endless-patrol", {"mode=virtal"}, &why);
  CHECK_FALSE(m);
  CHECK(why ==
        "unknown option 'mode=virtal' (did you mean 'mode=virtual'?) for endless-patrol; "
        "expected mode=table or mode=virtual");
}

TEST_CASE("endless patrol: a squad at 0 with a D card in hand is lost only when the phase ends") {
  std::string why;
  auto module = load_game_module(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data",
                                 "endless-patrol", {"mode=virtual"}, &why);
  REQUIRE(module);
  GameSettings quiet;
  quiet.narrate = false;
  GameCore game(std::shared_ptr<const GameModule>(std::move(module)), 1, quiet);
  auto state = game.state().clone();
  auto& s = static_cast<EpState&>(*state);
  s.phase = EpPhase::fire;
  s.squad.value = 1;
  s.in_play.cards = {1};    // Assault Pioneer Team (no. 2)
  s.hand.cards = {24, 29};  // Smoke Grenades and Medic (D)
  GameDice dice(1);
  PlayContext ctx(Lang::en, dice, false, {}, nullptr, false);
  const GameModule& m = game.module();
  REQUIRE_FALSE(m.apply_words(s, {"end"}, ctx));
  CHECK(s.squad.value == 0);
  CHECK(s.phase == EpPhase::attrition);
  CHECK_FALSE(m.outcome(s));  // a D card may still save the squad
  auto moves = m.legal_moves(s);
  const auto words = move_words(m, moves);
  CHECK(std::find(words.begin(), words.end(), std::vector<std::string>{"dodge", "25"}) !=
        words.end());
  auto lost = state->clone();
  REQUIRE_FALSE(m.apply_words(*lost, {"end"}, ctx));
  REQUIRE(m.outcome(*lost));
  CHECK(m.outcome(*lost)->reason == "squad-lost");
  REQUIRE_FALSE(m.apply_words(s, {"dodge", "30"}, ctx));
  CHECK(s.squad.value == 1);
  CHECK_FALSE(m.outcome(s));
  CHECK(s.turn == 2);  // nothing left to cancel: the turn is over
}

TEST_CASE("endless patrol: wrong arguments and the remaining refusals name what is expected") {
  EpGame g({}, 1, "en");
  Script s{g};
  s.refused("look gi 21", "Set-up: deal the hand first");
  s.refused("fire 1 2", "Fire phase: fire belongs to the Fire phase (now: Set-up)");
  s.refused("deal 3", "usage: deal");
  g.run("deal -- 1 2 6 25\n");
  s.refused("draw 1", "usage: draw");
  s.refused("discard", "usage: discard GI");
  s.refused("contact now", "usage: contact");
  s.refused("end now", "usage: end");
  s.refused("look gi", "usage: look gi|patrol GI");
  s.refused("look gi 21", "L (FAQ 6): no card '21' in the hand (give its number)");
  s.refused("dodge", "usage: dodge GI");
  g.run("draw -- 3\ncontact -- 2\nend\n");  // the Assault Pioneer Team attacks; 25 is a D card
  REQUIRE(g.state().phase == EpPhase::attrition);
  s.refused("dodge 30", "D: no card '30' in the hand (give its number)");
  s.refused("dodge x", "D: no card 'x' in the hand");
  CHECK(g.session->history().size() == 4);  // only the four commands that were played
}

TEST_CASE("endless patrol: L played in the attrition phase may draw the D that cancels it") {
  // FAQ 6: L any time. With no D card in hand the attrition window stays open
  // while an L card could draw one; the script, played to the end.
  EpGame g;
  Script s{g};
  s.played("deal -- 21 2 3 4");
  s.played("draw -- 5");
  s.played("contact -- 7");
  const std::string hit = s.played("end");
  CHECK(contains(hit, "L のカードを出して D を引けば今の損耗を回避できます（FAQ 6）"));
  CHECK(g.state().phase == EpPhase::attrition);
  const int hurt = g.state().squad.value;
  const std::string looked = s.played("look gi 21 -- 25");
  CHECK(contains(looked, "D のカードで今の損耗を 1 つずつ回避できます"));
  CHECK(g.state().phase == EpPhase::attrition);
  s.played("dodge 25 -- 6");
  CHECK(g.state().squad.value == hurt + 1);
  CHECK(g.state().turn == 2);
  CHECK(g.state().phase == EpPhase::supply);

  // An L that draws no D closes the window: the turn goes on by itself.
  EpGame h;
  Script t{h};
  t.played("deal -- 21 2 3 4");
  t.played("draw -- 5");
  t.played("contact -- 7");
  t.played("end");
  const std::string no_d = t.played("look patrol 21 -- 6");
  CHECK(contains(no_d, "ターン 2"));
  CHECK(h.state().turn == 2);
  CHECK(h.state().phase == EpPhase::supply);
}
