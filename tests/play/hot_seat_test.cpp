// Hot seat (`bocage-play new squad --hot-seat`, issue 33 item 4): one screen
// passed around the table. A hand, a card drawn into it and the moves that
// name its cards appear only after the screen was handed to their seat; the
// windows a player could act in are offered whatever the hand, so the flow
// tells the other player nothing; resume goes on hot seat.
#include <regex>

#include "play_process.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const std::string kPass = "--- Pass the screen to ";
const std::string kEnglish = "NO_COLOR=1 LC_MESSAGES=C";

/// The output cut at each hand-over: {seat the screen went to, what it showed}.
std::vector<std::pair<std::string, std::string>> screens(const std::string& out) {
  std::vector<std::pair<std::string, std::string>> s;
  size_t at = out.find(kPass);
  s.push_back({"", out.substr(0, at)});
  while (at != std::string::npos) {
    const size_t name = at + kPass.size();
    const size_t end = out.find(" ---", name);
    const size_t next = out.find(kPass, end);
    s.push_back({out.substr(name, end - name), out.substr(end, next - end)});
    at = next;
  }
  return s;
}

/// Every screen shows no hand nor moves but its holder's.
void check_screens(const std::string& out) {
  const auto all = screens(out);
  CHECK_FALSE(contains(all.front().second, "'s hand:"));  // none before the first hand-over
  for (const auto& [seat, text] : all) {
    INFO("the screen of " << seat << ":\n" << text);
    for (const std::string other : {"US squad", "German squad"}) {
      if (other == seat) continue;
      CHECK_FALSE(contains(text, "The " + other + "'s hand:"));
      CHECK_FALSE(contains(text, "What the " + other + " can do now"));
    }
  }
}

// Germany first (1, 6); the US holds no terrain, no attack at L and no
// obstacle, yet each of its windows waits for its done.
const std::string kScript =
    "start -- 1 6 knife bayonet garrote bare-hands rifle-butt\n"
    "mission-objective\nmission-objective\nmission-objective\nhedge-row\nbuilding\n"
    "play hedge-row\n"
    "done\nline-of-trees\nlow-wall\nwheat-field\nrubble\n"
    "declare move\n"
    "done\n"
    "done\n"
    "move closer building\n"
    "done\n"
    "play mission-objective\n";

}  // namespace

TEST_CASE("hot seat: each hand is shown only after the screen is handed to its seat") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new squad --hot-seat --manual-dice --seed 3 --session '" +
                   (home.root / "g.session").string() + "'",
               kScript, home.root, kEnglish);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK(screens(r.out).size() > 6);
  check_screens(r.out);
  // The US had no obstacle card: the German move still waited for its done.
  const auto moved = r.out.find("move closer building");
  REQUIRE(moved != std::string::npos);
  const auto obstacle = r.out.find("stop it with an obstacle? (US squad)", moved);
  const auto in_building = r.out.find("The German squad is now in Building", moved);
  REQUIRE(obstacle != std::string::npos);
  CHECK(obstacle < in_building);
  CHECK(r.out.find(kPass + "US squad ---", obstacle) < in_building);
  // The other seat reads what it missed: the move, after the hand-over.
  const auto back = r.out.find(kPass + "German squad ---", in_building);
  REQUIRE(back != std::string::npos);
  CHECK(r.out.find("What happened while German squad did not have the screen:", back) <
        r.out.find("The German squad's hand:", back));
  // A refusal is its typist's: never in another seat's recap.
  CHECK_FALSE(contains(r.out, "What happened while US squad did not have the screen:\n'"));

  // The session says so: resume goes on hot seat, handing the screen first.
  const std::string session = slurp(home.root / "g.session");
  CHECK(contains(session, "hot-seat"));
  CHECK(contains(session, "windows=always"));
  Run again =
      play("resume '" + (home.root / "g.session").string() + "'", "status\n", home.root, kEnglish);
  INFO(again.out << again.err);
  CHECK(again.status == 0);
  const auto pass = again.out.find(kPass + "German squad ---");
  REQUIRE(pass != std::string::npos);
  CHECK(pass < again.out.find("The German squad's hand:"));
  check_screens(again.out);
}

TEST_CASE("hot seat: a draw typed into a hand is asked only once the screen is that seat's") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  // Table mode: the US types the three cards it draws as its turn begins,
  // after Germany's after-move, fixed fire, the US response and Germany's
  // discard windows.
  Run r =
      play("new squad --hot-seat --manual-dice --seed 3",
           kScript + "done\ndone\ndone\ndone\nentrenching-tool\ntake-prisoners\ntake-prisoners\n",
           home.root, kEnglish);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "The US squad drew 3 cards (8 in hand)"));
  const auto question = r.out.find("US squad: which card did you draw (1 of 3)?");
  REQUIRE(question != std::string::npos);
  const auto pass = r.out.rfind(kPass, question);
  REQUIRE(pass != std::string::npos);
  CHECK(r.out.substr(pass, kPass.size() + 9) == kPass + "US squad ");
  check_screens(r.out);
}

