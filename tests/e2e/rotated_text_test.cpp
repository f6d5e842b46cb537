// Turned text (`rotate` on a text element): a card with a word along each edge,
// built by bocage-gen, read back with poppler: each word's direction and where
// it lies on the page, in millimetres.
#include <catch2/catch.hpp>

#include "../scratch_dir.h"
#include "../text_helpers.h"
#include "generator/sheets/card_sheet_plan.h"
#include "pdf_probe.h"

using namespace bocage;
using namespace bocage::test;

namespace {

// A 60 x 40 mm card, single-sided: NORTH along the top edge as placed, EAST
// turned to read from the right edge, SOUTH from the bottom edge, WEST from
// the left edge; each left-aligned and at the top of its box as its reader
// sees it.
const std::string kGame =
    "[game]\nid = \"g\"\nname = { ja = \"ゲーム\", en = \"Game\" }\ncomponents = [\"deck.toml\"]\n";
const std::string kDeck =
    "[deck]\nid = \"d\"\nname = { ja = \"デッキ\", en = \"Deck\" }\nsize = [60, 40]\n"
    "face = \"t/face\"\n[[card]]\nid = \"c\"\nname = \"カード\"\n";
std::string word(const std::string& text, const std::string& box, int rotate) {
  return "[[element]]\nkind = \"text\"\nbox = " + box + "\ntext = \"" + text +
         "\"\nfont = \"latin\"\nsize = 10\nrotate = " + std::to_string(rotate) + "\n";
}
const std::string kFace =
    "[template]\n" + word("NORTH", "[10, 2, 40, 6]", 0) + word("EAST", "[52, 8, 6, 24]", 90) +
    word("SOUTH", "[10, 32, 40, 6]", 180) + word("WEST", "[2, 8, 6, 24]", 270);

const PdfWord* find_word(const std::vector<PdfWord>& words, const std::string& text) {
  for (const auto& w : words)
    if (w.text == text) return &w;
  return nullptr;
}

}  // namespace

TEST_CASE("turned texts read from their own edge, inside their boxes on the page") {
  ScratchDir dir(
      {{"data/g/game.toml", kGame}, {"data/g/deck.toml", kDeck}, {"templates/t/face.toml", kFace}});
  RunResult r =
      run_gen("build g --data '" + (dir.root / "data").string() + "' --templates '" +
              (dir.root / "templates").string() + "' --out '" + (dir.root / "out").string() + "'");
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK_FALSE(contains(r.err, "warning"));

  // Where the card's trim box lies on the A4 page (one card: the sheet's
  // cut lines marked at both ends, a row more saving no paper).
  SheetOptions a4;
  a4.allow_marks_top_only = false;
  const SheetPlan plan = plan_card_sheet({60, 40}, a4);
  REQUIRE_FALSE(plan.slots.empty());
  const double cx = plan.slots[0].trim.x, cy = plan.slots[0].trim.y;

  const auto words = words_on(dir.root / "out" / "g" / "d.pdf", 0);
  const PdfWord* north = find_word(words, "NORTH");
  const PdfWord* east = find_word(words, "EAST");
  const PdfWord* south = find_word(words, "SOUTH");
  const PdfWord* west = find_word(words, "WEST");
  REQUIRE(north);
  REQUIRE(east);
  REQUIRE(south);
  REQUIRE(west);

  // Directions: left to right, top to bottom, upside down, bottom to top.
  CHECK(north->quarter_turns == 0);
  CHECK(east->quarter_turns == 1);
  CHECK(south->quarter_turns == 2);
  CHECK(west->quarter_turns == 3);

  // Every word lies in its box on the card (poppler's boxes are the font's
  // em boxes; 0.3 mm of slack).
  auto inside = [&](const PdfWord& w, double x, double y, double width, double height) {
    INFO(w.text << " at " << w.x_mm - cx << ", " << w.y_mm - cy << " size " << w.w_mm << " x "
                << w.h_mm);
    CHECK(w.x_mm >= cx + x - 0.3);
    CHECK(w.y_mm >= cy + y - 0.3);
    CHECK(w.x_mm + w.w_mm <= cx + x + width + 0.3);
    CHECK(w.y_mm + w.h_mm <= cy + y + height + 0.3);
  };
  inside(*north, 10, 2, 40, 6);
  inside(*east, 52, 8, 6, 24);
  inside(*south, 10, 32, 40, 6);
  inside(*west, 2, 8, 6, 24);

  // Each starts at its reader's top-left corner of the box: a 10 pt line is
  // 3.5 mm across, so a word at the reader's top keeps 2.5 mm of its 6 mm box
  // free on the side away from its edge.
  CHECK(north->x_mm == Approx(cx + 10).margin(0.5));                // begins at the left
  CHECK(north->y_mm == Approx(cy + 2).margin(0.5));                 // at the top
  CHECK(east->y_mm == Approx(cy + 8).margin(0.5));                  // begins at the top
  CHECK(east->x_mm + east->w_mm == Approx(cx + 58).margin(0.5));    // its top at the right edge
  CHECK(south->x_mm + south->w_mm == Approx(cx + 50).margin(0.5));  // begins at the right
  CHECK(south->y_mm + south->h_mm == Approx(cy + 38).margin(0.5));  // its top at the bottom
  CHECK(west->y_mm + west->h_mm == Approx(cy + 32).margin(0.5));    // begins at the bottom
  CHECK(west->x_mm == Approx(cx + 2).margin(0.5));                  // its top at the left edge
  // Turned a quarter, a word runs along the card: taller than wide.
  CHECK(east->h_mm > east->w_mm);
  CHECK(west->h_mm > west->w_mm);
}
