// The table helper: a game made with `bocage-gen new` (templates/starter) is
// played from its companion.toml alone: turns and phases, named rolls, decks
// dealt, drawn, played, discarded, shuffled and peeked at, tracks, an end;
// every seat sees its own hand only; and each mistake in companion.toml is
// an error at its line.
#include <catch2/catch.hpp>
#include <regex>

#include "../play_core/random_player.h"
#include "../starter_game.h"
#include "companion/engine/game_core.h"
#include "companion/games/registry.h"
#include "companion/games/table_helper/th_module.h"
#include "companion/games/table_helper/th_state.h"

using namespace bocage;
using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

/// The starter game with what the companion makes of it.
struct Starter : StarterGame {
  std::shared_ptr<const GameModule> module(const std::vector<std::string>& options = {}) const {
    std::string why;
    auto m = load_game_module(dir.root, "my-game", options, &why, Lang::en);
    INFO(why);
    REQUIRE(m);
    return std::shared_ptr<const GameModule>(std::move(m));
  }
  /// What the companion's checks (and bocage-gen validate) say of the data.
  std::string diagnostics() const {
    Diagnostics diags;
    check_companion_data(dir.root, "my-game", diags);
    return diags.format_all(Lang::en);
  }
};

std::string said(const std::vector<Line>& lines, int reader) {
  std::string out;
  for (const auto& l : lines)
    if (l.readable_by(reader)) out += l.text + "\n";
  return out;
}

Played run(GameCore& game, const std::string& line, Asker* asker = nullptr) {
  std::vector<std::string> words, answers;
  split_command(line, words, answers);
  Played p = game.command(words, answers, asker);
  INFO(line << ": " << (p.refusal ? p.refusal->message : ""));
  return p;
}

}  // namespace

TEST_CASE("the starter game is played by the table helper in printed Japanese names") {
  Starter g;
  CHECK(g.diagnostics().empty());
  CHECK(has_table_helper(g.dir.root, "my-game"));
  CHECK_FALSE(has_table_helper(fs::path(BOCAGE_TEST_SOURCE_ROOT) / "data", "squad"));
  auto module = g.module();
  GameSettings ja;
  GameCore game(module, 7, ja);
  // Only the deal first: the starter deals 3 cards.
  REQUIRE(module->legal_moves(game.state()).size() == 1);
  CHECK(run(game, "次へ").status == Played::Status::refused);
  // Table mode: the player says what was drawn, by the printed name.
  Played dealt = run(game, "配る -- 小銃分隊 衛生兵 ｍｇ");
  REQUIRE(dealt.status == Played::Status::done);
  CHECK(said(dealt.lines, 0).find("部隊から引いたカード: 機関銃班") != std::string::npos);
  auto hand = module->hand(game.state(), 0, Lang::ja);
  REQUIRE(hand.size() == 3);
  CHECK(hand[2].name == "機関銃班");
  CHECK(hand[2].note == "部隊");
  // A roll with its table, a track, the phases and the turn track.
  Played fire = run(game, "振る 射撃");
  REQUIRE(fire.status == Played::Status::done);
  CHECK(std::regex_search(said(fire.lines, -1), std::regex("射撃: 2d6: \\[\\d, \\d\\] = \\d+ → "
                                                           "(外れ|制圧|撃破)")));
  CHECK(run(game, "合わせる 士気 11").status == Played::Status::refused);
  Played morale = run(game, "合わせる 士気 ５");
  REQUIRE(morale.status == Played::Status::done);
  CHECK(said(morale.lines, -1).find("士気: 7 → 5") != std::string::npos);
  CHECK(run(game, "出す 衛生兵").status == Played::Status::done);
  CHECK(run(game, "出す 衛生兵").status == Played::Status::refused);  // one copy was held
  CHECK(run(game, "捨てる 衛生兵").status == Played::Status::done);   // from the table
  CHECK(run(game, "引く 部隊 -- M4シャーマン").status == Played::Status::done);
  CHECK(module->brief(game.state(), Lang::ja) == "ターン1 補給フェイズ");
  for (int n = 0; n < 3 * 7; ++n) REQUIRE(run(game, "next").status == Played::Status::done);
  CHECK(module->brief(game.state(), Lang::ja) == "ターン8 補給フェイズ");
  CHECK_FALSE(game.outcome());
  for (int n = 0; n < 3; ++n) REQUIRE(run(game, "next").status == Played::Status::done);
  REQUIRE(game.outcome());
  CHECK(game.outcome()->reason == "last-turn");
  CHECK(module->check_invariants(game.state()).empty());
}

