#include <random>

#include "commands.h"
#include "companion/dice/dice_expression.h"

namespace bocage {

int run_roll(const RollOptions& o, std::ostream& out, std::ostream& err) {
  DiceError error;
  auto e = parse_dice(o.notation, &error);
  if (!e) {
    err << "error: " << o.notation << "\n       " << std::string(error.column - 1, ' ')
        << "^ column " << error.column << ": " << error.message << "\n";
    return 2;
  }
  if (o.times < 1 || o.times > 10000) {
    err << "error: --times must be 1 to 10000\n";
    return 2;
  }
  uint64_t seed =
      o.seed ? *o.seed
             : (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  Rng rng(seed);
  for (int k = 0; k < o.times; ++k) out << roll_dice(*e, rng).describe(*e) << "\n";
  if (!o.seed) out << "(seed " << seed << ")\n";
  return 0;
}

}  // namespace bocage
