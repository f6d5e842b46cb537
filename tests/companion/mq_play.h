// Plays Maquis through a real session from a script (scripted_game.h).
#pragma once

#include "companion/games/maquis/mq_state.h"
#include "scripted_game.h"

namespace bocage::test {

struct MqGame : ScriptedGame<MqState> {
  /// A new game; table mode unless `options` say otherwise.
  explicit MqGame(std::vector<std::string> options = {}, uint64_t seed = 1, std::string lang = "en")
      : ScriptedGame("maquis", std::move(options), seed, std::move(lang)) {}
};

}  // namespace bocage::test
