#include "generator/sheets/card_sheet_plan.h"

#include <catch2/catch.hpp>
#include <limits>

#include "generator/sheets/tile_plan.h"

using namespace bocage;

namespace {

const SizeMm kA4{210, 297};
const SizeMm kLetter{215.9, 279.4};
const SizeMm kPoker{63, 88};

bool inside(RectMm inner, RectMm outer) {
  return inner.x >= outer.x - 1e-9 && inner.y >= outer.y - 1e-9 &&
         inner.right() <= outer.right() + 1e-9 && inner.bottom() <= outer.bottom() + 1e-9;
}

bool same(RectMm a, RectMm b) {
  return std::fabs(a.x - b.x) < 1e-9 && std::fabs(a.y - b.y) < 1e-9 &&
         std::fabs(a.width - b.width) < 1e-9 && std::fabs(a.height - b.height) < 1e-9;
}

bool overlaps(RectMm a, RectMm b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

}  // namespace

TEST_CASE("nine poker cards sit centred on A4 at their exact trim size") {
  SheetOptions o;
  o.paper = kA4;
  SheetPlan plan = plan_card_sheet(kPoker, o);
  REQUIRE(plan.columns == 3);
  REQUIRE(plan.rows == 3);
  REQUIRE(plan.slots.size() == 9);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      const RectMm& t = plan.slots[r * 3 + c].trim;
      CHECK(t.x == Approx(10.5 + 63 * c));
      CHECK(t.y == Approx(16.5 + 88 * r));
      CHECK(t.width == Approx(63));
      CHECK(t.height == Approx(88));
    }
  }
}

TEST_CASE(
    "Letter holds nine poker cards upright, marked at the top by default, eight across, and nine "
    "marked at both ends with a narrower margin") {
  // By default three rows upright with the vertical cut lines marked at the
  // top only (see the printer's margin test below), four columns of two rows
  // across; with a 2.5 mm printer's margin and a 2 mm bleed nine fit,
  // centred, with whole marks at both ends.
  SheetOptions o;
  o.paper = kLetter;
  CHECK(plan_card_sheet(kPoker, o).per_page() == 9);
  CHECK(plan_card_sheet(kPoker, o).marks_top_only);
  SheetOptions across = o;
  across.paper = {kLetter.height, kLetter.width};
  CHECK(plan_card_sheet(kPoker, across).per_page() == 8);
  o.printer_margin_mm = 2.5;
  o.bleed_mm = 2;
  SheetPlan nine = plan_card_sheet(kPoker, o);
  REQUIRE(nine.per_page() == 9);
  CHECK_FALSE(nine.marks_top_only);
  for (const auto& n : nine.notes) CHECK_FALSE(n.fewer_pieces);
  CHECK(nine.slots[0].trim.x == Approx(13.45));
  CHECK(nine.slots[0].trim.y == Approx(7.7));
  CHECK(nine.slots[8].trim.right() == Approx(215.9 - 13.45));
  CHECK(nine.slots[8].trim.bottom() == Approx(279.4 - 7.7));
  // Every vertical cut line keeps a whole mark above and below, clear of the
  // margin: the offset and the outer bleed above and below gave up room for
  // it (1.7 mm of bleed, said in a note), beside the cards they did not.
  int vertical = 0;
  for (const auto& m : nine.crop_marks) {
    CHECK(std::min(m.from.y, m.to.y) >= 2.5 - 1e-9);
    CHECK(std::max(m.from.y, m.to.y) <= 279.4 - 2.5 + 1e-9);
    CHECK(std::hypot(m.to.x - m.from.x, m.to.y - m.from.y) >= kMinCropMarkMm - 1e-9);
    if (m.from.x == m.to.x) ++vertical;
  }
  CHECK(vertical == 8);
  CHECK(nine.outer_bleed_y == Approx(1.7));
  CHECK(nine.outer_bleed_x == Approx(2));
  CHECK(nine.slots[0].bleed.top == Approx(1.7));
  CHECK(nine.slots[0].bleed.left == Approx(2));
  bool said = false;
  for (const auto& n : nine.notes)
    said = said || n.text.en.find(
                       "the bleed beyond the outer cut lines at the top and bottom is "
                       "1.7 mm (--bleed 2)") != std::string::npos;
  CHECK(said);
}

