// Maquis for the companion: commands missions (table mode), place, act,
// home, shoot and end; table mode (the player draws the printed patrol and
// mission cards and says which) or virtual mode (`--option mode=virtual`:
// the companion shuffles and draws from the seed); the levels of rule 04 and
// the grouped missions of rule 05 as options.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "mq_rules.h"

namespace bocage {

/// The module for `rules` with the session's options; null with `error`
/// naming an unknown or bad option.
std::unique_ptr<GameModule> make_mq_module(MqRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang = Lang::en);

/// What in `s` the rules forbid, in words; empty when sound (one piece per
/// location, agents counted once, resources within their supply, tracks in
/// bounds, patrol cards each in one place, boxes within their missions).
std::string mq_check_invariants(const MqRules& rules, bool virtual_mode, const GameState& s);

}  // namespace bocage
