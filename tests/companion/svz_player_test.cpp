// The heuristic Stuart vs Zombies player: what it does in positions the
// rules make clear, what it gives up to damage, and that it wins far more
// often than the random player over the same games.
#include <catch2/catch.hpp>

#include "companion/engine/game_core.h"
#include "companion/games/registry.h"
#include "companion/games/stuart_vs_zombies/svz_rules.h"
#include "companion/games/stuart_vs_zombies/svz_state.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/sim_stats.h"
#include "companion/simulate/simulation.h"
#include "player_race.h"

using namespace bocage;

namespace {

const std::filesystem::path kRoot = std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
const std::string kGame = "stuart-vs-zombies";

struct Table {
  std::shared_ptr<const GameModule> module;
  SvzRules rules;
  std::unique_ptr<Player> player;
  SvzState state;

  explicit Table(std::vector<std::string> options = {"virtual"}) {
    std::string why, note;
    module = load_game_module(kRoot, kGame, options, &why);
    REQUIRE(module);
    Diagnostics diags;
    auto r = load_svz_rules(kRoot, kGame, diags);
    REQUIRE(r);
    rules = std::move(*r);
    auto factory = make_player_factory("heuristic", kGame, kRoot, options, &note, &why);
    REQUIRE(factory);
    CHECK(note.empty());
    player = factory();
    player->new_game();
    GameSettings settings;
    settings.narrate = false;
    GameCore game(module, 5, settings);
    state = static_cast<const SvzState&>(game.state());
    state.phase = SvzState::Phase::actions;
    state.ap = 3;
  }
  /// The words of the move the player picks in `state`.
  std::vector<std::string> pick() {
    Rng rng(1);
    auto moves = module->legal_moves(state);
    auto view = module->view(state, 0);
    return module->words(moves[player->choose(*view, moves, rng)]);
  }
  int zombie_piece() const {
    for (size_t i = 0; i < state.pieces.size(); ++i)
      if (rules.counters[size_t(state.pieces[i].card)].kind == SvzCounter::Kind::zombie)
        return int(i);
    return -1;
  }
  /// An existing hex `d` steps from `from` as the crow flies.
  HexCoord hex_at(HexCoord from, int d) const {
    for (int i = 0; i < rules.board.size(); ++i) {
      const HexCoord h = rules.board.at(i);
      if (rules.board.exists(i) && rules.map.grid.distance(from, h) == d) return h;
    }
    FAIL("no hex at that distance");
    return from;
  }
  std::string name(HexCoord h) const { return rules.board.coordinate(rules.board.index(h)); }
};

}  // namespace

TEST_CASE("svz player: shoots a zombie in range rather than anything else") {
  Table t;
  const int z = t.zombie_piece();
  REQUIRE(z >= 0);
  const HexCoord target = t.hex_at(t.state.m5, 2);
  t.state.pieces[size_t(z)].face_up = true;
  t.state.pieces[size_t(z)].hex = target;
  auto words = t.pick();
  REQUIRE(words.size() >= 2);
  CHECK(words[0] == "shoot");
  CHECK(words[1] == t.name(target));
}

TEST_CASE("svz player: out of ammunition, rams what it reaches, else repairs at Carentan") {
  Table t;
  t.state.no_ammo = true;
  t.state.m5 = t.hex_at(t.rules.start, 3);
  auto to_hex = [&](const std::string& text) {
    const int i = t.rules.board.find(text);
    REQUIRE(i >= 0);
    return t.rules.board.at(i);
  };
  // A face-down counter two hexes away: drive onto it to ram it.
  for (auto& p : t.state.pieces) p.at = SvzPiece::At::gone;
  t.state.pieces[0].at = SvzPiece::At::hex;
  t.state.pieces[0].face_up = false;
  t.state.pieces[0].hex = t.hex_at(t.state.m5, 2);
  auto words = t.pick();
  REQUIRE(words.size() == 2);
  CHECK(words[0] == "move");
  CHECK(t.rules.map.grid.distance(to_hex(words[1]), t.state.pieces[0].hex) == 1);
  // Standing on it: ram.
  t.state.m5 = t.state.pieces[0].hex;
  CHECK(t.pick() == std::vector<std::string>{"ram"});
  // Nothing left on the map to ram: back toward Carentan, and repair there.
  t.state.pieces[0].at = SvzPiece::At::gone;
  t.state.m5 = t.hex_at(t.rules.start, 3);
  words = t.pick();
  REQUIRE(words.size() == 2);
  CHECK(words[0] == "move");
  CHECK(t.rules.map.grid.distance(to_hex(words[1]), t.rules.start) < 3);
  t.state.m5 = t.rules.start;
  CHECK(t.pick() == std::vector<std::string>{"repair", "3", "ammo"});
}

TEST_CASE("svz player: gives up the infantry to damage, unless it is to be rescued") {
  // The choices are told apart by what they name (values), not by their text.
  Question q{"", {"m8-turret", "infantry"}, Question::Kind::loss, 0, {3, kSvzLossInfantry}};
  Rng rng(1);
  Table plain;
  CHECK(plain.player->answer(q, rng) == 1);
  Table rescue({"virtual", "rescue=1"});
  CHECK(rescue.player->answer(q, rng) == 0);
  q.values = {kSvzLossInfantry, 3};
  CHECK(plain.player->answer(q, rng) == 0);
  CHECK(rescue.player->answer(q, rng) == 1);
}

TEST_CASE("svz player: wins far more often than the random player over the same games") {
  const auto [heuristic, random] = test::race_players(kRoot, kGame, {"virtual"}, 2000);
  CHECK(heuristic.errors.empty());
  CHECK(random.errors.empty());
  INFO("heuristic " << heuristic.wins << ", random " << random.wins << " of 2000");
  CHECK(heuristic.win_rate.low > random.win_rate.high + 0.2);
}

TEST_CASE("svz player: a game without a heuristic player gets the random one, and is told") {
  std::string why, note;
  auto factory = make_player_factory("heuristic", "some-other-game", kRoot, {}, &note, &why);
  REQUIRE(factory);
  CHECK(note == "no heuristic player for some-other-game yet: the random player plays");
  auto bad = make_player_factory("heuristc", kGame, kRoot, {}, &note, &why);
  CHECK_FALSE(bad);
  CHECK(why ==
        "unknown player 'heuristc'; expected heuristic or random (did you mean 'heuristic'?)");
}
