// What the sheet painter puts in the margins: the page label.
#include "generator/sheets/sheet_painter.h"

#include <catch2/catch.hpp>

#include "../default_engine.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const std::string kFamily = "BIZ UDGothic";

/// The ink of a margin label in a 70 x 4 mm box, in mm.
cairo_rectangle_t label_ink(const std::string& text, const std::string& sized_as = {}) {
  cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
  cairo_t* cr = cairo_create(rec);
  paint_margin_label(cr, engine(), kFamily, text, MarginBox{{0, 0, 70, 4}, false}, sized_as);
  cairo_destroy(cr);
  cairo_rectangle_t ink{};
  cairo_recording_surface_ink_extents(rec, &ink.x, &ink.y, &ink.width, &ink.height);
  cairo_surface_destroy(rec);
  return ink;
}

}  // namespace

TEST_CASE("a page label sized as another takes that label's size") {
  const std::string page1 = "ゲーム · デッキ deck · 表 face 1/9";
  const std::string longer = "ゲーム · デッキ deck · 表 face 9/9 とても長い長い長い長い長いラベル";
  const cairo_rectangle_t own = label_ink(page1);
  const cairo_rectangle_t alone_longer = label_ink(longer);
  REQUIRE(own.width > 0);
  REQUIRE(alone_longer.height < own.height * 0.9);  // the longer label is shrunk
  const cairo_rectangle_t sized = label_ink(page1, longer);
  // The same text, as small as the longer label: shorter and narrower.
  CHECK(sized.height == Approx(alone_longer.height).epsilon(0.02));
  CHECK(sized.width < own.width * 0.9);
  // Sized as a label of the same size (the last page's), nothing changes.
  const cairo_rectangle_t same = label_ink(page1, "ゲーム · デッキ deck · 表 face 9/9");
  CHECK(same.x == own.x);
  CHECK(same.width == own.width);
  CHECK(same.height == own.height);
}

TEST_CASE("a page label that does not fit at its model's size is shrunk on its own") {
  const std::string text = "ゲーム · デッキ deck · 表 face 1/9 とても長い長い長い長い長いラベル";
  const cairo_rectangle_t own = label_ink(text);
  const cairo_rectangle_t sized = label_ink(text, "短い");
  CHECK(sized.width == own.width);
  CHECK(sized.height == own.height);
  CHECK(sized.x >= 0);
  CHECK(sized.x + sized.width <= 70.01);
}
