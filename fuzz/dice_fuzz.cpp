// Fuzzes dice notation (bocage-play's `roll 2d6+1 "morale"`): parsing, the
// range, one roll and its description; a parsed roll's total must lie
// between the expression's min and max.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "companion/dice/dice_expression.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  bocage::DiceError error;
  auto expr = bocage::parse_dice(input, &error);
  if (!expr) {
    if (error.message.empty()) std::abort();
    return 0;
  }
  const int lo = expr->min();
  const int hi = expr->max();
  bocage::Rng rng(size);
  const bocage::DiceRoll roll = bocage::roll_dice(*expr, rng);
  if (roll.total < lo || roll.total > hi) std::abort();
  (void)roll.describe(*expr);
  return 0;
}
