// The state of a game of Stuart vs Zombies: turn, phase, AP, the M5 and the
// nine counters with the common back. In table mode a face-down counter's
// identity is unknown (-1) until it is revealed and the player says what it is.
#pragma once

#include <memory>
#include <vector>

#include "companion/engine/game_module.h"
#include "companion/pieces/cards.h"
#include "core/hex_grid.h"

namespace bocage {

/// What a damage question's choice names (Question::values of Kind::loss):
/// the index in SvzRules::counters of an attached counter, or this for the
/// infantry riding on the tank.
constexpr int kSvzLossInfantry = -1;

/// A counter on the map or beside it: a face-down cell (pieces/cards.h) whose
/// card is an index into SvzRules::counters, kUnknownCard until revealed in
/// table mode.
struct SvzPiece : FaceDownCell {
  enum class At { hex, track, riding, attached, gone } at = At::hex;
  HexCoord hex;
};

struct SvzOptions {
  bool virtual_counters = false;  // --virtual: the companion shuffles and places the counters
  bool at_or_above = false;       // 8.0: a zombie falls to a roll at or above its value
  bool no_breakdowns = false;  // 8.0: no ammo or track failures; a damaged M5 cannot fight or move
  int rescue = 0;              // 4.1: infantry to bring back (0, 1 or 2)
};

enum class SvzEnd {
  none,
  zombies_cleared,
  four_zombies,
  destroyed,
  overrun,
  time_out,
  rescue_failed
};

struct SvzState final : GameState {
  int turn = 1;
  enum class Phase { ap, actions } phase = Phase::ap;
  int ap = 0;
  HexCoord m5;
  bool damaged = false;
  bool no_ammo = false;
  bool broken_track = false;
  std::vector<SvzPiece> pieces;
  std::vector<int> killed;  // zombie counters destroyed, in order
  int infantry_lost = 0;    // killed by friendly fire, lost to damage or zombified
  SvzEnd end = SvzEnd::none;

  std::unique_ptr<GameState> clone() const override { return std::make_unique<SvzState>(*this); }
};

}  // namespace bocage
