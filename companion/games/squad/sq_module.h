// SQUAD for the companion: two players at one table, the card game. Table
// mode (the players say which cards they draw) or virtual mode (`--option
// mode=virtual`: the companion shuffles the deck from the seed and deals;
// a hand is shown only to the seat to act). The nations by `--option
// nations=us-vs-germany` (the default).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "sq_rules.h"

namespace bocage {

/// The module for `rules` with the session's options; null with `error`
/// naming an unknown or bad option.
std::unique_ptr<GameModule> make_sq_module(SqRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang = Lang::en);

/// What in `s` the rules forbid, in words; empty when sound (every card in
/// one place, soldiers and range in bounds).
std::string sq_check_invariants(const SqRules& rules, const GameState& s);

}  // namespace bocage
