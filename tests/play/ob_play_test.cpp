// End to end: Attack on Omaha Beach played by bocage-play from a script on
// standard input: a won table-mode game, a virtual game resumed, a refused
// command's exit status, a bad option.
#include <fstream>

#include "play_process.h"

using namespace bocage::test;

TEST_CASE("bocage-play plays a whole Omaha Beach game at the table to a victory") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  std::ifstream in(std::string(BOCAGE_TEST_SOURCE_ROOT) +
                   "/tests/fixtures/omaha-beach/won-table.txt");
  const std::string script((std::istreambuf_iterator<char>(in)), {});
  REQUIRE(!script.empty());
  Run r = play("new omaha-beach --seed 3 --lang en", script, home.root);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "A1 S8 C8 R8> land left"));
  CHECK(contains(r.out, "The squad storms the nest and blows it up!"));
  Run list = play_plain("list --data '" + kData + "'", home.root);
  CHECK(contains(list.out, "omaha-beach  "));
  CHECK(contains(list.out, "end (victory)"));
}

TEST_CASE(
    "bocage-play plays Omaha Beach in virtual mode and resumes it and refuses with status 1") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new omaha-beach --virtual --seed 5", "land centre\nmove left\n", home.root);
  INFO(r.out << r.err);
  CHECK(r.status == 1);  // from the LC only forward (3)
  CHECK(contains(r.out, "3: 上陸用舟艇からは前進しかできません"));
  CHECK(contains(r.out, "A1 の 3×3 の海岸カードを配りました"));
  Run status = play("resume", "status\n", home.root);
  CHECK(status.status == 0);
  CHECK(contains(status.out, "強襲フェイズ A1/4 · 分隊 8 · 爆薬 8 · 狙撃兵 8"));
  CHECK(contains(status.out, "[*LC  ]"));  // the squad on the landing craft, in the centre
}

TEST_CASE("bocage-play new omaha-beach refuses an unknown option with exit status 2") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new omaha-beach --option mode=virtul", "", home.root, kEnglishLocale);
  CHECK(r.status == 2);
  CHECK(contains(r.err,
                 "unknown option 'mode=virtul' (did you mean 'mode=virtual'?) for "
                 "omaha-beach; expected mode=table or mode=virtual"));
}
