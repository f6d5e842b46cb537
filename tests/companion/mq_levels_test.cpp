// Maquis's difficulty levels (04), the rule-05 option and the ways to lose
// that random games only reach by chance, each played from a script through
// a session: morale Fail by shooting, an arrest during placement, very hard's
// morale per arrest, hard's starred days, very easy's wrap of the day track,
// the grouped missions; and `place` alone listing where an agent can go.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "companion/games/maquis/mq_rules.h"
#include "mq_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {

int loc(const std::string& id) {
  Diagnostics diags;
  static const auto rules = load_mq_rules(data_root(), "maquis", diags);
  REQUIRE(rules);
  return rules->location(id);
}

/// A day where each agent goes next to the safe house (a route home always
/// leads there directly, B-04) and does nothing; virtual mode draws the patrols.
void quiet_day(MqGame& g) {
  while (!g.outcome() && g.state().phase == MqPhase::placement) {
    bool placed = false;
    for (const char* at : {"spare-room-3", "cafe", "grocer", "spare-room-1", "spare-room-2"})
      if (g.run(std::string("place ") + at + "\n"), g.status == 0) {
        placed = true;
        break;
      }
    REQUIRE(placed);
  }
  if (!g.outcome()) {
    g.run("end\n");
    REQUIRE(g.status == 0);
  }
}

}  // namespace

TEST_CASE("maquis levels: a shot a day takes morale to Fail on day 5 and loses (B-06, 03)") {
  MqGame g;
  Script s{g};
  s.played("missions -- sabotage german-shepards");
  // Each day: money at Rue Baradat, a weapon for it at the Fence, and the
  // weapon fired at a milice (B-06: morale -1, soldiers +1); spare room 3
  // keeps Rue Baradat's way home open.
  auto day = [&](const std::string& cards, const std::string& target) {
    s.played("place rue-baradat -- " + cards.substr(0, 9));
    s.played("place fence -- " + cards.substr(10, 9));
    s.played("place spare-room-3 -- " + cards.substr(20));
    s.played("act rue-baradat");
    return s.played("act fence shoot " + target);
  };
  day("patrol-01 patrol-03 patrol-10", "radio-b");  // milice: radio-b, grocer, black-market
  CHECK(g.state().morale.value == 5);
  s.played("home spare-room-3");
  s.played("end");
  CHECK(g.state().morale.value == 4);  // day 2 is orange
  day("patrol-02 patrol-05 patrol-06 patrol-07", "field-2");
  CHECK(g.state().morale.value == 3);
  s.played("home spare-room-3");
  s.played("end");
  // Day 3: morale 3, four patrols, the last two soldiers; the deck runs out.
  day("patrol-04 patrol-08 patrol-09 patrol-03", "radio-a");
  CHECK(g.state().morale.value == 2);
  CHECK(g.state().soldiers.value == 3);
  s.played("home spare-room-3");
  s.played("end");
  // Day 4: morale 2, five patrols, the last three soldiers.
  day("patrol-01 patrol-05 patrol-10 patrol-06 patrol-07", "radio-b");
  CHECK(g.state().morale.value == 1);
  s.played("home spare-room-3");
  s.played("end");
  REQUIRE_FALSE(g.outcome());
  // Day 5: the one milice of the day is shot: morale reaches Fail.
  const std::string out = day("patrol-04 patrol-08 patrol-09 patrol-02 patrol-03", "radio-a");
  CHECK(contains(out, "The milice on Radio A is shot"));
  CHECK(g.state().morale.value == 0);
  REQUIRE(g.outcome());
  CHECK_FALSE(g.outcome()->victory);
  CHECK(g.outcome()->reason == "morale-fail");
  s.refused("home spare-room-3", "");  // the game is over
  // The log replays to the same lost game.
  const std::string before = g.status_text();
  g.reopen();
  CHECK(g.status_text() == before);
  CHECK(g.outcome()->reason == "morale-fail");
}

TEST_CASE("maquis levels: an arrest during placement, and very hard's morale for it (A-03, 04)") {
  // The patrol's three locations all hold a piece: the first agent among them
  // is arrested and the patrol takes its place (A-03, B-05).
  for (const std::string level : {"normal", "hard", "very-hard"}) {
    MqGame g({"level=" + level});
    Script s{g};
    s.played("missions -- sabotage german-shepards");
    s.played("place radio-b -- patrol-09");  // a milice on Rue Baradat
    // Two agents (hard, very hard): the day's third patrol comes at once.
    const std::string out = s.played(std::string("place pont-leveque -- patrol-01") +
                                     (level == "normal" ? "" : " patrol-02"));
    INFO(level << "\n" << g.out);
    CHECK(contains(out, "The agent on Radio B is arrested (B-05)"));
    CHECK(g.state().arrests == 1);
    CHECK(g.state().piece[size_t(loc("radio-b"))] == MqPiece::milice);
    CHECK(g.state().piece[size_t(loc("pont-leveque"))] == MqPiece::agent);
    // Very hard: each arrest costs morale 1; the other levels keep it.
    CHECK(g.state().morale.value == (level == "very-hard" ? 5 : 6));
    CHECK_FALSE(g.outcome());
    if (level == "normal") {
      CHECK(g.state().to_place == 1);  // the third agent is still to place
      s.played("place grocer -- patrol-02");
      CHECK(g.state().phase == MqPhase::action);
    } else {
      CHECK(g.state().phase == MqPhase::action);  // two agents: the last patrol came
      CHECK(g.state().agents_in_play() == 1);
    }
  }
}

