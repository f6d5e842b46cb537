// A served game's table for the tests (companion/serve/web_table.h): a new
// session of `game` in a scratch folder and its WebTable, with what a test
// asks of the pages (whose question is open, its choices).
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "../companion/game_data.h"
#include "../scratch_dir.h"
#include "companion/games/registry.h"
#include "companion/serve/web_table.h"

namespace bocage::test {

struct ServedTable {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{}};
  std::optional<Session> session;
  std::optional<WebTable> table;

  ServedTable(const std::string& game, std::vector<std::string> options, uint64_t seed,
              const std::string& lang = "en", const std::filesystem::path& data = data_root()) {
    SessionHeader h{game, "test", seed, lang, options};
    SessionError e;
    auto log = SessionLog::create(dir.root / "g.session", h, &e);
    REQUIRE(log);
    std::string why;
    auto module = load_game_module(data, game, options, &why);
    REQUIRE(module);
    auto opened = Session::open(std::move(*log), std::move(module), &why);
    REQUIRE(opened);
    session.emplace(std::move(*opened));
    table.emplace(*session, "SQUAD");
  }
  nlohmann::json act(int seat, nlohmann::json body) { return table->act(seat, body); }
  /// The seat a question is asked of now, or -1.
  int asked() {
    const nlohmann::json v = table->view(0);
    return v.contains("question_for") ? v["question_for"].get<int>() : -1;
  }
  /// The choices of the question `seat` is shown (none: empty).
  std::vector<std::string> choices(int seat) {
    const nlohmann::json v = table->view(seat);
    return v.contains("question") ? v["question"]["choices"].get<std::vector<std::string>>()
                                  : std::vector<std::string>{};
  }
};

}  // namespace bocage::test
