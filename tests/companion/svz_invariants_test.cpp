// Stuart vs Zombies' state invariants, as the simulator checks them after
// every command: a sound state passes, and each thing the rules forbid is
// named.
#include <catch2/catch.hpp>

#include "companion/engine/game_core.h"
#include "companion/games/registry.h"
#include "companion/games/stuart_vs_zombies/svz_state.h"

using namespace bocage;

namespace {

struct Broken {
  const char* what;
  void (*edit)(SvzState&);
};

}  // namespace

TEST_CASE("svz invariants: each state the rules forbid is named") {
  std::string why;
  std::shared_ptr<const GameModule> module =
      load_game_module(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data", "stuart-vs-zombies",
                       {"virtual", "no-breakdowns"}, &why);
  REQUIRE(module);
  GameSettings settings;
  settings.narrate = false;
  GameCore game(module, 11, settings);
  const auto& sound = static_cast<const SvzState&>(game.state());
  CHECK(module->check_invariants(sound).empty());
  CHECK(module->turn(sound) == 1);

  for (const Broken& b : {
           Broken{"turn 11 outside 1..10", [](SvzState& s) { s.turn = 11; }},
           Broken{"AP 3 left in the AP phase", [](SvzState& s) { s.ap = 3; }},
           Broken{"AP 7 outside 0..",
                  [](SvzState& s) {
                    s.phase = SvzState::Phase::actions;
                    s.ap = 7;
                  }},
           Broken{"a breakdown under the no-breakdowns rule",
                  [](SvzState& s) { s.no_ammo = true; }},
           Broken{"the M5 is destroyed without being damaged",
                  [](SvzState& s) { s.end = SvzEnd::destroyed; }},
           Broken{"is on the table twice",
                  [](SvzState& s) { s.pieces[1].card = s.pieces[0].card; }},
           Broken{"is unknown in virtual mode", [](SvzState& s) { s.pieces[2].card = -1; }},
           Broken{"8 pieces for 9 counters", [](SvzState& s) { s.pieces.pop_back(); }},
           Broken{"counters on the turn track (3.0: one)",
                  [](SvzState& s) { s.pieces[0].at = SvzPiece::At::track; }},
           Broken{"lies face up on the turn track",
                  [](SvzState& s) {
                    for (auto& p : s.pieces)
                      if (p.at == SvzPiece::At::track) p.face_up = true;
                  }},
           Broken{"is destroyed but still on the map",
                  [](SvzState& s) { s.killed.push_back(0); }},  // zombie-2, the first counter
           Broken{"rides the M5", [](SvzState& s) { s.pieces[0].at = SvzPiece::At::riding; }},
           Broken{"lost of", [](SvzState& s) { s.infantry_lost = 5; }},
       }) {
    SvzState s = sound;
    b.edit(s);
    const std::string said = module->check_invariants(s);
    INFO(b.what << " -> '" << said << "'");
    CHECK(said.find(b.what) != std::string::npos);
  }
}
