// The heuristic Endless Patrol player: what it does in positions the rules
// make clear (L at once, D against attrition, a shot worth its cards, the
// least useful card discarded), and that it plays whole games without a
// refusal and wins far more often than the random player over the same games.
#include <catch2/catch.hpp>

#include "companion/engine/game_core.h"
#include "companion/games/endless_patrol/ep_state.h"
#include "companion/games/registry.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/sim_stats.h"
#include "companion/simulate/simulation.h"
#include "player_race.h"

using namespace bocage;

namespace {

const std::filesystem::path kRoot = std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
const std::string kGame = "endless-patrol";

/// A virtual game dealt, and a state to arrange by hand (cards by their
/// index in the deck files: GI card n is index n - 1, patrol card n too).
struct Table {
  std::shared_ptr<const GameModule> module;
  std::unique_ptr<Player> player;
  std::unique_ptr<GameState> base;

  Table() {
    std::string why, note;
    module = load_game_module(kRoot, kGame, {"mode=virtual"}, &why);
    REQUIRE(module);
    auto factory = make_player_factory("heuristic", kGame, kRoot, {"mode=virtual"}, &note, &why);
    REQUIRE(factory);
    CHECK(note.empty());
    player = factory();
    player->new_game();
    GameSettings quiet;
    quiet.narrate = false;
    GameCore game(module, 1, quiet);
    base = game.state().clone();
  }
  EpState& state() { return static_cast<EpState&>(*base); }
  /// The words of the move the player picks.
  std::vector<std::string> pick() {
    Rng rng(1);
    auto moves = module->legal_moves(*base);
    REQUIRE_FALSE(moves.empty());
    auto view = module->view(*base, 0);
    return module->words(moves[player->choose(*view, moves, rng)]);
  }
};

using W = std::vector<std::string>;

}  // namespace

TEST_CASE("ep player: plays an L card at once, and a D card against attrition") {
  Table t;
  auto& s = t.state();
  s.phase = EpPhase::fire;
  s.in_play.cards = {};
  s.hand.cards = {2, 21, 25};  // Thompson, Binoculars (L), Smoke Grenades (D)
  CHECK(t.pick() == W{"look", "patrol", "22"});
  s.hand.cards = {2, 25};
  s.phase = EpPhase::attrition;
  s.avoidable = 1;
  s.hits = 1;
  CHECK(t.pick() == W{"dodge", "26"});
}

TEST_CASE("ep player: fires the cheap shot, keeps the AT card for the tank, discards the least") {
  Table t;
  auto& s = t.state();
  s.phase = EpPhase::fire;
  // Panzer IV (AT only) and Assault Pioneer Team (3 ammo) in play; in the
  // hand a bazooka (AT), a Garand (3) and a Colt (1).
  s.in_play.cards = {32, 1};
  s.hand.cards = {11, 8, 5};
  const W first = t.pick();
  // Either target is worth a card; the Garand alone defeats the pioneers
  // and the bazooka alone the tank: both shots are single cards.
  CHECK(((first == W{"fire", "2", "9"}) || (first == W{"fire", "33", "12"})));
  // Nothing worth firing at: end the phase.
  s.in_play.cards = {33};  // Junker Divebomber: AA, 9 ammo, attacks once
  s.hand.cards = {5, 6};   // Colt (1), Carbine (2): short of 9
  CHECK(t.pick() == W{"end"});
  // Over the hand limit: the Colt (1 ammo) goes before the Browning (5) and the bazooka.
  s.phase = EpPhase::discard;
  s.hand.cards = {5, 4, 11, 2, 3, 8};
  CHECK(t.pick() == W{"discard", "6"});
}

TEST_CASE("ep player: whole games without a refusal, and far more wins than random") {
  const auto [heuristic, random] = test::race_players(kRoot, kGame, {"mode=virtual"}, 1000);
  CHECK(heuristic.errors.empty());  // every move it picked was accepted, every game ended
  CHECK(random.errors.empty());
  CHECK(heuristic.games == 1000);
  INFO("heuristic " << heuristic.wins << ", random " << random.wins << " of 1000");
  CHECK(heuristic.win_rate.low > random.win_rate.high + 0.5);
}