TEST_CASE("other card sizes fit as many as the paper takes") {
  SheetOptions o;
  CHECK(plan_card_sheet({44, 63}, o).per_page() == 16);  // mini: 4 x 4
  CHECK(plan_card_sheet({70, 120}, o).per_page() == 4);  // tarot: 2 x 2
  CHECK(plan_card_sheet({57, 88}, o).per_page() == 9);   // bridge
  CHECK(plan_card_sheet({300, 88}, o).per_page() == 0);  // too wide
}

TEST_CASE("bleed reaches fully outside the grid and never over a neighbour") {
  SheetOptions o;
  o.bleed_mm = 3;
  SheetPlan plan = plan_card_sheet(kPoker, o);
  const Insets& corner = plan.slots[0].bleed;
  CHECK(corner.left == 3);
  CHECK(corner.top == 3);
  CHECK(corner.right == 0);
  CHECK(corner.bottom == 0);
  const Insets& centre = plan.slots[4].bleed;
  CHECK(centre == Insets{0, 0, 0, 0});
  o.gap_mm = 4;
  SheetPlan gapped = plan_card_sheet({44, 63}, o);  // mini cards: 4 x 4 with gaps
  REQUIRE(gapped.columns == 4);
  CHECK(gapped.slots[5].bleed == Insets{2, 2, 2, 2});  // half the gap on every side
  CHECK(gapped.slots[0].bleed == Insets{3, 3, 2, 2});  // full towards the paper edge
  CHECK(gapped.slots[1].trim.x - gapped.slots[0].trim.right() == Approx(4));
}

TEST_CASE("crop marks lie outside the bleed, one at each end of every cut line") {
  SheetOptions o;
  SheetPlan plan = plan_card_sheet(kPoker, o);
  // 4 vertical and 4 horizontal cut lines, a mark at both ends of each.
  REQUIRE(plan.crop_marks.size() == 16);
  RectMm bleed_area{plan.grid.x - 3, plan.grid.y - 3, plan.grid.width + 6, plan.grid.height + 6};
  for (const auto& m : plan.crop_marks) {
    RectMm seg{std::min(m.from.x, m.to.x), std::min(m.from.y, m.to.y), std::fabs(m.to.x - m.from.x),
               std::fabs(m.to.y - m.from.y)};
    CHECK_FALSE(overlaps(seg, bleed_area));
    // Never within the printer's 4 mm margin.
    CHECK(seg.x >= 4 - 1e-9);
    CHECK(seg.y >= 4 - 1e-9);
    CHECK(seg.right() <= 206 + 1e-9);
    CHECK(seg.bottom() <= 293 + 1e-9);
    double length = std::hypot(m.to.x - m.from.x, m.to.y - m.from.y);
    if (m.from.x == m.to.x)
      CHECK(length == Approx(kCropMarkLengthMm));  // 12.5 mm above the bleed: room for 5
    else  // 6.5 mm beside the trim, less the 4 mm margin and the 3 mm bleed: the
      CHECK(length == Approx(kMinCropMarkMm));  // offset gives way for a 3 mm mark
  }
  // Beside the cards the marks start 0.5 mm beyond the bleed, above them 1 mm.
  CHECK(plan.mark_start_x == Approx(3.5));
  CHECK(plan.mark_start_y == Approx(4));
  CHECK(plan.outer_bleed_x == 3);
  // The vertical marks are on the cut lines x = 10.5, 73.5, 136.5, 199.5.
  std::vector<double> xs;
  for (const auto& m : plan.crop_marks)
    if (m.from.x == m.to.x) xs.push_back(m.from.x);
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  CHECK(xs == std::vector<double>{10.5, 73.5, 136.5, 199.5});
  CHECK(plan.notes.empty());
  o.crop_marks = false;
  CHECK(plan_card_sheet(kPoker, o).crop_marks.empty());
}

TEST_CASE("a partly filled page has crop marks only around its cards") {
  SheetOptions o;
  SheetPlan plan = plan_card_sheet(kPoker, o);
  auto marks = crop_marks_for({plan.slots[0].trim}, plan.mark_limit, plan);
  CHECK(marks.size() == 8);
  for (const auto& m : marks) {
    bool on_card_edge = m.from.x == Approx(10.5) || m.from.x == Approx(73.5) ||
                        m.from.y == Approx(16.5) || m.from.y == Approx(104.5);
    CHECK(on_card_edge);
  }
}

