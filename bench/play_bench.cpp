// The companion's speed: how long a command takes (apply, log, fsync) and how
// long resuming a long session takes (read the file, replay every command).
//   build/bench/play_bench [COMMANDS [FILE]]   (default 1000 commands, a file
//   in the current folder; an existing FILE is replaced)
// Run by bench/run.sh; the figures go in the README.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "companion/engine/session.h"
#include "companion/games/registry.h"
#include "companion/games/stuart_vs_zombies/svz_state.h"

using namespace bocage;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * double(v.size())))];
}

std::unique_ptr<GameModule> module(const fs::path& data, const std::vector<std::string>& options) {
  std::string why;
  auto m = load_game_module(data, "stuart-vs-zombies", options, &why);
  if (!m) {
    std::fprintf(stderr, "%s\n", why.c_str());
    std::exit(1);
  }
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  const int commands = argc > 1 ? std::atoi(argv[1]) : 1000;
  const fs::path data = fs::path(BOCAGE_SOURCE_ROOT) / "data";
  const fs::path file = argc > 2 ? fs::path(argv[2]) : fs::path("play-bench.session");
  fs::remove(file);
  const std::vector<std::string> options{"manual-dice"};

  // A session of `commands` commands: AP rolls of 4 and the M5 driving back
  // and forth, a recon and an undo now and then (a game that never ends).
  std::vector<double> command_ms;
  {
    SessionError e;
    auto log = SessionLog::create(
        file, {"stuart-vs-zombies", data_digest(data / "stuart-vs-zombies"), 1, "ja", options}, &e);
    std::string why;
    auto session = Session::open(std::move(*log), module(data, options), &why);
    for (int i = 0; i < commands; ++i) {
      const auto& s = static_cast<const SvzState&>(session->state());
      std::string line = s.phase == SvzState::Phase::ap ? "roll -- 4"
                         : s.m5 == HexCoord{1, 5}       ? "move 0205"
                                                        : "move 0206";
      if (i % 50 == 49) line = "undo";
      auto t0 = Clock::now();
      Reply r = session->execute(line, nullptr);
      command_ms.push_back(ms(Clock::now() - t0));
      if (r.status != Reply::Status::done) {
        std::fprintf(stderr, "command %d '%s' was not done\n", i, line.c_str());
        return 1;
      }
    }
  }
  {
    // Leave the session before an AP roll, so that `exec FILE 'roll -- 4'` is legal.
    SessionError e;
    auto log = SessionLog::open(file, &e);
    std::string why;
    auto session = Session::open(std::move(*log), module(data, options), &why);
    if (static_cast<const SvzState&>(session->state()).phase != SvzState::Phase::ap)
      session->execute("end", nullptr);
  }
  std::vector<double> resume_ms;
  size_t replayed = 0;
  for (int run = 0; run < 20; ++run) {
    auto t0 = Clock::now();
    SessionError e;
    auto log = SessionLog::open(file, &e);
    std::string why;
    auto session = Session::open(std::move(*log), module(data, options), &why);
    resume_ms.push_back(ms(Clock::now() - t0));
    replayed = session->history().size();
  }
  std::printf("| measure | median | 95th percentile | max |\n|:---|---:|---:|---:|\n");
  std::printf("| one command (apply, append, fsync), %d commands | %.2f ms | %.2f ms | %.2f ms |\n",
              commands, percentile(command_ms, 0.5), percentile(command_ms, 0.95),
              *std::max_element(command_ms.begin(), command_ms.end()));
  std::printf(
      "| resume a %d-command session (load data, read, replay %zu) | %.2f ms | %.2f ms | %.2f ms "
      "|\n",
      commands, replayed, percentile(resume_ms, 0.5), percentile(resume_ms, 0.95),
      *std::max_element(resume_ms.begin(), resume_ms.end()));
  std::printf("\nThe session is left in %s for timing the whole program.\n", file.c_str());
  return 0;
}
