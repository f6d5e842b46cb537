// The starter game as `bocage-gen new my-game` writes it (templates/starter,
// @GAME@ replaced), in a scratch data folder, with edits: the table helper's
// tests and bocage-play's end-to-end tests play it.
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "scratch_dir.h"
#include "text_helpers.h"

namespace bocage::test {

struct StarterGame {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{}};
  std::filesystem::path folder() const { return dir.root / "my-game"; }
  StarterGame() {
    namespace fs = std::filesystem;
    const fs::path starter = fs::path(BOCAGE_TEST_SOURCE_ROOT) / "templates/starter/data";
    for (const auto& e : fs::recursive_directory_iterator(starter)) {
      const fs::path to = folder() / fs::relative(e.path(), starter);
      if (e.is_directory()) {
        fs::create_directories(to);
        continue;
      }
      fs::create_directories(to.parent_path());
      std::string text = slurp(e.path());
      for (size_t at; (at = text.find("@GAME@")) != std::string::npos;)
        text.replace(at, 6, "my-game");
      std::ofstream(to, std::ios::binary) << text;
    }
  }
  void replace(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = slurp(folder() / file);
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::ofstream(folder() / file, std::ios::binary) << text;
  }
  void append(const std::string& file, const std::string& more) {
    std::ofstream(folder() / file, std::ios::binary | std::ios::app) << more;
  }
  /// Two players, named in companion.toml: 連合軍 (allies) and 枢軸軍 (axis).
  void two_seats() {
    replace("game.toml", "players = 1", "players = 2");
    append("companion.toml",
           "\n[[seat]]\nid = \"allies\"\nname = { ja = \"連合軍\", en = \"Allies\" }\n"
           "\n[[seat]]\nid = \"axis\"\nname = { ja = \"枢軸軍\", en = \"Axis\" }\n");
  }
};

}  // namespace bocage::test
