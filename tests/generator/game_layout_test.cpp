#include "generator/assemble/game_layout.h"

#include <catch2/catch.hpp>

#include "../default_engine.h"
#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"

using namespace bocage;
using bocage::test::engine;
using bocage::test::require_diagnostic;

namespace {

Diagnostics lay_out_bad(const std::string& id) {
  Diagnostics diags;
  TemplateLibrary templates(std::string(BOCAGE_FIXTURES) + "/templates", diags);
  lay_out_game(std::string(BOCAGE_FIXTURES) + "/bad", id, templates, engine(), diags);
  return diags;
}

}  // namespace

TEST_CASE("the good fixture lays out without diagnostics") {
  Diagnostics diags;
  TemplateLibrary templates(std::string(BOCAGE_FIXTURES) + "/templates", diags);
  GameLayout g =
      lay_out_game(std::string(BOCAGE_FIXTURES) + "/good", "mini", templates, engine(), diags);
  INFO(diags.format_all());
  CHECK(diags.empty());
  REQUIRE(g.decks.size() == 1);
  CHECK(g.decks[0].size() == 2);
  CHECK(g.decks[0].back(0) != nullptr);
  CHECK(g.cards_checked() == 2);
}

TEST_CASE("a missing template is an error at the reference") {
  require_diagnostic(lay_out_bad("missing-template"), "template/missing",
                     "bad/missing-template/deck.toml", 5, 8, "template 'test/nope' not found");
}

TEST_CASE("templates may not leave the templates folder") {
  require_diagnostic(lay_out_bad("template-outside-root"), "template/path-outside-root",
                     "bad/template-outside-root/deck.toml", 5, 8, "leaves the templates folder");
}

TEST_CASE("a font that is not installed is an error, and nothing is laid out with it") {
  auto diags = lay_out_bad("missing-font");
  require_diagnostic(diags, "data/missing-font", "bad/missing-font/game.toml", 7, 10,
                     "font 'No Such Font' (role gothic) is not installed");
  CHECK(diags.error_count() == 1);
}

TEST_CASE("a misspelt font gets the installed family it is closest to as a hint") {
  auto diags = lay_out_bad("misspelt-font");
  const Diagnostic* d = bocage::test::find_code(diags, "data/missing-font");
  REQUIRE(d);
  CHECK(d->message.en == "font 'BIZ UDGothc' (role gothic) is not installed");
  CHECK(d->hint.en == "did you mean the installed 'BIZ UDGothic'?");
}

TEST_CASE(
    "a missing font is reported before the templates' problems, the engine made late or not") {
  // The templates are checked before the engine is asked for (a deferred
  // engine's fonts may still be being read); the report keeps the fonts first.
  auto diags = lay_out_bad("missing-font-and-template");
  Diagnostics deferred_diags;
  {
    TemplateLibrary templates(std::string(BOCAGE_FIXTURES) + "/templates", deferred_diags);
    DeferredTextEngine deferred;
    lay_out_game(std::string(BOCAGE_FIXTURES) + "/bad", "missing-font-and-template", templates,
                 deferred, deferred_diags);
  }
  for (const Diagnostics* d : {&diags, &deferred_diags}) {
    INFO(d->format_all());
    REQUIRE(d->items().size() == 2);
    CHECK(d->items()[0].code == "data/missing-font");
    CHECK(d->items()[1].code == "template/missing");
  }
  CHECK(deferred_diags.format_all() == diags.format_all());
}

TEST_CASE("a symbol's missing icon is an error") {
  require_diagnostic(lay_out_bad("missing-icon"), "data/missing-icon", "bad/missing-icon/game.toml",
                     8, 8, "icon 'nope' of symbol 'AT' not found");
}

TEST_CASE("an icon with SVG text is refused") {
  require_diagnostic(lay_out_bad("svg-text"), "data/svg-text", "bad/svg-text/game.toml", 8, 8,
                     "contains <text>");
}

TEST_CASE("a template field the deck does not declare is an error with a hint") {
  auto diags = lay_out_bad("unknown-field");
  require_diagnostic(
      diags, "template/unknown-field", "templates/test/bad-field.toml", 4, 1,
      "unknown field 'amo' (deck 'd' declares: id, count, name, ammo, symbols, text)");
  CHECK(diags.items()[0].hint.en == "did you mean 'ammo'?");
}

TEST_CASE("text that does not fit at its minimum size names game, card, field and overflow") {
  auto diags = lay_out_bad("overflow");
  require_diagnostic(
      diags, "layout/text-overflow", "bad/overflow/deck.toml", 16, 8,
      "overflow: deck 'd' card 'long': field text.ja does not fit its 55.0 x 20.0 mm box at the "
      "minimum size 8.0 pt: it overflows by ");
  CHECK_THAT(diags.items()[0].message.en, Catch::Contains("mm in height"));
}

TEST_CASE("a character the game's fonts lack is an error whatever else is installed") {
  auto diags = lay_out_bad("missing-glyph");
  require_diagnostic(diags, "layout/missing-glyph", "bad/missing-glyph/deck.toml", 15, 8,
                     "field name.ja: character '𠮷' (U+20BB7) has no glyph in the game's fonts");
  // ♞ is in DejaVu Sans, which the generator never draws with.
  require_diagnostic(diags, "layout/missing-glyph", "bad/missing-glyph/deck.toml", 16, 8,
                     "field text.ja: character '♞' (U+265E) has no glyph in the game's fonts", 1);
  CHECK(diags.error_count() == 2);
}

