// A heuristic player for Endless Patrol, written from the rules: play every
// L card at once (it cycles a card), cancel every attrition it can with a D
// card, fire the shots worth their cards at the patrol cards that wear the
// squad down, and discard the card worth least. Its policy is explained in
// ep_player.cpp. It sees the player's view only (the decks as counts).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "companion/simulate/player_registry.h"

namespace bocage {

/// Loads the rules from `data_root/endless-patrol/` once; the players it
/// makes share them. Null with `error` set when the data does not load.
PlayerFactory ep_player_factory(const std::filesystem::path& data_root, std::string* error);

}  // namespace bocage
