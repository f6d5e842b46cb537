// Typed moves (game_module.h): the simulator's path builds no text (no
// parse, no words, no log line per command), and words and moves convert
// both ways for every legal move of both games.
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>

#include "companion/engine/game_core.h"
#include "companion/games/registry.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/sim_stats.h"
#include "companion/simulate/simulation.h"

using namespace bocage;

namespace {

std::filesystem::path data_root() {
  return std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
}

std::shared_ptr<const GameModule> load(const std::string& game) {
  std::string why;
  auto m = load_game_module(data_root(), game,
                            {game == "endless-patrol" ? "mode=virtual" : "virtual"}, &why);
  INFO(why);
  REQUIRE(m);
  return m;
}

/// A module that counts the text it is asked for, and passes everything on.
class CountingModule final : public GameModule {
 public:
  explicit CountingModule(std::shared_ptr<const GameModule> inner) : inner_(std::move(inner)) {}
  mutable std::atomic<int> parses{0}, words_built{0};

  std::string id() const override { return inner_->id(); }
  std::unique_ptr<GameState> setup(PlayContext& ctx) const override { return inner_->setup(ctx); }
  std::optional<Refusal> parse(const std::vector<std::string>& w, Lang lang,
                               Move& move) const override {
    ++parses;
    return inner_->parse(w, lang, move);
  }
  std::vector<std::string> words(const Move& move) const override {
    ++words_built;
    return inner_->words(move);
  }
  std::optional<Refusal> apply(GameState& s, const Move& m, PlayContext& ctx) const override {
    return inner_->apply(s, m, ctx);
  }
  std::string brief(const GameState& s, Lang lang) const override { return inner_->brief(s, lang); }
  void status(const GameState& s, PlayContext& ctx) const override { inner_->status(s, ctx); }
  std::vector<std::string> command_names() const override { return inner_->command_names(); }
  std::vector<Move> legal_moves(const GameState& s) const override {
    return inner_->legal_moves(s);
  }
  std::vector<std::string> seats() const override { return inner_->seats(); }
  int seat_to_act(const GameState& s) const override { return inner_->seat_to_act(s); }
  std::unique_ptr<GameState> view(const GameState& s, int seat) const override {
    return inner_->view(s, seat);
  }
  CommandHelp command_help(const std::string& name, Lang lang) const override {
    return inner_->command_help(name, lang);
  }
  std::optional<Outcome> outcome(const GameState& s) const override { return inner_->outcome(s); }
  std::string describe(const Outcome& o, Lang lang) const override {
    return inner_->describe(o, lang);
  }
  int turn(const GameState& s) const override { return inner_->turn(s); }
  std::string check_invariants(const GameState& s) const override {
    return inner_->check_invariants(s);
  }

 private:
  std::shared_ptr<const GameModule> inner_;
};

}  // namespace

TEST_CASE("the simulator plays whole games without building any text for a move") {
  for (const char* game : {"stuart-vs-zombies", "endless-patrol", "maquis"}) {
    for (const char* player : {"heuristic", "random"}) {
      INFO(game << " " << player);
      auto counting = std::make_shared<CountingModule>(load(game));
      std::string note, why;
      const std::vector<std::string> options{std::string(game) == "endless-patrol" ? "mode=virtual"
                                                                                   : "virtual"};
      auto factory = make_player_factory(player, game, data_root(), options, &note, &why);
      REQUIRE(factory);
      SimulationConfig c;
      c.games = 40;
      const auto records = run_games(counting, factory, c);
      const SimStats stats = summarize(records);
      CHECK(stats.errors.empty());
      CHECK(stats.games == 40);
      CHECK(stats.mean_commands > 10);
      CHECK(counting->parses == 0);
      CHECK(counting->words_built == 0);
    }
  }
}

