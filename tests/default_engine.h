// The text engine with the default game fonts, made once for a whole test
// program (building one reads the fonts through fontconfig).
#pragma once

#include "generator/text/text_engine.h"

namespace bocage::test {

inline const TextEngine& engine() {
  static TextEngine e;
  return e;
}

}  // namespace bocage::test
