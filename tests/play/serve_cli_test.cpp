// bocage-play serve on the command line: one URL per seat, tokens kept
// beside the session and private, a SQUAD game served with every window
// offered (windows=always), a port in use refused, quit stopping it.
#include <regex>
#include <thread>

#include "companion/serve/local_address.h"
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
  Run r =
      play("serve squad --virtual --port 0 --listen 127.0.0.1 --session '" + file.string() + "'",
           "quit\n", home.root, kEnglish);
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
  Run again = play("serve '" + file.string() + "' --port 0 --listen 127.0.0.1", "quit\n", home.root,
                   kEnglish);
  CHECK(again.status == 0);
  CHECK(contains(again.out, m[1].str()));
  // With an observer: the seats' URLs as before, then the observer's.
  Run watched = play("serve '" + file.string() + "' --port 0 --listen 127.0.0.1 --observers 1",
                     "quit\n", home.root, kEnglish);
  INFO(watched.out << watched.err);
  CHECK(watched.status == 0);
  CHECK(contains(watched.out, m[1].str()));
  const auto observer = watched.out.find("Observer 1: http://127.0.0.1:");
  REQUIRE(observer != std::string::npos);
  CHECK(observer > watched.out.find("German squad: http://"));
  Run many = play("serve '" + file.string() + "' --port 0 --listen 127.0.0.1 --observers 9", "",
                  home.root, kEnglish);
  CHECK(many.status == 2);
  CHECK(contains(many.err, "--observers"));
}

TEST_CASE("bocage-play serve: a port in use and a game it does not know are refused") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  // Hold a port with a first server (its standard input kept open).
  Child first({BOCAGE_PLAY, "serve", "stuart-vs-zombies", "--port", "0", "--listen", "127.0.0.1",
               "--data", kData, "--session", (home.root / "first.session").string()});
  REQUIRE(first.wait_for("/#t="));
  std::smatch m;
  REQUIRE(std::regex_search(first.seen, m, std::regex(R"(127\.0\.0\.1:(\d+)/)")));
  Run busy = play("serve stuart-vs-zombies --listen 127.0.0.1 --port " + m[1].str(), "quit\n",
                  home.root, kEnglish);
  CHECK(busy.status == 2);
  CHECK(contains(busy.err, "Cannot listen on 127.0.0.1:" + m[1].str()));
  Run unknown = play("serve stuart-vs-zombie --port 0", "", home.root, kEnglish);
  CHECK(unknown.status == 2);
  CHECK(contains(unknown.err, "stuart-vs-zombies"));
}

TEST_CASE("bocage-play serve: the terminal, which every player sees, shows no hand") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("serve squad --virtual --seed 5 --port 0 --listen 127.0.0.1 --session '" +
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
  // Table mode: the game played on one screen up to the German turn's last
  // step (each draw answered at its question, by its seat), then served:
  // the German player ends its turn at the terminal; the US then draws three
  // cards, which only the US may name.
  Run before = play(
      "new squad --manual-dice --option windows=always --seed 3 --session '" + file.string() + "'",
      "start -- 1 6 knife bayonet garrote bare-hands rifle-butt\n"
      "mission-objective\nmission-objective\nmission-objective\nhedge-row\n"
      "building\nplay hedge-row\ndone\nline-of-trees\nlow-wall\nwheat-field\n"
      "rubble\ndeclare move\ndone\ndone\nmove closer building\ndone\n"
      "play mission-objective\ndone\ndone\ndone\nquit\n",
      home.root, kEnglish);
  INFO(before.out << before.err);
  REQUIRE(before.status == 0);
  Run r = play("serve '" + file.string() + "' --port 0 --listen 127.0.0.1", "done\nquit\n",
               home.root, kEnglish);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK_FALSE(contains(r.out, "which card did you draw"));
  CHECK(contains(r.out, "Only the US squad may answer this, on its own page"));
  // Nothing was shown yet: the command is dropped, for a page to send (a
  // command kept open is asked on its seat's page: web_table_test).
  CHECK(contains(r.out, "Cancelled (nothing logged)"));
  // (The draws answered at their questions in the first run kept their
  // commands open until each was done: the file ends with none open.)
  const std::string text = slurp(file);
  const size_t last = text.rfind('\n', text.size() - 2);
  CHECK(text.compare(last + 1, 5, "open ") != 0);
}

TEST_CASE("bocage-play serve: by default on this machine's local network, never the loopback") {
  // Nothing is sent to the printed URLs: the test reads them and quits.
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const fs::path file = home.root / "g.session";
  Run r = play("serve squad --virtual --port 0 --session '" + file.string() + "'", "quit\n",
               home.root, kEnglish);
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  const auto local = local_network_addresses();
  if (local.empty()) {
    CHECK(contains(r.out, "no local-network (Wi-Fi) address"));
    CHECK(contains(r.out, "US squad: http://127.0.0.1:"));
  } else {
    const std::string host = url_host(local.front());
    CHECK(contains(r.out, "Serving"));
    CHECK(contains(r.out, "US squad: http://" + host + ":"));
    CHECK(contains(r.out, "German squad: http://" + host + ":"));
    CHECK_FALSE(contains(r.out, "127.0.0.1"));
  }
}

TEST_CASE("local network addresses: private ranges and unique local IPv6 only, IPv6 in brackets") {
  CHECK(local_network_rank("192.168.1.20") == 0);
  CHECK(local_network_rank("10.0.0.7") == 1);
  CHECK(local_network_rank("172.16.0.1") == 2);
  CHECK(local_network_rank("172.31.255.254") == 2);
  CHECK_FALSE(local_network_rank("172.32.0.1"));
  CHECK_FALSE(local_network_rank("127.0.0.1"));
  CHECK_FALSE(local_network_rank("8.8.8.8"));
  CHECK_FALSE(local_network_rank("192.0.2.2"));  // documentation, not a home network
  CHECK_FALSE(local_network_rank("169.254.3.4"));
  CHECK(local_network_rank("fd00::2") == 3);
  CHECK_FALSE(local_network_rank("::1"));
  CHECK_FALSE(local_network_rank("fe80::1"));
  CHECK_FALSE(local_network_rank("2001:db8::1"));
  CHECK_FALSE(local_network_rank("not an address"));
  for (const auto& a : local_network_addresses()) CHECK(local_network_rank(a));
  CHECK(url_host("fd00::2") == "[fd00::2]");
  CHECK(url_host("::1") == "[::1]");
  CHECK(url_host("192.168.1.2") == "192.168.1.2");
}

TEST_CASE("bocage-play serve: refused (an address not of this machine) leaves no session") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const fs::path file = home.root / "g.session";
  Run r = play("serve squad --port 0 --listen 203.0.113.9 --session '" + file.string() + "'",
               "quit\n", home.root, kEnglish);
  INFO(r.out << r.err);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "Cannot listen on 203.0.113.9"));
  CHECK(contains(r.err, "No game was started"));
  CHECK_FALSE(fs::exists(file));
  CHECK_FALSE(fs::exists(file.string() + ".tokens"));
}
