// Maquis's print pack is the game: the board, the cards, the pieces and the
// aid, read back from the built PDFs and checked against the rules' fixed
// points (rules/maquis.ja.md) and against each other (the patrol cards name
// the board's locations, the pieces cover the most patrols a day can ask for).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>

#include "../text_helpers.h"
#include "core/board.h"
#include "core/game_loader.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

bocage::Game load_maquis() {
  bocage::Diagnostics diags;
  bocage::Game game = bocage::load_game(kRoot + "/data", "maquis", diags);
  INFO(diags.items().size() << " diagnostics");
  REQUIRE(game.board("town"));
  return game;
}

std::string all_text(const PdfProbe& p) {
  std::string out;
  for (const auto& t : p.page_texts) out += t;
  return out;
}

const bocage::Track* track(const bocage::Board& b, const std::string& id) {
  for (const auto& t : b.tracks)
    if (t.id == id) return &t;
  return nullptr;
}

}  // namespace

TEST_CASE("Maquis's patrol cards name three board locations each, the published one first") {
  bocage::Game game = load_maquis();
  const bocage::Board& board = *game.board("town");
  std::set<std::string> ja, en;
  for (const auto& [id, l] : board.locations) {
    ja.insert(l.name.ja);
    en.insert(l.name.en);
  }
  const bocage::Deck* patrol = game.deck("patrol");
  REQUIRE(patrol);
  int copies = 0;
  for (const auto& card : patrol->cards) {
    copies += card.count;
    for (const char* key : {"first", "second", "third"}) {
      INFO(card.id << " " << key);
      const bocage::FieldValue* f = card.field(key);
      REQUIRE(f);
      CHECK(ja.count(f->text.ja) == 1);
      CHECK(en.count(f->text.en) == 1);
      CHECK(f->text.en != "Safe House");
    }
  }
  CHECK(copies == 10);
  bool published = false;
  for (const auto& card : patrol->cards)
    published = published || (card.field("first")->text.en == "Radio B" &&
                              card.field("second")->text.en == "Rue Baradat" &&
                              card.field("third")->text.en == "Pont Leveque");
  CHECK(published);
}

TEST_CASE("Maquis's tracks, missions and pieces hold the rules' numbers") {
  bocage::Game game = load_maquis();
  const bocage::Board& board = *game.board("town");
  // A-01's examples: morale 3 gives at least 4 patrols, 7 gives 3; Fail first.
  const bocage::Track* morale = track(board, "morale");
  REQUIRE(morale);
  REQUIRE(morale->boxes.size() == 8);
  CHECK(morale->boxes[0].label == "Fail");
  CHECK(morale->boxes[3].second == "4");
  CHECK(morale->boxes[7].label == "7");
  CHECK(morale->boxes[7].second == "3");
  int most_patrols = 5;  // five agents
  for (const auto& b : morale->boxes)
    if (!b.second.empty()) most_patrols = std::max(most_patrols, std::stoi(b.second));
  // Orange days 2, 6, 9, 12 of 15; starred days exist for the Hard levels.
  const bocage::Track* days = track(board, "days");
  REQUIRE(days);
  REQUIRE(days->boxes.size() == 15);
  std::set<std::string> orange;
  int starred = 0;
  for (const auto& b : days->boxes) {
    if (b.marked) orange.insert(b.label);
    if (!b.mark.empty()) ++starred;
  }
  CHECK(orange == std::set<std::string>{"2", "6", "9", "12"});
  CHECK(starred > 0);
  const bocage::Track* soldiers = track(board, "soldiers");
  REQUIRE(soldiers);
  CHECK(soldiers->boxes.front().label == "0");

  // Rule 05's eleven missions in their two groups, 2 to 4 boxes each.
  const bocage::Deck* missions = game.deck("mission");
  REQUIRE(missions);
  REQUIRE(missions->cards.size() == 11);
  int group1 = 0;
  for (const auto& card : missions->cards) {
    INFO(card.id);
    const int boxes = static_cast<int>(card.field("boxes")->number);
    CHECK(boxes >= 2);
    CHECK(boxes <= 4);
    for (int k = 1; k <= 4; ++k) {
      const std::string box = "box" + std::to_string(k);
      const bool set = card.field(box) || card.field(box + "_visit");
      CHECK(set == (k <= boxes));
    }
    if (card.field("group")->number == 1) ++group1;
  }
  CHECK(group1 == 5);
  for (const char* id : {"underground-newspaper", "destroy-the-train", "sabotage", "infiltration",
                         "german-shepards"}) {
    INFO(id);
    const bocage::Card* c = nullptr;
    for (const auto& card : missions->cards)
      if (card.id == id) c = &card;
    REQUIRE(c);
    CHECK(c->field("group")->number == 1);
  }

  // Five agents, enough patrols, four tokens of each of the six resources.
  const bocage::Deck* pieces = game.deck("pieces");
  REQUIRE(pieces);
  int agents = 0, patrols = 0;
  for (const auto& card : pieces->cards) (card.field("agent") ? agents : patrols) += card.count;
  CHECK(agents == 5);
  CHECK(patrols >= most_patrols);
  const bocage::Deck* tokens = game.deck("tokens");
  REQUIRE(tokens);
  int kinds = 0;
  for (const auto& card : tokens->cards)
    if (card.field("resource")) {
      ++kinds;
      CHECK(card.count == 4);
      CHECK(game.symbols.count(card.id) == 1);
    }
  CHECK(kinds == 6);
}

