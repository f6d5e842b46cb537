// Endless Patrol's one source of legality: every move legal_moves() lists is
// accepted, in 2000 random games in virtual mode and 200 in table mode (the
// random player answers which card was drawn); every game reaches an end,
// and the state never breaks a rule (squad within 0-15, the hand within its
// limit outside the supply phase, each card in exactly one place).
#include <catch2/catch.hpp>

#include "companion/games/endless_patrol/ep_state.h"
#include "companion/games/registry.h"
#include "random_player.h"

using namespace bocage;
using namespace bocage::test;

namespace {

std::shared_ptr<const GameModule> ep_module(const std::vector<std::string>& options) {
  std::string why;
  auto m = load_game_module(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data",
                            "endless-patrol", options, &why);
  if (!m) throw std::runtime_error(why);
  return m;
}

/// Each of the 30 GI and 43 patrol cards in exactly one place.
bool cards_accounted(const EpState& s) {
  std::vector<int> gi = s.gi_deck.cards(), patrol = s.patrol_deck.cards();
  gi.insert(gi.end(), s.hand.cards.begin(), s.hand.cards.end());
  gi.insert(gi.end(), s.gi_discard.cards.begin(), s.gi_discard.cards.end());
  patrol.insert(patrol.end(), s.in_play.cards.begin(), s.in_play.cards.end());
  patrol.insert(patrol.end(), s.patrol_discard.cards.begin(), s.patrol_discard.cards.end());
  std::sort(gi.begin(), gi.end());
  std::sort(patrol.begin(), patrol.end());
  for (int i = 0; i < 30; ++i)
    if (gi.size() != 30 || gi[size_t(i)] != i) return false;
  for (int i = 0; i < 43; ++i)
    if (patrol.size() != 43 || patrol[size_t(i)] != i) return false;
  return true;
}

struct Tally {
  int games = 0, commands = 0, refusals = 0, finished = 0, won = 0, broken = 0;
  std::string first_problem;
};

Tally play_random(const std::vector<std::string>& options, int games, uint64_t seed0) {
  auto module = ep_module(options);
  GameSettings settings;
  settings.narrate = false;
  Tally t;
  for (int g = 0; g < games; ++g) {
    GameCore game(module, seed0 + uint64_t(g), settings);
    RandomAsker asker(seed0 * 7919 + uint64_t(g));
    for (int step = 0; step < 2000 && !game.outcome(); ++step) {
      auto moves = module->legal_moves(game.state());
      REQUIRE_FALSE(moves.empty());
      const Move& m = moves[size_t(asker.rng().roll(int(moves.size())) - 1)];
      Played p = game.play(m, {}, &asker);
      ++t.commands;
      const auto& s = static_cast<const EpState&>(game.state());
      const bool broken = s.squad.value < 0 || s.squad.value > 15 || !cards_accounted(s) ||
                          (s.phase != EpPhase::discard && s.hand.size() > 5);
      t.broken += broken;
      if ((p.status != Played::Status::done || broken) && t.first_problem.empty())
        t.first_problem =
            "seed " + std::to_string(seed0 + uint64_t(g)) + ": '" + join_words(module->words(m)) +
            "': " + (p.refusal ? p.refusal->rule + " " + p.refusal->message : "broken state");
      t.refusals += p.status != Played::Status::done;
    }
    t.finished += game.outcome().has_value();
    t.won += game.outcome() && game.outcome()->victory;
    ++t.games;
  }
  return t;
}

}  // namespace

TEST_CASE("endless patrol legal moves: 2000 random virtual games, no refusal, every game ends") {
  Tally t = play_random({"mode=virtual"}, 2000, 1);
  INFO(t.first_problem);
  CHECK(t.refusals == 0);
  CHECK(t.broken == 0);
  CHECK(t.finished == t.games);
  CHECK(t.commands > t.games * 20);
}

TEST_CASE("endless patrol legal moves: 200 random table-mode games, no refusal") {
  Tally t = play_random({}, 200, 5000);
  INFO(t.first_problem);
  CHECK(t.refusals == 0);
  CHECK(t.broken == 0);
  CHECK(t.finished == t.games);
}
