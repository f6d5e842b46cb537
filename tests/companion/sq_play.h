// Plays SQUAD through a real session from a script (scripted_game.h).
#pragma once

#include "companion/games/squad/sq_state.h"
#include "scripted_game.h"

namespace bocage::test {

struct SqGame : ScriptedGame<SqState> {
  /// A new game; table mode, US vs Germany unless `options` say otherwise.
  explicit SqGame(std::vector<std::string> options = {}, uint64_t seed = 1, std::string lang = "en")
      : ScriptedGame("squad", std::move(options), seed, std::move(lang)) {}
};

}  // namespace bocage::test
