#include "game_dice.h"

#include "core/fnv1a.h"

namespace bocage {

namespace {

/// FNV-1a, 64 bits, from the basis the dice have always used.
uint64_t hash_key(std::string_view key) {
  return fnv1a(key, kBocageDiceBasis);
}

/// A 64-bit finaliser (splitmix64's), so nearby inputs give unrelated keys.
uint64_t mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

GameDice::GameDice(uint64_t seed, Scheme scheme) : seed_(seed), scheme_(scheme), current_(seed) {}

Rng GameDice::stream(uint64_t seed, std::string_view key, uint64_t index) {
  return Rng(mix(mix(seed ^ hash_key(key)) + index));
}

int GameDice::roll(int faces) {
  const uint64_t n = dice_++;
  if (scheme_ == Scheme::one_stream) return current_.roll(faces);
  // Rejection sampling stays inside the die's own stream.
  Rng die = stream(seed_, "dice", n);
  return die.roll(faces);
}

Rng& GameDice::next_shuffle() {
  const uint64_t k = shuffles_++;
  if (scheme_ == Scheme::keyed) current_ = stream(seed_, "shuffle", k);
  return current_;
}

}  // namespace bocage
