// Endless Patrol's data for the companion (ep_rules) and the one test of a
// shot (check_fire): the cards' ammo and symbols come from the deck files the
// cards are printed from; bad data is an error at its file and line.
#include <catch2/catch.hpp>

#include "companion/games/endless_patrol/ep_play.h"
#include "game_data.h"

using namespace bocage;

namespace {

using test::data_root;

EpRules rules() {
  Diagnostics diags;
  auto r = load_ep_rules(data_root(), "endless-patrol", diags);
  INFO(diags.format_all());
  REQUIRE(r);
  return *r;
}

/// The game's data with one file's text replaced: `from` becomes `to`.
struct EditedData : test::EditedGameData {
  EditedData(const std::string& file, const std::string& from, const std::string& to)
      : test::EditedGameData("endless-patrol", file, from, to) {}
  std::string errors() const { return test::EditedGameData::errors(load_ep_rules); }
};

}  // namespace

TEST_CASE("endless patrol rules: the decks as printed") {
  const EpRules r = rules();
  REQUIRE(r.gi.size() == 30);
  REQUIRE(r.patrol.size() == 43);
  const EpGiCard& flamethrower = r.gi[size_t(r.gi_by_no(1))];
  CHECK(flamethrower.ammo == 3);
  CHECK(flamethrower.at);
  CHECK(r.gi[size_t(r.gi_by_no(21))].look);
  CHECK(r.gi[size_t(r.gi_by_no(30))].dodge);
  const EpPatrolCard& dump = r.patrol[size_t(r.patrol_by_no(21))];
  CHECK((dump.at && dump.no_attrition && dump.draw == 2 && dump.ammo == 0));
  const EpPatrolCard& junker = r.patrol[size_t(r.patrol_by_no(34))];
  CHECK((junker.aa && junker.instant && junker.ammo == 9));
  CHECK(r.patrol[size_t(r.patrol_by_no(36))].undefeatable);
  CHECK(r.squad().max == 15);
  CHECK(r.hand_limit == 5);
  CHECK(r.start_hand == 4);
}

TEST_CASE("endless patrol rules: what defeats a patrol card") {
  const EpRules r = rules();
  using Res = EpFireCheck::Result;
  auto shot = [&](int patrol, std::vector<int> gi) {
    for (int& g : gi) g = r.gi_by_no(g);
    return check_fire(r, r.patrol_by_no(patrol), gi);
  };
  CHECK(shot(1, {1}).result == Res::defeats);   // AT 2: one AT card (FAQ 3: card 1 has ammo too)
  CHECK(shot(1, {7}).result == Res::defeats);   // ... or ammo 2 (more FAQ 3)
  CHECK(shot(1, {12}).result == Res::defeats);  // the bazooka
  CHECK(shot(33, {12}).result == Res::defeats);
  CHECK(shot(33, {5}).result == Res::needs_at);       // Panzer IV: no ammo number
  CHECK(shot(33, {12, 11}).result == Res::needs_at);  // one AT card, not two
  CHECK(shot(21, {15}).result == Res::defeats);       // N cards: AT only
  CHECK(shot(21, {3}).result == Res::needs_at);
  CHECK(shot(34, {5, 3}).result == Res::defeats);  // AA 9: 5 + 4
  auto aa = shot(34, {1, 5, 6});
  CHECK(aa.result == Res::aa);  // AA: an AT card cannot be used, even for its ammo
  CHECK(aa.card == r.gi_by_no(1));
  CHECK(shot(34, {5}).result == Res::short_of_ammo);
  CHECK(shot(34, {5}).ammo == 5);
  CHECK(shot(36, {5, 3, 4}).result == Res::undefeatable);  // more FAQ 2
  CHECK(shot(37, {12}).result == Res::undefeatable);
  auto extra = shot(41, {5, 6});  // Reservists 2: the Colt is not needed
  CHECK(extra.result == Res::not_needed);
  CHECK(extra.card == r.gi_by_no(6));
  auto plain = shot(41, {21, 7});
  CHECK(plain.result == Res::no_ammo);            // an L card has no ammo
  CHECK(shot(4, {3, 7}).result == Res::defeats);  // 4 + 2 >= 5, each needed
}

TEST_CASE("endless patrol rules: bad companion data is an error at its line") {
  SECTION("a missing deck") {
    EditedData d("companion.toml", "gi_deck = \"gi\"", "gi_deck = \"gis\"");
    const std::string e = d.errors();
    CHECK(e.find("companion.toml:9") != std::string::npos);
    CHECK(e.find("no deck 'gis' in this game") != std::string::npos);
  }
  SECTION("no mode option") {
    EditedData d("companion.toml", "values = [\"table\", \"virtual\"]", "values = [\"table\"]");
    CHECK(d.errors().find("needs the [[option]] 'mode' with values") != std::string::npos);
  }
  SECTION("no squad track") {
    EditedData d("companion.toml", "id = \"squad\"", "id = \"men\"");
    CHECK(d.errors().find("needs the [[track]] 'squad'") != std::string::npos);
  }
  SECTION("a hand limit out of range") {
    EditedData d("companion.toml", "hand_limit = 5", "hand_limit = 0");
    CHECK(d.errors().find("companion.toml:12") != std::string::npos);
  }
  SECTION("a patrol card nothing can defeat") {
    EditedData d("patrol-deck.toml",
                 "no = 3\nname = { ja = \"コンクリート陣地\", en = \"Concrete Emplacement\" "
                 "}\nsymbols = [\"AT\"]",
                 "no = 3\nname = { ja = \"コンクリート陣地\", en = \"Concrete Emplacement\" }");
    const std::string e = d.errors();
    CHECK(e.find("patrol-deck.toml:35") != std::string::npos);
    CHECK(e.find("has neither AT nor an ammo number: mark it undefeatable = true") !=
          std::string::npos);
  }
  SECTION("two cards with one number") {
    EditedData d("gi-deck.toml", "no = 2\n", "no = 1\n");
    CHECK(d.errors().find("the number 1 must be at least 1 and unique in deck 'gi'") !=
          std::string::npos);
  }
  SECTION("a card printed twice") {
    EditedData d("gi-deck.toml", "no = 2\n", "no = 2\ncount = 2\n");
    CHECK(d.errors().find("the companion needs each card of deck 'gi' once") != std::string::npos);
  }
}
