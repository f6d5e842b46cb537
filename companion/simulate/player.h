// An automatic player for `bocage-play simulate`: it picks one of the legal
// moves of the seat it plays, seeing only that seat's view, and answers the
// questions a command asks by their kind. Players are made by name in
// player_registry.h; a game's own heuristic player lives in players/<game>_player.*.
#pragma once

#include <string>
#include <vector>

#include "companion/dice/rng.h"
#include "companion/engine/game_module.h"

namespace bocage {

class Player {
 public:
  virtual ~Player() = default;
  /// A new game begins (a player may keep what it saw in the last one).
  virtual void new_game() {}
  /// The index in `moves` (never empty, as GameCore::legal_moves() lists
  /// them) of the move to make, seeing `view` (GameCore::view(seat)).
  virtual size_t choose(const GameState& view, const std::vector<Move>& moves, Rng& rng) = 0;
  /// The answer to `q`, asked while a move runs: the index in `q.choices`
  /// (never empty) of the choice made. The engine answers with that choice's
  /// text, as the player at the table types it, so the game logs the same
  /// answer; an index out of range is an error of the player.
  virtual size_t answer(const Question& q, Rng& rng) = 0;
};

/// Uniformly random: any legal move, any choice. Run over many games it is a
/// property test of the engine (every listed move must be accepted).
class RandomPlayer final : public Player {
 public:
  size_t choose(const GameState&, const std::vector<Move>& moves, Rng& rng) override {
    return size_t(rng.roll(int(moves.size())) - 1);
  }
  size_t answer(const Question& q, Rng& rng) override {
    return size_t(rng.roll(int(q.choices.size())) - 1);
  }
};

}  // namespace bocage