TEST_CASE("next to an empty cell the art bleeds fully") {
  SheetOptions o;
  SheetPlan plan = plan_card_sheet(kPoker, o);
  // The last page of 30 cards holds 3: the first row. Its bottom edge is cut.
  auto first_row = page_bleeds(plan, {0, 1, 2});
  REQUIRE(first_row.size() == 3);
  CHECK(first_row[0] == Insets{3, 3, 0, 3});
  CHECK(first_row[1] == Insets{0, 3, 0, 3});
  CHECK(first_row[2] == Insets{0, 3, 3, 3});
  // A lone card in the middle of the page: all four edges.
  CHECK(page_bleeds(plan, {4}) == std::vector<Insets>{{3, 3, 3, 3}});
  // A full row and one card below the first: only its neighbour's edge is shared.
  auto lone = page_bleeds(plan, {0, 1, 2, 3});
  CHECK(lone[3] == Insets{3, 0, 3, 3});
  CHECK(lone[0] == Insets{3, 3, 0, 0});
  CHECK(lone[1].bottom == 3);
  // With a gap, a shared edge bleeds half the gap, a cut one the full bleed.
  o.gap_mm = 4;
  SheetPlan gapped = plan_card_sheet(kPoker, o);
  auto two = page_bleeds(gapped, {0, 1});
  CHECK(two[0] == Insets{3, 3, 2, 3});
  CHECK(two[1] == Insets{2, 3, 3, 3});
  // A full page agrees with the plan's own bleeds.
  CHECK(plan.slots[4].bleed == Insets{0, 0, 0, 0});
}

TEST_CASE("nothing within the printer's margin: fewer pieces or shorter marks, and a note") {
  // Letter: 3 rows of poker cards leave 7.7 mm top and bottom, less than the
  // bleed, the offset, a 3 mm mark and the 4 mm margin at both ends; at the
  // top alone they fit (the least bleed below the grid): 3 rows, the
  // vertical cut lines marked at the top only, said in a note.
  SheetOptions letter;
  letter.paper = kLetter;
  SheetPlan plan = plan_card_sheet(kPoker, letter);
  CHECK(plan.columns == 3);
  CHECK(plan.rows == 3);
  CHECK(plan.marks_top_only);
  REQUIRE_FALSE(plan.notes.empty());
  CHECK(plan.notes[0].text.en ==
        "the vertical cut lines have their crop marks at the top only, so that 3 rows fit (marks "
        "at both ends: 2); the horizontal ones keep theirs at both sides");
  CHECK(plan.notes[0].text.ja.find("3 段") != std::string::npos);
  for (const auto& n : plan.notes) CHECK_FALSE(n.fewer_pieces);
  for (const auto& m : plan.crop_marks) {
    CHECK(std::min(m.from.y, m.to.y) >= 4 - 1e-9);
    CHECK(std::max(m.from.y, m.to.y) <= 279.4 - 4 + 1e-9);
    CHECK(std::hypot(m.to.x - m.from.x, m.to.y - m.from.y) >= kMinCropMarkMm - 1e-9);
  }
  // Each vertical cut line keeps one mark, above the grid; each horizontal
  // one both of its own, beside it. Below the grid: its bleed, inside the
  // printer's margin, and nothing else.
  int vertical = 0, horizontal = 0;
  for (const auto& m : plan.crop_marks) {
    if (m.from.x == m.to.x) {
      ++vertical;
      CHECK(std::max(m.from.y, m.to.y) < plan.grid.y);
    } else {
      ++horizontal;
    }
  }
  CHECK(vertical == 4);
  CHECK(horizontal == 8);
  CHECK(plan.grid.bottom() + plan.outer_bleed_bottom <= 279.4 - 4 + 1e-9);
  CHECK(plan.outer_bleed_bottom >= kMinOuterBleedMm - 1e-9);
  const auto bleeds = page_bleeds(plan, {6, 7, 8});
  for (const auto& b : bleeds) CHECK(b.bottom == plan.outer_bleed_bottom);
  // The label and ruler go to the sides, the bands above and below having no room.
  CHECK(plan.ruler.vertical);
  CHECK(ruler_fits(plan.ruler));
  // Without crop marks, or with a printer that prints to 1 mm, 3 rows fit.
  letter.crop_marks = false;
  CHECK(plan_card_sheet(kPoker, letter).rows == 3);
  letter.crop_marks = true;
  letter.printer_margin_mm = 1;
  CHECK(plan_card_sheet(kPoker, letter).rows == 3);
  // (the only note: the label and ruler move to the sides, where there is room)
  for (const auto& n : plan_card_sheet(kPoker, letter).notes) {
    CHECK_FALSE(n.fewer_pieces);
    CHECK(n.text.en.find("along the left and right edges") != std::string::npos);
  }
  // One piece too tall for marks keeps its place, with its marks left out, and a note.
  SheetOptions a3;
  a3.paper = {420, 297};
  SheetPlan poster = plan_card_sheet({400, 280}, a3);
  REQUIRE(poster.per_page() == 1);
  REQUIRE(poster.notes.size() >= 1);  // and the label and ruler have no room
  CHECK(poster.notes[0].text.en.find("top and bottom are cut short or left out") !=
        std::string::npos);
  for (const auto& m : poster.crop_marks) {  // the vertical ones short, none in the margin
    CHECK(std::min(m.from.y, m.to.y) >= 4 - 1e-9);
    CHECK(std::max(m.from.y, m.to.y) <= 293 + 1e-9);
    if (m.from.x == m.to.x) CHECK(std::fabs(m.to.y - m.from.y) < kMinCropMarkMm);
  }
  // A 4 mm margin for the registration target too.
  SheetOptions counters;
  counters.margin_mm = kCounterMarginMm;
  SheetPlan sheet = plan_card_sheet({19.05, 19.05}, counters);
  auto target = registration_point(sheet);
  REQUIRE(target);
  CHECK(target->x - 3 >= 4);
  CHECK(target->y - 3 >= 4);
}

