// What the sheet painter puts in the margins: the page label.
#include "generator/sheets/sheet_painter.h"

#include <catch2/catch.hpp>

#include "../default_engine.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const std::string kFamily = "BIZ UDGothic";

/// The ink of a margin label of `forms` in a `box` (70 x 3 mm: too low for
/// two lines), in mm; an empty rectangle when nothing is drawn.
cairo_rectangle_t label_ink(const std::vector<std::string>& forms,
                            const std::vector<std::string>& sized_as = {}, SizeMm box = {70, 3}) {
  cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
  cairo_t* cr = cairo_create(rec);
  cairo_scale(cr, 100, 100);  // the recording's extents come in whole units: 0.01 mm
  paint_margin_label(cr, engine(), kFamily, forms, MarginBox{{0, 0, box.width, box.height}, false},
                     sized_as);
  cairo_destroy(cr);
  cairo_rectangle_t ink{};
  cairo_recording_surface_ink_extents(rec, &ink.x, &ink.y, &ink.width, &ink.height);
  ink = {ink.x / 100, ink.y / 100, ink.width / 100, ink.height / 100};
  cairo_surface_destroy(rec);
  return ink;
}

cairo_rectangle_t label_ink(const std::string& text, const std::string& sized_as = {},
                            SizeMm box = {70, 3}) {
  return label_ink(
      std::vector<std::string>{text},
      sized_as.empty() ? std::vector<std::string>{} : std::vector<std::string>{sized_as}, box);
}

}  // namespace

TEST_CASE("a page label is never shrunk: a shorter form is taken, or none") {
  const std::string full =
      "ゲーム · デッキ deck · 表 face 1/9 とても長い長い長い長い長い長い長いラベル";
  const std::string shorter = "ゲーム · デッキ · 表 1/9";
  const cairo_rectangle_t alone = label_ink(shorter);
  REQUIRE(alone.width > 0);
  // Too long for 70 mm at 6 pt on one line (and the box too low for two):
  // the shorter form, at its own size.
  const cairo_rectangle_t taken = label_ink({full, shorter});
  CHECK(taken.width == Approx(alone.width).margin(0.01));
  CHECK(taken.height == Approx(alone.height).margin(0.01));
  // No form fits: nothing is drawn, never a smaller size.
  const cairo_rectangle_t none = label_ink({full});
  CHECK(none.width == 0);
  // Sized as a longer label that needs the shorter form, every page takes it.
  const cairo_rectangle_t sized =
      label_ink({"ゲーム · デッキ deck · 表 face 1/9", shorter}, {full, shorter});
  CHECK(sized.width == Approx(alone.width).margin(0.01));
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
  // In a box too low for two lines, the label is not drawn at all (a
  // shorter form would be: deck_pdf gives one).
  CHECK(label_ink(kPatrolBack, {}, {59, 3}).width == 0);
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

TEST_CASE("a page label is printed at 6 pt: as tall in any box it fits") {
  const std::string text = "ゲーム · デッキ deck · 表 face 1/9";
  const cairo_rectangle_t tall = label_ink(text, {}, {120, 6});
  const cairo_rectangle_t low = label_ink(text, {}, {120, 2.6});
  REQUIRE(tall.width > 0);
  CHECK(tall.height == Approx(low.height).margin(0.01));
  CHECK(tall.width == Approx(low.width).margin(0.01));
  // A 2 mm band holds no 6 pt line: left out.
  CHECK(label_ink(text, {}, {120, 2}).width == 0);
}
