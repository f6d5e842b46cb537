// WCAG contrast of small text against the shapes under it.
#include "generator/layout/text_contrast.h"

#include <catch2/catch.hpp>

using namespace bocage;

TEST_CASE("contrast ratios are WCAG's") {
  const Color white{1, 1, 1, 1, true}, black{0, 0, 0, 1, true};
  CHECK(contrast_ratio(white, black) == Approx(21));
  CHECK(contrast_ratio(black, white) == Approx(21));
  CHECK(contrast_ratio(white, white) == Approx(1));
  // #777777 on white: the grey WCAG's examples put just under 4.5:1.
  const Color grey{0x77 / 255.0, 0x77 / 255.0, 0x77 / 255.0, 1, true};
  CHECK(contrast_ratio(grey, white) == Approx(4.48).margin(0.01));
  // The Maquis board's sage under white text: the 3.0:1 the issue measured.
  const Color sage{0x8d / 255.0, 0x9a / 255.0, 0x76 / 255.0, 1, true};
  CHECK(contrast_ratio(white, sage) == Approx(3.0).margin(0.05));
}