TEST_CASE("label and ruler sit in the margin, clear of cards and crop marks") {
  for (SizeMm paper : {kA4, kLetter}) {
    SheetOptions o;
    o.paper = paper;
    SheetPlan plan = plan_card_sheet(kPoker, o);
    RectMm page{4, 4, paper.width - 8, paper.height - 8};
    RectMm bleed_area{plan.grid.x - 3, plan.grid.y - 3, plan.grid.width + 6, plan.grid.height + 6};
    for (const MarginBox* b : {&plan.label, &plan.ruler}) {
      CHECK(inside(b->box, page));
      CHECK_FALSE(overlaps(b->box, bleed_area));
      CHECK(b->box.width > 0);
      CHECK(b->box.height > 0);
      double length = b->vertical ? b->box.height : b->box.width;
      CHECK(length >= kRulerLengthMm);
      for (const auto& m : plan.crop_marks) {
        RectMm seg{std::min(m.from.x, m.to.x), std::min(m.from.y, m.to.y),
                   std::fabs(m.to.x - m.from.x) + 0.01, std::fabs(m.to.y - m.from.y) + 0.01};
        CHECK_FALSE(overlaps(seg, b->box));
      }
    }
  }
  // A4 has room above and below the cards. A wide bleed and gap cost pieces
  // rather than pushing the label and ruler into the printer's margin; where
  // only the sides have room (Letter printed to 1 mm), they move there, and the
  // plan says so.
  SheetOptions a4;
  CHECK_FALSE(plan_card_sheet(kPoker, a4).ruler.vertical);
  a4.bleed_mm = 5;
  a4.gap_mm = 6;
  SheetPlan wide = plan_card_sheet(kPoker, a4);
  // (2 columns; 3 rows with the vertical cut lines marked at the top only,
  // the label and ruler at the sides)
  CHECK(wide.per_page() == 6);
  CHECK(wide.marks_top_only);
  CHECK(wide.ruler.vertical);
  CHECK(ruler_fits(wide.ruler));
  REQUIRE_FALSE(wide.notes.empty());
  CHECK(wide.notes[0].text.en.find("crop marks at the top only, so that 3 rows fit") !=
        std::string::npos);
  SheetOptions letter;
  letter.paper = kLetter;
  letter.printer_margin_mm = 1;
  SheetPlan sides = plan_card_sheet(kPoker, letter);
  CHECK(sides.per_page() == 9);
  CHECK(sides.ruler.vertical);
  CHECK(ruler_fits(sides.ruler));
  REQUIRE(sides.notes.size() == 1);
  CHECK(sides.notes[0].text.en.find("along the left and right edges") != std::string::npos);
  CHECK(sides.ruler.box.x >= 1);
  CHECK(sides.ruler.box.right() <= 215.9 - 1);
}

