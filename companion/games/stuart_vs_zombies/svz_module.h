// Stuart vs Zombies for the companion: commands roll, move, recon, shoot,
// ram, repair and end; table mode (the player says what revealed counters
// are) or virtual mode (the companion shuffles them from the seed); the
// optional rules of 4.1 and 8.0 as session options.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "svz_rules.h"
#include "svz_state.h"

namespace bocage {

/// Reads the session options, declared in companion.toml ([[option]] mode,
/// hit, breakdowns, rescue: "virtual", "at-or-above", "no-breakdowns",
/// "rescue=1"); false with `error` naming the unknown or bad option in `lang`.
bool parse_svz_options(const SvzRules& rules, const std::vector<std::string>& words,
                       SvzOptions& options, std::string* error, Lang lang = Lang::en);

/// The module for the session options `words`; null with `error` when one is refused.
std::unique_ptr<GameModule> make_svz_module(SvzRules rules, const std::vector<std::string>& words,
                                            std::string* error, Lang lang = Lang::en);

}  // namespace bocage
