// Compiled by ctest (tests/CMakeLists.txt) with -DCASE=N: case 0 must
// compile; the others must not, each failing at the placeholder check.
#include "bocage/msg/test.h"

std::string check(bocage::Lang lang) {
  using namespace bocage::message_literals;
#if CASE == 0
  return bocage::tr(lang, bocage::msg::test::hexes_moved, "unit"_a = "M5", "count"_a = 2);
#elif CASE == 1  // a name the message does not have
  return bocage::tr(lang, bocage::msg::test::hexes_moved, "unit"_a = "M5", "hexes"_a = 2);
#elif CASE == 2  // a placeholder left without an argument
  return bocage::tr(lang, bocage::msg::test::hexes_moved, "unit"_a = "M5");
#elif CASE == 3  // a plural form given text, not a number
  return bocage::tr(lang, bocage::msg::test::hexes_moved, "unit"_a = "M5", "count"_a = "two");
#endif
}
