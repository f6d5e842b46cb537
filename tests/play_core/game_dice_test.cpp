// Honest dice: die n depends only on the seed and n, each shuffle on its own
// key, so a shuffle or another command never shifts the dice.
#include "companion/dice/game_dice.h"

#include <catch2/catch.hpp>

using namespace bocage;

TEST_CASE("game dice: die n is the same whatever was drawn before it") {
  GameDice plain(42), shuffled(42);
  std::vector<int> a, b;
  for (int i = 0; i < 20; ++i) a.push_back(plain.roll(6));
  shuffled.next_shuffle().next();
  shuffled.next_shuffle().next();
  for (int i = 0; i < 20; ++i) b.push_back(shuffled.roll(6));
  CHECK(a == b);
  // Die 5 alone, from its key: a counter-based draw, no stream to walk.
  CHECK(GameDice::stream(42, "dice", 5).roll(6) == a[5]);
  // A die of another size at place 3 does not shift the ones after it.
  GameDice mixed(42);
  for (int i = 0; i < 20; ++i) {
    int r = mixed.roll(i == 3 ? 20 : 6);
    if (i != 3) CHECK(r == a[size_t(i)]);
  }
}

TEST_CASE("game dice: shuffles have their own keys and do not move the dice") {
  GameDice d(7);
  d.roll(6);
  const uint64_t first = d.next_shuffle().next();
  GameDice e(7);
  CHECK(e.next_shuffle().next() == first);  // shuffle 0, whatever dice came before
  CHECK(e.next_shuffle().next() != first);  // shuffle 1 has another key
}

TEST_CASE("game dice: format-1 sessions keep one stream in draw order") {
  GameDice old(42, GameDice::Scheme::one_stream);
  Rng stream(42);
  old.next_shuffle().next();  // the shuffle draws from the same stream
  stream.next();
  for (int i = 0; i < 10; ++i) CHECK(old.roll(6) == stream.roll(6));
}

TEST_CASE("game dice: rolls are uniform over 60000 keyed dice") {
  GameDice d(99);
  std::array<int, 6> count{};
  for (int i = 0; i < 60000; ++i) ++count[size_t(d.roll(6) - 1)];
  double chi = 0;
  for (int c : count) chi += (c - 10000.0) * (c - 10000.0) / 10000.0;
  CHECK(chi < 20.5);  // p = 0.001 for 5 degrees of freedom
}
