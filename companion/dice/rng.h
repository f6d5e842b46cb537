// The companion's random numbers: xoshiro256** (Blackman and Vigna, 2018)
// seeded through splitmix64, a fixed algorithm, so a seed gives the same rolls
// on every machine and compiler. Uniform integers without modulo bias
// (Lemire's multiply-and-reject, 2019).
#pragma once

#include <array>
#include <cstdint>

namespace bocage {

class Rng {
 public:
  explicit Rng(uint64_t seed);

  /// The next 64 random bits.
  uint64_t next();
  /// A uniform integer in [1, faces] (faces >= 1), without bias.
  int roll(int faces);

 private:
  std::array<uint64_t, 4> s_;
};

}  // namespace bocage
