// What the sheet painter puts in the margins: the page label.
#include "generator/sheets/sheet_painter.h"

#include <catch2/catch.hpp>

#include "../default_engine.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const std::string kFamily = "BIZ UDGothic";

/// The ink of a margin label in a `box` (70 x 3 mm: too low for two lines), in mm.
cairo_rectangle_t label_ink(const std::string& text, const std::string& sized_as = {},
                            SizeMm box = {70, 3}) {
  cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
  cairo_t* cr = cairo_create(rec);
  cairo_scale(cr, 100, 100);  // the recording's extents come in whole units: 0.01 mm
  paint_margin_label(cr, engine(), kFamily, text, MarginBox{{0, 0, box.width, box.height}, false},
                     sized_as);
  cairo_destroy(cr);
  cairo_rectangle_t ink{};
  cairo_recording_surface_ink_extents(rec, &ink.x, &ink.y, &ink.width, &ink.height);
  ink = {ink.x / 100, ink.y / 100, ink.width / 100, ink.height / 100};
  cairo_surface_destroy(rec);
  return ink;
}

}  // namespace

TEST_CASE("a page label sized as another takes that label's size") {
  const std::string page1 = "ゲーム · デッキ deck · 表 face 1/9";
  const std::string longer =
      "ゲーム · デッキ deck · 表 face 9/9 とても長い長い長い長い長い長い長い長いラベル";
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
  const std::string text =
      "ゲーム · デッキ deck · 表 face 1/9 とても長い長い長い長い長い長い長い長いラベル";
  const cairo_rectangle_t own = label_ink(text);
  const cairo_rectangle_t sized = label_ink(text, "短い");
  CHECK(sized.width == own.width);
  CHECK(sized.height == own.height);
  CHECK(sized.x >= 0);
  CHECK(sized.x + sized.width <= 70.01);
}

// The label of Endless Patrol's patrol backs on A4: too long for the 59 mm
// between two crop marks at 6 pt, it was shrunk to 4 pt on one line.
const std::string kPatrolBack =
    "エンドレス・パトロール · パトロールデッキ Patrol deck · 裏 back 1/5（長辺とじ）";
const std::string kBalancedFirst = "エンドレス・パトロール · パトロールデッキ Patrol deck";
const std::string kBalancedSecond = "裏 back 1/5（長辺とじ）";

TEST_CASE(
    "a page label too long for one line goes on two at its full size, broken where they balance") {
  const SizeMm box{59, 6};
  const cairo_rectangle_t one_line = label_ink(kBalancedSecond, {}, box);
  const cairo_rectangle_t first = label_ink(kBalancedFirst, {}, box);
  const cairo_rectangle_t label = label_ink(kPatrolBack, {}, box);
  INFO(label.x << " " << label.y << " " << label.width << " " << label.height);
  // Broken at the last separator: as wide as its longer line alone, at 6 pt
  // (any other break leaves a longer line; a smaller size a narrower one).
  CHECK(label.width == Approx(first.width).margin(0.01));
  CHECK(first.width < 59);
  // Two lines, their glyphs apart (a line pitch of 1.25 lines), inside the box.
  CHECK(label.height > 2 * one_line.height);
  CHECK(label.y >= 0);
  CHECK(label.y + label.height <= box.height);
  CHECK(label.x >= 0);
  CHECK(label.x + label.width <= box.width);
  // The same text on one line in a box too low for two: shrunk, narrower
  // than its first part at 6 pt.
  const cairo_rectangle_t low = label_ink(kPatrolBack, {}, {59, 3});
  CHECK(low.height < one_line.height * 1.2);
  CHECK(low.width <= 59);
}

TEST_CASE("page labels sized as a two-line label take two lines at its size, as every page does") {
  const SizeMm box{59, 6};
  const std::string page1 = "ゲーム · デッキ deck · 裏 back 1/9";
  const cairo_rectangle_t alone = label_ink(page1, {}, box);
  const cairo_rectangle_t sized = label_ink(page1, kPatrolBack, box);
  // Alone, it fits on one line at 6 pt; sized as a label that needs two
  // lines, it takes two too, at 6 pt: "ゲーム · デッキ deck" above "裏 back 1/9".
  CHECK(sized.height > 2 * alone.height);
  CHECK(sized.width == Approx(label_ink("ゲーム · デッキ deck", {}, box).width).margin(0.01));
  CHECK(sized.y + sized.height <= box.height);
}

TEST_CASE("a page label without a separator that does not fit is shrunk on one line") {
  const std::string text = "とても長い長い長い長い長い長い長い長い長い長い長い長いラベル";
  const cairo_rectangle_t tall = label_ink(text, {}, {59, 6});
  const cairo_rectangle_t low = label_ink(text, {}, {59, 3});
  CHECK(tall.width <= 59);
  CHECK(tall.height == Approx(low.height).margin(0.01));
}
