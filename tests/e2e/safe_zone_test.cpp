// The print shops' safe zone: `validate --imposition one-up` (and `build
// --imposition one-up`) warn for text within 3 mm of a piece's trim, on faces
// and backs and turned text; sheets, counters and text inside it do not. And
// the gap between the ink of two texts (layout/texts-touch), measured alike.
#include <catch2/catch.hpp>

#include "../scratch_dir.h"
#include "../text_helpers.h"
#include "pdf_probe.h"

using namespace bocage::test;

namespace {

/// A one-card game of `kind` pieces (poker cards, 63 x 88 mm, or 1 in counters) whose
/// face shows one text element `element`, and whose back shows `back`.
ScratchDir game_with(const std::string& element, const std::string& back = "",
                     const std::string& kind = "cards") {
  const bool counters = kind == "counters";
  return ScratchDir({
      {"data/g/game.toml",
       "[game]\nid = \"g\"\nname = { ja = \"テスト\", en = \"Test\" }\ncomponents = "
       "[\"deck.toml\"]\n"},
      {"data/g/deck.toml",
       std::string("[deck]\nid = \"d\"\nname = { ja = \"デッキ\", en = \"Deck\" }\nsize = ") +
           (counters ? "\"1in\"\nkind = \"counters\"\n" : "\"poker\"\n") + "face = \"t/face\"\n" +
           (back.empty() ? "" : "back = \"t/back\"\n") +
           "\n[[card]]\nid = \"c\"\nname = { ja = \"撃破\", en = \"Card\" }\n"},
      {"templates/t/face.toml",
       "[template]\nbackground = \"#ffffff\"\n\n[[element]]\nkind = \"text\"\n" + element},
      {"templates/t/back.toml",
       "[template]\nbackground = \"#ffffff\"\n\n[[element]]\nkind = \"text\"\n" + back},
      // A red drop, for the icons' contrast.
      {"templates/icons/drop.svg",
       "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"100\" "
       "height=\"100\"><circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"#e8605a\"/></svg>\n"},
  });
}

std::string roots(const ScratchDir& d) {
  return "--data '" + (d.root / "data").string() + "' --templates '" +
         (d.root / "templates").string() + "'";
}

}  // namespace

TEST_CASE("validate --imposition one-up warns for text inside the 3 mm safe zone") {
  // A title 1 mm below the card's top: its ink starts a little lower.
  auto near_top = game_with("box = [10, 1, 43, 8]\ntext = \"{name.ja}\"\nsize = 12\n");
  RunResult r = run_gen("validate g --imposition one-up " + roots(near_top));
  INFO(r.err);
  CHECK(r.status == 0);  // a warning, not an error
  CHECK(contains(r.err, "g: deck 'd' card 'c': its text comes within 1."));
  CHECK(contains(r.err, "mm of the trim's top edge, inside the 3 mm safe zone"));
  CHECK(contains(r.err, "[template 't/face' line 4] [layout/outside-safe-zone]"));
  CHECK(contains(r.err, "data/g/deck.toml:"));
  CHECK(contains(r.out, ": 1 warnings, 0 errors"));

  // In Japanese, the same.
  r = run_gen_as_given("--lang ja validate g --imposition one-up " + roots(near_top));
  CHECK(contains(r.err, "上辺から 1."));
  CHECK(contains(r.err, "3 mm の安全域の内側です"));

  // Sheets are cut at the crop marks by the player: no warning.
  r = run_gen("validate g " + roots(near_top));
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));

  // Build one-up says it too, and writes the PDF.
  TempDir out;
  r = run_gen("build g --imposition one-up " + roots(near_top) + " --out '" + out.path.string() +
              "'");
  CHECK(r.status == 0);
  CHECK(contains(r.err, "[layout/outside-safe-zone]"));
}