TEST_CASE("backs fall behind their faces for long-edge and short-edge duplex") {
  SheetOptions o;
  SheetPlan plan = plan_card_sheet(kPoker, o);
  const RectMm top_left = plan.slots[0].trim;
  // Long edge: mirrored horizontally, so the top-left face's back is printed top-right.
  RectMm long_back = back_position(top_left, kA4, Duplex::long_edge);
  CHECK(long_back.x == Approx(136.5));
  CHECK(long_back.y == Approx(16.5));
  CHECK(long_back == plan.slots[2].trim);
  // Short edge: mirrored vertically, so it is printed bottom-left.
  RectMm short_back = back_position(top_left, kA4, Duplex::short_edge);
  CHECK(short_back.x == Approx(10.5));
  CHECK(short_back.y == Approx(192.5));
  CHECK(short_back == plan.slots[6].trim);
  // None: backs on their own pages, unmirrored.
  CHECK(back_position(top_left, kA4, Duplex::none) == top_left);
  // An off-centre card shows the mirror precisely: x' = W - x - w.
  RectMm odd{20, 30, 63, 88};
  CHECK(back_position(odd, kLetter, Duplex::long_edge).x == Approx(215.9 - 20 - 63));
  CHECK(back_position(odd, kLetter, Duplex::short_edge).y == Approx(279.4 - 30 - 88));
  // The bleed is mirrored with the card.
  CHECK(back_bleed({3, 3, 0, 0}, Duplex::long_edge) == Insets{0, 3, 3, 0});
  CHECK(back_bleed({3, 3, 0, 0}, Duplex::short_edge) == Insets{3, 0, 0, 3});
}

TEST_CASE("3/4-inch counters: positions in mm and backs registered for every duplex mode") {
  SheetOptions o;
  const SizeMm counter{19.05, 19.05};
  SheetPlan plan = plan_card_sheet(counter, o);
  // 9.5 mm beside the grid: bleed, a crop mark and the printer's margin.
  REQUIRE(plan.columns == 10);
  REQUIRE(plan.rows == 14);
  CHECK(plan.slots[0].trim.x == Approx(9.75));
  CHECK(plan.slots[0].trim.y == Approx(15.15));
  CHECK(plan.slots[11].trim.x == Approx(9.75 + 19.05));
  CHECK(plan.slots[11].trim.y == Approx(15.15 + 19.05));
  // Long edge: the first counter's back is printed where the last of its row is.
  CHECK(same(back_position(plan.slots[0].trim, kA4, Duplex::long_edge), plan.slots[9].trim));
  // Short edge: where the first of the last row is.
  CHECK(same(back_position(plan.slots[0].trim, kA4, Duplex::short_edge), plan.slots[130].trim));
  // Fold and glue: faces on the left half, backs mirrored across the middle.
  SheetPlan fold = plan_card_sheet(counter, o, Duplex::fold);
  REQUIRE(fold.columns == 4);
  CHECK(fold.paper == kA4);
  for (const auto& s : fold.slots) {
    CHECK(s.trim.right() <= 105 - kFoldGapMm + 1e-9);
    RectMm back = back_position(s.trim, kA4, Duplex::fold);
    CHECK(back.x >= 105 + kFoldGapMm - 1e-9);
    CHECK(back.x - 105 == Approx(105 - s.trim.right()));  // the same distance from the fold
    CHECK(back.y == s.trim.y);
  }
}

