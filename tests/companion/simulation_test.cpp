// The simulator's run loop: results independent of the number of threads,
// seeds per game, and every kind of engine error caught with the seed and
// the commands that lead to it (a toy module that misbehaves on purpose).
#include "companion/simulate/simulation.h"

#include <catch2/catch.hpp>
#include <stdexcept>

#include "companion/games/registry.h"
#include "companion/simulate/sim_stats.h"

using namespace bocage;

namespace {

/// A counter to bring to 5 with "step" or "jump"; `fault` makes the module
/// wrong in one way when the counter reaches 3.
enum class Fault { none, refuse, throws, endless, invariant, no_moves };

struct ToyState final : GameState {
  int n = 0;
  std::unique_ptr<GameState> clone() const override { return std::make_unique<ToyState>(*this); }
};

class ToyModule final : public GameModule {
 public:
  explicit ToyModule(Fault f) : fault_(f) {}
  std::string id() const override { return "toy"; }
  std::unique_ptr<GameState> setup(PlayContext&) const override {
    return std::make_unique<ToyState>();
  }
  std::optional<Refusal> parse(const std::vector<std::string>& words, Lang,
                               Move& move) const override {
    if (words[0] != "step" && words[0] != "jump") return Refusal{"", "unknown"};
    move = Move(words[0] == "jump", {});
    return std::nullopt;
  }
  std::vector<std::string> words(const Move& move) const override {
    return {move.command ? "jump" : "step"};
  }
  std::optional<Refusal> apply(GameState& base, const Move& move, PlayContext& ctx) const override {
    auto& s = static_cast<ToyState&>(base);
    if (s.n == 3 && fault_ == Fault::refuse) return Refusal{"9.9", "no"};
    if (s.n == 3 && fault_ == Fault::throws) throw std::runtime_error("toy broke");
    if (fault_ == Fault::endless) return std::nullopt;
    s.n += move.command == 1 ? ctx.roll(2, "jump") : 1;
    return std::nullopt;
  }
  std::string brief(const GameState&, Lang) const override { return ""; }
  void status(const GameState&, PlayContext&) const override {}
  std::vector<std::string> command_names() const override { return {"step", "jump"}; }
  std::vector<Move> legal_moves(const GameState& base) const override {
    const auto& s = static_cast<const ToyState&>(base);
    if (outcome(base) || (s.n == 3 && fault_ == Fault::no_moves)) return {};
    return {Move(0, {}), Move(1, {})};
  }
  std::unique_ptr<GameState> view(const GameState& s, int) const override { return s.clone(); }
  CommandHelp command_help(const std::string& name, Lang) const override {
    return {name, name, ""};
  }
  std::optional<Outcome> outcome(const GameState& base) const override {
    const auto& s = static_cast<const ToyState&>(base);
    if (s.n < 5) return std::nullopt;
    return Outcome{s.n == 5, s.n == 5 ? 0 : -1, s.n == 5 ? "exact" : "overshot"};
  }
  std::string describe(const Outcome& o, Lang) const override { return o.reason; }
  int turn(const GameState& base) const override { return static_cast<const ToyState&>(base).n; }
  std::string check_invariants(const GameState& base) const override {
    const auto& s = static_cast<const ToyState&>(base);
    return fault_ == Fault::invariant && s.n >= 3 ? "n is 3 or more" : "";
  }

 private:
  Fault fault_;
};

PlayerFactory random_players() {
  return [] { return std::make_unique<RandomPlayer>(); };
}

bool same(const std::vector<GameRecord>& a, const std::vector<GameRecord>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].seed != b[i].seed || a[i].victory != b[i].victory || a[i].reason != b[i].reason ||
        a[i].commands != b[i].commands || a[i].turns != b[i].turns ||
        a[i].error.has_value() != b[i].error.has_value())
      return false;
  return true;
}

}  // namespace

TEST_CASE("a toy game ends with both outcomes, counted") {
  auto module = std::make_shared<ToyModule>(Fault::none);
  SimulationConfig c;
  c.games = 200;
  auto records = run_games(module, random_players(), c);
  SimStats s = summarize(records);
  CHECK(s.errors.empty());
  CHECK(s.games == 200);
  CHECK(s.wins > 0);
  CHECK(s.wins < 200);
  REQUIRE(s.losses.size() == 1);
  CHECK(s.losses[0].first == "overshot");
}

TEST_CASE("game seeds differ by game and by run seed") {
  CHECK(game_seed(1, 0) != game_seed(1, 1));
  CHECK(game_seed(1, 0) != game_seed(2, 0));
  CHECK(game_seed(7, 3) == game_seed(7, 3));
}

TEST_CASE("Stuart vs Zombies gives the same records on 1 and 2 threads") {
  std::string why;
  std::shared_ptr<const GameModule> module =
      load_game_module(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data", "stuart-vs-zombies",
                       {"virtual"}, &why);
  REQUIRE(module);
  SimulationConfig c;
  c.games = 300;
  c.seed = 42;
  c.jobs = 1;
  auto one = run_games(module, random_players(), c);
  c.jobs = 2;
  auto two = run_games(module, random_players(), c);
  CHECK(same(one, two));
  c.seed = 43;
  auto other = run_games(module, random_players(), c);
  CHECK_FALSE(same(one, other));
  CHECK(summarize(one).errors.empty());
}

TEST_CASE("each kind of engine error is caught with its seed and moves") {
  struct Case {
    Fault fault;
    const char* what;
  };
  for (auto [fault, what] :
       {Case{Fault::refuse, "refused: 9.9 no"}, Case{Fault::throws, "exception: toy broke"},
        Case{Fault::endless, "no end after 50 commands"}, Case{Fault::invariant, "n is 3 or more"},
        Case{Fault::no_moves, "no legal move in a game not over"}}) {
    INFO(what);
    auto module = std::make_shared<ToyModule>(fault);
    SimulationConfig c;
    c.games = 20;
    c.jobs = 2;
    c.max_commands = 50;
    auto records = run_games(module, random_players(), c);
    SimStats s = summarize(records);
    // Every game passes through 3 except those that jump over it.
    CHECK(s.errors.size() > 0);
    const GameRecord& bad = *s.errors.front();
    CHECK(bad.error->what.find(what) != std::string::npos);
    CHECK(bad.seed == game_seed(c.seed, int(&bad - records.data())));
    CHECK_FALSE(bad.error->moves.empty());
    CHECK(bad.reason.empty());
  }
}
