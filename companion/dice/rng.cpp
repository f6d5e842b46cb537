#include "rng.h"

namespace bocage {

namespace {

uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

Rng::Rng(uint64_t seed) {
  uint64_t state = seed;
  for (auto& word : s_) word = splitmix64(state);
}

uint64_t Rng::next() {
  const uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

int Rng::roll(int faces) {
  // Lemire: the high 32 bits of a 32 x 32 product are uniform in [0, faces)
  // once the low part is outside the short first interval.
  const uint32_t range = static_cast<uint32_t>(faces);
  uint64_t m = (next() >> 32) * range;
  uint32_t low = static_cast<uint32_t>(m);
  if (low < range) {
    const uint32_t threshold = static_cast<uint32_t>(-range) % range;
    while (low < threshold) {
      m = (next() >> 32) * range;
      low = static_cast<uint32_t>(m);
    }
  }
  return static_cast<int>(m >> 32) + 1;
}

}  // namespace bocage
