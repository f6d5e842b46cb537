// FNV-1a, 64 bits: a quick, stable hash of bytes for keys that must be the
// same on every machine (dice keys, session digests, Tabletop Simulator
// GUIDs, a PDF's /ID). Not for anything an attacker chooses to collide.
#pragma once

#include <cstdint>
#include <string_view>

namespace bocage {

/// FNV's 64-bit offset basis.
inline constexpr uint64_t kFnv1aBasis = 14695981039346656037ULL;
/// The basis the dice keys and session digests have used from the start (a
/// digit short of FNV's): kept, so that every seed rolls the same dice and
/// every recorded digest still matches.
inline constexpr uint64_t kBocageDiceBasis = 1469598103934665603ULL;

/// `bytes` hashed on from `h` (a basis, or the hash of what came before).
inline uint64_t fnv1a(std::string_view bytes, uint64_t h = kFnv1aBasis) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace bocage
