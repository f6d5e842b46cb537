// A deck shuffled into another (SQUAD's flanking variant cards into the main
// deck) cannot be told apart face down: same size, same back (checked here;
// the generator lays its backs out as the other deck's).
#include <catch2/catch.hpp>

#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "core/game_loader.h"

using namespace bocage;
using bocage::test::find_code;
using bocage::test::require_diagnostic;
using bocage::test::ScratchDir;

namespace {

const std::string kGame =
    "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"deck.toml\", \"variant.toml\"]\n";
const std::string kDeck =
    "[deck]\nid = \"deck\"\nname = \"Deck\"\nsize = \"poker\"\nface = \"t/face\"\nback = "
    "\"t/back\"\n[[card]]\nid = \"a\"\nname = \"A\"\n";

// `extra` goes in [deck] (line 7); a card follows.
Diagnostics load(const std::string& size, const std::string& back, const std::string& extra,
                 const std::string& card_extra = "") {
  ScratchDir dir(
      {{"g/game.toml", kGame},
       {"g/deck.toml", kDeck},
       {"g/variant.toml", "[deck]\nid = \"variant\"\nname = \"Variant\"\nsize = " + size +
                              "\nface = \"t/face\"\nback = \"" + back + "\"\n" + extra +
                              "\n[[card]]\nid = \"v\"\nname = \"V\"\n" + card_extra}});
  Diagnostics diags;
  load_game(dir.root, "g", diags);
  return diags;
}

}  // namespace

TEST_CASE("shuffled_into: the same size and back as the deck is fine") {
  Diagnostics diags = load("\"poker\"", "t/back", "shuffled_into = \"deck\"");
  INFO(diags.format_all());
  CHECK(diags.items().empty());
}

TEST_CASE("shuffled_into: another back, another size or no such deck is an error") {
  require_diagnostic(load("\"poker\"", "t/other-back", "shuffled_into = \"deck\""),
                     "data/mixed-backs", "g/variant.toml", 1, 1,
                     "card 'v' is shuffled into 'deck' but has another back (t/other-back, where "
                     "that deck has t/back)");
  // A card's own back counts, at the card.
  require_diagnostic(load("\"poker\"", "t/back", "shuffled_into = \"deck\"", "back = \"t/x\"\n"),
                     "data/mixed-backs", "g/variant.toml", 8, 1, "another back (t/x");
  require_diagnostic(load("[63, 89]", "t/back", "shuffled_into = \"deck\""), "data/mixed-backs",
                     "g/variant.toml", 7, 17,
                     "deck 'variant' is shuffled into 'deck' but has another size");
  Diagnostics unknown = load("\"poker\"", "t/back", "shuffled_into = \"dek\"");
  require_diagnostic(unknown, "data/unknown-deck", "g/variant.toml", 7, 17, "no deck 'dek'");
  CHECK(find_code(unknown, "data/unknown-deck")->hint.en == "did you mean 'deck'?");
  require_diagnostic(load("\"poker\"", "t/back", "shuffled_into = \"variant\""),
                     "data/unknown-deck", "g/variant.toml", 7, 17, "no deck 'variant'");
  const Diagnostics itself = load("\"poker\"", "t/back", "shuffled_into = \"variant\"");
  const Diagnostic* self = find_code(itself, "data/unknown-deck");
  REQUIRE(self);
  CHECK_THAT(self->hint.en, !Catch::Contains("variant"));  // never itself
}
