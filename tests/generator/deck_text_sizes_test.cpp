// One title size per deck (size_policy, generator/layout/face_layout.h:
// deck_text_sizes): a deck's titles share the largest size at which every
// card's title fits, broken between words; a title that fits only far below
// its neighbours is a warning.
#include <catch2/catch.hpp>
#include <set>

#include "../default_engine.h"
#include "../diagnostic_matchers.h"
#include "../scratch_dir.h"
#include "generator/assemble/game_layout.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const std::vector<std::string> kNames = {"M1ガーランド",
                                         "トンプソンサブマシンガン",
                                         "M1903スプリングフィールド",
                                         "ブローニング自動小銃",
                                         "手榴弾",
                                         "携帯火炎放射器M1",
                                         "バズーカ"};

const std::string kGame =
    "[game]\nid = \"g\"\nname = { ja = \"ゲーム\", en = \"Game\" }\ncomponents = [\"deck.toml\"]\n";

std::string deck_toml(const std::vector<std::string>& names) {
  std::string s =
      "[deck]\nid = \"d\"\nname = { ja = \"デッキ\", en = \"Deck\" }\nsize = \"poker\"\n"
      "face = \"t/face\"\n";
  for (size_t i = 0; i < names.size(); ++i)
    s += "[[card]]\nid = \"c" + std::to_string(i) + "\"\nname = { ja = \"" + names[i] +
         "\", en = \"Card\" }\n";
  return s;
}

std::string face_toml(double width_mm, const std::string& policy = "") {
  return "[template]\n[[element]]\nkind = \"text\"\nbox = [5, 7, " + std::to_string(width_mm) +
         ", 14.5]\ntext = \"{name.ja}\"\nrole = \"title\"\nbold = true\nsize = 13\n"
         "min_size = 6\nmax_lines = 2\n" +
         (policy.empty() ? "" : "size_policy = \"" + policy + "\"\n");
}

struct Laid {
  std::unique_ptr<ScratchDir> dir;
  Diagnostics diags;
  GameLayout layout;
};

std::unique_ptr<Laid> lay_out(const std::vector<std::string>& names, const std::string& face) {
  auto out = std::make_unique<Laid>();
  out->dir = std::make_unique<ScratchDir>(
      std::vector<std::pair<std::string, std::string>>{{"data/g/game.toml", kGame},
                                                       {"data/g/deck.toml", deck_toml(names)},
                                                       {"templates/t/face.toml", face}});
  TemplateLibrary templates(out->dir->root / "templates", out->diags);
  out->layout = lay_out_game(out->dir->root / "data", "g", templates, engine(), out->diags);
  return out;
}

std::vector<const TextBlock*> titles(const GameLayout& g) {
  std::vector<const TextBlock*> out;
  REQUIRE(g.decks.size() == 1);
  for (size_t i = 0; i < g.decks[0].size(); ++i) {
    const auto f = g.decks[0].face(i);
    REQUIRE(f->items.size() == 1);
    out.push_back(f->items[0].block.get());
  }
  return out;
}

const std::set<std::string> kFonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};

}  // namespace

TEST_CASE("a deck's titles share one size: the largest at which every card's title fits") {
  for (double width : {26.0, 30.0, 34.0, 40.0, 46.0, 52.0}) {
    INFO("box width " << width << " mm");
    auto laid = lay_out(kNames, face_toml(width));
    INFO(laid->diags.format_all());
    CHECK_FALSE(laid->diags.has_errors());
    const auto blocks = titles(laid->layout);
    std::set<double> sizes;
    for (const TextBlock* b : blocks) {
      CHECK(b->fits);
      CHECK(b->line_count <= 2);
      sizes.insert(b->size_pt);
    }
    REQUIRE(sizes.size() == 1);
    const double shared = *sizes.begin();
    // The largest: a quarter point more and some card's title no longer fits
    // its box, even broken between words.
    if (shared < 13) {
      TextStyle s;
      s.family = "BIZ UDGothic";
      s.latin_family = "BIZ UDPGothic";
      s.bold = true;
      s.title = true;
      s.break_before_shrink = true;
      s.size_pt = s.min_size_pt = shared + 0.25;
      s.max_lines = 2;
      s.line_spacing = 1.2;  // a title's own when its template sets none
      bool one_does_not_fit = false;
      for (const auto& name : kNames)
        one_does_not_fit |= !fit_text(engine(), name, s, {width, 14.5}, kFonts).fits;
      CHECK(one_does_not_fit);
    }
    // A long name is broken, between its words, rather than shrunk alone.
    if (width <= 34) {
      bool broken = false;
      for (const TextBlock* b : blocks) broken |= b->line_count == 2;
      CHECK(broken);
    }
  }
}