TEST_CASE("maquis levels: hard loses morale on the starred days, tricky on the orange ones") {
  // Orange days 2, 6, 9, 12; starred days 3, 5, 8, 10, 14 (data/maquis/board.toml).
  for (const std::string level : {"tricky", "hard"}) {
    MqGame g({"mode=virtual", "level=" + level}, 7);
    std::vector<int> morale;  // at the start of days 2 to 5
    for (int day = 1; day <= 4; ++day) {
      quiet_day(g);
      REQUIRE_FALSE(g.outcome());
      morale.push_back(g.state().morale.value);
    }
    INFO(level << "\n" << g.out);
    CHECK(g.state().day == 5);
    if (level == "tricky")
      CHECK(morale == std::vector<int>{5, 5, 5, 5});
    else
      CHECK(morale == std::vector<int>{6, 5, 5, 4});
  }
}

TEST_CASE("maquis levels: very easy goes back to day 1 after day 15, orange days again") {
  MqGame g({"mode=virtual", "level=very-easy"}, 7);
  for (int day = 1; day <= 15; ++day) quiet_day(g);
  INFO(g.out);
  REQUIRE_FALSE(g.outcome());  // no end by days (04)
  CHECK(g.state().day == 1);
  CHECK(g.state().cycles == 1);
  CHECK(g.state().morale.value == 2);  // 6, less the orange days 2, 6, 9 and 12
  quiet_day(g);
  CHECK(g.state().day == 2);
  CHECK(g.state().morale.value == 1);  // day 2 is orange again
  CHECK_FALSE(g.outcome());
}

TEST_CASE("maquis levels: grouped missions take one from each group, on the exits at random (05)") {
  // Table mode: exit 1 from either group, exit 2 from the other one.
  {
    MqGame g({"missions=grouped"});
    Script s{g};
    s.refused("missions -- sabotage infiltration", "'infiltration' is not an answer");
    s.refused("missions -- assassination aid-the-spy", "'aid-the-spy' is not an answer");
    CHECK(g.state().phase == MqPhase::missions);
    s.played("missions -- assassination sabotage");  // the player's own draw: group 2 first
    CHECK(g.state().phase == MqPhase::placement);
  }
  // Virtual mode: every seed deals one of each group, and either may lie on exit 1.
  Diagnostics diags;
  const auto rules = load_mq_rules(data_root(), "maquis", diags);
  REQUIRE(rules);
  bool any_not_grouped = false;
  int group_2_first = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    MqGame g({"mode=virtual", "missions=grouped"}, seed);
    const auto m = g.state().missions;
    REQUIRE(m[0] >= 0);
    REQUIRE(m[1] >= 0);
    CHECK(rules->missions[size_t(m[0])].group != rules->missions[size_t(m[1])].group);
    group_2_first += rules->missions[size_t(m[0])].group == 2;
    MqGame plain({"mode=virtual"}, seed);
    const auto p = plain.state().missions;
    any_not_grouped = any_not_grouped ||
                      rules->missions[size_t(p[0])].group == rules->missions[size_t(p[1])].group;
  }
  CHECK(group_2_first > 0);   // not always group 1 on exit 1
  CHECK(group_2_first < 20);  // nor always group 2
  CHECK(any_not_grouped);     // without the option the draw is not grouped
}

TEST_CASE("maquis shell: place alone lists where an agent can go now, in both languages") {
  MqGame g;
  Script s{g};
  s.played("missions -- sabotage german-shepards");
  s.played("place rue-baradat -- patrol-01");  // a milice on Radio B
  const size_t before = g.session->history().size();
  const std::string out = g.run("place\n");
  INFO(out);
  CHECK(g.status == 1);
  CHECK(g.session->history().size() == before);
  CHECK(contains(out, "A-02: Say where: place LOCATION. An agent can go now to:"));
  // The shell wraps long lines: read the list as words.
  std::string list = out.substr(out.find("go now to:")) + " ";
  for (char& c : list)
    if (c == '\n') c = ' ';
  // As printed, set apart by " / " (the names have spaces).
  for (const char* open : {" Doctor / ", " Grocer / ", " Cafe / ", " Mission exit 1 / ", " Spare"})
    CHECK(contains(list, open));
  std::string joined = list;
  std::erase(joined, ' ');
  CHECK(contains(joined, "Spareroom3"));
  // Not the safe house, not where a piece stands, not a field without a drop.
  for (const char* shut : {"Safe House", "Rue Baradat", "Radio B", "Drop field 1", "doctor"})
    CHECK_FALSE(contains(list, shut));
  MqGame ja({}, 1, "ja");
  Script t{ja};
  t.played("missions -- sabotage german-shepards");
  const std::string jout = ja.run("place\n");
  CHECK(ja.status == 1);
  CHECK(contains(jout, "今工作員を置ける場所: "));
  CHECK(contains(jout, " 医者 "));
}
