// The web companion's HTTP server on loopback (cpp-httplib's client): the
// page's files for anyone, /api/ only with a seat's token (403 and an empty
// body otherwise), no other file, bounded bodies, the same tokens after a
// restart, and a tap's round trip.
#include "companion/serve/web_server.h"

#include <httplib.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <thread>

#include "../companion/game_data.h"
#include "../scratch_dir.h"
#include "../text_helpers.h"
#include "companion/games/registry.h"
#include "companion/serve/seat_tokens.h"

using namespace bocage;
using bocage::test::contains;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const fs::path kWeb = fs::path(BOCAGE_TEST_SOURCE_ROOT) / "web";

struct Served {
  test::ScratchDir dir{std::vector<std::pair<std::string, std::string>>{}};
  std::optional<Session> session;
  std::optional<WebTable> table;
  std::vector<std::string> tokens;
  std::optional<WebServer> server;
  std::thread thread;

  explicit Served(RequestLimits::Config limits = RequestLimits::Config{}) {
    const std::vector<std::string> options = {"virtual"};
    SessionHeader h{"squad", "test", 5, "en", options};
    SessionError e;
    auto log = SessionLog::create(dir.root / "g.session", h, &e);
    REQUIRE(log);
    std::string why;
    auto opened = Session::open(std::move(*log),
                                load_game_module(test::data_root(), "squad", options, &why), &why);
    REQUIRE(opened);
    session.emplace(std::move(*opened));
    table.emplace(*session, "SQUAD");
    auto t = seat_tokens(tokens_path(dir.root / "g.session"), 2, &why, Lang::en, 1);
    REQUIRE(t);
    tokens = *t;  // two seats, one observer
    server.emplace(*table, tokens, 2, kWeb, limits);
    REQUIRE(server->has_page());
    REQUIRE(server->bind("127.0.0.1", 0));
    thread = std::thread([this] { server->run(); });
    server->wait_until_running();
  }
  ~Served() {
    server->stop();
    thread.join();
  }
  httplib::Client client() {
    httplib::Client c("127.0.0.1", server->port());
    c.set_read_timeout(30, 0);
    return c;
  }
  httplib::Headers seat(int i) const { return {{"X-Bocage-Token", tokens[size_t(i)]}}; }
};

}  // namespace

TEST_CASE("web server: /api/ only with a seat's token, 403 and nothing said otherwise") {
  Served s;
  auto c = s.client();
  for (const char* path : {"/api/view", "/api/act", "/api/nothing", "/api/view?since=1"}) {
    INFO(path);
    auto none = c.Get(path);
    REQUIRE(none);
    CHECK(none->status == 403);
    CHECK(none->body.empty());
    auto wrong = c.Get(path, {{"X-Bocage-Token", std::string(32, '0')}});
    REQUIRE(wrong);
    CHECK(wrong->status == 403);
    CHECK(wrong->body.empty());
    auto post = c.Post(path, "{\"line\":\"start\"}", "application/json");
    REQUIRE(post);
    CHECK(post->status == 403);
  }
  // A seat's token in a cookie or the query is no token.
  auto cookie = c.Get("/api/view", {{"Cookie", "t=" + s.tokens[0]}});
  CHECK(cookie->status == 403);
  auto query = c.Get(("/api/view?t=" + s.tokens[0]).c_str());
  CHECK(query->status == 403);
  auto ok = c.Get("/api/view", s.seat(1));
  REQUIRE(ok);
  CHECK(ok->status == 200);
  CHECK(json::parse(ok->body)["seat"] == 1);
  CHECK(ok->get_header_value("Access-Control-Allow-Origin").empty());
  CHECK(ok->get_header_value("Cache-Control") == "no-store");
  // A long poll with a bad version is no request of a page.
  CHECK(c.Get("/api/view?since=abc", s.seat(0))->status == 403);
  CHECK(s.session->history().empty());  // nothing was played
}

TEST_CASE("web server: an observer's token reads what every seat may and sends nothing") {
  Served s;
  auto c = s.client();
  // The game begun: each seat holds a hand.
  REQUIRE(json::parse(c.Post("/api/act", s.seat(0), "{\"line\":\"start\"}", "application/json")
                          ->body)["status"] == "done");
  const httplib::Headers observer = {{"X-Bocage-Token", s.tokens[2]}};
  auto r = c.Get("/api/view", observer);
  REQUIRE(r);
  REQUIRE(r->status == 200);
  const json v = json::parse(r->body);
  CHECK(v["seat"] == -1);
  CHECK(v["moves"].empty());
  CHECK_FALSE(v["can_undo"].get<bool>());
  CHECK_FALSE(contains(r->body, "'s hand:"));
  CHECK_FALSE(contains(r->body, "can do now"));
  CHECK(contains(r->body, "US squad: 12 soldiers"));  // what every seat may read
  // It acts for no one: no move, no answer, no undo.
  for (const char* body : {"{\"line\":\"done\"}", "{\"line\":\"undo\"}", "{\"answer\":\"1\"}"}) {
    auto post = c.Post("/api/act", observer, body, "application/json");
    REQUIRE(post);
    CHECK(post->status == 403);
    CHECK(post->body.empty());
  }
  // A long poll is a view too.
  const std::string since = "/api/view?since=" + std::to_string(v["version"].get<uint64_t>() - 1);
  CHECK(c.Get(since.c_str(), observer)->status == 200);
  CHECK(s.session->history().size() == 1);
}

