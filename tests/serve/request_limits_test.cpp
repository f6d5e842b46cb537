// What one address may ask of bocage-play serve (RequestLimits): a burst,
// then a rate; long polls per address and in all, given back when done.
#include "companion/serve/request_limits.h"

#include <catch2/catch.hpp>
#include <chrono>

using namespace bocage;
using namespace std::chrono_literals;

TEST_CASE("request limits: a burst, then so many a second, per address") {
  RequestLimits limits({10, 20, 8, 24, 1024});
  const auto t0 = RequestLimits::Clock::now();
  for (int i = 0; i < 20; ++i) REQUIRE(limits.admit("10.0.0.2", t0));
  CHECK_FALSE(limits.admit("10.0.0.2", t0));
  CHECK(limits.admit("10.0.0.3", t0));  // another address has its own
  // A tenth of a second later: one more, then none.
  CHECK(limits.admit("10.0.0.2", t0 + 100ms));
  CHECK_FALSE(limits.admit("10.0.0.2", t0 + 100ms));
  // Idle for a while: the burst again, never more.
  int admitted = 0;
  for (int i = 0; i < 40; ++i) admitted += limits.admit("10.0.0.2", t0 + 60s);
  CHECK(admitted == 20);
}

TEST_CASE("request limits: long polls per address and in all, given back when done") {
  RequestLimits limits({10, 20, 2, 3, 1024});
  {
    RequestLimits::Poll a(limits, "10.0.0.2"), b(limits, "10.0.0.2"), c(limits, "10.0.0.2");
    CHECK(a.held);
    CHECK(b.held);
    CHECK_FALSE(c.held);  // two per address
    RequestLimits::Poll d(limits, "10.0.0.3"), e(limits, "10.0.0.4");
    CHECK(d.held);
    CHECK_FALSE(e.held);  // three in all
  }
  // All given back.
  RequestLimits::Poll again(limits, "10.0.0.2"), more(limits, "10.0.0.2");
  CHECK(again.held);
  CHECK(more.held);
}

TEST_CASE("request limits: many addresses are remembered within a bound") {
  RequestLimits limits({10, 2, 8, 24, 4});
  const auto t0 = RequestLimits::Clock::now();
  RequestLimits::Poll held(limits, "10.0.0.1");
  REQUIRE(held.held);
  for (int i = 2; i < 200; ++i) CHECK(limits.admit("10.0.0." + std::to_string(i), t0));
  // The address holding a poll was never forgotten: its poll still counts.
  RequestLimits::Poll second(limits, "10.0.0.1");
  CHECK(second.held);
}
