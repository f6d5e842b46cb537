// The heuristic Maquis player: whole games without an engine error, a win
// rate far above the random player's over the same games, and air drops
// called and collected, so that a regression in the player is caught (the
// figures: data/maquis/README.md).
#include <catch2/catch.hpp>

#include "companion/games/registry.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/simulation.h"
#include "game_data.h"
#include "player_race.h"

using namespace bocage;

namespace {

/// The heuristic player, keeping the words of every move it makes.
class Recorder final : public Player {
 public:
  Recorder(std::shared_ptr<const GameModule> module, std::unique_ptr<Player> inner,
           std::vector<std::vector<std::string>>& moves)
      : module_(std::move(module)), inner_(std::move(inner)), moves_(moves) {}
  void new_game() override { inner_->new_game(); }
  size_t choose(const GameState& view, const std::vector<Move>& moves, Rng& rng) override {
    const size_t i = inner_->choose(view, moves, rng);
    moves_.push_back(module_->words(moves[i]));
    return i;
  }
  size_t answer(const Question& q, Rng& rng) override { return inner_->answer(q, rng); }

 private:
  std::shared_ptr<const GameModule> module_;
  std::unique_ptr<Player> inner_;
  std::vector<std::vector<std::string>>& moves_;
};

}  // namespace

TEST_CASE("maquis player: wins far more often than the random player over the same games") {
  const auto [heuristic, random] =
      test::race_players(test::data_root(), "maquis", {"mode=virtual"}, 300);
  CHECK(heuristic.errors.empty());
  CHECK(random.errors.empty());
  INFO("heuristic " << heuristic.wins << ", random " << random.wins << " of 300");
  CHECK(heuristic.win_rate.low > random.win_rate.high + 0.15);
}

// Issue 32, item 5: a player that never calls an air drop plays Easy as
// Normal, the only difference the rules make between them (04). The fields
// lie far from home, so the player calls few (about one game in six) and
// collects fewer: over 200 games, 34 calls and 6 collections at Easy.
TEST_CASE("maquis player: calls air drops at a radio and collects them on the field") {
  int calls = 0, collects = 0;
  for (const std::string level : {"easy", "normal"}) {
    const std::vector<std::string> options = {"mode=virtual", "level=" + level};
    std::string why, note;
    std::shared_ptr<const GameModule> module =
        load_game_module(test::data_root(), "maquis", options, &why);
    REQUIRE(module);
    auto factory =
        make_player_factory("heuristic", "maquis", test::data_root(), options, &note, &why);
    REQUIRE(factory);
    int won = 0;
    for (int g = 0; g < 40; ++g) {
      std::vector<std::vector<std::string>> moves;
      std::vector<std::unique_ptr<Player>> players;
      players.push_back(std::make_unique<Recorder>(module, factory(), moves));
      const GameRecord r = play_game(module, players, game_seed(7, g), 5000);
      REQUIRE_FALSE(r.error);
      won += r.victory;
      for (const auto& w : moves) {
        if (w.size() >= 5 && w[0] == "act" && w[2] == "airdrop") {
          ++calls;
          CHECK((w[1] == "radio-a" || w[1] == "radio-b"));
          CHECK((w[4] == "field-1" || w[4] == "field-2"));
        }
        if (w.size() == 2 && w[0] == "act" && w[1].rfind("field-", 0) == 0) ++collects;
      }
    }
    INFO(level << ": " << won << " of 40 won");
    CHECK(won >= 4);
  }
  INFO(calls << " drops called, " << collects << " collected in 80 games");
  CHECK(calls >= 5);
  CHECK(collects >= 1);
}