TEST_CASE("web server: beyond an address's rate or its long polls: 429 and nothing done") {
  Served s({0.001, 5, 1, 24, 1024});  // a burst of five, then next to nothing
  auto c = s.client();
  for (int i = 0; i < 2; ++i) CHECK(c.Get("/api/view", s.seat(0))->status == 200);
  // A long poll held: a second one from the same address is answered at once.
  const auto version = json::parse(c.Get("/api/view", s.seat(0))->body)["version"].get<uint64_t>();
  const std::string wait = "/api/view?since=" + std::to_string(version);
  std::thread poll([&] {
    auto other = s.client();
    auto r = other.Get(wait.c_str(), s.seat(1));
    CHECK((r && r->status == 200));
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  auto second = c.Get(wait.c_str(), s.seat(0));
  REQUIRE(second);
  CHECK(second->status == 429);
  CHECK(second->get_header_value("Retry-After") == "1");
  // The burst spent: a move is refused unplayed, a file too.
  auto act = c.Post("/api/act", s.seat(0), "{\"line\":\"start\"}", "application/json");
  REQUIRE(act);
  CHECK(act->status == 429);
  CHECK(act->body.empty());
  CHECK(c.Get("/")->status == 429);
  CHECK(s.session->history().empty());
  s.table->close();  // ends the held poll
  poll.join();
}

TEST_CASE("web server: the page's own files, and no other") {
  Served s;
  auto c = s.client();
  auto page = c.Get("/");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(contains(page->body, "<script src=\"app.js\""));
  CHECK(contains(page->get_header_value("Content-Type"), "text/html"));
  CHECK(contains(page->get_header_value("Content-Security-Policy"), "default-src 'self'"));
  CHECK(c.Get("/app.js")->status == 200);
  CHECK(c.Get("/words.json")->status == 200);
  for (const char* path : {"/../data/squad/game.toml", "/%2e%2e/web/index.html", "/etc/passwd",
                           "/g.session", "/index.html/../app.js"}) {
    INFO(path);
    auto r = c.Get(path);
    REQUIRE(r);
    CHECK(r->status == 404);
  }
  CHECK(c.Post("/", "x", "text/plain")->status == 405);
}

TEST_CASE("web server: a seat plays a move and the other seat's long poll wakes") {
  Served s;
  auto c = s.client();
  const uint64_t v = json::parse(c.Get("/api/view", s.seat(1))->body)["version"];
  std::optional<uint64_t> woke;
  std::thread other([&] {
    auto c2 = s.client();
    auto r = c2.Get(("/api/view?since=" + std::to_string(v)).c_str(), s.seat(1));
    if (r) woke = json::parse(r->body)["version"].get<uint64_t>();
  });
  auto played = c.Post("/api/act", s.seat(0), "{\"line\":\"start\"}", "application/json");
  REQUIRE(played);
  CHECK(json::parse(played->body)["status"] == "done");
  other.join();
  REQUIRE(woke);
  CHECK(*woke > v);
  // A body beyond the limit is refused before it is read.
  auto big = c.Post("/api/act", s.seat(0), std::string(10000, ' '), "application/json");
  REQUIRE(big);
  CHECK(big->status == 413);
  // Not JSON: a refusal, not a crash.
  auto bad = c.Post("/api/act", s.seat(0), "{", "application/json");
  REQUIRE(bad);
  CHECK(json::parse(bad->body)["status"] == "refused");
}

TEST_CASE("web server: the seats' tokens are kept beside the session, private, and read back") {
  test::ScratchDir dir(std::vector<std::pair<std::string, std::string>>{});
  const fs::path file = tokens_path(dir.root / "g.session");
  std::string why;
  auto first = seat_tokens(file, 2, &why);
  REQUIRE(first);
  CHECK(first->size() == 2);
  CHECK((*first)[0] != (*first)[1]);
  CHECK((fs::status(file).permissions() & (fs::perms::group_all | fs::perms::others_all)) ==
        fs::perms::none);
  auto again = seat_tokens(file, 2, &why);
  REQUIRE(again);
  CHECK(*again == *first);
  CHECK(seat_of_token(*first, (*first)[1]) == 1);
  CHECK(seat_of_token(*first, "") == -1);
  CHECK(seat_of_token(*first, (*first)[1].substr(0, 31)) == -1);
  // Three seats asked of a file of two: an error, not new tokens.
  CHECK_FALSE(seat_tokens(file, 3, &why));
  CHECK(contains(why, "only 2 tokens for 3 seats"));
  // Observers asked for: the seats' tokens kept, one more written after them.
  auto watched = seat_tokens(file, 2, &why, Lang::en, 1);
  REQUIRE(watched);
  REQUIRE(watched->size() == 3);
  CHECK(std::equal(first->begin(), first->end(), watched->begin()));
  CHECK((fs::status(file).permissions() & (fs::perms::group_all | fs::perms::others_all)) ==
        fs::perms::none);
  CHECK_FALSE(fs::exists(fs::path(file.string() + ".new")));
  // Served again without observers: the observer's token is not handed out,
  // yet kept, so that asking for it again gives the same URL.
  CHECK(seat_tokens(file, 2, &why)->size() == 2);
  CHECK(seat_tokens(file, 2, &why, Lang::en, 1) == watched);
  std::ofstream(file, std::ios::app) << "not-a-token\n";
  CHECK_FALSE(seat_tokens(file, 2, &why));
  CHECK(contains(why, "a line is not a token"));
}