TEST_CASE("size_policy = \"card\" lets each card's title take its own size") {
  auto laid = lay_out(kNames, face_toml(30, "card"));
  INFO(laid->diags.format_all());
  CHECK_FALSE(laid->diags.has_errors());
  std::set<double> sizes;
  for (const TextBlock* b : titles(laid->layout)) sizes.insert(b->size_pt);
  CHECK(sizes.size() > 1);
}

TEST_CASE("a title that fits only far below its deck's other titles is a warning") {
  auto names = kNames;
  names.push_back("第二次世界大戦中に使われた携帯式火炎放射器M2A1-7改良型");
  for (const std::string policy : {"", "deck", "card"}) {
    INFO("policy '" << policy << "'");
    auto laid = lay_out(names, face_toml(40, policy));
    INFO(laid->diags.format_all());
    CHECK_FALSE(laid->diags.has_errors());
    // At the long name's value in the deck (line 29 of deck.toml: the eighth card).
    // Under the card policy the shorter long names shrink onto one line too
    // and may warn; the long one always does, and alone under the deck policy.
    const Diagnostic* d = nullptr;
    size_t count = 0;
    for (const auto& w : laid->diags.items())
      if (w.code == "layout/size-below-deck") {
        ++count;
        d = &w;
      }
    REQUIRE(d != nullptr);
    CHECK(d->severity == Severity::warning);
    CHECK(ends_with(d->pos.file, "deck.toml"));
    CHECK(d->pos.line == 29);
    CHECK(d->pos.column == 8);
    CHECK_THAT(d->message.en, Catch::Contains("far below the deck's other cards"));
    if (policy != "card") CHECK(count == 1);
  }
  // Without the long name, no warning.
  auto laid = lay_out(kNames, face_toml(40));
  INFO(laid->diags.format_all());
  CHECK_FALSE(find_code(laid->diags, "layout/size-below-deck"));
}

TEST_CASE("an unknown size_policy is an error at its value") {
  auto laid = lay_out(kNames, face_toml(40, "page"));
  require_diagnostic(laid->diags, "template/bad-value", "face.toml", 11, 15,
                     "unknown size_policy 'page' (expected deck or card)");
}

TEST_CASE("a title of two lines is not set solid unless its template says so") {
  for (double width : {26.0, 30.0, 34.0}) {
    INFO("box width " << width << " mm");
    auto laid = lay_out(kNames, face_toml(width));
    int two_lines = 0;
    for (const TextBlock* b : titles(laid->layout)) {
      if (b->line_count < 2) continue;
      ++two_lines;
      CHECK(pango_layout_get_line_spacing(b->layout()) == Approx(1.2f));
      REQUIRE(b->line_ink_gap_mm.has_value());
      CHECK(*b->line_ink_gap_mm >= 0.2);  // clear of layout/lines-touch
    }
    CHECK(two_lines > 0);
    // The template's own line height wins, solid included.
    auto solid = lay_out(kNames, face_toml(width) + "line_spacing = 1.0\n");
    for (const TextBlock* b : titles(solid->layout))
      if (b->line_count >= 2) CHECK(pango_layout_get_line_spacing(b->layout()) == Approx(1.0f));
  }
}

