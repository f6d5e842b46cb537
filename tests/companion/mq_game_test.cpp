// Maquis played through a session as a player would: a won table-mode game
// where the script says which patrol cards came, each way to lose, refusals
// naming their rule, undo stopping at a draw, resume.
#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "mq_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {}  // namespace

TEST_CASE("maquis: a won table-mode game completes two missions on day 5") {
  MqGame g;
  Script s{g};
  s.refused("place doctor", "01: First say which two missions were drawn");
  s.played("missions -- sabotage german-shepards");
  s.refused("place safe-house", "A-02: An agent cannot be placed on the safe house");
  s.refused("place field-1", "B-02: Drop field 1 holds no drop from an earlier day");
  s.refused("act doctor", "B-01: This is not the action phase");
  // Day 1: money, food, medicine.
  CHECK(contains(s.played("status"), "Patrol deck 10 · discard: nothing\n"));
  s.played("place rue-baradat -- patrol-01");
  CHECK(contains(s.played("status"), "Patrol deck 9 · discard: Patrol 1\n"));
  s.refused("place radio-b", "A-02: Radio B already holds a piece");
  s.played("place grocer -- patrol-05");
  s.played("place doctor -- patrol-10");
  s.refused("shoot radio-b", "B-06: No weapon in hand");
  s.played("act rue-baradat");
  s.played("act grocer");
  s.played("act doctor");
  s.played("end");
  CHECK(g.state().day == 2);
  CHECK(g.state().morale.value == 5);  // day 2 is orange (C)
  // Day 2: 4 patrols (morale 5: red 4).
  s.played("place rue-baradat -- patrol-06");
  s.played("place fence -- patrol-09");
  s.played("place mission-2 -- patrol-08 patrol-02");
  s.played("act rue-baradat");
  s.played("act fence");
  s.played("act mission-2");
  CHECK(g.state().boxes[1] == 1);
  s.played("end");
  // Day 3: the deck runs out and the discard is shuffled.
  s.played("place rue-baradat -- patrol-04");
  s.played("place mission-1 -- patrol-03");
  const std::string out = s.played("place mission-2 -- patrol-07 patrol-05");
  CHECK(contains(out, "shuffled into a new deck (A-03)"));
  s.played("act mission-1");
  s.played("act mission-2");
  s.played("act rue-baradat");
  s.played("end");
  // Day 4.
  s.played("place fence -- patrol-01");
  s.played("place black-market -- patrol-04");
  s.played("place mission-2 -- patrol-02 patrol-03");
  s.played("act fence");
  s.played("act mission-2");
  s.played("act black-market explosives");
  s.played("end");
  CHECK(g.state().boxes[1] == 3);
  // Day 5: the second mission's last box wins at once (03).
  s.played("place mission-1 -- patrol-06");
  s.played("place spare-room-3 -- patrol-08");
  s.played("place rue-baradat -- patrol-10 patrol-09");
  s.played("act mission-1");
  REQUIRE(g.outcome());
  CHECK(g.outcome()->victory);
  CHECK(g.outcome()->reason == "missions-complete");
  // Resume: the replay of the file is the same game.
  const std::string before = g.status_text();
  g.reopen();
  CHECK(g.status_text() == before);
}

TEST_CASE("maquis: the last agent arrested loses (hard: two agents both cut off)") {
  MqGame g({"level=hard"});
  Script s{g};
  s.played("missions -- sabotage german-shepards");
  s.played("place doctor -- patrol-02");                  // milice on the cafe
  s.played("place pont-leveque -- patrol-09 patrol-04");  // rue-baradat, radio-a
  // Pont Leveque: cut off and not starred, its intel is void (B-05).
  CHECK(contains(s.played("act pont-leveque"), "the action is void (B-05)"));
  CHECK(g.state().hand[0] == 0);
  CHECK(g.state().arrests == 1);
  CHECK(!g.outcome());
  // The doctor carries the starred shield: its medicine counts though the agent is arrested.
  s.played("act doctor");
  CHECK(g.state().hand[2] == 1);
  REQUIRE(g.outcome());
  CHECK(g.outcome()->reason == "last-agent-arrested");
}

TEST_CASE("maquis: undo stops at a patrol card drawn and a refused command logs nothing") {
  MqGame g;
  Script s{g};
  s.played("missions -- sabotage german-shepards");
  s.played("place rue-baradat -- patrol-01");
  g.run("undo\n");
  CHECK(g.status == 1);  // the command drew a patrol card: undo stops there
  CHECK(g.state().to_place == 2);
  CHECK(g.state().patrols_drawn == 1);
  s.refused("place mission-1 -- patrol-01", "");  // patrol-01 is in the discard: not an answer
  CHECK(g.state().to_place == 2);
  // status names where an agent can go: free locations only, not the safe house.
  const std::string status = g.status_text();
  const size_t at = status.find("  place:");
  REQUIRE(at != std::string::npos);
  const std::string places = status.substr(at, status.find('\n', at) - at) + " ";
  // Named as printed, in the session's language (English here).
  // Names with spaces are set apart by " / ".
  CHECK(places.find(" Doctor / ") != std::string::npos);
  CHECK(places.find(" doctor ") == std::string::npos);
  CHECK(places.find("Rue Baradat") == std::string::npos);  // the agent placed there
  // In Japanese, the command by its printed name too.
  MqGame ja({"mode=virtual"}, 1, "ja");
  CHECK(ja.status_text().find("  置く:") != std::string::npos);
  CHECK(places.find("Safe House") == std::string::npos);
}

