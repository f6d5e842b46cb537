// Every template error path, each from a template written for the test and
// checked against a small deck, as `bocage-gen validate` does.
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>

#include "../default_engine.h"
#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "generator/assemble/game_layout.h"

using namespace bocage;
using bocage::test::engine;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

namespace {

const std::string kGame =
    "[game]\nid = \"g\"\nname = { ja = \"ゲーム\", en = \"Game\" }\ncomponents = [\"deck.toml\"]\n"
    "[symbols.AT]\nname = \"AT\"\nicon = \"ok\"\n";
const std::string kDeck =
    "[deck]\nid = \"d\"\nname = { ja = \"デッキ\", en = \"Deck\" }\nsize = \"poker\"\nface = "
    "\"t/face\"\n"
    "[deck.fields]\nammo = \"number\"\nsymbols = \"symbols\"\n"
    "[[card]]\nid = \"c\"\nname = \"カード\"\nammo = 3\n";
const std::string kIcon =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><rect width=\"10\" "
    "height=\"10\"/></svg>";

/// Validates the deck with `face` as its face template (one element per test).
Diagnostics check(const std::string& face,
                  std::vector<std::pair<std::string, std::string>> more = {}) {
  more.push_back({"data/g/game.toml", kGame});
  more.push_back({"data/g/deck.toml", kDeck});
  more.push_back({"templates/t/face.toml", "[template]\n" + face});
  more.push_back({"templates/icons/ok.svg", kIcon});
  ScratchDir dir(more);
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  lay_out_game(dir.root / "data", "g", templates, engine(), diags);
  return diags;
}

}  // namespace

TEST_CASE("element boxes, sizes and fonts written wrongly") {
  require_diagnostic(check("[[element]]\nkind = \"rect\"\nbox = [0, 0, 0, 5]\n"),
                     "template/bad-box", "t/face.toml", 4, 7,
                     "must have a positive width and height");
  require_diagnostic(check("[[element]]\nkind = \"text\"\nbox = [0, 0, 9, 5]\ntext = \"x\"\nsize = "
                           "8\nmin_size = 9\n"),
                     "template/bad-size", "t/face.toml", 7, 12, "min_size <= size");
  auto diags = check(
      "[[element]]\nkind = \"text\"\nbox = [0, 0, 9, 5]\ntext = \"x\"\nsize = 8\nfont = "
      "\"gotic\"\n");
  require_diagnostic(diags, "template/unknown-font-role", "t/face.toml", 7, 8,
                     "unknown font role 'gotic'");
  CHECK(bocage::test::find_code(diags, "template/unknown-font-role")->hint.en ==
        "did you mean 'gothic'?");
}

TEST_CASE("choices outside their lists") {
  const std::string text =
      "[[element]]\nkind = \"text\"\nbox = [0, 0, 9, 5]\ntext = \"x\"\nsize = 8\n";
  require_diagnostic(check(text + "align = \"centre\"\n"), "template/bad-value", "t/face.toml", 7,
                     9, "'centre' is not a valid align (expected left, center, right, justify)");
  require_diagnostic(check(text + "writing = \"sideways\"\n"), "template/bad-value", "t/face.toml",
                     7, 11, "unknown writing 'sideways'");
  require_diagnostic(check(text + "role = \"heading\"\n"), "template/bad-value", "t/face.toml", 7,
                     8, "unknown text role 'heading'");
  require_diagnostic(check(text + "tate_chu_yoko = 9\n"), "template/bad-value", "t/face.toml", 7,
                     17, "tate_chu_yoko must be 0 to 4");
  require_diagnostic(check(text + "repeat = { count = 0 }\n"), "template/bad-value", "t/face.toml",
                     7, 20, "repeat count must be 1 to 1000");
}

TEST_CASE("a text turned by an angle that is not a quarter turn") {
  const std::string text =
      "[[element]]\nkind = \"text\"\nbox = [0, 0, 9, 5]\ntext = \"x\"\nsize = 8\n";
  require_diagnostic(check(text + "rotate = 45\n"), "template/bad-value", "t/face.toml", 7, 10,
                     "rotate 45 is not allowed (expected 0, 90, 180 or 270: degrees clockwise)");
  require_diagnostic(check(text + "rotate = -90\n"), "template/bad-value", "t/face.toml", 7, 10,
                     "rotate -90 is not allowed");
  require_diagnostic(check(text + "rotate = \"90\"\n"), "data/wrong-type", "t/face.toml", 7, 10,
                     "rotate");
  // Only texts turn: on a rect the key is unknown.
  require_diagnostic(check("[[element]]\nkind = \"rect\"\nbox = [0, 0, 9, 5]\nrotate = 90\n"),
                     "data/unknown-key", "t/face.toml", 5, 1, "rotate");
  for (const char* quarter : {"0", "90", "180", "270"}) {
    INFO(quarter);
    CHECK_FALSE(check(text + "rotate = " + quarter + "\n").has_errors());
  }
}

