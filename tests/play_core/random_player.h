// A seeded random player for the game core: picks one of the legal moves,
// answers every question with one of its choices. A test helper and the
// benchmark's player.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "companion/engine/game_core.h"

namespace bocage::test {

/// Answers a question with a choice drawn from its own generator.
class RandomAsker final : public Asker {
 public:
  explicit RandomAsker(uint64_t seed) : rng_(seed) {}
  std::optional<std::string> ask(const Question& q, const std::vector<Line>&) override {
    ++asked;
    // A table-mode draw: a card left in the deck of the table played.
    const auto from = drawable(q).choices;
    if (from.empty()) return std::nullopt;
    return from[size_t(rng_.roll(int(from.size())) - 1)];
  }
  Rng& rng() { return rng_; }
  int asked = 0;

 private:
  Rng rng_;
};

std::shared_ptr<const GameModule> svz_module(const std::vector<std::string>& options);

}  // namespace bocage::test
