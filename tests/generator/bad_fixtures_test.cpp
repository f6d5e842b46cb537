// Every bad-input fixture under tests/fixtures/bad/ laid out as `validate`
// does, each with the code, file, line, column and message it must report.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

#include "../default_engine.h"
#include "../diagnostic_matchers.h"
#include "generator/assemble/game_layout.h"

using namespace bocage;
using bocage::test::engine;
using bocage::test::require_diagnostic;

namespace {

struct BadCase {
  const char* game;  // the folder under tests/fixtures/bad/
  const char* code;
  const char* file;  // suffix of the file the diagnostic names
  int line;
  int column;
  const char* message;  // part of the message
};

// The fixtures added for issue 9 (ids, numbers, sizes, silently accepted input).
const BadCase kCases[] = {
    {"bad-deck-id-dotdot", "data/bad-id", "bad/bad-deck-id-dotdot/deck.toml", 2, 6,
     "'id' in [deck] is '../../../x', not a valid id"},
    {"bad-deck-id-slash", "data/bad-id", "bad/bad-deck-id-slash/deck.toml", 2, 6,
     "is 'sub/dir', not a valid id"},
    {"bad-deck-id-empty", "data/bad-id", "bad/bad-deck-id-empty/deck.toml", 2, 6,
     "is '', not a valid id"},
    {"bad-deck-id-long", "data/bad-id", "bad/bad-deck-id-long/deck.toml", 2, 6, "not a valid id"},
    {"bad-card-id", "data/bad-id", "bad/bad-card-id/deck.toml", 12, 6,
     "'id' in card '../c' is '../c', not a valid id"},
    {"bad-card-id-space", "data/bad-id", "bad/bad-card-id-space/deck.toml", 12, 6,
     "is 'a b', not a valid id"},
    {"bad-symbol-id", "data/bad-id", "bad/bad-symbol-id/game.toml", 10, 1,
     "symbol 'a/b' is not a valid id"},
    {"bad-icon-name", "data/bad-id", "bad/bad-icon-name/game.toml", 12, 8,
     "'icon' in [symbols.X] is '../../secret'"},
    {"bad-map-id", "data/bad-id", "bad/bad-map-id/map.toml", 2, 6, "'id' in [map] is 'm/../x'"},
    {"bad-terrain-icon-name", "data/bad-id", "bad/bad-terrain-icon-name/map.toml", 13, 8,
     "'icon' in [map.terrain.field] is '../AT'"},
    {"card-icon-outside", "layout/bad-icon", "bad/card-icon-outside/deck.toml", 13, 8,
     "icon name '../../../../etc/x' is not a valid id"},
    {"card-icon-missing", "layout/missing-icon", "bad/card-icon-missing/deck.toml", 13, 8,
     "not found"},
    {"nan-size", "data/bad-number", "bad/nan-size/deck.toml", 4, 9,
     "'size' in [deck] is nan (expected a finite number)"},
    {"inf-size", "data/bad-number", "bad/inf-size/deck.toml", 4, 13, "'size' in [deck] is inf"},
    {"nan-size-string", "data/bad-number", "bad/nan-size-string/deck.toml", 4, 9, "is nan"},
    {"tiny-size", "data/bad-size", "bad/tiny-size/deck.toml", 4, 8, "between 5 and 1000 mm"},
    {"huge-size", "data/bad-size", "bad/huge-size/deck.toml", 4, 8, "between 5 and 1000 mm"},
    {"nan-field", "data/bad-number", "bad/nan-field/deck.toml", 14, 8, "'ammo' in card 'a' is nan"},
    {"inf-corner-radius", "data/bad-number", "bad/inf-corner-radius/deck.toml", 6, 17,
     "'corner_radius' in [deck] is -inf"},
    {"players-out-of-range", "data/out-of-range", "bad/players-out-of-range/game.toml", 4, 11,
     "'players' in [game] is 100000 (expected 1 to 16)"},
    {"label-format-wide", "data/bad-value", "bad/label-format-wide/map.toml", 8, 16,
     "the width after % is at most 9"},
    {"nan-hex-size", "data/bad-number", "bad/nan-hex-size/map.toml", 6, 12,
     "'hex_size' in [map] is nan"},
    {"inf-road-width", "data/bad-number", "bad/inf-road-width/board.toml", 4, 14,
     "'road_width' in [board] is inf"},
    {"board-at-out-of-range", "data/out-of-range", "bad/board-at-out-of-range/board.toml", 8, 11,
     "'at' in [board.location.a] is 1e+12 mm (expected -1000 to 1000 mm)"},
    {"inf-stroke", "data/bad-number", "templates/test/inf-stroke.toml", 4, 16,
     "'stroke_width' in [[element]] #1 of template 'test/inf-stroke' is inf"},
    {"huge-stroke", "data/out-of-range", "templates/test/huge-stroke.toml", 4, 16,
     "'stroke_width' in [[element]] #1 of template 'test/huge-stroke' is 50 mm (expected 0 to 20 "
     "mm)"},
    {"nan-box", "data/bad-number", "templates/test/nan-box.toml", 3, 8,
     "'box' in [[element]] #1 of template 'test/nan-box' is nan"},
    {"nan-dash", "data/bad-number", "templates/test/nan-dash.toml", 4, 12,
     "'dash' in [[element]] #1 of template 'test/nan-dash' is nan"},
    {"inf-repeat-dx", "data/bad-number", "templates/test/inf-repeat-dx.toml", 4, 28,
     "'dx' in 'repeat' of [[element]] #1 of template 'test/inf-repeat-dx' is inf"},
    {"huge-text-size", "data/out-of-range", "templates/test/huge-text-size.toml", 5, 8,
     "'size' in [[element]] #1 of template 'test/huge-text-size' is 1000000000 pt (expected 2 to "
     "144 pt)"},
    {"tiny-min-size", "data/out-of-range", "templates/test/tiny-min-size.toml", 6, 12,
     "'min_size' in [[element]] #1 of template 'test/tiny-min-size' is 0.0001 pt (expected 2 to "
     "144 pt)"},
    {"huge-line-spacing", "data/out-of-range", "templates/test/huge-line-spacing.toml", 6, 16,
     "'line_spacing' in [[element]] #1 of template 'test/huge-line-spacing' is 1000000000"},
    {"huge-max-lines", "data/out-of-range", "templates/test/huge-max-lines.toml", 6, 13,
     "'max_lines' in [[element]] #1 of template 'test/huge-max-lines' is 99999999 (expected 0 to "
     "100)"},
    {"deep-header", "data/too-deep", "bad/deep-header/game.toml", 10, 119,
     "nested more than 32 levels deep"},
    {"deep-array", "data/too-deep", "bad/deep-array/deck.toml", 14, 36,
     "nested more than 32 levels deep"},
    {"deep-inline-table", "data/too-deep", "bad/deep-inline-table/deck.toml", 14, 191,
     "nested more than 32 levels deep"},
    {"long-string", "data/too-long", "bad/long-string/deck.toml", 14, 8,
     "a string of 18000 bytes (at most 16384)"},
    {"extends-too-deep", "template/extends-too-deep", "templates/chain/c16.toml", 2, 11,
     "template 'chain/c00' extends more than 16 templates"},
    {"extends-cycle", "template/extends-cycle", "templates/test/cycle-b.toml", 2, 11,
     "test/cycle-a -> test/cycle-b -> test/cycle-a"},
    {"empty-icon", "data/bad-icon", "bad/empty-icon/game.toml", 12, 8, "is empty"},
    {"truncated-icon", "data/bad-icon", "bad/truncated-icon/game.toml", 12, 8, "is broken"},
    {"garbage-icon", "data/bad-icon", "bad/garbage-icon/game.toml", 12, 8, "is broken"},
    {"prefixed-text-icon", "data/svg-text", "bad/prefixed-text-icon/game.toml", 12, 8,
     "contains <text>"},
    {"template-broken-icon", "template/bad-icon", "templates/test/garbage-icon.toml", 1, 1,
     "is broken"},
    {"empty-template", "template/empty", "templates/test/empty.toml", 1, 1,
     "template 'test/empty' has neither [template] nor [[element]]"},
    {"element-not-table", "data/wrong-type", "templates/test/element-not-table.toml", 1, 12,
     "each [[element]] of template 'test/element-not-table' must be a table"},
    {"empty-components", "data/empty-components", "bad/empty-components/game.toml", 4, 14,
     "'components' of game 'empty-components' lists no file"},
    {"no-game-toml", "data/missing-file", "bad/no-game-toml/game.toml", 0, 0, "cannot read"},
    {"long-ruby", "data/bad-ruby", "bad/long-ruby/deck.toml", 14, 8,
     "'text' of card 'a' has a ruby of 50 characters (at most 40)"},
    {"track-box-too-small", "layout/box-smaller-than-piece", "templates/test/track.toml", 2, 1,
     "is 15.40 x 15.40 mm but holds the 19.05 x 19.05 mm pieces of deck 'c'"},
    {"holds-unknown-deck", "template/unknown-deck", "templates/test/track-unknown.toml", 2, 1,
     "names no deck 'countres'"},
};

// The older fixtures, asserted in tests/core/game_loader_test.cpp and
// tests/generator/game_layout_test.cpp.
const std::set<std::string> kTestedElsewhere = {"bad-count",        "bad-markup",
                                                "duplicate-id",     "many-errors",
                                                "missing-font",     "missing-font-and-template",
                                                "misspelt-font",    "missing-glyph",
                                                "missing-icon",     "missing-key",
                                                "missing-template", "outside-root",
                                                "overflow",         "svg-text",
                                                "syntax",           "template-outside-root",
                                                "unknown-field",    "unknown-key",
                                                "unknown-symbol",   "wrong-type"};

}  // namespace

TEST_CASE("each bad fixture reports its error at its file, line and column") {
  for (const auto& c : kCases) {
    SECTION(c.game) {
      Diagnostics diags;
      TemplateLibrary templates(std::string(BOCAGE_FIXTURES) + "/templates", diags);
      lay_out_game(std::string(BOCAGE_FIXTURES) + "/bad", c.game, templates, engine(), diags);
      require_diagnostic(diags, c.code, c.file, c.line, c.column, c.message);
    }
  }
}

TEST_CASE("every bad fixture folder is asserted somewhere") {
  std::set<std::string> listed(kTestedElsewhere);
  for (const auto& c : kCases) CHECK(listed.insert(c.game).second);  // no case twice
  std::set<std::string> folders;
  for (const auto& e : std::filesystem::directory_iterator(std::string(BOCAGE_FIXTURES) + "/bad"))
    folders.insert(e.path().filename().string());
  CHECK(folders == listed);
  CHECK(folders.size() >= 60);
}
