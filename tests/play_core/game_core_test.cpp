// The file-free game core: commands, replay and undo in memory, and
// narration that can be switched off without changing the game.
#include <catch2/catch.hpp>

#include "companion/games/stuart_vs_zombies/svz_state.h"
#include "random_player.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const SvzState& svz(const GameCore& g) {
  return static_cast<const SvzState&>(g.state());
}

/// The same random game with narration on or off: its history and lines.
std::pair<std::vector<std::string>, size_t> random_game(bool narrate, uint64_t seed) {
  auto module = svz_module({"virtual"});
  GameSettings settings;
  settings.narrate = narrate;
  GameCore game(module, seed, settings);
  RandomAsker asker(seed);
  size_t lines = 0;
  for (int step = 0; step < 300 && !game.outcome(); ++step) {
    auto moves = module->legal_moves(game.state());
    Played p = game.play(moves[size_t(asker.rng().roll(int(moves.size())) - 1)], {}, &asker);
    lines += p.lines.size();
  }
  std::vector<std::string> history;
  for (const auto& r : game.history()) history.push_back(r.line);
  return {history, lines};
}

}  // namespace

TEST_CASE("game core: plays and refuses and undoes without any file") {
  GameSettings manual;
  manual.manual_dice = true;
  GameCore game(svz_module({}), 1, manual);
  CHECK_FALSE(game.setup_lines().empty());
  Played refused = game.command({"move", "0306"}, {}, nullptr);
  CHECK(refused.status == Played::Status::refused);
  REQUIRE(refused.refusal);
  CHECK(refused.refusal->rule == "5.0");
  CHECK(game.history().empty());
  CHECK(game.command({"roll"}, {"4"}, nullptr).status == Played::Status::done);
  CHECK(game.command({"move", "0306"}, {}, nullptr).status == Played::Status::done);
  CHECK(svz(game).ap == 3);
  CHECK(game.history().back().line == "move 0306");
  CHECK(game.history().front().line == "roll -- 4");
  CHECK(game.history().front().dice == 1);
  CHECK_FALSE(game.history().back().draws());
  std::string why;
  REQUIRE(game.undo(1, &why));
  CHECK(svz(game).ap == 4);
  CHECK(game.history().size() == 1);
  // A question with no asker and no answer refuses: nothing changes.
  Played missing = game.command({"shoot", "0302"}, {}, nullptr);
  CHECK(missing.status == Played::Status::refused);
  CHECK(svz(game).ap == 4);
}

TEST_CASE("game core: narration off says nothing and plays the same game") {
  for (uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    auto on = random_game(true, seed);
    auto off = random_game(false, seed);
    CHECK(on.first == off.first);
    CHECK(on.second > 0);
    CHECK(off.second == 0);
  }
}

TEST_CASE("game core: a replay of the history gives the same state") {
  auto module = svz_module({"virtual"});
  GameCore game(module, 7, {});
  RandomAsker asker(7);
  for (int i = 0; i < 40 && !game.outcome(); ++i) {
    auto moves = module->legal_moves(game.state());
    game.play(moves[size_t(asker.rng().roll(int(moves.size())) - 1)], {}, &asker);
  }
  std::vector<std::string> lines;
  for (const auto& r : game.history()) lines.push_back(r.line);
  GameCore again(module, 7, {});
  std::string why;
  REQUIRE(again.replay(lines, &why));
  CHECK(svz(again).turn == svz(game).turn);
  CHECK(svz(again).m5 == svz(game).m5);
  CHECK(svz(again).killed == svz(game).killed);
  CHECK(again.outcome().has_value() == game.outcome().has_value());
}

TEST_CASE("seats and views: the player's view hides what lies face down") {
  auto module = svz_module({"virtual"});
  GameCore game(module, 1, {});
  CHECK(module->seats() == std::vector<std::string>{"player"});
  CHECK(game.seat_to_act() == 0);
  auto view = game.view(0);
  const auto& seen = static_cast<const SvzState&>(*view);
  int known = 0, hidden = 0;
  for (size_t i = 0; i < seen.pieces.size(); ++i) {
    known += svz(game).pieces[i].card >= 0;  // the companion shuffled: it knows
    hidden += seen.pieces[i].card < 0;
  }
  CHECK(known == 9);
  CHECK(hidden == 9);
}

TEST_CASE("seats and views: questions say their kind and type their choices") {
  struct Recorder final : Asker {
    std::vector<Question> asked;
    std::optional<std::string> ask(const Question& q, const std::vector<Line>&) override {
      asked.push_back(q);
      return q.choices.front();
    }
  } recorder;
  GameSettings manual;
  manual.manual_dice = true;
  GameCore game(svz_module({}), 1, manual);
  game.command({"roll"}, {"4"}, nullptr);
  REQUIRE(game.command({"shoot", "0405"}, {}, &recorder).status == Played::Status::done);
  REQUIRE_FALSE(recorder.asked.empty());
  const Question& die = recorder.asked[0];
  CHECK(die.kind == Question::Kind::die);
  CHECK(die.seat == 0);
  CHECK(die.values == std::vector<int>{1, 2, 3, 4, 5, 6});
  // A 1 misses: the second question is not a reveal. Hit with a 6 instead.
  GameCore hit(svz_module({}), 1, manual);
  hit.command({"roll"}, {"4"}, nullptr);
  recorder.asked.clear();
  REQUIRE(hit.command({"shoot", "0405"}, {"6"}, &recorder).status == Played::Status::done);
  REQUIRE_FALSE(recorder.asked.empty());
  const Question& reveal = recorder.asked[0];
  CHECK(reveal.kind == Question::Kind::reveal);
  CHECK(reveal.values.size() == reveal.choices.size());
  CHECK(hit.history().back().reveals == 1);
  CHECK(hit.history().back().draws());
}

TEST_CASE("outcomes are data: a reason code and no text unless described") {
  GameSettings manual;
  manual.manual_dice = true;
  manual.narrate = false;
  auto module = svz_module({});
  GameCore game(module, 1, manual);
  RandomAsker asker(1);
  for (int turn = 0; turn < 10; ++turn) game.command({"roll"}, {"1"}, &asker);
  auto over = game.outcome();
  REQUIRE(over);
  CHECK(over->reason == "time-out");
  CHECK_FALSE(over->victory);
  CHECK(over->winner == -1);
  CHECK(game.seat_to_act() == -1);
  CHECK(module->describe(*over, Lang::en) ==
        "zombies are still on the map after the last turn (4.0)");
}

TEST_CASE("narration off: BOCAGE_SAY does not even build its text") {
  int built = 0;
  auto text = [&] {
    ++built;
    return std::string("M5: 0206 → 0306");
  };
  GameDice dice(1);
  PlayContext quiet(Lang::en, dice, false, {}, nullptr, false);
  BOCAGE_SAY(quiet, text(), Line::Kind::result);
  CHECK(built == 0);
  CHECK(quiet.lines().empty());
  PlayContext loud(Lang::en, dice, false, {}, nullptr, true);
  BOCAGE_SAY(loud, text(), Line::Kind::result);
  CHECK(built == 1);
  REQUIRE(loud.lines().size() == 1);
  CHECK(loud.lines()[0].kind == Line::Kind::result);
}
