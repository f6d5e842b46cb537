// The simulator's report, as `bocage-play simulate` prints it: per option
// set, the games, wins and win rate with its 95 % interval, the lengths, the
// causes of losses in the session's language, and each engine error with the
// seed and the commands that reproduce it.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "simulation.h"

namespace bocage {

struct OptionSetRun {
  std::vector<std::string> options;  // the game's options (without "virtual")
  std::vector<GameRecord> records;   // in game order
};

struct ReportHeader {
  std::string game;
  std::string player;
  int games = 0;
  uint64_t seed = 0;
};

/// The heading line: game, player, number of games, seed.
void print_heading(std::ostream& out, const ReportHeader& h, Lang lang);

/// One option set's results; `module` describes the reasons. The engine
/// errors are listed with `max_listed` of them in full. Returns their number.
int print_option_set(std::ostream& out, const ReportHeader& h, const OptionSetRun& run,
                     const GameModule& module, Lang lang, int max_listed = 3);

}  // namespace bocage
