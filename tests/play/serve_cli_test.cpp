// bocage-play serve on the command line: one URL per seat, tokens kept
// beside the session and private, a SQUAD game served with every window
// offered (windows=always), a port in use refused, quit stopping it.
#include <regex>
#include <thread>

#include "play_process.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const std::string kEnglish = "NO_COLOR=1 LC_MESSAGES=C";

}  // namespace

TEST_CASE(
    "bocage-play serve: a URL per seat, private tokens, every window offered, quit stops it") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const fs::path file = home.root / "g.session";
  Run r = play("serve squad --virtual --port 0 --session '" + file.string() + "'", "quit\n",
               home.root, kEnglish);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  std::regex url(R"(http://127\.0\.0\.1:\d+/#t=[0-9a-f]{32})");
  auto urls =
      std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), url), std::sregex_iterator());
  CHECK(urls == 2);
  CHECK(contains(r.out, "US squad: http://127.0.0.1:"));
  CHECK(contains(r.out, "German squad: http://127.0.0.1:"));
  const std::string session = slurp(file);
  CHECK(contains(session, "windows=always"));
  CHECK_FALSE(contains(session, "hot-seat"));
  // The tokens: beside the session, private, never in the session itself.
  const fs::path tokens = file.string() + ".tokens";
  REQUIRE(fs::exists(tokens));
  CHECK((fs::status(tokens).permissions() & (fs::perms::group_all | fs::perms::others_all)) ==
        fs::perms::none);
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, std::regex("#t=([0-9a-f]{32})")));
  CHECK(contains(slurp(tokens), m[1].str()));
  CHECK_FALSE(contains(session, m[1].str()));
  // Served again: the same URLs' tokens.
  Run again = play("serve '" + file.string() + "' --port 0", "quit\n", home.root, kEnglish);
  CHECK(again.status == 0);
  CHECK(contains(again.out, m[1].str()));
  // With an observer: the seats' URLs as before, then the observer's.
  Run watched =
      play("serve '" + file.string() + "' --port 0 --observers 1", "quit\n", home.root, kEnglish);
  INFO(watched.out << watched.err);
  CHECK(watched.status == 0);
  CHECK(contains(watched.out, m[1].str()));
  const auto observer = watched.out.find("Observer 1: http://127.0.0.1:");
  REQUIRE(observer != std::string::npos);
  CHECK(observer > watched.out.find("German squad: http://"));
  Run many = play("serve '" + file.string() + "' --port 0 --observers 9", "", home.root, kEnglish);
  CHECK(many.status == 2);
  CHECK(contains(many.err, "--observers"));
}

TEST_CASE("bocage-play serve: a port in use and a game it does not know are refused") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  // Hold a port with a first server (its standard input kept open).
  Child first({BOCAGE_PLAY, "serve", "stuart-vs-zombies", "--port", "0", "--data", kData,
               "--session", (home.root / "first.session").string()});
  REQUIRE(first.wait_for("/#t="));
  std::smatch m;
  REQUIRE(std::regex_search(first.seen, m, std::regex(R"(127\.0\.0\.1:(\d+)/)")));
  Run busy = play("serve stuart-vs-zombies --port " + m[1].str(), "quit\n", home.root, kEnglish);
  CHECK(busy.status == 2);
  CHECK(contains(busy.err, "Cannot listen on 127.0.0.1:" + m[1].str()));
  Run unknown = play("serve stuart-vs-zombie --port 0", "", home.root, kEnglish);
  CHECK(unknown.status == 2);
  CHECK(contains(unknown.err, "stuart-vs-zombies"));
}

TEST_CASE("bocage-play serve: the terminal, which every player sees, shows no hand") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("serve squad --virtual --seed 5 --port 0 --session '" +
                   (home.root / "g.session").string() + "'",
               "start\nstatus\nquit\n", home.root, kEnglish);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "goes first"));  // the game began, and status was said
  CHECK(contains(r.out, "Deck "));
  CHECK_FALSE(contains(r.out, "'s hand:"));
  CHECK_FALSE(contains(r.out, "can do now"));
}

TEST_CASE("bocage-play serve: a card drawn into a hand is never asked at the shared terminal") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const fs::path file = home.root / "g.session";
  // Table mode: the German player ends its turn at the terminal; the US then
  // draws three cards, which only the US may name.
  Run r = play("serve squad --manual-dice --seed 3 --port 0 --session '" + file.string() + "'",
               "start -- 1 6 mission-objective mission-objective mission-objective hedge-row "
               "building knife bayonet garrote bare-hands rifle-butt\n"
               "play hedge-row\ndone -- line-of-trees low-wall wheat-field rubble\n"
               "declare move\ndone\ndone\nmove closer building\ndone\nplay mission-objective\n"
               "done\ndone\ndone\ndone\nquit\n",
               home.root, kEnglish);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK_FALSE(contains(r.out, "which card did you draw"));
  CHECK(contains(r.out, "Only the US squad may answer this, on its own page"));
  // Nothing was shown yet: the command is dropped, for a page to send (a
  // command kept open is asked on its seat's page: web_table_test).
  CHECK(contains(r.out, "Cancelled (nothing logged)"));
  CHECK_FALSE(contains(slurp(file), "\nopen "));
}