TEST_CASE(
    "maquis: day 15 over loses on normal, reaching day 12 on tricky and very hard, 11 if tuned") {
  // 04: Tricky, Hard and Very Hard lose when the day marker reaches day 12;
  // the tuned set (levels=tuned) loses Very Hard on day 11.
  for (const std::string level : {"normal", "tricky", "very-hard", "very-hard-tuned"}) {
    const bool tuned = level == "very-hard-tuned";
    MqGame g(tuned ? std::vector<std::string>{"mode=virtual", "level=very-hard", "levels=tuned"}
                   : std::vector<std::string>{"mode=virtual", "level=" + level},
             7);
    Script s{g};
    for (int day = 1; day <= 15 && !g.outcome(); ++day) {
      // Each agent on the first free location next to the safe house (or the
      // cafe): a route home always leads there directly (B-04).
      while (!g.outcome() && g.state().phase == MqPhase::placement)
        for (const char* at : {"spare-room-3", "cafe", "grocer", "spare-room-1", "spare-room-2"})
          if (g.run(std::string("place ") + at + "\n"), g.status == 0) break;
      if (!g.outcome()) s.played("end");
    }
    INFO(level << "\n" << g.out);
    REQUIRE(g.outcome());
    CHECK(g.outcome()->reason == "out-of-days");
    CHECK(g.state().day == (level == "normal" ? 15 : tuned ? 11 : 12));
  }
}

TEST_CASE("maquis: the rules' levels are the default, the tuned set an option") {
  // 04: Easy and Very Easy change only the air drops (and Very Easy's days);
  // Tricky and harder start with 2 agents and 2 at the cafe.
  struct Case {
    std::vector<std::string> options;
    int home, cafe;
  };
  for (const Case& c : std::vector<Case>{{{"level=easy"}, 3, 2},
                                         {{"level=very-easy"}, 3, 2},
                                         {{"level=tricky"}, 2, 2},
                                         {{"level=easy", "levels=tuned"}, 4, 1},
                                         {{"level=tricky", "levels=tuned"}, 3, 1},
                                         {{"level=normal", "levels=tuned"}, 3, 2}}) {
    std::vector<std::string> options = c.options;
    options.push_back("mode=virtual");
    MqGame g(options, 3);
    INFO(options.front() << (options.size() > 2 ? " tuned" : ""));
    REQUIRE(g.state().phase == MqPhase::placement);  // day 1, no agent placed yet
    CHECK(g.state().to_place == c.home);
    CHECK(g.state().cafe == c.cafe);
  }
}

TEST_CASE("maquis: shooting once a day with a weapon just gained and soldiers coming last") {
  MqGame g;
  Script s{g};
  s.played("missions -- sabotage german-shepards");
  s.played("place rue-baradat -- patrol-01");
  s.played("place grocer -- patrol-05");
  s.played("place doctor -- patrol-10");
  s.played("act rue-baradat");
  s.played("end");
  CHECK(g.state().morale.value == 5);
  s.played("place fence -- patrol-04");  // a milice on Radio A
  s.played("place grocer -- patrol-06");
  s.played("place spare-room-3 -- patrol-07 patrol-02");
  s.refused("shoot radio-a", "B-06: No weapon in hand");
  // The weapon the fence gives, fired before the agent goes home (B-06).
  const std::string out = s.played("act fence shoot radio-a");
  CHECK(contains(out, "The milice on Radio A is shot"));
  CHECK(g.state().soldiers.value == 1);
  CHECK(g.state().morale.value == 4);
  CHECK(g.state().hand[4] == 0);
  s.refused("shoot doctor", "B-06: Only one shooting a day");
  s.played("end");
  // Day 3: morale 4 gives 4 patrols, the last of them a soldier.
  s.played("place spare-room-3 -- patrol-08");
  s.played("place grocer -- patrol-09");
  const std::string day3 = s.played("place cafe -- patrol-03 patrol-01");
  CHECK(contains(day3, "Put a soldier on Radio B (A-04)"));
  CHECK(contains(day3, "Put a milice on Poor District"));  // the Grocer holds an agent
}

