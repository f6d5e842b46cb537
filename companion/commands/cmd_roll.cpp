#include <random>

#include "commands.h"
#include "companion/dice/dice_expression.h"
#include "companion/text/input_text.h"

namespace bocage {

int run_roll(const RollOptions& o, std::ostream& out, std::ostream& err) {
  DiceError error;
  auto e = parse_dice(o.notation, &error);
  if (!e) {
    if (error.column == 0) {
      err << "error: " << error.text << ": " << error.message << "\n";
      return 2;
    }
    // The caret under the character: wide (Japanese) characters take two columns.
    size_t before = 0;
    for (size_t chars = 1; before < error.text.size() && chars < error.column; ++chars) do
        ++before;
      while (before < error.text.size() &&
             (static_cast<unsigned char>(error.text[before]) & 0xC0) == 0x80);
    err << "error: " << error.text << "\n       "
        << std::string(display_width(error.text.substr(0, before)), ' ') << "^ column "
        << error.column << ": " << error.message << "\n";
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
