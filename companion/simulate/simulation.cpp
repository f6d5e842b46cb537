#include "simulation.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <stdexcept>
#include <string>
#include <thread>

#include "companion/engine/game_core.h"

namespace bocage {

namespace {

uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// Passes the questions a move asks to the player of the seat addressed.
class PlayerAsker final : public Asker {
 public:
  PlayerAsker(std::vector<std::unique_ptr<Player>>& players, Rng& rng)
      : players_(players), rng_(rng) {}
  std::optional<std::string> ask(const Question& asked, const std::vector<Line>&) override {
    // A table-mode draw: the card comes from the deck on the simulated table.
    const Question q = drawable(asked);
    if (q.choices.empty()) return std::nullopt;
    const size_t seat = q.seat >= 0 && size_t(q.seat) < players_.size() ? size_t(q.seat) : 0;
    const size_t pick = players_[seat]->answer(q, rng_);
    if (pick >= q.choices.size())
      throw std::out_of_range("the player answered choice " + std::to_string(pick + 1) + " of " +
                              std::to_string(q.choices.size()));
    return q.choices[pick];
  }

 private:
  std::vector<std::unique_ptr<Player>>& players_;
  Rng& rng_;
};

/// The commands played, as a session logs them (built only for a report).
std::vector<std::string> history_lines(const GameCore& game) {
  std::vector<std::string> lines;
  for (const auto& r : game.history()) lines.push_back(game.line(r));
  return lines;
}

}  // namespace

uint64_t game_seed(uint64_t seed, int index) {
  return splitmix64(splitmix64(seed) ^ uint64_t(index));
}

GameRecord play_game(const std::shared_ptr<const GameModule>& module,
                     std::vector<std::unique_ptr<Player>>& players, uint64_t seed,
                     int max_commands) {
  GameRecord rec;
  rec.seed = seed;
  std::optional<GameCore> game;
  std::optional<Move> playing;  // the move under way, for the report of its failure
  auto text = [&](const Move& m) { return join_words(module->words(m)); };
  auto fail = [&](std::string what) {
    EngineError e{std::move(what), game ? history_lines(*game) : std::vector<std::string>{}};
    if (playing) e.moves.push_back(text(*playing));
    rec.error = std::move(e);
    return rec;
  };
  try {
    GameSettings settings;
    settings.narrate = false;
    settings.keep_lines = false;  // no log: no text per command
    game.emplace(module, seed, settings);
    // The players' own choices come from a stream of their own, so they
    // never shift the game's dice.
    Rng rng(splitmix64(seed ^ 0x5EA7ull));
    PlayerAsker asker(players, rng);
    for (auto& p : players) p->new_game();
    if (auto bad = module->check_invariants(game->state()); !bad.empty())
      return fail("after set-up: " + bad);
    while (!game->outcome()) {
      if (rec.commands >= max_commands)
        return fail("no end after " + std::to_string(max_commands) + " commands");
      const int seat = game->seat_to_act();
      if (seat < 0 || size_t(seat) >= players.size())
        return fail("seat " + std::to_string(seat) + " to act in a game not over");
      const auto moves = game->legal_moves();
      if (moves.empty()) return fail("no legal move in a game not over");
      const auto view = game->view(seat);
      const size_t pick = players[size_t(seat)]->choose(*view, moves, rng);
      if (pick >= moves.size()) return fail("the player chose no legal move");
      playing = moves[pick];
      Played played = game->play(*playing, {}, &asker);
      if (played.status == Played::Status::refused)
        return fail("legal move '" + text(*playing) + "' refused" +
                    (played.refusal ? ": " + played.refusal->rule + " " + played.refusal->message
                                    : std::string()));
      if (played.status == Played::Status::cancelled)
        return fail("legal move '" + text(*playing) + "' cancelled");
      playing.reset();
      ++rec.commands;
      if (auto bad = module->check_invariants(game->state()); !bad.empty())
        return fail("after '" + game->line(game->history().back()) + "': " + bad);
    }
    const Outcome o = *game->outcome();
    rec.victory = o.victory;
    rec.reason = o.reason;
    rec.turns = module->turn(game->state());
  } catch (const std::exception& e) {
    return fail(std::string("exception: ") + e.what());
  } catch (const AnswerMismatch& e) {
    return fail("answer mismatch: " + e.message);
  } catch (const CommandCancelled&) {
    return fail("a command was cancelled");
  } catch (...) {
    return fail("unknown exception");
  }
  return rec;
}

std::vector<GameRecord> run_games(const std::shared_ptr<const GameModule>& module,
                                  const PlayerFactory& make_player,
                                  const SimulationConfig& config) {
  std::vector<GameRecord> records(size_t(std::max(config.games, 0)));
  const size_t seats = std::max<size_t>(module->seats().size(), 1);
  const int jobs = std::clamp(config.jobs, 1, std::max(config.games, 1));
  // Players are made here, on one thread: a factory need not be thread-safe.
  std::vector<std::vector<std::unique_ptr<Player>>> players(static_cast<size_t>(jobs));
  for (auto& team : players)
    for (size_t s = 0; s < seats; ++s) team.push_back(make_player());
  std::atomic<int> next{0};
  constexpr int kChunk = 64;
  auto work = [&](size_t job) {
    for (;;) {
      const int from = next.fetch_add(kChunk);
      if (from >= config.games) return;
      const int to = std::min(from + kChunk, config.games);
      for (int i = from; i < to; ++i)
        records[size_t(i)] =
            play_game(module, players[job], game_seed(config.seed, i), config.max_commands);
    }
  };
  std::vector<std::thread> threads;
  for (size_t j = 1; j < size_t(jobs); ++j) threads.emplace_back(work, j);
  work(0);
  for (auto& t : threads) t.join();
  return records;
}

}  // namespace bocage
