// A track of the game's data (companion.toml [[track]]: min, max) with a
// marker on it: squad strength, AP, morale. A change beyond a bound is
// either clamped (a loss at 0 stays 0) or refused (nothing changes).
#pragma once

#include <algorithm>

#include "companion/engine/game_basics.h"

namespace bocage {

struct BoundedTrack {
  int min = 0, max = 0;
  int value = 0;

  /// A track of `def`'s bounds with its marker on `start` (clamped into them).
  static BoundedTrack of(const TrackDef& def, int start) {
    return BoundedTrack{def.min, def.max, std::clamp(start, def.min, def.max)};
  }
  /// Moves the marker by `delta`, stopping at the bounds; returns how far it moved.
  int add_clamped(int delta) {
    const int before = value;
    value = std::clamp(value + delta, min, max);
    return value - before;
  }
  /// Moves the marker by `delta` if it stays within the bounds; false, and
  /// nothing moved, otherwise.
  bool add_within(int delta) {
    if (value + delta < min || value + delta > max) return false;
    value += delta;
    return true;
  }
  bool at_min() const { return value == min; }
  bool at_max() const { return value == max; }
};

}  // namespace bocage
