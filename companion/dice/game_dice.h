// The dice of one game, honest under undo: die n is drawn from its own
// stream, keyed by the seed and n alone (counter-based), and shuffle k from
// another keyed by the seed and k, so the same die comes out whichever
// command draws it and a shuffle never shifts the dice. Sessions of format 1
// used one stream for everything in draw order; GameDice replays them so.
#pragma once

#include <cstdint>
#include <string_view>

#include "rng.h"

namespace bocage {

class GameDice {
 public:
  enum class Scheme { keyed, one_stream };
  explicit GameDice(uint64_t seed, Scheme scheme = Scheme::keyed);

  /// The next die of `faces` faces (faces >= 1): die number dice_drawn().
  int roll(int faces);
  /// The generator for the next shuffle (number shuffles_done()).
  Rng& next_shuffle();

  uint64_t dice_drawn() const { return dice_; }
  uint64_t shuffles_done() const { return shuffles_; }
  Scheme scheme() const { return scheme_; }

  /// The stream of `index` under `key` ("dice", "shuffle") for `seed`.
  static Rng stream(uint64_t seed, std::string_view key, uint64_t index);

 private:
  uint64_t seed_;
  Scheme scheme_;
  uint64_t dice_ = 0;
  uint64_t shuffles_ = 0;
  Rng current_;  // one_stream: the only stream; keyed: the last shuffle's
};

}  // namespace bocage