TEST_CASE("the registration target sits in a free corner and its back falls behind it") {
  // Counter sheets (the only sheets with a target) keep a 10 mm margin for it.
  SheetOptions o;
  o.margin_mm = kCounterMarginMm;
  SheetPlan packed = plan_card_sheet({19.05, 19.05}, o);
  CHECK(packed.columns == 9);
  CHECK(packed.rows == 14);
  auto p = registration_point(packed);
  REQUIRE(p);
  CHECK(p->x < packed.grid.x - o.bleed_mm - kCropMarkOffsetMm);
  CHECK(p->y < packed.grid.y - o.bleed_mm - kCropMarkOffsetMm);
  // The target (3 mm radius) stays clear of the printer's margin and every crop mark.
  CHECK(p->x - 3 >= kPrinterMarginMm);
  CHECK(p->y - 3 >= kPrinterMarginMm);
  for (const auto& m : packed.crop_marks) {
    RectMm seg{std::min(m.from.x, m.to.x) - 3, std::min(m.from.y, m.to.y) - 3,
               std::fabs(m.to.x - m.from.x) + 6, std::fabs(m.to.y - m.from.y) + 6};
    CHECK_FALSE(overlaps(seg, RectMm{p->x, p->y, 0.01, 0.01}));
  }
  RectMm back = back_position({p->x, p->y, 0, 0}, kA4, Duplex::long_edge);
  CHECK(back.x == Approx(210 - p->x));
  // Counters packed to a 5 mm margin leave no room: no target rather than one on a counter.
  CHECK_FALSE(registration_point(plan_card_sheet({19.05, 19.05}, SheetOptions{})));
}

TEST_CASE(
    "a sheet planned with fewer rows centres them and keeps its label and ruler near the edges") {
  SheetOptions o;
  o.paper = {215.9, 279.4};  // Letter: a full grid of counters leaves no top or bottom band
  o.margin_mm = kCounterMarginMm;
  const SheetPlan full = plan_card_sheet({19.05, 19.05}, o);
  REQUIRE(full.rows > 2);
  o.max_rows = 1;
  const SheetPlan one = plan_card_sheet({19.05, 19.05}, o);
  CHECK(one.rows == 1);
  CHECK(one.columns == full.columns);
  CHECK(one.slots.size() == size_t(one.columns));
  CHECK(one.grid.y + one.grid.height / 2 == Approx(279.4 / 2));  // centred on the page
  // The label at the head of the page and the ruler at its foot, horizontal,
  // outside the printer's margin and no further than 4 mm inside it.
  CHECK_FALSE(one.label.vertical);
  CHECK(one.label.box.y >= kPrinterMarginMm);
  CHECK(one.label.box.y <= kPrinterMarginMm + 4 + 1e-9);
  CHECK(ruler_fits(one.ruler));
  CHECK(one.ruler.box.bottom() <= 279.4 - kPrinterMarginMm + 1e-9);
  CHECK(one.ruler.box.bottom() >= 279.4 - kPrinterMarginMm - 4 - 1e-9);
  // The registration target stays near its corner, not afloat in the band
  // (on A4: on Letter nine counters leave no room beside them for it).
  o.paper = kA4;
  auto p = registration_point(plan_card_sheet({19.05, 19.05}, o));
  REQUIRE(p);
  CHECK(p->y <= kPrinterMarginMm + 5 + 1e-9);
  CHECK(p->y - 3 >= kPrinterMarginMm);
}

TEST_CASE("a sheet larger than the paper is tiled with overlaps that cover all of it") {
  const SizeMm sheet{400, 300};
  TilePlan plan = plan_tiles(sheet, kA4, 10);
  // On A4 (186 x 273 mm portrait, 273 x 186 landscape printable): landscape needs 2 x 2.
  REQUIRE(plan.tiles.size() == 4);
  CHECK(plan.paper == SizeMm{297, 210});
  CHECK(plan.tiles[0].name == "A1");
  CHECK(plan.tiles[3].name == "B2");
  // Neighbours share exactly the overlap.
  CHECK(plan.tiles[0].region.right() - plan.tiles[1].region.x == Approx(10));
  CHECK(plan.tiles[0].region.bottom() - plan.tiles[2].region.y == Approx(10));
  // Every point of the sheet is on some page.
  for (double x = 0; x < sheet.width; x += 3.7)
    for (double y = 0; y < sheet.height; y += 3.3) {
      bool covered = std::any_of(plan.tiles.begin(), plan.tiles.end(), [&](const Tile& t) {
        return x >= t.region.x && x <= t.region.right() && y >= t.region.y &&
               y <= t.region.bottom();
      });
      CHECK(covered);
    }
  // Regions fit the printable area of the page.
  for (const auto& t : plan.tiles) {
    CHECK(t.region.width <= plan.printable.width + 1e-9);
    CHECK(t.region.height <= plan.printable.height + 1e-9);
  }
  CHECK(plan_tiles({100, 100}, kA4, 10).tiles.size() == 1);
  CHECK(plan_tiles({600, 800}, kA4, 10).tiles.size() ==
        15);  // 3 x 5 landscape beats 4 x 4 portrait
}

