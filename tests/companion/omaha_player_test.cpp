// The heuristic Omaha Beach player (what it does where the rules make the
// choice clear, and that it wins far more often than the random player), and
// the module's invariants: a sound game passes, each broken state is named.
#include <catch2/catch.hpp>

#include "companion/engine/game_core.h"
#include "companion/games/omaha_beach/ob_module.h"
#include "companion/games/omaha_beach/ob_play.h"
#include "companion/games/registry.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/sim_stats.h"
#include "companion/simulate/simulation.h"
#include "player_race.h"

using namespace bocage;

namespace {

const std::filesystem::path kRoot = std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
const std::string kGame = "omaha-beach";

ObRules rules() {
  Diagnostics diags;
  auto r = load_ob_rules(kRoot, kGame, diags);
  REQUIRE(r);
  return std::move(*r);
}

int front(const ObRules& R, const std::string& id) {
  for (size_t f = 0; f < R.fronts.size(); ++f)
    if (R.fronts[f].id == id) return int(f);
  FAIL("no front " << id);
  return -1;
}

/// A virtual game just dealt (seed 5), narration off.
struct Table {
  std::shared_ptr<const GameModule> module;
  ObRules R = rules();
  std::unique_ptr<Player> player;
  ObState state;

  Table() {
    std::string why, note;
    module = load_game_module(kRoot, kGame, {"virtual"}, &why);
    REQUIRE(module);
    auto factory = make_player_factory("heuristic", kGame, kRoot, {"virtual"}, &note, &why);
    REQUIRE(factory);
    CHECK(note.empty());
    player = factory();
    GameSettings settings;
    settings.narrate = false;
    GameCore game(module, 5, settings);
    state = static_cast<const ObState&>(game.state());
  }
  /// Every card of the grid's rows 1-3 given the front `id` (the cards kept).
  void all(const std::string& id) {
    for (int r = 1; r <= kObFarRow; ++r)
      for (int c = 0; c < kObColumns; ++c) state.at(r, c).front = front(R, id);
  }
  std::vector<std::string> pick() {
    Rng rng(1);
    auto moves = module->legal_moves(state);
    auto view = module->view(state, 0);
    return module->words(moves[player->choose(*view, moves, rng)]);
  }
};

}  // namespace

TEST_CASE(
    "omaha player: lands where the way is open and uses the sniper and blows wire while a charge "
    "is spare") {
  Table t;
  t.all("wire");
  t.state.at(1, 2).front = front(t.R, "flat");
  t.state.at(2, 2).front = front(t.R, "flat");
  t.state.at(3, 2).front = front(t.R, "flat");
  CHECK(t.pick() == std::vector<std::string>{"land", "right"});  // the only way without wire
  t.state.landed = true;
  t.state.column = 2;
  CHECK(t.pick() == std::vector<std::string>{"move", "forward", "sniper"});
  t.state.sniper.value = 0;
  CHECK(t.pick() == std::vector<std::string>{"move", "forward"});
  // Wire everywhere ahead: it blows a way while a charge is spare.
  t.all("wire");
  t.state.charges.value = 3;
  CHECK(t.pick()[0] == "blow");
}

TEST_CASE("omaha player: creeps onto an obstacle rather than spend a charge on it") {
  Table t;
  t.all("flat");
  t.state.at(1, 1).front = front(t.R, "hedgehog");
  t.state.landed = true;
  t.state.column = 1;
  t.state.sniper.value = 0;
  CHECK(t.pick() == std::vector<std::string>{"move", "forward"});
}

TEST_CASE("omaha player: wins far more often than the random player over the same games") {
  const auto [heuristic, random] = test::race_players(kRoot, kGame, {"virtual"}, 2000);
  CHECK(heuristic.errors.empty());
  CHECK(random.errors.empty());
  INFO("heuristic " << heuristic.wins << ", random " << random.wins << " of 2000");
  CHECK(heuristic.win_rate.low > random.win_rate.high + 0.5);
  // Neither trivial nor hopeless (the deck's design, data/omaha-beach/README.md).
  CHECK(heuristic.win_rate.low > 0.15);
  CHECK(heuristic.win_rate.high < 0.85);
}

TEST_CASE("omaha invariants: a sound game passes and each broken state is named") {
  Table t;
  const ObRules& R = t.R;
  CHECK(ob_check_invariants(R, true, t.state).empty());
  {
    ObState s = t.state;
    s.at(2, 1).card = s.at(1, 1).card;  // one card in two places, one in none
    CHECK_FALSE(ob_check_invariants(R, true, s).empty());
  }
  {
    ObState s = t.state;
    s.squad.value = s.squad.min;  // DEAD, and the game goes on
    CHECK(ob_check_invariants(R, true, s) == "DEAD and the end disagree");
  }
  {
    ObState s = t.state;
    s.charges.value = 0;
    CHECK(ob_check_invariants(R, true, s) == "no charge left, and the game goes on");
  }
  {
    ObState s = t.state;
    s.landed = true;
    s.row = 1;  // on a card it never turned
    CHECK(ob_check_invariants(R, true, s) == "the squad stands on a card it never entered");
  }
  {
    ObState s = t.state;
    s.at(1, 0).nest = true;
    s.at(1, 0).front = -1;
    CHECK_FALSE(ob_check_invariants(R, true, s).empty());
  }
  {
    ObState s = t.state;
    s.sniper.value = 9;
    CHECK(ob_check_invariants(R, true, s) == "a track is out of its bounds");
  }
  CHECK(ob_check_invariants(R, false, t.state) == "the deck's mode is not the game's");
}
