#include "generator/sheets/oneup_plan.h"

#include <catch2/catch.hpp>

using namespace bocage;

namespace {

std::string sequence(const std::vector<OneUpPage>& pages) {
  std::string s;
  for (const auto& p : pages) s += std::to_string(p.card) + (p.back ? "b " : "f ");
  return s;
}

}  // namespace

TEST_CASE("one-up pages: each copy of each card, backs where the printer wants them") {
  const std::vector<int> counts{1, 2, 0, 1};
  CHECK(sequence(oneup_pages(counts, true, OneUpOrder::face_back)) == "0f 0b 1f 1b 1f 1b 3f 3b ");
  CHECK(sequence(oneup_pages(counts, true, OneUpOrder::back_face)) == "0b 0f 1b 1f 1b 1f 3b 3f ");
  CHECK(sequence(oneup_pages(counts, true, OneUpOrder::faces_then_backs)) ==
        "0f 1f 1f 3f 0b 1b 1b 3b ");
  // Without backs the order does not matter.
  CHECK(sequence(oneup_pages(counts, false, OneUpOrder::back_face)) == "0f 1f 1f 3f ");
}

TEST_CASE("one-up geometry: the page is the trim plus the bleed on every side") {
  OneUpGeometry g = oneup_geometry({63, 88}, 3);
  CHECK(g.page.width == Approx(69));
  CHECK(g.page.height == Approx(94));
  CHECK(g.trim.x == Approx(3));
  CHECK(g.trim.y == Approx(3));
  CHECK(g.trim.width == Approx(63));
  CHECK(g.trim.height == Approx(88));
  CHECK(g.bleed.width == Approx(69));
  CHECK(g.bleed.height == Approx(94));
  OneUpGeometry none = oneup_geometry({19.05, 19.05}, 0);
  CHECK(none.page.width == Approx(19.05));
  CHECK(none.trim.x == Approx(0));
}

TEST_CASE("one-up order names") {
  CHECK(parse_oneup_order("face-back") == OneUpOrder::face_back);
  CHECK(parse_oneup_order("back-face") == OneUpOrder::back_face);
  CHECK(parse_oneup_order("faces-then-backs") == OneUpOrder::faces_then_backs);
  CHECK(!parse_oneup_order("front-back"));
}
