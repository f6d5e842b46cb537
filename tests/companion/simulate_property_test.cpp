// The random player as a property test of the engine: many games of every
// solo game, under the sanitizers in CI, with no legal move refused, no
// exception, no game without end and no state the rules forbid (each
// module's check_invariants after every command). BOCAGE_PROPERTY_GAMES sets
// the number of games (default 20,000; the README's figure is 100,000).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <map>

#include "companion/games/registry.h"
#include "companion/simulate/sim_stats.h"
#include "companion/simulate/simulation.h"

using namespace bocage;

namespace {

int property_games() {
  const char* env = std::getenv("BOCAGE_PROPERTY_GAMES");
  const int n = env ? std::atoi(env) : 0;
  return n > 0 ? n : 20000;
}

/// The option sets to cover for a game (each with "virtual").
std::vector<std::vector<std::string>> option_sets(const std::string& game) {
  if (game == "stuart-vs-zombies")
    return {{"virtual"},
            {"virtual", "at-or-above"},
            {"virtual", "no-breakdowns"},
            {"virtual", "rescue=1"},
            {"virtual", "rescue=2", "at-or-above", "no-breakdowns"}};
  // Omaha Beach in table mode too: the random player says what each dealt card
  // shows and what each turned card's back shows, among those left.
  if (game == "omaha-beach") return {{"virtual"}, {"mode=table"}};
  if (game == "maquis")
    return {{"virtual"},
            {"mode=table"},
            {"virtual", "level=very-hard", "missions=grouped"},
            {"virtual", "level=very-easy"}};
  return {{"virtual"}};
}

}  // namespace

TEST_CASE("random games of every solo game break no rule of the engine") {
  const auto root = std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
  std::vector<std::pair<std::string, std::vector<std::string>>> runs;
  for (const auto& game : companion_games()) {
    std::string why;
    auto module = load_game_module(root, game, {"virtual"}, &why);
    INFO(game << ": " << why);
    REQUIRE(module);
    if (module->seats().size() != 1) continue;
    for (const auto& set : option_sets(game)) runs.emplace_back(game, set);
  }
  REQUIRE_FALSE(runs.empty());
  const int total = property_games();
  int played = 0, finished = 0;
  for (size_t i = 0; i < runs.size(); ++i) {
    const auto& [game, options] = runs[i];
    std::string why;
    std::shared_ptr<const GameModule> module = load_game_module(root, game, options, &why);
    REQUIRE(module);
    SimulationConfig c;
    c.games = total / int(runs.size()) + (int(i) < total % int(runs.size()) ? 1 : 0);
    c.seed = 2026 + i;
    c.jobs = 2;
    const auto records = run_games(
        module, [] { return std::make_unique<RandomPlayer>(); }, c);
    const SimStats s = summarize(records);
    std::string first;
    if (!s.errors.empty()) {
      first = "seed " + std::to_string(s.errors[0]->seed) + ": " + s.errors[0]->error->what + "\n";
      for (const auto& m : s.errors[0]->error->moves) first += "  " + m + "\n";
    }
    INFO(game << " with " << options.size() << " options: " << first);
    CHECK(s.errors.empty());
    played += int(records.size());
    finished += s.games;
  }
  CHECK(played == total);
  CHECK(finished == total);
}