TEST_CASE("Maquis builds: the board whole on A3 and tiled on A4, its actions drawn as icons") {
  TempDir out;
  RunResult r = run_gen("build maquis " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path dir = out.path / "maquis";
  for (const char* name :
       {"board.pdf", "board-full.pdf", "patrol.pdf", "mission.pdf", "spare-room.pdf", "pieces.pdf",
        "tokens.pdf", "markers.pdf", "aid.pdf"}) {
    INFO(name);
    CHECK(fs::exists(dir / name));
  }
  // Whole: one page no larger than A3 landscape (1191 x 842 pt).
  PdfProbe full = probe_pdf(dir / "board-full.pdf");
  REQUIRE(full.pages == 1);
  CHECK(full.page_sizes_pt[0].first <= 1191);
  CHECK(full.page_sizes_pt[0].second <= 842);
  // Tiled: several A4 pages (390 x 267 mm: three portrait pages).
  PdfProbe tiled = probe_pdf(dir / "board.pdf");
  CHECK(tiled.pages == 3);
  for (const auto& [w, h] : tiled.page_sizes_pt) CHECK(std::min(w, h) == Approx(595).margin(1));

  // Every location's name is printed, and no action is left as its markup
  // (:money:): the notation is drawn as icons.
  const std::string board_text = all_text(full);
  bocage::Game game = load_maquis();
  for (const auto& [id, l] : game.board("town")->locations) {
    INFO(id);
    CHECK(contains(board_text, strip_spaces(l.name.ja)));
    CHECK(contains(board_text, strip_spaces(l.name.en)));
  }
  CHECK_FALSE(contains(board_text, ":money:"));
  CHECK_FALSE(contains(board_text, ":food:"));
  CHECK(contains(board_text, "Fail"));

  // The mission cards print each name, ja and en; the aid covers the game.
  const std::string missions = all_text(probe_pdf(dir / "mission.pdf"));
  for (const char* s : {"列車の破壊", "DestroytheTrain", "将校への爆弾", "BombfortheOfficer"}) {
    INFO(s);
    CHECK(contains(missions, s));
  }
  const std::string aid = all_text(probe_pdf(dir / "aid.pdf"));
  for (const char* s : {"士気マーカーを士気6", "隠れ家", "逮捕", "射撃", "ベリーハード",
                        "作戦司令室", "Escaperoutes", "VeryHard"}) {
    INFO(s);
    CHECK(contains(aid, s));
  }
}