TEST_CASE("a typed move keeps no log line when asked not to, and writes it on demand") {
  auto module = load("stuart-vs-zombies");
  GameSettings quiet;
  quiet.narrate = false;
  quiet.keep_lines = false;
  GameCore game(module, 3, quiet);
  Played p = game.play(game.legal_moves().front(), {}, nullptr);  // roll
  REQUIRE(p.status == Played::Status::done);
  CHECK(game.history().back().line.empty());
  CHECK(game.line(game.history().back()) == "roll");
  // The same move typed keeps its words as the player typed them.
  GameCore typed(module, 3, quiet);
  REQUIRE(typed.command({"roll"}, {}, nullptr).status == Played::Status::done);
  CHECK(typed.history().back().line == "roll");
}

TEST_CASE("every legal move's words parse back to the same move") {
  for (const char* game : {"stuart-vs-zombies", "endless-patrol", "maquis"}) {
    INFO(game);
    auto module = load(game);
    GameSettings quiet;
    quiet.narrate = false;
    quiet.keep_lines = false;
    Rng rng(11);
    struct Ask final : Asker {
      Rng& rng;
      explicit Ask(Rng& r) : rng(r) {}
      std::optional<std::string> ask(const Question& q, const std::vector<Line>&) override {
        return q.choices[size_t(rng.roll(int(q.choices.size())) - 1)];
      }
    } asker(rng);
    int checked = 0;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      GameCore g(module, seed, quiet);
      for (int step = 0; step < 300 && !g.outcome(); ++step) {
        const auto moves = g.legal_moves();
        for (const Move& m : moves) {
          const auto words = module->words(m);
          Move back;
          INFO(join_words(words));
          REQUIRE_FALSE(module->parse(words, Lang::en, back));
          CHECK(back == m);
          ++checked;
        }
        REQUIRE(g.play(moves[size_t(rng.roll(int(moves.size())) - 1)], {}, &asker).status ==
                Played::Status::done);
      }
    }
    CHECK(checked > 1000);
  }
}

TEST_CASE("a command longer than a move holds is refused with the limit") {
  auto module = load("stuart-vs-zombies");
  Move m;
  auto r = module->parse({"move", "0306", "0405", "0306", "0405", "0306", "0405", "0306", "0405"},
                         Lang::en, m);
  REQUIRE(r);
  CHECK(r->message == "move takes at most 7 words after it");
  auto ep = load("endless-patrol");
  r = ep->parse({"fire", "1", "2", "3", "4", "5", "6", "7", "8"}, Lang::en, m);
  REQUIRE(r);
  CHECK(r->message == "fire takes at most 7 words after it");
}

TEST_CASE("a ram at a target no counter is called is refused by its name") {
  auto module = load("stuart-vs-zombies");
  Move m;
  auto r = module->parse({"ram", "zombi3"}, Lang::en, m);
  REQUIRE(r);
  CHECK(r->message == "No target is called 'zombi3' (hidden or zombieN)");
  CHECK_FALSE(module->parse({"ram", "?"}, Lang::en, m));
  CHECK(module->words(m) == std::vector<std::string>{"ram", "hidden"});
}

TEST_CASE("undo takes back typed moves that kept no line") {
  auto module = load("stuart-vs-zombies");
  GameSettings quiet;
  quiet.narrate = false;
  quiet.keep_lines = false;
  GameCore game(module, 5, quiet);
  Rng rng(3);
  struct Ask final : Asker {
    std::optional<std::string> ask(const Question& q, const std::vector<Line>&) override {
      return q.choices.front();
    }
  } asker;
  std::vector<std::string> briefs{module->brief(game.state(), Lang::ja)};
  for (int i = 0; i < 8 && !game.outcome(); ++i) {
    const auto moves = game.legal_moves();
    REQUIRE(game.play(moves[size_t(rng.roll(int(moves.size())) - 1)], {}, &asker).status ==
            Played::Status::done);
    briefs.push_back(module->brief(game.state(), Lang::ja));
  }
  const size_t played = game.history().size();
  REQUIRE(played >= 3);
  std::string error;
  REQUIRE(game.undo(2, &error));
  CHECK(error.empty());
  CHECK(game.history().size() == played - 2);
  CHECK(module->brief(game.state(), Lang::ja) == briefs[played - 2]);
}
