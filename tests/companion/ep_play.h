// Plays Endless Patrol through a real session from a script (scripted_game.h).
#pragma once

#include "companion/games/endless_patrol/ep_state.h"
#include "scripted_game.h"

namespace bocage::test {

struct EpGame : ScriptedGame<EpState> {
  /// A new game; table mode unless `options` say otherwise.
  explicit EpGame(std::vector<std::string> options = {}, uint64_t seed = 1, std::string lang = "ja")
      : ScriptedGame("endless-patrol", std::move(options), seed, std::move(lang)) {}
};

}  // namespace bocage::test
