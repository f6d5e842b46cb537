// A print pack is a game: what a player needs at the table without the
// rulebook is printed on the pieces. Read back from the built PDFs.
#include <cairo.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "../default_engine.h"
#include "../text_helpers.h"
#include "core/game_loader.h"
#include "generator/assemble/game_layout.h"
#include "generator/render/face_painter.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

/// How many times `part` is printed over all pages of `probe`.
int printed(const PdfProbe& probe, const std::string& part) {
  int n = 0;
  for (const auto& text : probe.page_texts)
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("Endless Patrol's cards carry the FAQ rulings and how a plain card is fought") {
  // One card a page (--imposition one-up), so each page's text is one card's.
  TempDir out;
  RunResult r = run_gen("build endless-patrol --imposition one-up " + kRoots + " --out '" +
                        out.path.string() + "'");
  REQUIRE(r.status == 0);
  const fs::path dir = out.path / "endless-patrol";

  // FAQ 3: the four GI cards with both ammo and AT (1, 15, 19, 20) are used for one of them.
  PdfProbe gi = probe_pdf(dir / "gi-oneup.pdf");
  CHECK(printed(gi, "弾薬か対戦車、どちらか一方として使う。") == 4);
  CHECK(printed(gi, "Useitforitsammoorforits") == 4);

  PdfProbe patrol = probe_pdf(dir / "patrol-oneup.pdf");
  // More FAQ 2: Minefield and Shelling are neither defeated nor avoided.
  CHECK(printed(patrol, "撃破できず、損耗も避けられない") == 2);
  CHECK(printed(patrol, "Cannotbedefeatedoravoided") == 2);
  // More FAQ 3: an AT patrol card with an ammo number also falls to enough ammo (10 cards).
  CHECK(printed(patrol, "弾薬の合計でも撃破できる。") == 10);
  // The 12 cards with nothing but an ammo number say how they are fought, with their number.
  CHECK(printed(patrol, "撃破するまで毎ターン損耗1。") == 12);
  CHECK(printed(patrol, "Untilthenitcosts1attritioneveryturn.") == 12);
  CHECK(printed(patrol, "装甲擲弾兵") == 1);
  CHECK(printed(patrol, "弾薬の合計が5以上になるようGIカードを出せば撃破") == 4);  // 4, 9, 11, 12

  // The tracker has its marker, and the aid's setup puts it on 15.
  PdfProbe marker = probe_pdf(dir / "marker-oneup.pdf");
  CHECK(marker.pages == 3);
  CHECK(printed(marker, "分隊") == 3);
  CHECK(printed(probe_pdf(dir / "aid-oneup.pdf"), "分隊マーカーをトラッカーの15に置く。") == 1);
}

TEST_CASE("Omaha Beach's beach cards hide their mines on the front and show them on the back") {
  // One-up: every copy's face page, then its back page.
  TempDir out;
  RunResult r = run_gen("build omaha-beach --imposition one-up " + kRoots + " --out '" +
                        out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  bocage::Diagnostics diags;
  bocage::Game game = bocage::load_game(kRoot + "/data", "omaha-beach", diags);
  REQUIRE_FALSE(diags.has_errors());
  const bocage::Deck* beach = game.deck("beach");
  REQUIRE(beach);
  REQUIRE(beach->total_count() == 27);

  PdfProbe cards = probe_pdf(out.path / "omaha-beach" / "beach-oneup.pdf");
  REQUIRE(cards.pages == 2 * 27);
  std::map<std::string, std::string> face_of;  // terrain + eye -> the face's text
  int page = 0, mines = 0, eyes = 0;
  for (const auto& card : beach->cards) {
    const std::string terrain = card.field("terrain")->symbols.at(0);
    const bool eye = card.field("eye") != nullptr, mine = card.field("mine") != nullptr;
    for (int copy = 0; copy < card.count; ++copy, page += 2) {
      INFO(card.id << " copy " << copy);
      const std::string& face = cards.page_texts[static_cast<size_t>(page)];
      const std::string& back = cards.page_texts[static_cast<size_t>(page + 1)];
      // The front names its terrain; a mined card's front is the same as a clear one's.
      CHECK(contains(face, strip_spaces(game.symbols.at(terrain).name.ja)));
      // The eye rule as the companion and the aid state it: a face that
      // prints the fire says no fire reaches a squad behind an eye, and an
      // eye card says none reaches it on the card (entered sideways too).
      const std::string flat = strip_spaces(face);
      if (contains(flat, "射撃で1ダメージ")) CHECK(contains(flat, "目の陰"));
      if (eye) CHECK(contains(flat, "目の上"));
      auto [known, fresh] = face_of.emplace(terrain + (eye ? "+eye" : ""), face);
      CHECK(known->second == face);
      // The back says mine or clear, never both.
      CHECK(contains(back, "地雷") == mine);
      CHECK(contains(back, "啓開済み") == !mine);
      mines += mine;
      eyes += eye;
    }
  }
  CHECK(mines == 12);
  CHECK(eyes == 6);
  // The eye shows on the front, named: eye cards and plain cards of a terrain differ.
  CHECK(face_of.at("hedgehog") != face_of.at("hedgehog+eye"));
}

TEST_CASE("Omaha Beach's beach cards print each back behind its own face") {
  TempDir out;
  RunResult r = run_gen("build omaha-beach " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  bocage::Diagnostics diags;
  bocage::Game game = bocage::load_game(kRoot + "/data", "omaha-beach", diags);
  const bocage::Deck* beach = game.deck("beach");
  REQUIRE(beach);
  std::vector<bool> mined;  // each copy in print order
  for (const auto& card : beach->cards)
    for (int i = 0; i < card.count; ++i) mined.push_back(card.field("mine") != nullptr);
  // 3 x 3 poker cards from (10.5, 16.5) mm; a long-edge flip mirrors the
  // column: the back of column c is printed in column 2 - c.
  const fs::path pdf = out.path / "omaha-beach" / "beach.pdf";
  REQUIRE(probe_pdf(pdf).pages == 6);
  for (size_t k = 0; k < mined.size(); ++k) {
    const int sheet = static_cast<int>(k / 9), slot = static_cast<int>(k % 9);
    const int col = slot % 3, row = slot / 3;
    INFO("card " << k);
    const std::string back =
        text_in(pdf, 2 * sheet + 1, 10.5 + 63 * (2 - col) + 2, 16.5 + 88 * row + 2, 59, 84);
    CHECK(contains(back, "地雷") == mined[k]);
    CHECK(contains(back, "啓開済み") == !mined[k]);
  }
}

TEST_CASE("Omaha Beach's trackers turn clockwise to the next value and the aid covers the game") {
  TempDir out;
  RunResult r = run_gen("build omaha-beach --imposition one-up " + kRoots + " --out '" +
                        out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path dir = out.path / "omaha-beach";
  // The squad, first in trackers.toml: face page 0, back page 1. A one-up
  // page is the 63 mm card with 3 mm of bleed around it.
  const fs::path trackers = dir / "trackers-oneup.pdf";
  const double bleed = 3, side = 63;
  struct Edge {
    const char* value;
    int page, quarter_turns;
    double x, y;  // the corner the value sits in, on the card
  };
  // Read at the top-left, then (each a quarter turn clockwise later) the
  // bottom-left corner read from the left edge, the bottom-right read upside
  // down, the top-right read from the right edge.
  for (const Edge& e :
       {Edge{"8", 0, 0, 0, 0}, Edge{"7", 0, 3, 0, side}, Edge{"6", 0, 2, side, side},
        Edge{"5", 0, 1, side, 0}, Edge{"4", 1, 0, 0, 0}, Edge{"3", 1, 3, 0, side},
        Edge{"2", 1, 2, side, side}, Edge{"DEAD", 1, 1, side, 0}}) {
    INFO(e.value);
    const auto words = words_on(trackers, e.page);
    // (the one nearest its corner: the back's note names the value too)
    const PdfWord* w = nullptr;
    auto distance = [&](const PdfWord& c) {
      return std::hypot(c.x_mm + c.w_mm / 2 - bleed - e.x, c.y_mm + c.h_mm / 2 - bleed - e.y);
    };
    for (const auto& c : words)
      if (c.text == e.value && (!w || distance(c) < distance(*w))) w = &c;
    REQUIRE(w);
    CHECK(w->quarter_turns == e.quarter_turns);
    // Within 17 mm of its corner.
    const double cx = w->x_mm + w->w_mm / 2 - bleed, cy = w->y_mm + w->h_mm / 2 - bleed;
    CHECK(std::abs(cx - e.x) < 17);
    CHECK(std::abs(cy - e.y) < 17);
  }
  // The demo charges and sniper end on LAST; the landing craft's back is the nest.
  PdfProbe t = probe_pdf(trackers);
  REQUIRE(t.pages == 12);
  CHECK(contains(t.page_texts[3], "LAST"));
  CHECK(contains(t.page_texts[5], "LAST"));
  CHECK(contains(t.page_texts[6], "A1"));
  CHECK(contains(t.page_texts[7], "機関銃陣地"));
  CHECK(contains(t.page_texts[10], "機関銃陣地"));

  // The aid: setup, the terrains a-d, the eye, the sniper, the charges, the
  // next phase, the nest, winning and losing, in both languages.
  PdfProbe aid = probe_pdf(dir / "aid-oneup.pdf");
  std::string all;
  for (const auto& p : aid.page_texts) all += p;
  for (const char* part : {"準備", "Setup", "a.平地", "b.鉄条網", "c.対戦車障害X型", "d.デルタ型",
                           "目のアイコン", "Theeye", "狙撃兵", "Sniper", "爆薬", "Democharges",
                           "次の強襲フェイズ", "機関銃陣地", "勝利", "Win:", "敗北", "Lose:"})
    CHECK(contains(all, part));
}

namespace {

/// The number field `key` of `card`, or nullptr.
const double* number(const bocage::Card& card, const std::string& key) {
  const bocage::FieldValue* f = card.field(key);
  return f ? &f->number : nullptr;
}

}  // namespace

TEST_CASE("SQUAD's deck has the rules' 121 cards and its notes resolved") {
  bocage::Diagnostics diags;
  bocage::Game game = bocage::load_game(kRoot + "/data", "squad", diags);
  REQUIRE_FALSE(diags.has_errors());
  const bocage::Deck* deck = game.deck("deck");
  REQUIRE(deck);
  // The card list: 58 designs, 121 cards: 43 M, 18 T, 46 A, 4 B, 10 N.
  CHECK(deck->cards.size() == 58);
  CHECK(deck->total_count() == 121);
  std::map<std::string, int> by_type;
  for (const auto& card : deck->cards) {
    INFO(card.id);
    REQUIRE(card.field("type"));
    REQUIRE(card.field("type")->symbols.size() == 1);
    by_type[card.field("type")->symbols[0]] += card.count;
    // Every attack card names a range it can be played at (Scout looks instead).
    if (card.field("type")->symbols[0] == "A" && card.id != "scout")
      CHECK((number(card, "pb") || number(card, "s") || number(card, "m") || number(card, "l")));
  }
  CHECK(by_type ==
        std::map<std::string, int>{{"M", 43}, {"T", 18}, {"A", 46}, {"B", 4}, {"N", 10}});
  // `list` shows the designs and the printed copies.
  RunResult list = run_gen("list squad --data '" + kRoot + "/data'");
  CHECK(list.status == 0);
  CHECK(contains(list.out, "58 cards, 121 printed (M 43, T 18, A 46, B 4, N 10)"));
  const auto card = [&](const std::string& id) -> const bocage::Card& {
    for (const auto& c : deck->cards)
      if (c.id == id) return c;
    FAIL("no card " << id);
    throw 0;
  };
  // Translator's note 3: smoke is -2 to the enemy's opportunity fire.
  REQUIRE(number(card("smoke"), "opportunity"));
  CHECK(*number(card("smoke"), "opportunity") == -2);
  // Bazooka/Panzerfaust: our design, an attack at S against fortifications.
  CHECK(card("bazooka-panzerfaust").field("design"));
  CHECK(number(card("bazooka-panzerfaust"), "s"));
  CHECK(number(card("bazooka-panzerfaust"), "fortification"));
  // The optional Flanking Fire cards are not in the 121.
  const bocage::Deck* variant = game.deck("variant");
  REQUIRE(variant);
  CHECK(variant->total_count() == 2);
  CHECK(variant->cards.at(0).field("optional"));

  // The nations: soldiers, draws, hand limits and roll modifiers of the rules.
  const bocage::Deck* nations = game.deck("nations");
  REQUIRE(nations);
  struct Nation {
    const char* id;
    double soldiers, draw, hand, morale, rally, moving_fire;
  };
  for (const Nation& n : {Nation{"us", 12, 3, 5, 1, 1, 0}, Nation{"de", 10, 4, 6, 0, 1, -2},
                          Nation{"uk", 10, 3, 5, 0, 0, -2}, Nation{"jp", 10, 3, 5, -1, 0, -2},
                          Nation{"ru", 36, 2, 4, 0, 0, -2}}) {
    INFO(n.id);
    const bocage::Card* c = nullptr;
    for (const auto& x : nations->cards)
      if (x.id == n.id) c = &x;
    REQUIRE(c);
    CHECK(*number(*c, "soldiers") == n.soldiers);
    CHECK(*number(*c, "draw") == n.draw);
    CHECK(*number(*c, "hand") == n.hand);
    CHECK(*number(*c, "morale") == n.morale);
    CHECK(*number(*c, "rally") == n.rally);
    CHECK(*number(*c, "moving_fire") == n.moving_fire);
  }
  CHECK(nations->cards.size() == 5);

  // The map variant: each side's squads start at long range (L = 4 hexes).
  const bocage::HexMap* map = game.map("village");
  REQUIRE(map);
  for (const char* letter : {"A", "B", "C"}) {
    INFO(letter);
    auto us = map->find_label(std::string("米") + letter);
    auto de = map->find_label(std::string("独") + letter);
    REQUIRE(us);
    REQUIRE(de);
    CHECK(map->grid.distance(*us, *de) == 4);
  }
  // Every terrain but open ground has an icon: the legend is not colour alone.
  for (const auto& [id, terrain] : map->terrain) {
    INFO(id);
    if (id != "open") CHECK_FALSE(terrain.icon.empty());
  }
}

TEST_CASE("SQUAD's printed pack: marked cards, nation cards, counters, tracker and aid") {
  TempDir out;
  RunResult r =
      run_gen("build squad --imposition one-up " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path dir = out.path / "squad";
  PdfProbe deck = probe_pdf(dir / "deck-oneup.pdf");
  CHECK(deck.pages == 2 * 121);
  CHECK(printed(deck, "独自デザイン") == 2);  // both Bazooka/Panzerfaust cards
  CHECK(printed(deck, "Ourdesign") == 2);
  CHECK(printed(deck, "オプション") == 0);
  PdfProbe variant = probe_pdf(dir / "variant-oneup.pdf");
  CHECK(printed(variant, "オプション：側面") == 2);
  CHECK(printed(variant, "Optional") == 2);

  // The nations' numbers, signed where they are modifiers, and the notes 7 and 8.
  PdfProbe nations = probe_pdf(dir / "nations-oneup.pdf");
  REQUIRE(nations.pages == 5);
  CHECK(contains(nations.page_texts[0], "12名"));
  CHECK(contains(nations.page_texts[0], "+1"));
  CHECK(contains(nations.page_texts[1], "威嚇：士気チェック-1"));
  CHECK(contains(nations.page_texts[2], "不屈の精神：士気チェック-1"));
  CHECK(contains(nations.page_texts[3], "バンザイ突撃"));
  CHECK(contains(nations.page_texts[4], "36名"));

  // Counters are double-sided: a squad's back is the same squad, pinned.
  PdfProbe counters = probe_pdf(dir / "counters-oneup.pdf");
  CHECK(contains(counters.page_texts[0], "米A"));
  CHECK(contains(counters.page_texts[1], "米A"));
  CHECK(contains(counters.page_texts[1], "釘付け"));

  // The tracker goes to 36 and the aid has the nine phases and the rolls.
  CHECK(contains(probe_pdf(dir / "tracker-oneup.pdf").page_texts[0], "36"));
  PdfProbe aid = probe_pdf(dir / "aid-oneup.pdf");
  std::string all;
  for (const auto& p : aid.page_texts) all += p;
  for (const char* part : {"1ドロー", "2士気", "3掩護射撃", "4臨機射撃", "5移動", "6定置射撃",
                           "7応射", "8回復", "9捨て札", "勝利", "1Draw", "9Discard", "遮蔽",
                           "ポイントマン", "側面のバリエーション", "マップのバリエーション"})
    CHECK(contains(all, part));
}

TEST_CASE("SQUAD's map legend tells the terrains apart by an icon, not only by colour") {
  bocage::Diagnostics diags;
  bocage::TemplateLibrary templates(kRoot + "/templates", diags);
  bocage::GameLayout g =
      bocage::lay_out_game(kRoot + "/data", "squad", templates, bocage::test::engine(), diags);
  REQUIRE_FALSE(diags.has_errors());
  const bocage::DeckLayout* sheet = g.deck("map");
  REQUIRE(sheet);
  const auto laid = sheet->face(0);
  const bocage::Face& face = *laid;
  const bocage::PlacedElement* legend = nullptr;
  for (const auto& item : face.items)
    if (item.element->kind == bocage::ElementKind::legend) legend = &item;
  REQUIRE(legend);

  // Paint the sheet at 10 px a millimetre.
  const double px = 10;
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(face.size.width * px),
                                 static_cast<int>(face.size.height * px));
  cairo_t* cr = cairo_create(surface);
  cairo_scale(cr, px, px);
  bocage::IconCache icons;
  bocage::paint_face(cr, face, {0, 0, face.size.width, face.size.height}, {0, 0, 0, 0}, icons,
                     templates);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  const auto colour_at = [&](double x_mm, double y_mm) {
    const auto* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const auto* row =
        reinterpret_cast<const uint32_t*>(data + static_cast<int>(y_mm * px) * stride);
    return row[static_cast<int>(x_mm * px)] & 0xffffff;
  };

  // Each swatch (a hexagon left of its name) holds its terrain's fill and,
  // but for open ground, other colours: the icon.
  const auto used = legend->map->used_terrain();
  REQUIRE(used.size() == 13);
  int with_icon = 0;
  for (size_t i = 0; i < used.size(); ++i) {
    const bocage::RectMm& box = legend->rows.at(i);
    const double r = box.height * 0.42;
    const double cx = legend->box.x + r + 0.5, cy = box.y + box.height / 2;
    const uint32_t fill = colour_at(cx - r * 0.75, cy);  // near the swatch's left corner
    std::set<uint32_t> inside;
    for (double dx = -r * 0.5; dx <= r * 0.5; dx += 0.1)
      for (double dy = -r * 0.5; dy <= r * 0.5; dy += 0.1)
        inside.insert(colour_at(cx + dx, cy + dy));
    INFO(used[i]->name.en);
    const bool icon = inside.size() > 1 || !inside.count(fill);
    CHECK(icon == !used[i]->icon.empty());
    with_icon += icon;
  }
  CHECK(with_icon == 12);
  cairo_surface_destroy(surface);
}
