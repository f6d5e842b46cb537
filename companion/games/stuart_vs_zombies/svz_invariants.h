// What a Stuart vs Zombies state must always hold, whatever was played: the
// tracks within their bounds, every counter somewhere exactly once, the dead
// zombies gone. The simulator checks it after every command.
#pragma once

#include <string>

#include "svz_rules.h"
#include "svz_state.h"

namespace bocage {

/// The first thing in `s` the rules forbid, in words; empty when sound.
std::string svz_invariants(const SvzRules& rules, const SvzOptions& options, const SvzState& s);

}  // namespace bocage
