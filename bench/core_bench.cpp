// The game core's speed, as a simulator would use it: random legal moves,
// typed, through GameCore with narration off, no log line, no file, many games.
//   build/bench/core_bench [GAMES]   (default 2000 games of Stuart vs Zombies, virtual mode)
// Prints commands per second and games per second; run by bench/run.sh.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "companion/engine/game_core.h"
#include "companion/games/registry.h"

using namespace bocage;
using Clock = std::chrono::steady_clock;

namespace {

/// Answers every question with a random choice (virtual mode asks only
/// which hex an event reveals and what damage takes).
class RandomAsker final : public Asker {
 public:
  explicit RandomAsker(Rng& rng) : rng_(rng) {}
  std::optional<std::string> ask(const Question& q, const std::vector<Line>&) override {
    return q.choices[size_t(rng_.roll(int(q.choices.size())) - 1)];
  }

 private:
  Rng& rng_;
};

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 2000;
  std::string why;
  std::shared_ptr<const GameModule> module = load_game_module(
      std::filesystem::path(BOCAGE_SOURCE_ROOT) / "data", "stuart-vs-zombies", {"virtual"}, &why);
  if (!module) {
    std::fprintf(stderr, "%s\n", why.c_str());
    return 1;
  }
  GameSettings settings;
  settings.narrate = false;
  settings.keep_lines = false;
  Rng pick(2026);
  RandomAsker asker(pick);
  long commands = 0, refused = 0, finished = 0;
  const auto t0 = Clock::now();
  for (int g = 0; g < games; ++g) {
    GameCore game(module, uint64_t(g) + 1, settings);
    for (int step = 0; step < 1000 && !game.outcome(); ++step) {
      const auto moves = game.legal_moves();
      const Move& m = moves[size_t(pick.roll(int(moves.size())) - 1)];
      refused += game.play(m, {}, &asker).status != Played::Status::done;
      ++commands;
    }
    finished += game.outcome().has_value();
  }
  const double s = std::chrono::duration<double>(Clock::now() - t0).count();
  std::printf(
      "| games | commands | refused | seconds | commands/s | games/s |\n"
      "|---:|---:|---:|---:|---:|---:|\n"
      "| %d (%ld ended) | %ld | %ld | %.3f | %.0f | %.0f |\n",
      games, finished, commands, refused, s, double(commands) / s, double(games) / s);
  return refused == 0 ? 0 : 1;
}