namespace {

/// A face with two body texts (not titles), {name.ja} in a box `first_mm`
/// wide and {name.en} in one `second_mm` wide, each with `keys`.
std::string two_bodies(double first_mm, double second_mm, const std::string& first_keys,
                       const std::string& second_keys, int second_size = 12) {
  auto element = [](double width, int size, const std::string& keys) {
    return "[[element]]\nkind = \"text\"\nbox = [5, 7, " + std::to_string(width) +
           ", 6]\ntext = \"{name.ja}\"\nsize = " + std::to_string(size) +
           "\nmin_size = 6\nmax_lines = 1\n" + keys;
  };
  return "[template]\n" + element(first_mm, 12, first_keys) +
         element(second_mm, second_size, second_keys);
}

std::vector<std::pair<double, double>> body_sizes(const GameLayout& g) {
  std::vector<std::pair<double, double>> out;
  for (size_t i = 0; i < g.decks[0].size(); ++i) {
    const auto f = g.decks[0].face(i);
    REQUIRE(f->items.size() == 2);
    out.push_back({f->items[0].block->size_pt, f->items[1].block->size_pt});
  }
  return out;
}

}  // namespace

TEST_CASE("size_policy = \"deck\" gives a body text one size over the deck, as a title") {
  // Each card's name on one line of 30 mm: the longest sets the size.
  auto own = lay_out(kNames, two_bodies(30, 60, "", ""));
  auto deck = lay_out(kNames, two_bodies(30, 60, "size_policy = \"deck\"\n", ""));
  INFO(deck->diags.format_all());
  CHECK_FALSE(deck->diags.has_errors());
  std::set<double> own_sizes, deck_sizes;
  double smallest_own = 99;
  for (auto [first, second] : body_sizes(own->layout)) {
    own_sizes.insert(first);
    smallest_own = std::min(smallest_own, first);
  }
  for (auto [first, second] : body_sizes(deck->layout)) deck_sizes.insert(first);
  CHECK(own_sizes.size() > 1);  // without it, each card its own
  REQUIRE(deck_sizes.size() == 1);
  CHECK(*deck_sizes.begin() == smallest_own);
}

TEST_CASE("a size_group sets its texts at one size: the smallest of their deck sizes") {
  // The narrow box's deck size is below the wide one's; the group takes it
  // for both, on every card.
  auto laid =
      lay_out(kNames, two_bodies(30, 60, "size_group = \"body\"\n", "size_group = \"body\"\n"));
  INFO(laid->diags.format_all());
  CHECK_FALSE(laid->diags.has_errors());
  std::set<double> sizes;
  for (auto [first, second] : body_sizes(laid->layout)) {
    sizes.insert(first);
    sizes.insert(second);
  }
  REQUIRE(sizes.size() == 1);
  CHECK(*sizes.begin() < 12);
  // Alone in the wide box, the same texts keep a larger size.
  auto wide = lay_out(kNames, two_bodies(30, 60, "", "size_policy = \"deck\"\n"));
  CHECK(body_sizes(wide->layout)[0].second > *sizes.begin());
}

TEST_CASE("a size_group's texts must want one size, be horizontal and take the deck's size") {
  auto sizes =
      lay_out(kNames, two_bodies(30, 60, "size_group = \"body\"\n", "size_group = \"body\"\n", 11));
  CHECK(find_code(sizes->diags, "template/size-group"));
  CHECK_THAT(sizes->diags.format_all(),
             Catch::Contains("the texts of size_group 'body' must want one size: here size = 11, "
                             "min_size = 6, on line 2 size = 12, min_size = 6"));
  auto card =
      lay_out(kNames, two_bodies(30, 60, "size_group = \"b\"\nsize_policy = \"card\"\n", ""));
  CHECK_THAT(card->diags.format_all(),
             Catch::Contains("size_group 'b' cannot go with size_policy = \"card\""));
  auto vertical =
      lay_out(kNames, two_bodies(30, 60, "size_group = \"b\"\nwriting = \"vertical\"\n", ""));
  CHECK_THAT(vertical->diags.format_all(),
             Catch::Contains("size_group applies only to horizontal text"));
}
