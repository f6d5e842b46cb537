// The subcommands of bocage-play. main.cpp fills these option structs from the
// command line; each run_* prints to `out`/`err` and returns the exit status.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace bocage {

struct RollOptions {
  std::string notation;
  std::optional<uint64_t> seed;  // none: from the system's random device
  int times = 1;
};

/// `bocage-play roll 2d6 --seed 7 --times 3`: one line per roll. Exit 0, or 2
/// with the position and the expected token for bad notation.
int run_roll(const RollOptions& o, std::ostream& out, std::ostream& err);

}  // namespace bocage