TEST_CASE("a tiled sheet's parts are as even as they go, never a thin strip") {
  // The Maquis board (390 x 267 mm) on A4: three parts, each a third of the
  // board plus the overlaps, where two full pages left a 35 mm strip.
  const TilePlan plan = plan_tiles({390, 267}, kA4, 10, tile_margin(3, 4));
  REQUIRE(plan.tiles.size() == 3);
  double smallest = 1e9, largest = 0;
  for (const auto& t : plan.tiles) {
    smallest = std::min(smallest, t.region.width * t.region.height);
    largest = std::max(largest, t.region.width * t.region.height);
  }
  CHECK(smallest == Approx(largest).epsilon(1e-9));
  CHECK(plan.tiles[0].region.width == Approx((390.0 + 2 * 10) / 3));
  CHECK(plan.tiles.back().region.right() == Approx(390));
}

TEST_CASE("sizes that are not finite, or tiny, give an empty or bounded plan, never overflow") {
  SheetOptions o;
  o.paper = kA4;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  // NaN cast to int is undefined behaviour (UBSan stops the test there).
  CHECK(plan_card_sheet({nan, 88}, o).per_page() == 0);
  CHECK(plan_card_sheet({63, nan}, o).per_page() == 0);
  CHECK(plan_card_sheet({inf, 88}, o).per_page() == 0);
  CHECK(plan_card_sheet({0, 0}, o).per_page() == 0);
  // A size the loader refuses anyway (0.001 mm) still cannot ask for billions of slots.
  CHECK(plan_card_sheet({0.001, 0.001}, o).per_page() <= 200 * 200);
}

TEST_CASE("a page label with no room between close cut lines is left out, and said") {
  // Half-inch counters fill Letter edge to edge: the side bands hold no more
  // than one 12.7 mm gap between cut lines, too short for the label.
  SheetOptions o;
  o.paper = kLetter;
  SheetPlan plan = plan_card_sheet({12.7, 12.7}, o);
  REQUIRE(plan.per_page() > 0);
  CHECK(plan.label.box.width == 0);
  CHECK(plan.label.box.height == 0);
  bool said = false;
  for (const auto& n : plan.notes)
    said = said || n.text.en.find("page label is left out") != std::string::npos;
  CHECK(said);
  // Poker cards on A4 keep their label, across the top.
  o.paper = kA4;
  SheetPlan poker = plan_card_sheet(kPoker, o);
  CHECK(poker.label.box.width >= kMinLabelLengthMm);
}

TEST_CASE("a page drawn across and printed turned flips across its drawing") {
  // The portrait sheet's long edge is the landscape drawing's short one.
  CHECK(turned_flip(Duplex::long_edge) == Duplex::short_edge);
  CHECK(turned_flip(Duplex::short_edge) == Duplex::long_edge);
  CHECK(turned_flip(Duplex::none) == Duplex::none);
  CHECK(turned_flip(Duplex::fold) == Duplex::fold);
}

