// Printed equals enforced (issue 32, item 15): where a component's printed
// text states a number the companion also holds (a hand limit, an air drop, a
// level's agents, a tracker's top), both agree. The printed text is read from
// the data the sheets are printed from (core/game_loader.h), the companion's
// number from its rules loader; a test per game.
#include <catch2/catch.hpp>
#include <regex>
#include <string>

#include "companion/games/endless_patrol/ep_rules.h"
#include "companion/games/maquis/mq_rules.h"
#include "companion/games/omaha_beach/ob_rules.h"
#include "companion/games/squad/sq_rules.h"
#include "companion/games/stuart_vs_zombies/svz_rules.h"
#include "core/game_loader.h"
#include "game_data.h"

using namespace bocage;
using namespace bocage::test;

namespace {

Game printed_game(const std::string& id) {
  Diagnostics diags;
  Game g = load_game(data_root(), id, diags);
  REQUIRE_FALSE(diags.has_errors());
  return g;
}

/// The Japanese text of `field` on card `card` of deck `deck`, as printed.
std::string printed(const Game& g, const std::string& deck, const std::string& card,
                    const std::string& field) {
  const Deck* d = g.deck(deck);
  REQUIRE(d);
  for (const auto& c : d->cards)
    if (c.id == card) {
      const FieldValue* v = c.field(field);
      REQUIRE(v);
      return v->text.ja;
    }
  FAIL("no card " << card << " in " << deck);
  return {};
}

/// The numbers `pattern`'s groups capture in `text` (the first match).
std::vector<int> numbers(const std::string& text, const std::string& pattern) {
  std::smatch m;
  INFO(pattern << "\nin: " << text);
  REQUIRE(std::regex_search(text, m, std::regex(pattern)));
  std::vector<int> out;
  for (size_t i = 1; i < m.size(); ++i) out.push_back(std::stoi(m[i].str()));
  return out;
}

int number(const std::string& text, const std::string& pattern) {
  return numbers(text, pattern).at(0);
}

}  // namespace

TEST_CASE("Endless Patrol's aid and symbols state the companion's numbers") {
  const Game g = printed_game("endless-patrol");
  Diagnostics diags;
  const auto r = load_ep_rules(data_root(), "endless-patrol", diags);
  REQUIRE(r);
  const std::string setup = printed(g, "aid", "player-aid", "setup");
  CHECK(number(setup, "GIデッキから(\\d+)枚") == r->start_hand);
  CHECK(number(setup, "トラッカーの(\\d+)に置く") == r->squad().max);
  CHECK(number(printed(g, "aid", "player-aid", "phase1"), "手札は最大(\\d+)枚") == r->hand_limit);
  const std::string look = g.symbols.at("L").rule.ja;
  CHECK(number(look, "上(\\d+)枚") == r->look_cards);
  CHECK(number(look, "GIカードを(\\d+)枚引く") == r->look_draws);
  CHECK(number(g.symbols.at("D").rule.ja, "GIカードを(\\d+)枚引く") == r->dodge_draws);
}

