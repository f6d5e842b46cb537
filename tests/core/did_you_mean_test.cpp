#include "core/did_you_mean.h"

#include <catch2/catch.hpp>
#include <chrono>

#include "core/odd_characters.h"

using namespace bocage;

TEST_CASE("did you mean suggests the closest known name") {
  std::vector<std::string> keys = {"id", "count", "name", "ammo", "symbols"};
  CHECK(did_you_mean("amo", keys).en == "did you mean 'ammo'?");
  CHECK(did_you_mean("symbol", keys).en == "did you mean 'symbols'?");
  CHECK(did_you_mean("cuont", keys).en == "did you mean 'count'?");
  CHECK(did_you_mean("flavour_text", keys).empty());
  CHECK(did_you_mean("amo", keys).ja == "「ammo」のことですか?");
  CHECK(edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("did you mean answers a huge name at once, with memory bounded by the short names") {
  std::vector<std::string> names = {"move", "shoot", "status", "undo"};
  const std::string huge(10 * 1024 * 1024, 'm');
  auto t0 = std::chrono::steady_clock::now();
  CHECK(closest_name(huge, names).empty());
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(2));
  // Measured anyway, the distance needs rows of the shorter name only.
  const std::string long_name(200000, 'x');
  CHECK(edit_distance(long_name, "xxxx") == 200000 - 4);
  CHECK(edit_distance("xxxx", long_name) == 200000 - 4);
  CHECK(closest_name("mvoe", names) == "move");
}

TEST_CASE("did you mean measures Japanese in characters, not bytes") {
  // A kanji is three bytes of UTF-8 but one edit: 医師 for 医者 is one edit.
  CHECK(edit_distance("医師", "医者") == 1);
  CHECK(edit_distance("カッター", "カッタ") == 1);
  CHECK(edit_distance("ゾンビ2", "ゾンビ3") == 1);
  const std::vector<std::string> places = {"医者", "中央", "フェンス", "カッター"};
  CHECK(closest_name("医師", places) == "医者");
  CHECK(closest_name("フエンス", places) == "フェンス");
  CHECK(closest_name("カツター", places) == "カッター");
  CHECK(closest_name("東京", places).empty());
  CHECK(did_you_mean("医師", places).ja == "「医者」のことですか?");
  // Bytes that are not UTF-8 stand for themselves.
  CHECK(edit_distance("a\xff", "a\xfe") == 1);
}

TEST_CASE(
    "odd characters: invisible ones and lookalike letters among ASCII are named with their place") {
  CHECK(odd_characters("roll").empty());
  CHECK(odd_characters("振る").empty());  // Japanese is no lookalike
  CHECK(odd_characters("ＭＧ").empty());  // full-width alone is what was meant
  CHECK(odd_characters_list("\xEF\xBD\x92oll") == "U+FF52 FULLWIDTH LATIN SMALL LETTER R (1)");
  CHECK(odd_characters_list("r\xD0\xBEll") == "U+043E CYRILLIC SMALL LETTER O (2)");
  CHECK(odd_characters_list("ro\xE2\x80\x8Dll") == "U+200D ZERO WIDTH JOINER (3)");
  CHECK(odd_characters_list("\xCE\xBF"
                            "k") == "U+03BF GREEK SMALL LETTER OMICRON (1)");
  CHECK(odd_characters("\xFF\xFE").empty());  // not UTF-8: nothing said
}
