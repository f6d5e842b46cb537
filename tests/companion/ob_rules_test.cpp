// Attack on Omaha Beach's data for the companion (ob_rules): the beach cards
// come from the deck file they are printed from, with their copies; what each
// terrain does from companion.toml; bad data is an error at its file and line.
#include <catch2/catch.hpp>
#include <regex>

#include "../text_helpers.h"
#include "companion/games/omaha_beach/ob_play.h"
#include "game_data.h"

using namespace bocage;
using bocage::test::contains;

namespace {

using test::data_root;

/// The game's data with one file's text replaced: `from` becomes `to`.
struct EditedData : test::EditedGameData {
  EditedData(const std::string& file, const std::string& from, const std::string& to)
      : test::EditedGameData("omaha-beach", file, from, to) {}
  /// Every match of `pattern` in `file` replaced by `to`.
  void replace_all(const std::string& file, const std::string& pattern, const std::string& to) {
    write(file, std::regex_replace(read(file), std::regex(pattern), to));
  }
  std::string errors() const { return test::EditedGameData::errors(load_ob_rules); }
  void require_error(const std::string& code, const std::string& ja, const std::string& en) const {
    test::EditedGameData::require_error(load_ob_rules, code, ja, en);
  }
};

}  // namespace

TEST_CASE("omaha beach rules: the beach deck as printed with its copies expanded") {
  Diagnostics diags;
  auto r = load_ob_rules(data_root(), "omaha-beach", diags);
  INFO(diags.format_all());
  REQUIRE(r);
  CHECK(r->cards.size() == 27);
  int wire = 0, eyes = 0, mines = 0;
  for (const auto& c : r->cards) {
    const ObFront& f = r->fronts[size_t(c.front)];
    wire += f.kind == ObTerrainKind::wire;
    eyes += f.eye;
    mines += c.mine;
  }
  CHECK(wire == 6);
  CHECK(eyes == 6);
  CHECK(mines == 12);
  CHECK(r->grids == 4);
  CHECK(r->squad().max == 8);
  CHECK(r->charges().max == 8);
  for (const auto& f : r->fronts) CHECK(f.id == (f.eye ? f.terrain + "-eye" : f.terrain));
}

TEST_CASE("omaha beach rules: bad data is an error at its place") {
  SECTION("a terrain kind that is not open, wire or obstacle") {
    EditedData d("companion.toml", "kind = \"wire\"", "kind = \"fence\"");
    const std::string e = d.errors();
    CHECK(contains(e, "companion.toml:"));
    d.require_error("companion/bad-terrain-kind",
                    "地形の種類「fence」は open、wire、obstacle のどれでもありません",
                    "the terrain kind 'fence' is not one of open, wire, obstacle");
  }
  SECTION("a terrain that game.toml does not have") {
    EditedData d("companion.toml", "id = \"delta\"", "id = \"dune\"");
    d.require_error("companion/unknown-terrain", "地形「dune」のシンボルが game.toml にありません",
                    "no symbol 'dune' in game.toml for this terrain");
  }
  SECTION("a terrain twice") {
    EditedData d("companion.toml", "id = \"delta\"", "id = \"flat\"");
    d.require_error("companion/duplicate-terrain", "地形「flat」が2回宣言されています",
                    "the terrain 'flat' is declared twice");
  }
  SECTION("a card whose terrain companion.toml does not say") {
    EditedData d("companion.toml",
                 "[[terrain]]\nid = \"delta\"\nkind = \"obstacle\"\nrule = \"4d\"\n"
                 "also = [\"デルタ\", \"デルタ型\", \"delta-type\"]\n",
                 "");
    const std::string e = d.errors();
    INFO(e);
    CHECK(contains(e, "beach-deck.toml:"));
    d.require_error("companion/card-terrain",
                    "コンパニオンには companion.toml の [[terrain]] の地形（flat, hedgehog, "
                    "wire）がちょうど1つ必要です",
                    "the companion needs exactly one terrain of companion.toml's [[terrain]] "
                    "(flat, hedgehog, wire)");
  }
  SECTION("a deck smaller than a grid and its start row") {
    // One card of each kind but plain flat ground: 11 cards, one short of 3x3 and a row.
    EditedData d("beach-deck.toml", "id = \"flat\"\ncount = 5", "id = \"flat\"\ncount = 5");
    d.replace_all("beach-deck.toml", "count = [0-9]+", "count = 1");
    d.replace_all("beach-deck.toml",
                  "\\[\\[card\\]\\]\nid = \"flat\"\ncount = 1\nname = [^\n]*\nterrain = [^\n]*\n",
                  "");
    const std::string e = d.errors();
    CHECK(contains(e, "beach-deck.toml:"));
    d.require_error("companion/deck-too-small",
                    "海岸地形カードは 11 枚です。コンパニオンには少なくとも 12 枚",
                    "the beach deck has 11 cards; the companion needs at least 12");
  }
  SECTION("no deck of that id") {
    EditedData d("companion.toml", "deck = \"beach\"", "deck = \"sand\"");
    d.require_error("companion/unknown-deck", "このゲームにデッキ「sand」はありません",
                    "no deck 'sand' in this game");
  }
  SECTION("a board colour that is no #rrggbb") {
    EditedData d("companion.toml", "back_fill = \"#d8c48f\"", "back_fill = \"url(x)\"");
    d.require_error("companion/bad-colour",
                    "back_fill は #rrggbb の色でなければなりません（「url(x)」）",
                    "back_fill must be a colour #rrggbb (not 'url(x)')");
  }
  SECTION("no mode option") {
    EditedData d("companion.toml", "values = [\"table\", \"virtual\"]", "values = [\"table\"]");
    d.require_error("companion/missing-option", "の [[option]] 'mode' が必要です",
                    "needs the [[option]] 'mode'");
  }
  SECTION("no sniper track") {
    EditedData d("companion.toml", "id = \"sniper\"", "id = \"snipers\"");
    CHECK(contains(d.errors(), "the [[track]] 'sniper'"));
  }
}
