// The table helper as a GameModule: any game with a companion.toml and no
// rules module of its own (th_rules.h says what it reads).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "th_rules.h"

namespace bocage {

/// The module for `rules` with the session's options ("mode=virtual" when
/// the game declares the option); null with `error` naming a bad option.
std::unique_ptr<GameModule> make_th_module(ThRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang = Lang::en);

}  // namespace bocage
