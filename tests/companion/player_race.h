// The heuristic and the random player of a game over the same seeded games,
// for the players' tests: whole games without an engine error, and how much
// better the heuristic plays.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "companion/games/registry.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/sim_stats.h"
#include "companion/simulate/simulation.h"

namespace bocage::test {

struct PlayerRace {
  SimStats heuristic;
  SimStats random;
};

/// `games` games of `game` with `options` for each player, on two jobs.
inline PlayerRace race_players(const std::filesystem::path& root, const std::string& game,
                               const std::vector<std::string>& options, int games) {
  std::string why, note;
  std::shared_ptr<const GameModule> module = load_game_module(root, game, options, &why);
  if (!module) throw std::runtime_error(why);
  SimulationConfig c;
  c.games = games;
  c.jobs = 2;
  auto run = [&](const char* player) {
    auto factory = make_player_factory(player, game, root, options, &note, &why);
    if (!factory) throw std::runtime_error(why);
    return summarize(run_games(module, factory, c));
  };
  return {run("heuristic"), run("random")};
}

}  // namespace bocage::test
