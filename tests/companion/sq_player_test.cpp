// SQUAD under the simulator: random legal moves of both seats in many games
// (table and virtual decks, every nation against another) break no rule of
// the engine and always end; the heuristic player beats the random one from
// either seat; the invariants name a broken state.
#include <catch2/catch.hpp>

#include "companion/engine/game_core.h"
#include "companion/games/registry.h"
#include "companion/games/squad/sq_module.h"
#include "companion/games/squad/sq_play.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/sim_stats.h"
#include "companion/simulate/simulation.h"

using namespace bocage;

namespace {

const std::filesystem::path kRoot = std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";

std::shared_ptr<const GameModule> module_for(const std::vector<std::string>& options) {
  std::string why;
  std::shared_ptr<const GameModule> m = load_game_module(kRoot, "squad", options, &why);
  INFO(why);
  REQUIRE(m);
  return m;
}

PlayerFactory factory(const char* name) {
  std::string why, note;
  auto f = make_player_factory(name, "squad", kRoot, {"virtual"}, &note, &why);
  INFO(why);
  REQUIRE(f);
  CHECK(note.empty());
  return f;
}

/// Seat 0 played by `a`, seat 1 by `b`, `games` games: seat 0's wins.
int duel(const std::vector<std::string>& options, const char* a, const char* b, int games) {
  auto module = module_for(options);
  auto fa = factory(a), fb = factory(b);
  int wins = 0;
  for (int i = 0; i < games; ++i) {
    std::vector<std::unique_ptr<Player>> players;
    players.push_back(fa());
    players.push_back(fb());
    const GameRecord r = play_game(module, players, game_seed(77, i), 5000);
    INFO("game " << i << ": " << (r.error ? r.error->what : ""));
    REQUIRE_FALSE(r.error);
    wins += r.victory ? 1 : 0;
  }
  return wins;
}

/// Plays `games` random-move games of each option set (seeds from `seed`)
/// and fails with the first error's moves if any listed move was refused or
/// a game did not end.
void random_games_break_no_rule(const std::vector<std::vector<std::string>>& sets, int games,
                                uint64_t seed) {
  for (size_t i = 0; i < sets.size(); ++i) {
    SimulationConfig c;
    c.games = games;
    c.seed = seed + i;
    c.jobs = 2;
    const auto records = run_games(
        module_for(sets[i]), [] { return std::make_unique<RandomPlayer>(); }, c);
    const SimStats s = summarize(records);
    std::string first;
    if (!s.errors.empty()) {
      first = "seed " + std::to_string(s.errors[0]->seed) + ": " + s.errors[0]->error->what + "\n";
      for (const auto& m : s.errors[0]->error->moves) first += "  " + m + "\n";
    }
    INFO("set " << i << ": " << first);
    CHECK(s.errors.empty());
    CHECK(s.games == c.games);
  }
}

}  // namespace

TEST_CASE("squad: random games of both seats break no rule and always end") {
  const std::vector<std::vector<std::string>> sets = {{"virtual"},
                                                      {"mode=table"},
                                                      {"virtual", "nations=japan-vs-ussr"},
                                                      {"virtual", "nations=britain-vs-japan"},
                                                      {"mode=table", "nations=ussr-vs-germany"},
                                                      {"virtual", "nations=germany-vs-us"},
                                                      {"virtual", "flanking=on"},
                                                      {"mode=table", "flanking=on"}};
  random_games_break_no_rule(sets, 400, 2026);
}

TEST_CASE("squad: random legal moves on the hex map break no rule and always end") {
  const std::vector<std::vector<std::string>> sets = {
      {"virtual", "variant=map", "squads=1"},
      {"virtual", "variant=map", "squads=2"},
      {"mode=table", "variant=map", "squads=3"},
      {"virtual", "variant=map", "squads=3", "nations=japan-vs-ussr"},
      {"virtual", "variant=map", "squads=2", "flanking=on"}};
  random_games_break_no_rule(sets, 200, 3030);
}

TEST_CASE("squad: on the hex map the heuristic player beats the random player") {
  const int games = 100;
  const std::vector<std::string> map = {"virtual", "variant=map", "squads=2"};
  const int first = duel(map, "heuristic", "random", games);
  const int second = games - duel(map, "random", "heuristic", games);
  INFO("heuristic US wins " << first << ", heuristic Germany wins " << second << " of " << games);
  CHECK(first > games * 2 / 3);
  CHECK(second > games * 2 / 3);
}

TEST_CASE("squad: the heuristic player beats the random player from either seat") {
  const int games = 200;
  const int first = duel({"virtual"}, "heuristic", "random", games);
  const int second = games - duel({"virtual"}, "random", "heuristic", games);
  INFO("heuristic US wins " << first << ", heuristic Germany wins " << second << " of " << games);
  CHECK(first > games * 3 / 4);
  CHECK(second > games * 3 / 4);
}

TEST_CASE("squad: the invariants name a card lost or a squad out of bounds") {
  auto module = module_for({"virtual"});
  GameSettings settings;
  settings.narrate = false;
  GameCore game(module, 3, settings);
  game.command({"start"}, {}, nullptr);
  CHECK(module->check_invariants(game.state()).empty());
  SqState s = static_cast<const SqState&>(game.state());
  s.squads[0].hand.cards.pop_back();
  CHECK(module->check_invariants(s).find("cards: 120 in play") != std::string::npos);
  s = static_cast<const SqState&>(game.state());
  s.squads[1].soldiers = 0;
  CHECK(module->check_invariants(s).find("without soldiers") != std::string::npos);
}
