// One source of legality: every move the module lists is accepted by apply,
// in many random games (fixed seeds), in table and virtual mode, with every
// optional rule; help and completion come from the same list.
#include <catch2/catch.hpp>

#include "companion/games/stuart_vs_zombies/svz_state.h"
#include "random_player.h"

using namespace bocage;
using namespace bocage::test;

namespace {

struct Tally {
  int games = 0, commands = 0, refusals = 0, finished = 0;
  std::string first_refusal;
};

/// Plays `games` games of random legal moves; counts the refusals.
Tally play_random(const std::vector<std::string>& options, int games, uint64_t seed0) {
  auto module = svz_module(options);
  GameSettings settings;
  settings.narrate = false;
  settings.manual_dice = std::find(options.begin(), options.end(), "manual-dice") != options.end();
  Tally t;
  for (int g = 0; g < games; ++g) {
    GameCore game(module, seed0 + uint64_t(g), settings);
    RandomAsker asker(seed0 * 7919 + uint64_t(g));
    for (int step = 0; step < 400 && !game.outcome(); ++step) {
      auto moves = module->legal_moves(game.state());
      REQUIRE_FALSE(moves.empty());  // a game not over always has a move (end, roll)
      const Move& m = moves[size_t(asker.rng().roll(int(moves.size())) - 1)];
      Played p = game.play(m, {}, &asker);
      ++t.commands;
      if (p.status != Played::Status::done) {
        ++t.refusals;
        if (t.first_refusal.empty()) {
          std::string line = join_words(module->words(m));
          t.first_refusal = "seed " + std::to_string(seed0 + uint64_t(g)) + ": '" + line +
                            "': " + (p.refusal ? p.refusal->rule + " " + p.refusal->message : "");
        }
      }
    }
    t.finished += game.outcome().has_value();
    ++t.games;
  }
  return t;
}

}  // namespace

TEST_CASE("legal moves: every listed move is accepted in 400 random games of each mode") {
  const std::vector<std::vector<std::string>> modes{
      {"virtual"},
      {},  // table mode: reveals and dice are answered by the random player
      {"manual-dice", "virtual"},
      {"virtual", "at-or-above", "rescue=2"},
      {"no-breakdowns", "rescue=1"},
  };
  for (const auto& options : modes) {
    std::string name;
    for (const auto& o : options) name += o + " ";
    INFO("options: " << name);
    Tally t = play_random(options, 400, 1000);
    INFO(t.first_refusal);
    CHECK(t.refusals == 0);
    CHECK(t.finished == t.games);  // every random game reaches an end
    CHECK(t.commands > t.games * 10);
  }
}

TEST_CASE("legal moves: shoot and ram need their AP and a crowded hex names each target") {
  auto module = svz_module({"virtual"});
  GameCore game(module, 1, {});
  auto state = game.state().clone();
  auto& s = static_cast<SvzState&>(*state);
  s.phase = SvzState::Phase::actions;
  // Two face-down counters and a zombie share the M5's hex.
  s.pieces[0].hex = s.m5;
  s.pieces[1].hex = s.m5;
  s.pieces[2].hex = s.m5;
  s.pieces[2].face_up = true;
  s.pieces[2].card = 0;  // the first counter in the data is a zombie
  auto has = [&](const std::vector<std::string>& words) {
    for (const auto& m : module->legal_moves(*state))
      if (module->words(m) == words) return true;
    return false;
  };
  s.ap = 1;
  CHECK_FALSE(has({"ram"}));  // several targets: a bare ram would be refused
  CHECK(has({"ram", "hidden"}));
  s.ap = 0;  // the data could give an action a cost above the AP left
  for (const auto& m : module->legal_moves(*state)) {
    const auto words = module->words(m);
    INFO(join_words(words));
    CHECK((words[0] == "end" || words[0] == "roll"));
  }
}

TEST_CASE("legal moves: help and completion are derived from the list") {
  auto module = svz_module({});
  GameSettings manual;
  manual.manual_dice = true;
  GameCore game(module, 1, manual);
  game.command({"roll"}, {"4"}, nullptr);
  REQUIRE(game.history().size() == 1);
  auto help = legal_commands(*module, game.state(), Lang::en);
  std::vector<std::string> names;
  for (const auto& h : help) names.push_back(h.name);
  CHECK(names == std::vector<std::string>{"move", "shoot", "end"});
  CHECK(complete_move(*module, game.state(), {"shoot"}) == std::vector<std::string>{"0405"});
  CHECK(complete_move(*module, game.state(), {"shoot", "0405"}).empty());
  // A move of several steps: the next step's hexes, from where the last one ends.
  auto from_0306 = complete_move(*module, game.state(), {"move", "0306"});
  CHECK(std::find(from_0306.begin(), from_0306.end(), "0405") != from_0306.end());
  CHECK(std::find(from_0306.begin(), from_0306.end(), "0206") != from_0306.end());
  CHECK(complete_move(*module, game.state(), {"move", "0306", "0405", "0505", "0605"}).empty());
}
