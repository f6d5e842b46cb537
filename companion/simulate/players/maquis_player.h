// A heuristic player for Maquis, written from the rules: it places agents
// where the missions' next boxes and what they need can be had, near the safe
// house and on locations few patrol cards name; in the action phase it tries
// each action on a copy of its view and takes the one whose outcome scores
// best (boxes marked, needed resources, agents kept home, morale), sending an
// agent home when nothing helps. It sees the player's view only.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "companion/simulate/player_registry.h"

namespace bocage {

/// Loads the rules from `data_root/maquis/` once; the players share them.
/// Null with `error` set when the data or `options` are bad.
PlayerFactory maquis_player_factory(const std::filesystem::path& data_root,
                                    const std::vector<std::string>& options, std::string* error);

}  // namespace bocage
