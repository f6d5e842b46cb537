#include "core/units.h"

#include <catch2/catch.hpp>

using namespace bocage;

TEST_CASE("lengths are read in mm, cm, in and pt") {
  CHECK(parse_length_mm("63").value() == Approx(63));
  CHECK(parse_length_mm("63mm").value() == Approx(63));
  CHECK(parse_length_mm("2.5cm").value() == Approx(25));
  CHECK(parse_length_mm("0.5in").value() == Approx(12.7));
  CHECK(parse_length_mm("72pt").value() == Approx(25.4));
  CHECK_FALSE(parse_length_mm("12 furlongs"));
  CHECK_FALSE(parse_length_mm(""));
  CHECK_FALSE(parse_length_mm("mm"));
}

TEST_CASE("lengths typed through a Japanese IME read as their ASCII forms") {
  CHECK(parse_length_mm("88\u339C").value() == Approx(88));                  // 88㎜
  CHECK(parse_length_mm("\uFF18\uFF18\uFF4D\uFF4D").value() == Approx(88));  // ８８ｍｍ
  CHECK(parse_length_mm("\uFF16\uFF0E\uFF13\u339D").value() == Approx(63));  // ６．３㎝
  CHECK(parse_length_mm("\u300063 mm").value() == Approx(63));               // ideographic space
  CHECK_FALSE(parse_length_mm("88\u339F"));                                  // ㎟ is an area
}

TEST_CASE("named card sizes are the trim sizes in mm") {
  CHECK(named_size("poker") == SizeMm{63, 88});
  CHECK(named_size("bridge") == SizeMm{57, 88});
  CHECK(named_size("mini") == SizeMm{44, 63});
  CHECK(named_size("tarot") == SizeMm{70, 120});
  CHECK(named_size("japanese") == SizeMm{59, 86});
  CHECK(named_size("a4") == SizeMm{210, 297});
  CHECK_FALSE(named_size("pokerr"));
}

TEST_CASE("points are converted only at the Cairo boundary") {
  CHECK(mm_to_pt(25.4) == Approx(72));
  CHECK(pt_to_mm(72) == Approx(25.4));
}
