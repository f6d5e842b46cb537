// The simulator's printed report: the numbers of an option set, the causes
// of losses in the session's language, and engine errors with what
// reproduces them.
#include "companion/simulate/sim_report.h"

#include <catch2/catch.hpp>
#include <sstream>

#include "companion/games/registry.h"

using namespace bocage;

namespace {

std::shared_ptr<const GameModule> svz() {
  std::string why;
  std::shared_ptr<const GameModule> m =
      load_game_module(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data", "stuart-vs-zombies",
                       {"virtual"}, &why);
  REQUIRE(m);
  return m;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("report: an option set's numbers and its causes of losses, in both languages") {
  OptionSetRun run{{"at-or-above"},
                   {{1, true, "four-zombies", 40, 5, {}},
                    {2, false, "time-out", 60, 10, {}},
                    {3, false, "time-out", 50, 10, {}},
                    {4, false, "destroyed", 30, 4, {}}}};
  ReportHeader h{"stuart-vs-zombies", "heuristic", 4, 7};
  auto module = svz();
  std::ostringstream en;
  print_heading(en, h, Lang::en);
  CHECK(print_option_set(en, h, run, *module, Lang::en) == 0);
  INFO(en.str());
  CHECK(has(en.str(), "stuart-vs-zombies · player heuristic · 4 games · seed 7\n"));
  CHECK(has(en.str(), "[options: at-or-above]\n"));
  CHECK(has(en.str(), "  wins     1 / 4 = 25.0 % (95 % interval 4.6-69.9 %)\n"));
  CHECK(has(en.str(), "  length   commands mean 45.0, median 45; turns mean 7.2, median 7.5\n"));
  CHECK(
      has(en.str(),
          "    time-out        2  50.0 %  zombies are still on the map after the last turn (4.0)\n"
          "    destroyed       1  25.0 %  the M5 is destroyed (6.1)\n"));
  std::ostringstream ja;
  print_option_set(ja, h, run, *module, Lang::ja);
  CHECK(has(ja.str(), "[選択ルール: 命中=以上]\n"));  // by the option's printed names
  CHECK(has(ja.str(), "M5 が破壊されました（6.1）"));
}

TEST_CASE("report: engine errors give the seed and the commands that reproduce them") {
  OptionSetRun run;
  run.options = {"rescue=1"};
  for (int i = 0; i < 5; ++i)
    run.records.push_back(
        {uint64_t(100 + i), false, "", 3, 0,
         EngineError{"legal move 'ram' refused: 7.4 no", {"roll -- 2", "move 0205", "ram"}}});
  run.records.push_back({200, true, "zombies-cleared", 10, 3, {}});
  ReportHeader h{"stuart-vs-zombies", "random", 6, 1};
  std::ostringstream out;
  CHECK(print_option_set(out, h, run, *svz(), Lang::en, 2) == 5);
  INFO(out.str());
  CHECK(has(out.str(), "  wins     1 / 1 = 100.0 %"));
  CHECK(has(out.str(),
            "  engine errors: 5\n"
            "    seed 100: legal move 'ram' refused: 7.4 no\n"
            "      reproduce: bocage-play new stuart-vs-zombies --virtual --seed 100 "
            "--option rescue=1 with these commands:\n"
            "        roll -- 2\n        move 0205\n        ram\n"
            "    seed 101: "));
  CHECK(has(out.str(), "    (and 3 more)\n"));
  CHECK_FALSE(has(out.str(), "seed 102"));
}
