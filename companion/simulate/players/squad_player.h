// A heuristic player for SQUAD, written from the rules: it attacks whenever
// it can with the card that kills most (modifier cards first), plays every
// card that helps its morale or rally or hurts the enemy's, stops the
// enemy's moves with obstacles, moves when it holds a Mission Objective or
// sits in the open with better terrain in hand (on the map: when a reachable
// hex has more cover or brings an enemy within long range, and it moves
// there), and discards what it values least. It sees its own seat's view only.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "companion/simulate/player_registry.h"

namespace bocage {

/// Loads the rules from `data_root/squad/` once; the players it makes share
/// them. Null with `error` set when the data is bad.
PlayerFactory squad_player_factory(const std::filesystem::path& data_root, std::string* error);

}  // namespace bocage