TEST_CASE("a turned text is fitted to its box as its reader sees it") {
  // 40 mm of text: it fits along a 6 x 50 mm box turned a quarter, not across it.
  const std::string text =
      "[[element]]\nkind = \"text\"\nbox = [2, 2, 6, 50]\ntext = \"ABCDEFGHIJKLMNOP\"\n"
      "font = \"latin\"\nsize = 10\nmax_lines = 1\n";
  for (const char* quarter : {"90", "270"}) {
    INFO(quarter);
    CHECK_FALSE(check(text + "rotate = " + quarter + "\n").has_errors());
  }
  for (const char* flat : {"0", "180"}) {
    INFO(flat);
    Diagnostics diags = check(text + "rotate = " + flat + "\n");
    const auto* overflow = bocage::test::find_code(diags, "layout/text-overflow");
    REQUIRE(overflow);
    CHECK_THAT(overflow->message.en, Catch::Contains("6.0 x 50.0 mm"));
  }
  // The overflow message names the box as the reader sees it (50 x 6 mm).
  Diagnostics diags = check(
      "[[element]]\nkind = \"text\"\nbox = [2, 2, 6, 50]\ntext = \"ABCDEFGHIJKLMNOPQRSTUVWXYZ "
      "ABCDEFGHIJKLMNOPQRSTUVWXYZ\"\nfont = \"latin\"\nsize = 10\nmin_size = 10\nmax_lines = "
      "1\nrotate = 90\n");
  const auto* overflow = bocage::test::find_code(diags, "layout/text-overflow");
  REQUIRE(overflow);
  CHECK_THAT(overflow->message.en, Catch::Contains("50.0 x 6.0 mm"));
}

TEST_CASE("icons, images and fields a template refers to") {
  require_diagnostic(check("[[element]]\nkind = \"icon\"\nbox = [0, 0, 5, 5]\nicon = \"nope\"\n"),
                     "template/missing-icon", "t/face.toml", 2, 1, "icon 'nope' not found");
  require_diagnostic(
      check("[[element]]\nkind = \"icon\"\nbox = [0, 0, 5, 5]\nicon = \"lettered\"\n",
            {{"templates/icons/lettered.svg", "<svg><text>A</text></svg>"}}),
      "template/svg-text", "t/face.toml", 2, 1, "contains <text>");
  require_diagnostic(
      check("[[element]]\nkind = \"image\"\nbox = [0, 0, 5, 5]\nimage = \"art/none.png\"\n"),
      "template/missing-image", "t/face.toml", 2, 1, "not found");
  require_diagnostic(
      check("[[element]]\nkind = \"image\"\nbox = [0, 0, 5, 5]\nimage = \"../../etc/passwd\"\n"),
      "template/path-outside-root", "t/face.toml", 2, 1, "leaves the templates folder");
  require_diagnostic(
      check("[[element]]\nkind = \"symbols\"\nbox = [0, 0, 5, 5]\nfield = \"ammo\"\n"),
      "template/unknown-field", "t/face.toml", 2, 1,
      "'ammo' in template 't/face' line 2 is not a symbols field");
  require_diagnostic(check("[[element]]\nkind = \"rect\"\nbox = [0, 0, 5, 5]\nwhen = \"amo\"\n"),
                     "template/unknown-field", "t/face.toml", 2, 1, "unknown field 'amo'");
  require_diagnostic(
      check("[[element]]\nkind = \"text\"\nbox = [0, 0, 9, 5]\ntext = \"{ammo\"\nsize = 8\n"),
      "template/bad-text", "t/face.toml", 2, 1, "unclosed '{'");
}

TEST_CASE("a template that is not valid TOML, or extends a missing one") {
  require_diagnostic(check("extends = \n"), "data/toml-syntax", "t/face.toml", 2, 11,
                     "TOML syntax error");
  require_diagnostic(check("extends = \"t/nope\"\n"), "template/missing", "t/face.toml", 2, 11,
                     "template 't/nope' not found");
}

