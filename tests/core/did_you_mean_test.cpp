#include "core/did_you_mean.h"

#include <catch2/catch.hpp>

using namespace bocage;

TEST_CASE("did you mean suggests the closest known name") {
  std::vector<std::string> keys = {"id", "count", "name", "ammo", "symbols"};
  CHECK(did_you_mean("amo", keys) == "did you mean 'ammo'?");
  CHECK(did_you_mean("symbol", keys) == "did you mean 'symbols'?");
  CHECK(did_you_mean("cuont", keys) == "did you mean 'count'?");
  CHECK(did_you_mean("flavour_text", keys).empty());
  CHECK(edit_distance("kitten", "sitting") == 3);
}
