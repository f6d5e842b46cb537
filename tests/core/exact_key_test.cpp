// Cache keys (core/exact_key.h): equal exactly when what they were made from
// is equal, with no rounding and no string running into the next.
#include "core/exact_key.h"

#include <catch2/catch.hpp>
#include <cmath>

using namespace bocage;

namespace {

std::string key_of(std::string_view a, std::string_view b, double x) {
  std::string key;
  append_exact(key, a);
  append_exact(key, b);
  append_exact(key, x);
  return key;
}

}  // namespace

TEST_CASE("the same inputs make the same key") {
  CHECK(key_of("BIZ UDGothic", "撃破", 7.25) == key_of("BIZ UDGothic", "撃破", 7.25));
}

TEST_CASE("strings cannot run into each other") {
  CHECK(key_of("ab", "c", 1) != key_of("a", "bc", 1));
  CHECK(key_of("", "abc", 1) != key_of("abc", "", 1));
  // A string holding what a length or a number would look like.
  std::string eight(8, '\0');
  CHECK(key_of(eight, "", 0) != key_of("", eight, 0));
}

TEST_CASE("numbers differ in their key as soon as they differ at all") {
  CHECK(key_of("a", "b", 7.25) != key_of("a", "b", std::nextafter(7.25, 8.0)));
  CHECK(key_of("a", "b", 0.1 + 0.2) != key_of("a", "b", 0.3));
  std::string i1, i2;
  append_exact(i1, std::int64_t{1});
  append_exact(i2, std::int64_t{256});
  CHECK(i1 != i2);
  CHECK(i1.size() == 8);
}