TEST_CASE("a map element needs a map of the game that fits its box") {
  require_diagnostic(
      check("[[element]]\nkind = \"hexmap\"\nbox = [0, 0, 60, 80]\nmap = \"nowhere\"\n"),
      "template/unknown-map", "t/face.toml", 2, 1, "no map 'nowhere' in game 'g'");
  const std::string game =
      "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"deck.toml\", \"map.toml\"]\n";
  const std::string map =
      "[map]\nid = \"m\"\nname = \"M\"\ncolumns = 5\nrows = 4\nhex_size = 20\ndefault_terrain = "
      "\"f\"\n"
      "[map.terrain.f]\nname = \"F\"\nfill = \"beige\"\n";
  ScratchDir dir(
      {{"data/g/game.toml", game},
       {"data/g/deck.toml", kDeck},
       {"data/g/map.toml", map},
       {"templates/t/face.toml",
        "[template]\n[[element]]\nkind = \"hexmap\"\nbox = [0, 0, 60, 80]\nmap = \"m\"\n"}});
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  lay_out_game(dir.root / "data", "g", templates, engine(), diags);
  require_diagnostic(diags, "template/bad-box", "t/face.toml", 2, 1,
                     "map 'm' (92.4 x 90.0 mm) does not fit its 60.0 x 80.0 mm box");
  require_diagnostic(diags, "data/bad-color", "g/map.toml", 8, 1,
                     "terrain 'f': 'beige' is not a colour");
}

TEST_CASE("a board element needs a board of the game that fits its box") {
  require_diagnostic(
      check("[[element]]\nkind = \"board\"\nbox = [0, 0, 60, 80]\nboard = \"town\"\n"),
      "template/unknown-board", "t/face.toml", 2, 1, "no board 'town' in game 'g'");
  auto read = [](const std::string& path) {
    std::ifstream in(std::string(BOCAGE_FIXTURES) + "/" + path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  ScratchDir dir(
      {{"data/town/game.toml", read("board/town/game.toml")},
       {"data/town/board.toml", read("board/town/board.toml")},
       {"data/town/sheet.toml", read("board/town/sheet.toml")},
       {"templates/icons/AT.svg", kIcon},
       {"templates/test/board-sheet.toml",
        "[template]\n[[element]]\nkind = \"board\"\nbox = [0, 0, 100, 100]\nboard = \"town\"\n"}});
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  lay_out_game(dir.root / "data", "town", templates, engine(), diags);
  require_diagnostic(diags, "template/bad-box", "test/board-sheet.toml", 2, 1,
                     "board 'town' reaches 122.0 x 180.0 mm, beyond its 100.0 x 100.0 mm box");
}

TEST_CASE("a board's action texts take action_size and may hold inline icons") {
  auto read = [](const std::string& path) {
    std::ifstream in(std::string(BOCAGE_FIXTURES) + "/" + path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  std::string board = read("board/town/board.toml");
  const std::string cafe = "action = { ja = \"工作員を1人雇う。\", en = \"Recruit an agent.\" }";
  REQUIRE(board.find(cafe) != std::string::npos);
  board.replace(board.find(cafe), cafe.size(), "action = \":AT: → :AT:\"");
  auto lay_out = [&](const std::string& element) {
    ScratchDir dir({{"data/town/game.toml", read("board/town/game.toml")},
                    {"data/town/board.toml", board},
                    {"data/town/sheet.toml", read("board/town/sheet.toml")},
                    {"templates/icons/AT.svg", kIcon},
                    {"templates/test/board-sheet.toml",
                     "[template]\n[[element]]\nkind = \"board\"\nbox = [0, 0, 140, 180]\nboard = "
                     "\"town\"\n" +
                         element}});
    Diagnostics diags;
    TemplateLibrary templates(dir.root / "templates", diags);
    GameLayout g = lay_out_game(dir.root / "data", "town", templates, engine(), diags);
    return std::make_pair(std::move(g), std::move(diags));
  };

  auto [game, diags] = lay_out("action_size = 12\n");
  CHECK_FALSE(diags.has_errors());
  REQUIRE(game.decks.size() == 1);
  REQUIRE(game.decks[0].size() == 1);
  const TextBlock* action = nullptr;
  for (const auto& item : game.decks[0].face(0)->items)
    for (const auto& t : item.texts)
      if (std::string(pango_layout_get_text(t.block->layout())).find("→") != std::string::npos)
        action = t.block.get();
  REQUIRE(action);
  CHECK(action->size_pt == 12);
  // The icons are objects in the line, not the letters of their names.
  CHECK(std::string(pango_layout_get_text(action->layout())).find(":AT:") == std::string::npos);

  require_diagnostic(lay_out("action_size = 200\n").second, "data/out-of-range",
                     "test/board-sheet.toml", 6, 15, "action_size");
}
