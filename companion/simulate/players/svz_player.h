// A heuristic player for Stuart vs Zombies, written from the rules: shoot or
// ram the zombie it is likeliest to destroy, repair what stops it fighting,
// ram or shoot the face-down counters (scout them when infantry is to be
// rescued), drive toward the nearest target (to ram it when out of
// ammunition), and fetch ammunition at Carentan when nothing is left to ram.
// It sees the player's view only (face-down counters unknown).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "companion/simulate/player_registry.h"

namespace bocage {

/// Loads the rules from `data_root/stuart-vs-zombies/` once; the players it
/// makes share them. Null with `error` set when the data or `options` are bad.
PlayerFactory svz_player_factory(const std::filesystem::path& data_root,
                                 const std::vector<std::string>& options, std::string* error);

}  // namespace bocage
