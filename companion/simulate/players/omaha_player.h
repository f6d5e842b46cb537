// A heuristic player for Attack on Omaha Beach, written from the rules: it
// plans the cheapest way across the grid it sees (expected hits from mines
// and machine-gun fire, with the eyes' shelter, charges and sniper rounds at
// a price, one charge always kept for the nest), lands and places the nest
// where that way is cheapest, and takes the plan's first step. It sees the
// player's view only: the fronts, and the backs of turned cards.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "companion/simulate/player_registry.h"

namespace bocage {

/// Loads the rules from `data_root/omaha-beach/` once; the players it makes
/// share them. Null with `error` set when the data or `options` are bad.
PlayerFactory omaha_player_factory(const std::filesystem::path& data_root,
                                   const std::vector<std::string>& options, std::string* error);

}  // namespace bocage
