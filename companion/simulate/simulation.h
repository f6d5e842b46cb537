// The simulator's run loop: N games of one module in virtual mode through
// GameCore (the rule checks of a person's game), narration off, an automatic
// player per seat, spread over threads. Game i's seed depends only on the
// run's seed and i, and the records come back in game order, so a run gives
// the same results whatever the number of threads.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "player_registry.h"

namespace bocage {

/// A game the engine got wrong: a legal move refused, an exception, a state
/// the rules forbid, no legal move in a game not over, or no end in sight.
struct EngineError {
  std::string what;                // "'shoot 0405' refused: 7.3 ..."
  std::vector<std::string> moves;  // the commands played, as a session logs them, then the bad one
};

/// One game's result.
struct GameRecord {
  uint64_t seed = 0;
  bool victory = false;
  std::string reason;  // Outcome::reason; empty after an engine error
  int commands = 0;
  int turns = 0;  // GameModule::turn() at the end
  std::optional<EngineError> error;
};

struct SimulationConfig {
  int games = 1000;
  uint64_t seed = 1;
  int jobs = 1;
  /// A game still running after this many commands is an engine error.
  int max_commands = 5000;
};

/// The seed of game `index` of a run seeded `seed` (splitmix64 of both).
uint64_t game_seed(uint64_t seed, int index);

/// Plays one game from `seed` with one player per seat; never throws.
GameRecord play_game(const std::shared_ptr<const GameModule>& module,
                     std::vector<std::unique_ptr<Player>>& players, uint64_t seed,
                     int max_commands);

/// Plays config.games games on config.jobs threads; records in game order.
std::vector<GameRecord> run_games(const std::shared_ptr<const GameModule>& module,
                                  const PlayerFactory& make_player, const SimulationConfig& config);

}  // namespace bocage