TEST_CASE("a counter sheet whose pieces fill its width has its target under the grid") {
  // Maquis's pieces on A4: ten 5/8 in counters in one row, with gutters; the
  // top-left corner has no room, the band under the row has plenty.
  SheetOptions o;
  o.margin_mm = kCounterMarginMm;
  o.crop_mark_mm = kCounterCropMarkMm;
  o.gap_mm = 1;
  o.max_rows = 1;
  const SheetPlan row = plan_card_sheet({15.875, 15.875}, o);
  REQUIRE(row.rows == 1);
  REQUIRE(row.columns >= 10);
  CHECK(row.grid.x - o.bleed_mm - kCropMarkOffsetMm - kPrinterMarginMm < 6);  // no corner
  for (Duplex flip : {Duplex::long_edge, Duplex::short_edge}) {
    const auto p = registration_point(row, flip);
    REQUIRE(p);
    const RectMm target{p->x - 3, p->y - 3, 6, 6};
    const RectMm back = back_position(target, row.paper, flip);
    const double around = o.bleed_mm + kCropMarkOffsetMm + o.crop_mark_mm;
    const RectMm taken{row.grid.x - around, row.grid.y - around, row.grid.width + 2 * around,
                       row.grid.height + 2 * around};
    for (const RectMm& r : {target, back}) {
      CHECK_FALSE(overlaps(r, taken));  // clear of pieces, bleed and crop marks
      CHECK_FALSE(overlaps(r, row.ruler.box));
      CHECK_FALSE(overlaps(r, row.label.box));
      CHECK(r.x >= kPrinterMarginMm);
      CHECK(r.y + r.height <= row.paper.height - kPrinterMarginMm);
    }
    CHECK(p->y > row.grid.y + row.grid.height);  // under the row
  }
  // A full page of counters leaves no band: still no target on a counter.
  SheetOptions packed;
  CHECK_FALSE(registration_point(plan_card_sheet({19.05, 19.05}, packed)));
}

TEST_CASE("every crop mark is one a ruler can be laid on, on every paper, size and gutter") {
  // Cards: at least kMinCropMarkMm (3 mm); counters, whose cut lines carry
  // the rest, their whole kCounterCropMarkMm. Never in the printer's margin,
  // never over the bleed, which keeps at least kMinOuterBleedMm.
  const std::vector<SizeMm> papers = {kA4, kLetter, {257, 364}, {182, 257}, {297, 210}};
  const std::vector<SizeMm> cards = {kPoker, {57, 88}, {44, 63}, {70, 120}, {89, 127}};
  int sheets = 0;
  for (const SizeMm paper : papers)
    for (const bool counters : {false, true})
      for (const double gap : {0.0, 1.0, 1.5, 2.0, 3.0})
        for (const SizeMm card :
             counters ? std::vector<SizeMm>{{12.7, 12.7}, {19.05, 19.05}, {25.4, 25.4}} : cards) {
          SheetOptions o;
          o.paper = paper;
          o.gap_mm = gap;
          if (counters) {
            o.margin_mm = kCounterMarginMm;
            o.crop_mark_mm = kCounterCropMarkMm;
          }
          const SheetPlan plan = plan_card_sheet(card, o);
          if (plan.per_page() == 0 || plan.marks_short) continue;
          ++sheets;
          INFO(paper.width << "x" << paper.height << " card " << card.width << "x" << card.height
                           << " gap " << gap);
          CHECK(plan.outer_bleed_x >= kMinOuterBleedMm - 1e-9);
          CHECK(plan.outer_bleed_y >= kMinOuterBleedMm - 1e-9);
          REQUIRE_FALSE(plan.crop_marks.empty());
          const RectMm bleed{plan.grid.x - plan.outer_bleed_x, plan.grid.y - plan.outer_bleed_y,
                             plan.grid.width + 2 * plan.outer_bleed_x,
                             plan.grid.height + 2 * plan.outer_bleed_y};
          for (const auto& m : plan.crop_marks) {
            const double length = std::hypot(m.to.x - m.from.x, m.to.y - m.from.y);
            CHECK(length >= (counters ? kCounterCropMarkMm : kMinCropMarkMm) - 1e-9);
            const RectMm seg{std::min(m.from.x, m.to.x), std::min(m.from.y, m.to.y),
                             std::fabs(m.to.x - m.from.x), std::fabs(m.to.y - m.from.y)};
            CHECK_FALSE(overlaps(seg, bleed));
            CHECK(seg.x >= 4 - 1e-9);
            CHECK(seg.y >= 4 - 1e-9);
            CHECK(seg.right() <= paper.width - 4 + 1e-9);
            CHECK(seg.bottom() <= paper.height - 4 + 1e-9);
          }
        }
  CHECK(sheets > 100);
}