TEST_CASE("the safe zone: backs, turned text, the far edges, and text kept inside") {
  // Turned a quarter clockwise in a box along the right edge: its ink is
  // near the right edge (the turned box's width is the text's height).
  auto turned =
      game_with("box = [58, 20, 5, 50]\ntext = \"{name.ja}\"\nsize = 9\nrotate = 90\n",
                "box = [10, 80, 43, 8]\ntext = \"{name.ja}\"\nsize = 9\nvalign = \"bottom\"\n");
  RunResult r = run_gen("validate g --imposition one-up " + roots(turned));
  INFO(r.err);
  CHECK(contains(r.err, "card 'c': its text comes within"));
  CHECK(contains(r.err, "mm of the trim's right edge"));
  CHECK(contains(r.err, "card 'c' back: its text comes within"));
  CHECK(contains(r.err, "mm of the trim's bottom edge"));
  CHECK(contains(r.out, ": 2 warnings, 0 errors"));

  // 3 mm in on every side (a poker card is 63 x 88 mm): nothing.
  auto inside = game_with("box = [3, 3, 57, 10]\ntext = \"{name.ja}\"\nsize = 9\n",
                          "box = [3, 70, 57, 10]\ntext = \"{name.ja}\"\nsize = 9\n"
                          "valign = \"bottom\"\n");
  r = run_gen("validate g --imposition one-up " + roots(inside));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));

  // Counters are left out: punched from their sheet, too small for the zone.
  auto counters =
      game_with("box = [1, 1, 23.4, 6]\ntext = \"{name.ja}\"\nsize = 9\n", "", "counters");
  r = run_gen("validate g --imposition one-up " + roots(counters));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));

  // A wrong imposition is a usage error.
  r = run_gen("validate g --imposition two-up " + roots(inside));
  CHECK(r.status != 0);
}