TEST_CASE("the table helper deals a hidden hand to each seat and shows each its own") {
  Starter g;
  g.two_seats();
  auto module = g.module({"mode=virtual"});
  REQUIRE(module->seats() == std::vector<std::string>{"allies", "axis"});
  GameSettings ja;
  GameCore game(module, 11, ja);
  Played dealt = run(game, "配る");
  REQUIRE(dealt.status == Played::Status::done);
  const auto allies = module->hand(game.state(), 0, Lang::ja);
  const auto axis = module->hand(game.state(), 1, Lang::ja);
  REQUIRE(allies.size() == 3);
  REQUIRE(axis.size() == 3);
  // What the deal said: each seat reads its own cards; the table reads neither.
  const std::string table = said(dealt.lines, -1);
  for (const auto& c : allies) {
    CHECK(said(dealt.lines, 0).find(c.name) != std::string::npos);
    CHECK(table.find("引いたカード: " + c.name) == std::string::npos);
    CHECK(said(dealt.lines, 1).find("引いたカード: " + c.name) == std::string::npos);
  }
  // A seat's view knows its own hand and only the size of the other's and of the deck.
  const auto seen = module->view(game.state(), 1);
  const auto& s = static_cast<const ThState&>(*seen);
  CHECK(s.hands[0].cards == std::vector<int>(3, kUnknownCard));
  CHECK(s.hands[1].cards[0] != kUnknownCard);
  for (int c : s.decks[0].deck.cards()) CHECK(c == kUnknownCard);
  // Turns pass from seat to seat: three phases each.
  CHECK(module->seat_to_act(game.state()) == 0);
  for (int n = 0; n < 3; ++n) REQUIRE(run(game, "次へ").status == Played::Status::done);
  CHECK(module->seat_to_act(game.state()) == 1);
  // Peeking shows the top two cards to the seat to act alone, order kept.
  Played peek = run(game, "見る 部隊");
  REQUIRE(peek.status == Played::Status::done);
  CHECK(said(peek.lines, 1).find("部隊の上から 2 枚") != std::string::npos);
  CHECK(said(peek.lines, 0).find("部隊の上から") == std::string::npos);
  CHECK(said(peek.lines, 0).find("枢軸軍が部隊の上 2 枚を見た") != std::string::npos);
  // Same seed, same deal.
  GameCore again(module, 11, ja);
  REQUIRE(run(again, "配る").status == Played::Status::done);
  CHECK(module->hand(again.state(), 0, Lang::ja)[0].name == allies[0].name);
  // The end names the winner.
  REQUIRE(run(game, "終了 連合軍").status == Played::Status::done);
  REQUIRE(game.outcome());
  CHECK(module->describe(*game.outcome(), Lang::ja) == "連合軍の勝ち");
}

