// The board's printed icons as serve's page gets them (companion/serve/board_icons.h):
// the names the board draws, found as bocage-gen finds them, and nothing else.
#include "companion/serve/board_icons.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "../companion/game_data.h"
#include "../scratch_dir.h"
#include "core/limits.h"
#include "served_table.h"

namespace fs = std::filesystem;
using namespace bocage;
using bocage::test::ScratchDir;

namespace {

fs::path shipped_templates() {
  return bocage::test::data_root().parent_path() / "templates";
}

bool starts_with(const std::string& s, const std::string& head) {
  return s.rfind(head, 0) == 0;
}

}  // namespace

TEST_CASE(
    "board icons: every terrain icon of SQUAD's map and every icon of Maquis's board is read") {
  for (const auto& [game, options] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"squad", {"virtual", "variant=map", "squads=2"}}, {"maquis", {"mode=virtual"}}}) {
    INFO(game);
    bocage::test::ServedTable t(game, options, 1, "ja");
    const auto board = t.session->module().board_view(t.session->state(), 0, Lang::ja);
    REQUIRE(board);
    const auto names = board_icon_names(*board);
    // SQUAD: each terrain but open ground has one (the legend does not rest on colour alone).
    CHECK(names.size() >= (game == "squad" ? 5u : 8u));
    for (const auto& name : names) {
      INFO(name);
      const auto svg = read_board_icon(name, bocage::test::data_root() / game, shipped_templates());
      REQUIRE(svg);
      CHECK(svg->find("<svg") != std::string::npos);
      CHECK(board_icon_url(name) == "/icons/" + name + ".svg");
    }
  }
}

TEST_CASE("board icons: the game's own icon first, then the templates', and no path a name makes") {
  ScratchDir dir({{"game/icons/hedge.svg", "<svg id='own'/>"},
                  {"templates/icons/hedge.svg", "<svg id='shared'/>"},
                  {"templates/icons/wheat.svg", "<svg id='wheat'/>"},
                  {"secret.svg", "<svg id='secret'/>"}});
  const fs::path game = dir.root / "game", templates = dir.root / "templates";
  CHECK(read_board_icon("hedge", game, templates) == "<svg id='own'/>");
  CHECK(read_board_icon("wheat", game, templates) == "<svg id='wheat'/>");
  CHECK_FALSE(read_board_icon("missing", game, templates));
  for (const char* bad : {"../secret", "../../secret", "/etc/passwd", "a/b", "", "HEDGE.SVG"}) {
    INFO(bad);
    CHECK_FALSE(read_board_icon(bad, game, templates));
  }
  // A link out of the folder is not followed, and the game's own broken one
  // is not replaced by the shared icon of the same name.
  fs::create_symlink(dir.root / "secret.svg", templates / "icons" / "link.svg");
  CHECK_FALSE(read_board_icon("link", game, templates));
  fs::create_directory(game / "icons" / "wheat.svg");
  CHECK_FALSE(read_board_icon("wheat", game, templates));
  // Larger than an icon may be.
  {
    std::ofstream big(templates / "icons" / "big.svg", std::ios::binary);
    big << "<svg>" << std::string(kMaxIconBytes, ' ') << "</svg>";
  }
  CHECK_FALSE(read_board_icon("big", game, templates));
  // A board's names, each once and sorted.
  BoardView v;
  for (const char* icon : {"wheat", "hedge", ""}) {
    BoardView::Shape shape;
    shape.icon = icon;
    v.shapes.push_back(shape);
  }
  BoardView::Legend entry;
  entry.icon = "wheat";
  v.legend.push_back(entry);
  CHECK(board_icon_names(v) == std::vector<std::string>{"hedge", "wheat"});
  CHECK(starts_with(board_icon_url("hedge"), "/icons/"));
}

TEST_CASE("board icons: a location's action as the board prints it, icons named as the aid does") {
  auto name = [](const std::string& id) {
    return id == "food" ? std::string("食料") : std::string();
  };
  const auto parts = action_parts(":food: → :agent: ／ :money:", name);
  REQUIRE(parts.size() == 5);
  CHECK(parts[0].icon == "food");
  CHECK(parts[0].text == "食料");
  CHECK(parts[1].icon.empty());
  CHECK(parts[1].text == "→");
  CHECK(parts[2].icon == "agent");
  CHECK(parts[2].text == "agent");  // no printed name: its id
  CHECK(parts[3].text == "／");
  CHECK(parts[4].icon == "money");
  // Words alone, a colon that is no icon, nothing.
  const auto words = action_parts("Food -> recruit: a waiting agent.", name);
  REQUIRE(words.size() == 1);
  CHECK(words[0].icon.empty());
  CHECK(words[0].text == "Food -> recruit: a waiting agent.");
  CHECK(action_parts("", name).empty());
  CHECK(action_parts("a :b c: :food:", name).back().icon == "food");
  // Maquis's board: the café's action, its icons by the aid's names, each served.
  bocage::test::ServedTable t("maquis", {"mode=virtual"}, 1, "ja");
  const auto board = t.session->module().board_view(t.session->state(), 0, Lang::ja);
  REQUIRE(board);
  const BoardView::Shape* cafe = nullptr;
  for (const auto& s : board->shapes)
    if (s.id == "cafe") cafe = &s;
  REQUIRE(cafe);
  REQUIRE(cafe->action.size() == 3);
  CHECK(cafe->action[0].text == "食料");
  CHECK(cafe->action[2].icon == "agent");
  CHECK(cafe->action[2].text == "仲間");
  const auto names = board_icon_names(*board);
  for (const char* icon : {"agent", "food", "airdrop", "mission", "spare-room"})
    CHECK(std::find(names.begin(), names.end(), icon) != names.end());
}