TEST_CASE("Maquis's aid states the companion's levels and the board marks its start") {
  const Game g = printed_game("maquis");
  Diagnostics diags;
  const auto r = load_mq_rules(data_root(), "maquis", diags);
  REQUIRE(r);
  const std::string levels = printed(g, "aid", "aid-2", "s4");
  auto drops = [&](const std::string& level, const std::string& label) {
    const auto n = numbers(levels, label + "[^<]*空中投下は資金(\\d+)、武器(\\d+)、食料(\\d+)");
    const MqLevel& l = r->level(level);
    CHECK(n.at(0) == l.drop[size_t(r->resource("money"))]);
    CHECK(n.at(1) == l.drop[size_t(r->resource("weapons"))]);
    CHECK(n.at(2) == l.drop[size_t(r->resource("food"))]);
  };
  drops("very-easy", "ベリーイージー：</b>");
  drops("easy", "<b>イージー：</b>");
  const auto tricky = numbers(levels, "トリッキー：</b>工作員は隠れ家に(\\d+)人、カフェに(\\d+)人");
  CHECK(tricky.at(0) == r->level("tricky").agents);
  CHECK(tricky.at(1) == r->level("tricky").cafe);
  CHECK(number(levels, "トリッキー：</b>[^<]*日マーカーが(\\d+)日目に入ったら敗北") ==
        r->level("tricky").lose_on_day);
  // Hard and Very Hard are "as Tricky, and ..." on the aid: the same agents and day.
  for (const char* level : {"hard", "very-hard"}) {
    INFO(level);
    CHECK(r->level(level).agents == r->level("tricky").agents);
    CHECK(r->level(level).cafe == r->level("tricky").cafe);
    CHECK(r->level(level).lose_on_day == r->level("tricky").lose_on_day);
  }
  // Normal is "as this aid says": the rules' 3 agents, 2 at the cafe.
  CHECK(r->level("normal").agents == 3);
  CHECK(r->level("normal").cafe == 2);
  // The morale track's start mark is the companion's start.
  const Board* board = nullptr;
  for (const auto& b : g.boards)
    if (!b.tracks.empty()) board = &b;
  REQUIRE(board);
  bool marked = false;
  for (const auto& t : board->tracks)
    if (t.id == "morale")
      for (const auto& box : t.boxes)
        if (box.mark == "始") {
          CHECK(box.label == std::to_string(r->morale_start));
          marked = true;
        }
  CHECK(marked);
}

TEST_CASE("Omaha Beach's trackers start where the companion's tracks do") {
  const Game g = printed_game("omaha-beach");
  Diagnostics diags;
  const auto r = load_ob_rules(data_root(), "omaha-beach", diags);
  REQUIRE(r);
  CHECK(std::stoi(printed(g, "trackers", "squad", "v1")) == r->squad().max);
  CHECK(std::stoi(printed(g, "trackers", "demo", "v1")) == r->charges().max);
  CHECK(std::stoi(printed(g, "trackers", "sniper", "v1")) == r->sniper().max);
  const std::string aid = printed(g, "aid", "aid-2", "s2");
  CHECK(number(aid, "狙撃兵（(\\d+)ラウンド）") == r->sniper().max);
  CHECK(number(aid, "爆薬（(\\d+)個）") == r->charges().max);
}

TEST_CASE("SQUAD's printed soldiers and Reinforcements' cap are the companion's") {
  const Game g = printed_game("squad");
  Diagnostics diags;
  const auto r = load_sq_rules(data_root(), "squad", diags);
  REQUIRE(r);
  const std::string sequence = printed(g, "aid", "sequence", "body");
  const auto strengths = numbers(sequence, "米(\\d+)、独・英・日(\\d+)、ソ(\\d+)");
  auto soldiers = [&](const char* id) {
    for (const auto& n : r->nations)
      if (n.id == id) return n.soldiers;
    FAIL("no nation " << id);
    return -1;
  };
  CHECK(strengths.at(0) == soldiers("us"));
  for (const char* id : {"de", "uk", "jp"}) CHECK(strengths.at(1) == soldiers(id));
  CHECK(strengths.at(2) == soldiers("ru"));
  CHECK(number(printed(g, "nations", "ru", "traits"), "増援：兵士1名を加える（(\\d+)名まで）") ==
        r->max_soldiers);
}

TEST_CASE("Stuart vs Zombies's aid states the companion's number of turns") {
  const Game g = printed_game("stuart-vs-zombies");
  Diagnostics diags;
  const auto r = load_svz_rules(data_root(), "stuart-vs-zombies", diags);
  REQUIRE(r);
  CHECK(number(printed(g, "aid", "aid-1", "s3"), "ゲームは最長(\\d+)ターン") == r->turns().max);
}
