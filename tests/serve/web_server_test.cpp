// The web companion's HTTP server on loopback (cpp-httplib's client, and raw
// sockets as an attacker sends them): the page's files for anyone, /api/
// only with a seat's token (403 and an empty body otherwise), no other file,
// bodies bounded before they are read, slow connections that stall no one,
// pipelining and HEAD, the same tokens after a restart, and a tap's round
// trip. Every loop is bounded, and all traffic is on 127.0.0.1.
#include "companion/serve/web_server.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <fstream>
#include <functional>
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

namespace {

/// A raw connection to the server, as an attacker (or a browser) opens one.
struct Raw {
  int fd = -1;
  explicit Raw(int port, int timeout_ms = 2000) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(fd);
      fd = -1;
      return;
    }
    timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  }
  ~Raw() {
    if (fd >= 0) ::close(fd);
  }
  bool send(const std::string& s) {
    return fd >= 0 && ::send(fd, s.data(), s.size(), MSG_NOSIGNAL) == ssize_t(s.size());
  }
  /// What arrives until `done` holds of it, the connection closes or the
  /// time runs out.
  std::string read(const std::function<bool(const std::string&)>& done) {
    std::string got;
    char buf[4096];
    while (fd >= 0 && !done(got)) {
      const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;
      got.append(buf, size_t(n));
    }
    return got;
  }
  /// Whether the server closed it (a read gives 0 or a reset).
  bool closed() {
    char c;
    const ssize_t n = ::recv(fd, &c, 1, 0);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
  }
};

long rss_kib() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

size_t count_of(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("web server: 200 slow connections from one address, and a phone's taps still answered") {
  RequestLimits::Config limits;
  limits.request_deadline_ms = 1500;
  Served s(limits);
  // Each sends a header line every 300 ms and never ends its head: none
  // holds a worker; beyond 32 from one address the oldest are closed, and
  // each is closed at its deadline.
  std::vector<std::unique_ptr<Raw>> slow;
  for (int i = 0; i < 200; ++i) {
    slow.push_back(std::make_unique<Raw>(s.server->port(), 50));
    REQUIRE(slow.back()->fd >= 0);
    slow.back()->send("GET / HTTP/1.1\r\nHost: x\r\n");
  }
  auto c = s.client();
  for (int tap = 0; tap < 10; ++tap) {
    for (auto& r : slow) r->send("X-Slow: 1\r\n");
    // The phone taps while those 200 are open and trickling (a moment
    // after this round of lines, as a phone's tap falls between them).
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const auto start = std::chrono::steady_clock::now();
    auto view = c.Get("/api/view", s.seat(tap % 2));
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    REQUIRE(view);
    CHECK(view->status == 200);
    CHECK(ms < 100);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  // Past the deadline (1.5 s here, 10 s served): every slow one is closed.
  std::this_thread::sleep_for(std::chrono::milliseconds(1800));
  int closed = 0;
  for (auto& r : slow) closed += r->closed();
  CHECK(closed == 200);
}

TEST_CASE("web server: an oversized body is refused before it is read, whatever its framing") {
  Served s;
  const std::string token = s.tokens[0];
  const std::string head = "POST /api/act HTTP/1.1\r\nHost: x\r\nX-Bocage-Token: " + token +
                           "\r\nContent-Type: application/json\r\n";
  {
    // A declared length of 10^9, trickled after Expect: 100-continue: 413
    // at once, no 100 Continue, the connection closed.
    Raw r(s.server->port());
    REQUIRE(r.send(head + "Content-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n"));
    const std::string got =
        r.read([](const std::string& g) { return g.find("\r\n\r\n") != std::string::npos; });
    CHECK(got.rfind("HTTP/1.1 413", 0) == 0);
    CHECK_FALSE(contains(got, "100 Continue"));
    r.send("x");
    CHECK(r.closed());
  }
  {
    // A chunked body of up to 256 MiB: refused at once (a page always sends
    // its length); what was sent is never kept (memory stays within 64 MiB).
    const long before = rss_kib();
    long peak = before;
    Raw r(s.server->port());
    REQUIRE(r.send(head + "Transfer-Encoding: chunked\r\n\r\n"));
    const std::string got =
        r.read([](const std::string& g) { return g.find("\r\n\r\n") != std::string::npos; });
    const std::string chunk = "10000\r\n" + std::string(0x10000, 'a') + "\r\n";
    size_t sent = 0;
    while (sent < 256u * 1024 * 1024 && r.send(chunk)) {
      sent += 0x10000;
      if (sent % (4u * 1024 * 1024) == 0) peak = std::max(peak, rss_kib());
    }
    CHECK(sent < 256u * 1024 * 1024);  // the server closed it long before
    INFO("answered: " << got.substr(0, 200));
    CHECK(got.rfind("HTTP/1.1 413", 0) == 0);
    peak = std::max(peak, rss_kib());
    CHECK(peak - before < 64 * 1024);
  }
  // A move still goes through afterwards.
  auto c = s.client();
  auto ok = c.Post("/api/act", s.seat(0), R"({"line":"start"})", "application/json");
  REQUIRE(ok);
  CHECK(ok->status == 200);
}

TEST_CASE("web server: pipelined requests are each answered, and HEAD is") {
  Served s;
  Raw r(s.server->port());
  REQUIRE(
      r.send("GET /app.css HTTP/1.1\r\nHost: x\r\n\r\nGET /words.json HTTP/1.1\r\nHost: x\r\n\r\n"
             "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n"));
  const std::string got =
      r.read([](const std::string& g) { return count_of(g, "HTTP/1.1 200") == 3; });
  CHECK(count_of(got, "HTTP/1.1 200") == 3);
  // HEAD: the head of index.html, no body after it.
  const size_t last = got.rfind("HTTP/1.1 200");
  CHECK(got.find("\r\n\r\n", last) + 4 == got.size());
}
