// End to end: Endless Patrol played by bocage-play from a script on standard
// input, as a player runs it: a whole won game in virtual mode, a bad option.
#include <fstream>

#include "play_process.h"

using namespace bocage::test;

TEST_CASE("bocage-play plays a whole Endless Patrol game in virtual mode to a victory") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  std::ifstream in(std::string(BOCAGE_TEST_SOURCE_ROOT) +
                   "/tests/fixtures/endless-patrol/won-virtual-seed-101.txt");
  const std::string script((std::istreambuf_iterator<char>(in)), {});
  REQUIRE(!script.empty());
  Run r = play("new endless-patrol --option mode=virtual --seed 101", script, home.root);
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "ターン1 補給フェイズ 分隊15> draw"));
  CHECK(contains(r.out, "勝利: パトロールデッキを使い切りました"));
  Run list = play_plain("list --data '" + kData + "'", home.root);
  CHECK(contains(list.out, "endless-patrol  "));
  CHECK(contains(list.out, "end (victory)"));
  // The session remembers the option: resume replays the same game.
  Run status = play("resume", "status\n", home.root);
  CHECK(status.status == 0);
  CHECK(contains(status.out, "選択ルール: バーチャル（コンパニオンがデッキを切って配る）"));
  CHECK(contains(status.out, "パトロールデッキ 0 枚"));
}

TEST_CASE("bocage-play new endless-patrol refuses an unknown option with exit status 2") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new endless-patrol --option mode=virtal", "", home.root, kEnglishLocale);
  CHECK(r.status == 2);
  CHECK(contains(r.err,
                 "unknown option 'mode=virtal' (did you mean 'mode=virtual'?) for "
                 "endless-patrol; expected mode=table or mode=virtual"));
}
