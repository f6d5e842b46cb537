// Attack on Omaha Beach for the companion: commands deal, land, nest, move
// and blow; table mode (the player says what each dealt card shows and what a
// turned card's back shows) or virtual mode (`--option mode=virtual`: the
// companion shuffles the beach cards from the seed and deals).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "ob_rules.h"

namespace bocage {

/// The module for `rules` with the session's options ("mode=virtual", or
/// "virtual" alone); null with `error` naming an unknown or bad option.
std::unique_ptr<GameModule> make_ob_module(ObRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang = Lang::en);

/// What in `s` the rules forbid, in words; empty when sound (every card in
/// one place, tracks in bounds, the squad on a card it entered, the nest).
std::string ob_check_invariants(const ObRules& rules, bool virtual_mode, const GameState& s);

}  // namespace bocage