TEST_CASE("the table helper accepts every move it lists in random games of both modes") {
  Starter g;
  g.two_seats();
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{"mode=virtual"}, std::vector<std::string>{}}) {
    auto module = g.module(options);
    GameSettings settings;
    settings.narrate = false;
    int refusals = 0, finished = 0, commands = 0;
    for (uint64_t seed = 1; seed <= 150; ++seed) {
      GameCore game(module, seed, settings);
      RandomAsker asker(seed * 31);
      for (int step = 0; step < 300 && !game.outcome(); ++step) {
        auto moves = module->legal_moves(game.state());
        REQUIRE_FALSE(moves.empty());
        // `end` rarely, so that games run long enough to empty and refill the deck.
        const Move m = moves[size_t(asker.rng().roll(int(moves.size())) - 1)];
        if (m.command == 9 && asker.rng().roll(20) > 1) continue;
        Played p = game.play(m, {}, &asker);
        ++commands;
        refusals += p.status != Played::Status::done;
        const std::string broken = module->check_invariants(game.state());
        INFO("seed " << seed << ": " << join_words(module->words(m)));
        REQUIRE(broken.empty());
      }
      finished += bool(game.outcome());
    }
    INFO(options.size());
    CHECK(refusals == 0);
    CHECK(commands > 10000);
    CHECK(finished > 0);
  }
}

TEST_CASE("each mistake in a table helper's companion.toml is an error at its line") {
  struct Case {
    const char* what;
    std::string from, to;  // in companion.toml
    std::string expected;  // in the diagnostics
  };
  const std::vector<Case> cases = {
      {"bad dice", "dice = \"2d6\"", "dice = \"2x6\"",
       "companion.toml:34:8: error: bad dice notation"},
      {"unknown deck", "id = \"units\"", "id = \"unit\"",
       "error: the game has no deck 'unit' (it has: units)"},
      {"deck hint", "id = \"units\"", "id = \"unit\"", "did you mean 'units'?"},
      {"hand too big", "hand = 3", "hand = 13", "dealing 13 cards to each of 1 seats"},
      {"track span", "max = 10", "max = 0", "track 'morale': max (0) must be above min (0)"},
      {"track start", "start = 7", "start = 12", "start 12 lies outside min-max (0-10)"},
      {"result range", "{ roll = [2, 6]", "{ roll = [1, 6]",
       "result row 1-6 lies outside 2d6's totals 2-12"},
      {"result overlap", "{ roll = [7, 9]", "{ roll = [6, 9]", "two result rows give the total 6"},
      {"draw_to", "peek = 2", "peek = 2\ndraw_to = \"pile\"", "draw_to is \"hand\""},
      {"hand on the table", "peek = 2", "peek = 2\ndraw_to = \"table\"",
       "hand (the cards dealt) is for a deck with draw_to = \"hand\" only"},
      {"duplicate phase", "id = \"move\"", "id = \"draw\"",
       "[[phase]] id 'draw' is declared twice"},
      {"turns range", "turns = 8", "turns = 5000", "turns"},
      {"unknown key", "turns = 8", "turns = 8\nturn = 3", "unknown key 'turn'"},
      {"peek range", "peek = 2", "peek = 99", "peek"},
      {"mode values", "values = [\"table\", \"virtual\"]", "values = [\"table\", \"solo\"]",
       "solo"},
  };
  for (const auto& c : cases) {
    Starter g;
    g.replace("companion.toml", c.from, c.to);
    const std::string said = g.diagnostics();
    INFO(c.what << "\n" << said);
    CHECK(said.find("error") != std::string::npos);
    CHECK(said.find(c.expected) != std::string::npos);
    std::string why;
    CHECK_FALSE(load_game_module(g.dir.root, "my-game", {}, &why, Lang::en));
  }
  // Seats that disagree with game.toml's players.
  Starter g;
  g.append("companion.toml",
           "\n[[seat]]\nid = \"a\"\nname = \"A\"\n\n[[seat]]\nid = \"b\"\nname = \"B\"\n");
  CHECK(g.diagnostics().find("2 [[seat]] tables, but game.toml says players = 1") !=
        std::string::npos);
  // Broken TOML is a syntax error at its place, as for every other file.
  Starter broken;
  broken.append("companion.toml", "\n[[roll]\n");
  CHECK(broken.diagnostics().find("companion.toml:") != std::string::npos);
}