TEST_CASE("the shipped Endless Patrol validates cleanly with every card laid out") {
  Diagnostics diags;
  TemplateLibrary templates(std::string(BOCAGE_TEST_SOURCE_ROOT) + "/templates", diags);
  GameLayout g = lay_out_game(std::string(BOCAGE_TEST_SOURCE_ROOT) + "/data", "endless-patrol",
                              templates, engine(), diags);
  INFO(diags.format_all());
  CHECK(diags.empty());
  REQUIRE(g.deck("gi"));
  REQUIRE(g.deck("patrol"));
  CHECK(g.deck("gi")->size() == 30);
  CHECK(g.deck("patrol")->size() == 43);
  CHECK(g.deck("tracker"));
  CHECK(g.deck("aid"));
}

TEST_CASE("markup mistakes in a card's text are errors at the field") {
  auto diags = lay_out_bad("bad-markup");
  require_diagnostic(diags, "data/bad-markup", "bad/bad-markup/deck.toml", 16, 8,
                     "bad-markup: deck 'd' card 'markup', field text.ja: ");
  CHECK(diags.error_count() == 3);  // unclosed <b>, 《 without 》, ｜ without its reading
  // Said in the language asked for, the mistake too.
  CHECK_THAT(diags.format_all(Lang::ja),
             Catch::Contains("deck.toml:16:8: error: bad-markup: デッキ「d」") &&
                 Catch::Contains("<b> が閉じられていません"));
  CHECK_THAT(diags.format_all(Lang::en), Catch::Contains("<b> is never closed"));
}

namespace {

/// A game of `cards` cards: card c<i>'s rule says its number, card `too_long`'s
/// rule cannot fit its box; the backs show the card's kind, A or B.
std::vector<std::pair<std::string, std::string>> numbered_game(size_t cards, size_t too_long) {
  std::string deck =
      "[deck]\nid = \"d\"\nname = \"Deck\"\nsize = \"poker\"\nface = \"t/face\"\n"
      "back = \"t/back\"\n[deck.fields]\nkind = \"text\"\nrule = \"text\"\n";
  for (size_t i = 0; i < cards; ++i)
    deck += "[[card]]\nid = \"c" + std::to_string(i) + "\"\nname = \"C" + std::to_string(i) +
            "\"\nkind = \"" + (i % 2 ? "B" : "A") + "\"\nrule = \"" +
            (i == too_long ? std::string(70, 'W') : std::to_string(i) + "番目の部隊は前進する。") +
            "\"\n";
  const std::string text =
      "[template]\n[[element]]\nkind = \"text\"\nbox = [5, 5, 50, 30]\nsize = 9\nmin_size = 6\n"
      "line_spacing = 1.5\n";
  return {
      {"data/g/game.toml", "[game]\nid = \"g\"\nname = \"Game\"\ncomponents = [\"deck.toml\"]\n"},
      {"data/g/deck.toml", deck},
      {"templates/t/face.toml", text + "text = \"{rule}\"\n"},
      {"templates/t/back.toml", text + "text = \"{kind}\"\n"}};
}

size_t count_code(const Diagnostics& diags, const std::string& code) {
  size_t n = 0;
  for (const auto& d : diags.items()) n += d.code == code;
  return n;
}

std::string first_line(const Face& face) {
  return pango_layout_get_text(face.items.at(0).block->layout());
}

}  // namespace

TEST_CASE(
    "a deck larger than the faces kept: those let go are laid out again alike and said once") {
  const size_t n = kFaceWindow + 100;
  bocage::test::ScratchDir dir(numbered_game(n, 1));
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  GameLayout g = lay_out_game(dir.root / "data", "g", templates, engine(), diags);
  REQUIRE(g.decks.size() == 1);
  const DeckLayout& d = g.decks[0];
  CHECK(g.cards_checked() == static_cast<int>(n));
  // Card c1's rule overflows: said once, however often its face is asked for.
  CHECK(count_code(diags, "layout/text-overflow") == 1);
  const size_t said = diags.size();
  const auto again = d.face(1);  // let go long ago: laid out anew
  CHECK(first_line(*again) == std::string(70, 'W'));
  for (size_t i : {size_t{0}, size_t{2}, n - 1, size_t{0}}) {
    INFO("card c" << i);
    // (the number, a quarter em between scripts, then the words)
    CHECK(first_line(*d.face(i)) == std::to_string(i) + "\u2005番目の部隊は前進する。");
  }
  CHECK(diags.size() == said);
  // The backs show the kind: two backs, each shared by every card of its kind.
  CHECK(d.first_alike_back(0) == size_t{0});
  CHECK(d.first_alike_back(1) == size_t{1});
  CHECK(d.first_alike_back(n - 1) == size_t{(n - 1) % 2});
  CHECK(d.back(4) == d.back(0));
  CHECK(d.back(3) != d.back(0));
  CHECK(first_line(*d.back(3)) == "B");
}

TEST_CASE("faces laid out when drawn are checked when asked for and check_all says the rest") {
  const size_t n = kFaceWindow + 100;
  bocage::test::ScratchDir dir(numbered_game(n, n - 1));
  Diagnostics diags;
  TemplateLibrary templates(dir.root / "templates", diags);
  GameLayout g =
      lay_out_game(dir.root / "data", "g", templates, engine(), diags, FaceTiming::when_drawn);
  REQUIRE(g.decks.size() == 1);
  CHECK(g.cards_checked() < 2);  // (the first, for its elements)
  CHECK_FALSE(diags.has_errors());
  for (size_t i = 0; i < n - 1; ++i) g.decks[0].face(i);
  CHECK_FALSE(diags.has_errors());
  g.check_all();
  CHECK(g.cards_checked() == static_cast<int>(n));
  CHECK(count_code(diags, "layout/text-overflow") == 1);
  g.check_all();  // nothing left: nothing said again
  CHECK(count_code(diags, "layout/text-overflow") == 1);
}
