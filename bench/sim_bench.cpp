// The simulator's speed: `bocage-play simulate stuart-vs-zombies` as a
// designer runs it, without the printing: N games with each player on every
// core, through GameCore with narration off and the invariants checked.
//   build/bench/sim_bench [GAMES] [JOBS]   (default 10000 games, every core)
// Prints games per second per player; run by bench/run.sh. Exit 1 on an
// engine error.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "companion/games/registry.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/sim_stats.h"
#include "companion/simulate/simulation.h"

using namespace bocage;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  SimulationConfig config;
  config.games = argc > 1 ? std::atoi(argv[1]) : 10000;
  config.jobs =
      argc > 2 ? std::atoi(argv[2]) : int(std::max(1u, std::thread::hardware_concurrency()));
  const auto root = std::filesystem::path(BOCAGE_SOURCE_ROOT) / "data";
  std::string why, note;
  std::shared_ptr<const GameModule> module =
      load_game_module(root, "stuart-vs-zombies", {"virtual"}, &why);
  if (!module) {
    std::fprintf(stderr, "%s\n", why.c_str());
    return 1;
  }
  std::printf(
      "| player | games | jobs | wins | seconds | games/s |\n|---|---:|---:|---:|---:|---:|\n");
  int errors = 0;
  for (const char* name : {"heuristic", "random"}) {
    auto factory = make_player_factory(name, "stuart-vs-zombies", root, {"virtual"}, &note, &why);
    if (!factory) {
      std::fprintf(stderr, "%s\n", why.c_str());
      return 1;
    }
    const auto t0 = Clock::now();
    const auto records = run_games(module, factory, config);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    const SimStats stats = summarize(records);
    errors += int(stats.errors.size());
    std::printf("| %s | %d | %d | %d | %.3f | %.0f |\n", name, config.games, config.jobs,
                stats.wins, s, config.games / s);
  }
  return errors == 0 ? 0 : 1;
}