TEST_CASE("hot seat: a game of one seat and a contrary windows option are refused") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run one = play("new stuart-vs-zombies --hot-seat", "", home.root, kEnglish);
  CHECK(one.status == 2);
  CHECK(contains(one.err, "stuart-vs-zombies has one seat: --hot-seat is for games of several"));
  Run contrary =
      play("new squad --hot-seat --option windows=when-playable", "", home.root, kEnglish);
  CHECK(contrary.status == 2);
  CHECK(contains(contrary.err, "--hot-seat needs windows=always (not windows=when-playable)"));
  CHECK_FALSE(fs::exists(home.root / "bocage" / "sessions"));  // no session begun
}

TEST_CASE("hot seat on a terminal: the screen is cleared and waits for Enter before a hand") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  TerminalChild t(
      {BOCAGE_PLAY, "new", "squad", "--hot-seat", "--virtual", "--seed", "3", "--data", kData},
      true, home.root);
  REQUIRE(t.wait_for("だけが画面を見ているときに Enter を押してください。"));
  const size_t asked = t.seen.size();
  CHECK(contains(t.seen, "\033[H\033[2J\033[3J"));
  CHECK_FALSE(contains(t.seen, "の手札"));  // nothing of a hand before Enter
  t.type("\n");
  REQUIRE(t.wait_for("> ", asked));
  CHECK(contains(t.seen.substr(asked), "\033[H\033[2J\033[3J"));  // cleared again
  CHECK(contains(t.seen.substr(asked), "の手札"));
  t.type("quit\n");
  CHECK(t.wait_exit() == 0);
}

TEST_CASE("hot seat: a draw left open or refused at the end of input stays its seat's") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  // The input ends while the US types its draws: one accepted, one refused.
  Run r =
      play("new squad --hot-seat --manual-dice --seed 3",
           kScript + "done\ndone\ndone\ndone\nentrenching-tool\nzzz-card\n", home.root, kEnglish);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  check_screens(r.out);
  const auto asked = r.out.find("US squad: which card did you draw (1 of 3)?");
  REQUIRE(asked != std::string::npos);
  // The command kept open names the typed draw as '?' on the shared screen.
  const auto ended = r.out.find("The input ended.", asked);
  REQUIRE(ended != std::string::npos);
  const std::string kept = r.out.substr(ended, r.out.find('\n', ended) - ended);
  CHECK(contains(kept, "'done -- ?'"));
  CHECK_FALSE(contains(kept, "entrenching-tool"));
  // The refusal of 'zzz-card' was the US screen's alone.
  const auto refused = r.out.find("'zzz-card' is not an answer", asked);
  REQUIRE(refused != std::string::npos);
  const auto german = r.out.find(kPass + "German squad ---", refused);
  REQUIRE(german != std::string::npos);
  CHECK_FALSE(contains(r.out.substr(german), "zzz-card"));
  CHECK_FALSE(contains(r.out.substr(german), "Entrenching Tool"));
}

TEST_CASE("hot seat: log never shows a draw typed into a hand, even of a command undone") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const std::string file = (home.root / "g.session").string();
  Run r = play("new squad --hot-seat --manual-dice --seed 3 --session '" + file + "'",
               kScript +
                   "done\ndone\ndone\ndone\nentrenching-tool\ntake-prisoners\ntake-prisoners\n"
                   "undo --force 1\nyes\n",
               home.root, kEnglish);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  Run log = play_plain("log '" + file + "'", home.root);
  INFO(log.out);
  CHECK(log.status == 0);
  CHECK(contains(log.out, "done -- ? ? ?   (undone)"));
  CHECK_FALSE(contains(log.out, "entrenching-tool"));
  CHECK_FALSE(contains(log.out, "take-prisoners"));
}

TEST_CASE("a command cancelled after dice typed by hand stays in bocage-play log") {
  // Issue 45, 5: Stuart vs Zombies with --manual-dice: the AP die 5, the
  // counter-attack die 6, then cancel at the counter's question.
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const std::string file = (home.root / "g.session").string();
  Run r = play("new stuart-vs-zombies --manual-dice --seed 65 --session '" + file + "'",
               "roll\n5\n6\ncancel\nquit\n", home.root, kEnglish);
  INFO(r.out << r.err);
  CHECK(contains(r.out, "The dice typed by hand (5, 6) stay in the log"));
  Run log = play_plain("log '" + file + "'", home.root);
  INFO(log.out);
  CHECK(log.status == 0);
  CHECK(contains(log.out, "roll -- 5 6   (cancelled after dice typed by hand)"));
}
