// Bounded tracks (companion/pieces/bounded_track): a marker between the
// data's min and max that clamps or refuses.
#include "companion/pieces/bounded_track.h"

#include <catch2/catch.hpp>

using namespace bocage;

TEST_CASE("bounded track: starts within its bounds, clamps or refuses beyond them") {
  TrackDef squad;
  squad.min = 0;
  squad.max = 15;
  auto t = BoundedTrack::of(squad, 20);
  CHECK(t.value == 15);
  CHECK(t.at_max());
  CHECK(t.add_clamped(-4) == -4);
  CHECK(t.value == 11);
  CHECK(t.add_clamped(-20) == -11);  // a loss stops at 0
  CHECK(t.at_min());
  CHECK_FALSE(t.add_within(-1));  // refused: nothing moves
  CHECK(t.value == 0);
  CHECK(t.add_within(15));
  CHECK_FALSE(t.add_within(1));
  CHECK(t.value == 15);
}
