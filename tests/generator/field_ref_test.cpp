#include "generator/layout/field_ref.h"

#include <catch2/catch.hpp>

using namespace bocage;

namespace {

struct Fixture {
  Game game;
  Deck deck;
  Card card;
  Fixture() {
    game.id = "g";
    game.name = {"ゲーム", "Game"};
    game.symbols["AT"] = {"AT", {"対戦車", "Anti-tank"}, {}, {"AT", {}}, {}};
    game.symbols["L"] = {"L", {"偵察", "Look"}, {"5枚見る。", "Look at 5."}, {"L", {}}, {}};
    deck.id = "d";
    deck.name = {"デッキ", "Deck"};
    deck.fields = {{"ammo", FieldType::number, false, {}},
                   {"symbols", FieldType::symbols, false, {}},
                   {"flavour", FieldType::text, false, {}}};
    card.id = "c1";
    card.name = {"名前", "Name"};
    card.fields["ammo"] = {FieldType::number, 3, {}, {}, false, {}};
    card.fields["symbols"] = {FieldType::symbols, 0, {}, {"AT", "L"}, false, {}};
  }
};

}  // namespace

TEST_CASE("fields are interpolated from the card, the deck and the game") {
  Fixture f;
  BindContext ctx{f.game, f.deck, &f.card, -1};
  CHECK(interpolate("{name.ja} / {name.en}", ctx) == "名前 / Name");
  CHECK(interpolate("{name}", ctx) == "名前");
  CHECK(interpolate("弾薬{ammo}", ctx) == "弾薬3");
  CHECK(interpolate("{ammo.signed}", ctx) == "+3");
  CHECK(interpolate("{symbols}", ctx) == "AT L");
  CHECK(interpolate("{symbols.name.en}", ctx) == "Anti-tank・Look");
  CHECK(interpolate("{symbols.rule.ja}", ctx) == "5枚見る。");
  CHECK(interpolate("{deck.name.en} · {game.name.ja}", ctx) == "Deck · ゲーム");
  CHECK(interpolate("{symbol.L.rule.en}", ctx) == "Look at 5.");
  CHECK(interpolate("{{literal}} {id}", ctx) == "{literal} c1");
  CHECK(interpolate("{flavour.ja}", ctx).empty());
}

TEST_CASE("a field is set only when the card has a value") {
  Fixture f;
  BindContext ctx{f.game, f.deck, &f.card, -1};
  CHECK(ref_value("ammo", ctx).set);
  CHECK_FALSE(ref_value("flavour", ctx).set);
  CHECK(ref_value("symbols.rule", ctx).set);
  f.card.fields["symbols"].symbols = {"AT"};
  CHECK(ref_value("symbols", ctx).set);
  CHECK_FALSE(ref_value("symbols.rule", ctx).set);
}

TEST_CASE("a number field reads as a modifier with its sign") {
  Fixture f;
  BindContext ctx{f.game, f.deck, &f.card, -1};
  f.card.fields["ammo"].number = -2;
  CHECK(interpolate("{ammo.signed} / {ammo}", ctx) == "-2 / -2");
  f.card.fields["ammo"].number = 0;
  CHECK(interpolate("{ammo.signed} / {ammo}", ctx) == "±0 / 0");
  f.card.fields["ammo"].number = 1.5;
  CHECK(interpolate("{ammo.signed}", ctx) == "+1.5");
  CHECK(check_ref("ammo.signed", f.game, f.deck, false).ok);
  CHECK_FALSE(check_ref("ammo.sign", f.game, f.deck, false).ok);
  CHECK_FALSE(check_ref("symbols.signed", f.game, f.deck, false).ok);
}

TEST_CASE("references are checked against the deck's declared fields") {
  Fixture f;
  CHECK(check_ref("ammo", f.game, f.deck, false).ok);
  CHECK(check_ref("name.en", f.game, f.deck, false).ok);
  RefCheck typo = check_ref("amo", f.game, f.deck, false);
  CHECK_FALSE(typo.ok);
  CHECK(typo.hint.en == "did you mean 'ammo'?");
  CHECK_FALSE(check_ref("ammo.ja", f.game, f.deck, false).ok);
  CHECK_FALSE(check_ref("name.fr", f.game, f.deck, false).ok);
  CHECK_FALSE(check_ref("symbol.ZZ.name", f.game, f.deck, false).ok);
  CHECK_FALSE(check_ref("index", f.game, f.deck, false).ok);
  CHECK(check_ref("index", f.game, f.deck, true).ok);
  CHECK(check_ref("deck.name.ja", f.game, f.deck, false).ok);
}

TEST_CASE("unclosed braces are reported") {
  Text error;
  auto refs = refs_in("{name.ja} {ammo", &error);
  CHECK(refs == std::vector<std::string>{"name.ja"});
  CHECK_THAT(error.en, Catch::Contains("unclosed '{'"));
  CHECK_THAT(error.ja, Catch::Contains("「{」が閉じていません"));
}