TEST_CASE("maquis: an air drop collected the next day and a recruit and a spare room") {
  MqGame g;
  Script s{g};
  s.played("missions -- sabotage german-shepards");
  s.played("place radio-a -- patrol-01");
  s.played("place grocer -- patrol-05");  // a milice on drop field 2
  s.played("place rue-baradat -- patrol-10");
  s.refused("act radio-a airdrop food field-2", "B-02: No drop on Drop field 2");
  s.refused("act radio-a airdrop food", "B-02: An air drop needs a resource and a field");
  CHECK(contains(s.played("act radio-a airdrop food field-1"), "Air drop: put 3 Food on"));
  s.played("act grocer");
  s.played("act rue-baradat");
  s.played("end");
  // Day 2: the drop is collected, food pays for a recruit, money for a spare room.
  s.played("place field-1 -- patrol-04");
  s.played("place cafe -- patrol-06");
  s.played("place spare-room-3 -- patrol-07 patrol-02");
  CHECK(contains(s.played("act field-1"), "Drop collected: 3 Food"));
  CHECK(g.state().hand[1] == 4);
  s.played("act cafe");
  CHECK(g.state().cafe == 1);
  CHECK(g.state().hand[1] == 3);
  CHECK(g.state().agents_in_play() == 4);
  s.refused("act spare-room-3", "B-02: Name the spare-room tile to lay");
  s.played("act spare-room-3 forger");
  CHECK(g.state().hand[3] == 0);
  s.played("end");
  // Day 3: four agents to place (the recruit), and the room is a second safe house.
  CHECK(g.state().to_place == 4);
  CHECK(contains(g.status_text(), "spare room: Spare room 3 \"Forger\""));
}

TEST_CASE("maquis: virtual mode deals the same missions and patrols for the same seed") {
  auto deal = [](uint64_t seed) {
    MqGame g({"mode=virtual"}, seed);
    g.run("place spare-room-3\nplace cafe\nplace grocer\n");
    return std::make_pair(g.state().missions, g.state().patrol_discard.cards);
  };
  CHECK(deal(7) == deal(7));
  CHECK(deal(7) != deal(8));
}

TEST_CASE("maquis: a shot from a starred location that cannot open the way is not fired") {
  // Day 3: the agent on the Poor District (a starred shield) is cut off
  // (milice on the Grocer, Spare room 2 and Pont du Nord; its mission exit
  // leads nowhere else); shooting the milice on Drop field 2 would not open
  // a way: its action counts, the shot is not fired (no weapon, no morale,
  // no soldier: MQ-20, MQ-21).
  MqGame g({}, 2, "en");
  Script s{g};
  s.played("missions -- sabotage aid-the-spy");
  for (const char* line :
       {"place rue-baradat -- patrol-01", "place fence -- patrol-02", "place grocer -- patrol-04",
        "act rue-baradat", "act fence", "act grocer", "end",  // money for a weapon, food
        "place doctor -- patrol-07", "place spare-room-3 -- patrol-08",
        "place grocer -- patrol-09 patrol-06", "act doctor", "home spare-room-3", "act grocer",
        "end",  // medicine
        "place black-market -- patrol-05", "place radio-a -- patrol-10",
        "place poor-district -- patrol-03 patrol-06"})
    s.played(line);
  const MqState before = g.state();
  const std::string out = s.played("act poor-district shoot drop-field-2");
  CHECK(contains(out, "Poor District acts. In hand: Food 1, Weapons 1"));  // the action counts
  CHECK(contains(out,
                 "A shot would not open an escape route: the milice at Drop field 2 is not "
                 "shot (no weapon or morale spent, MQ-20)"));
  CHECK(contains(out, "The agent on Poor District is arrested (B-05)"));
  CHECK(g.state().soldiers.value == before.soldiers.value);
  CHECK(g.state().morale.value == before.morale.value + 1);  // the action's +1, no shot's -1
  CHECK_FALSE(g.state().shot);
  CHECK(contains(g.status_text(), "Weapons 1 (supply 3)"));
  CHECK(contains(g.status_text(), "milice: Drop field 2"));
}

TEST_CASE("maquis: a spare room's action names its tile, and a refusal lists the tiles left") {
  MqGame g({"mode=virtual"}, 2, "en");
  Script s{g};
  s.played("place rue-baradat");
  s.played("place spare-room-1");
  s.played("place doctor");
  s.played("act rue-baradat");  // money to pay for the room
  // The old docs' example: one action here, so "money" is not a choice.
  s.refused("act spare-room-1 money forger",
            "Spare room 1 has one action: no need to say Money. Name the spare-room tile to lay "
            "(act spare-room-1 forger). Still to lay: Forger / Bomb workshop / Clinic / Larder / "
            "Listening post");
  s.refused("act spare-room-1", "Still to lay: Forger / Bomb workshop");
  const std::string laid = s.played("act spare-room-1 forger");
  CHECK(contains(laid, "Spare room 1 is activated: lay the tile \"Forger\" on it"));
}

TEST_CASE("maquis: status lists the spare-room tiles still to lay, as printed") {
  MqGame g({"mode=virtual"}, 2, "ja");
  CHECK(contains(g.status_text(),
                 "まだ置ける空き部屋タイル: 偽造屋 爆弾工房 診療所 隠し倉庫 盗聴所"));
}
