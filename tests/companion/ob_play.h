// Plays Attack on Omaha Beach through a real session from a script (scripted_game.h).
#pragma once

#include "companion/games/omaha_beach/ob_state.h"
#include "scripted_game.h"

namespace bocage::test {

struct ObGame : ScriptedGame<ObState> {
  /// A new game; table mode unless `options` say otherwise.
  explicit ObGame(std::vector<std::string> options = {}, uint64_t seed = 1, std::string lang = "ja")
      : ScriptedGame("omaha-beach", std::move(options), seed, std::move(lang)) {}
};

}  // namespace bocage::test
