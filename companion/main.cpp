// bocage-play: the command line only. So far the companion rolls dice; the
// game sessions come next (see README: Status).
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/parse_args.h"
#include "commands/commands.h"

using namespace bocage;

int main(int argc, char** argv) {
  CLI::App app{
      "bocage-play: the companion beside the table (dice, and soon turns, phases and rules)"};
  app.set_version_flag("--version", std::string("bocage-play ") + BOCAGE_VERSION);
  app.require_subcommand(1);

  RollOptions roll;
  uint64_t seed = 0;
  auto* r = app.add_subcommand("roll", "Roll dice: 2d6, 1d6-1d6, d66, 4d6kh3, 2d6 \"morale\"");
  r->add_option("notation", roll.notation, "Dice notation")->required();
  auto* seed_opt = r->add_option("--seed", seed, "Seed, for rolls that can be repeated");
  r->add_option("--times", roll.times, "How many rolls")->capture_default_str();

  if (auto status = parse_args(app, argc, argv)) return *status;
  if (*seed_opt) roll.seed = seed;
  if (r->parsed()) return run_roll(roll, std::cout, std::cerr);
  return 2;
}
