// Endless Patrol for the companion: commands deal, draw, discard, contact,
// fire, end, look and dodge; table mode (the player says which card was
// drawn or turned over) or virtual mode (`--option mode=virtual`: the
// companion shuffles both decks from the seed and deals).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "ep_rules.h"

namespace bocage {

/// The module for `rules` with the session's options ("mode=virtual", or
/// "virtual" alone); null with `error` naming an unknown or bad option.
std::unique_ptr<GameModule> make_ep_module(EpRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang = Lang::en);

}  // namespace bocage
