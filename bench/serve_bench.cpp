// The web companion's round trip: from a tap (POST /api/act) to every screen
// updated (each page's long poll answered with the new version), over
// loopback, with four screens on two SQUAD seats (two each). Random legal
// moves of the seat to act, virtual mode, new games until TAPS taps.
//   build/bench/serve_bench [TAPS]   (default 300)
// Run by bench/run.sh; the figures go in the README.
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "companion/engine/session.h"
#include "companion/games/registry.h"
#include "companion/serve/web_server.h"
#include "companion/serve/web_table.h"

using namespace bocage;
namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * double(v.size())))];
}

/// One screen: a page's long poll, noting the newest version it received.
struct Screen {
  std::atomic<uint64_t> seen{0};
  std::atomic<bool> stop{false};
  std::thread thread;
  Screen(int port, std::string token) {
    thread = std::thread([this, port, token] {
      httplib::Client c("127.0.0.1", port);
      c.set_read_timeout(30, 0);
      const httplib::Headers h{{"X-Bocage-Token", token}};
      while (!stop) {
        const uint64_t since = seen;
        auto r = c.Get(("/api/view" + (since ? "?since=" + std::to_string(since) : "")).c_str(), h);
        if (!r || r->status != 200) continue;
        seen = json::parse(r->body)["version"].get<uint64_t>();
      }
    });
  }
};

}  // namespace

int main(int argc, char** argv) {
  const int taps = argc > 1 ? std::atoi(argv[1]) : 300;
  const fs::path data = fs::path(BOCAGE_SOURCE_ROOT) / "data";
  const fs::path dir = fs::temp_directory_path() / "bocage-serve-bench";
  fs::create_directories(dir);
  std::mt19937 rng(1);
  std::vector<double> round_trip;
  int games = 0;
  while (int(round_trip.size()) < taps) {
    const fs::path file = dir / ("g" + std::to_string(games++) + ".session");
    fs::remove(file);
    const std::vector<std::string> options{"virtual", "windows=always"};
    SessionError e;
    auto log = SessionLog::create(file, {"squad", "bench", uint64_t(games), "ja", options}, &e);
    std::string why;
    auto session =
        Session::open(std::move(*log), load_game_module(data, "squad", options, &why), &why);
    if (!session) {
      std::fprintf(stderr, "%s\n", why.c_str());
      return 1;
    }
    WebTable table(*session, "SQUAD");
    const std::vector<std::string> tokens = {std::string(32, 'a'), std::string(32, 'b')};
    // The four screens and the tapper share one address here, where each
    // phone at a table has its own: the limits of one address are lifted
    // (the server's own, per address, are RequestLimits' defaults).
    RequestLimits::Config one_address;
    one_address.per_second = one_address.burst = 1e9;
    WebServer server(table, tokens, 2, fs::path(BOCAGE_SOURCE_ROOT) / "web", one_address);
    if (!server.bind("127.0.0.1", 0)) return 1;
    std::thread http([&] { server.run(); });
    server.wait_until_running();
    std::vector<std::unique_ptr<Screen>> screens;
    for (int i = 0; i < 4; ++i)
      screens.push_back(std::make_unique<Screen>(server.port(), tokens[size_t(i % 2)]));
    httplib::Client tapper("127.0.0.1", server.port());
    for (int i = 0; i < 2000 && int(round_trip.size()) < taps; ++i) {
      const json v = table.view(0);
      if (v.contains("over")) break;
      const int seat = v.contains("question_for") ? int(v["question_for"]) : int(v["to_act"]);
      const json mine = table.view(seat);
      json body;
      if (mine.contains("question"))
        body = {
            {"answer", mine["question"]["choices"][rng() % mine["question"]["choices"].size()]}};
      else if (!mine["moves"].empty())
        body = {{"line", mine["moves"][rng() % mine["moves"].size()]["line"]}};
      else
        break;
      // Every screen up to date first.
      const uint64_t before = table.version();
      for (auto& s : screens)
        while (s->seen < before) std::this_thread::sleep_for(std::chrono::microseconds(50));
      const auto t0 = Clock::now();
      auto r = tapper.Post("/api/act", {{"X-Bocage-Token", tokens[size_t(seat)]}}, body.dump(),
                           "application/json");
      if (!r) return 1;
      const uint64_t after = table.version();
      if (after == before) continue;  // refused: nothing changed
      for (auto& s : screens)
        while (s->seen < after) std::this_thread::sleep_for(std::chrono::microseconds(20));
      round_trip.push_back(ms(Clock::now() - t0));
    }
    for (auto& s : screens) s->stop = true;
    server.stop();
    for (auto& s : screens) s->thread.join();
    http.join();
  }
  std::printf("serve: %zu taps over %d SQUAD games, four screens (two per seat), loopback\n",
              round_trip.size(), games);
  std::printf(
      "  tap to every screen updated: median %.2f ms, 95th percentile %.2f ms, max %.2f ms\n",
      percentile(round_trip, 0.5), percentile(round_trip, 0.95),
      *std::max_element(round_trip.begin(), round_trip.end()));
  fs::remove_all(dir);
  return 0;
}