TEST_CASE("the shipped games keep their text inside the safe zone for a print shop") {
  RunResult r = run_gen("validate --all --imposition one-up " + kRoots);
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("validate warns where the ink of two texts touches, once per pair of elements") {
  // Two texts set one under the other, the second's box a millimetre into
  // the first's: the Latin capitals' ink meets the Japanese line's.
  auto stacked = game_with(
      "box = [10, 20, 43, 5]\ntext = \"{name.ja}\"\nsize = 12\nvalign = \"bottom\"\n\n"
      "[[element]]\nkind = \"text\"\nbox = [10, 24, 43, 5]\ntext = \"Fired at\"\nsize = 12\n"
      "font = \"latin\"\n");
  RunResult r = run_gen("validate g " + roots(stacked));
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.err, "g: deck 'd' card 'c': the ink of two texts comes within"));
  CHECK(contains(r.err,
                 "(keep them 0.2 mm apart) [template 't/face' line 4 and template 't/face' "
                 "line 11] [layout/texts-touch]"));
  CHECK(contains(r.out, ": 1 warnings, 0 errors"));
  // Side by side, the second's box half a millimetre into the first's.
  auto beside = game_with(
      "box = [10, 20, 20, 8]\ntext = \"{name.ja}\"\nsize = 12\nalign = \"right\"\n\n"
      "[[element]]\nkind = \"text\"\nbox = [29.5, 20, 20, 8]\ntext = \"Fired\"\nsize = 12\n"
      "font = \"latin\"\n");
  r = run_gen("validate g " + roots(beside));
  CHECK(contains(r.err, "[layout/texts-touch]"));
  // A millimetre apart: nothing.
  auto apart = game_with(
      "box = [10, 20, 43, 6]\ntext = \"{name.ja}\"\nsize = 12\n\n"
      "[[element]]\nkind = \"text\"\nbox = [10, 28, 43, 6]\ntext = \"Fired at\"\nsize = 12\n"
      "font = \"latin\"\n");
  r = run_gen("validate g " + roots(apart));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("validate warns where a text's ink comes near the line of a frame it stands in") {
  // A number in a box whose frame runs a hair above its ink.
  auto tight = game_with(
      "box = [10, 20, 20, 8]\ntext = \"12\"\nsize = 20\nvalign = \"middle\"\nalign = "
      "\"center\"\n\n[[element]]\nkind = \"rect\"\nbox = [9, 21.8, 22, 12]\nstroke = \"#000000\"\n"
      "stroke_width = 0.4\n");
  RunResult r = run_gen("validate g " + roots(tight));
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.err, "g: deck 'd' card 'c': a text's ink comes within"));
  CHECK(contains(r.err,
                 "of a frame's line (keep it 0.5 mm clear) [template 't/face' line 4; "
                 "the frame: template 't/face' line 12] [layout/text-touches-frame]"));
  // The same box with room around the number, and a frame without a line: nothing.
  auto roomy = game_with(
      "box = [10, 20, 20, 8]\ntext = \"12\"\nsize = 20\nvalign = \"middle\"\nalign = "
      "\"center\"\n\n[[element]]\nkind = \"rect\"\nbox = [8, 18, 24, 12]\nstroke = \"#000000\"\n"
      "stroke_width = 0.4\n\n[[element]]\nkind = \"rect\"\nbox = [9, 21.8, 22, 12]\n"
      "fill = \"#eeeeee\"\n");
  r = run_gen("validate g " + roots(roomy));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("validate warns of an icon the colour of what it stands on") {
  // A red drop (#e8605a) on a band of its own red: none of it stands out.
  const std::string name = "box = [5, 5, 50, 6]\ntext = \"{name.ja}\"\nsize = 9\n\n";
  auto hidden = game_with(name +
                          "[[element]]\nkind = \"rect\"\nbox = [0, 40, 63, 20]\n"
                          "fill = \"#e8605a\"\n\n[[element]]\nkind = \"icon\"\n"
                          "box = [25, 45, 10, 10]\nicon = \"drop\"\n");
  RunResult r = run_gen("validate g " + roots(hidden));
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.err,
                 "g: deck 'd' card 'c': only 0% of the icon 'drop' reaches a 3:1 "
                 "contrast with what lies under it (#e8605a): it is hard to see"));
  CHECK(contains(r.err, "[layout/low-contrast-icon]"));
  // On a white disc on that band: nothing.
  auto disc = game_with(name +
                        "[[element]]\nkind = \"rect\"\nbox = [0, 40, 63, 20]\n"
                        "fill = \"#e8605a\"\n\n[[element]]\nkind = \"circle\"\n"
                        "center = [30, 50]\nradius = 6\nfill = \"#ffffff\"\n\n"
                        "[[element]]\nkind = \"icon\"\nbox = [25, 45, 10, 10]\nicon = \"drop\"\n");
  r = run_gen("validate g " + roots(disc));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("turned text is held to the contrast of what lies under its ink") {
  // Grey text read from the right edge, on a grey band along that edge: the
  // band is where its ink lies, turned (it used to go unmeasured).
  const std::string name = "box = [5, 5, 40, 6]\ntext = \"{name.ja}\"\nsize = 9\n\n";
  auto turned = game_with(name +
                          "[[element]]\nkind = \"rect\"\nbox = [54, 0, 9, 88]\n"
                          "fill = \"#777777\"\n\n[[element]]\nkind = \"text\"\n"
                          "box = [55, 20, 7, 50]\ntext = \"{name.ja}\"\nsize = 8\n"
                          "rotate = 90\ncolor = \"#666666\"\n");
  RunResult r = run_gen("validate g " + roots(turned));
  INFO(r.err);
  CHECK(contains(r.err, "[layout/low-contrast]"));
  CHECK(contains(r.err, "#777777"));
  // The same text on the white paper beside the band: nothing.
  auto beside = game_with(name +
                          "[[element]]\nkind = \"rect\"\nbox = [54, 0, 9, 88]\n"
                          "fill = \"#777777\"\n\n[[element]]\nkind = \"text\"\n"
                          "box = [45, 20, 7, 50]\ntext = \"{name.ja}\"\nsize = 8\n"
                          "rotate = 90\ncolor = \"#222222\"\n");
  r = run_gen("validate g " + roots(beside));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}
