// `bocage-play simulate` end to end: the report, the same numbers whatever
// --jobs is, the causes of losses in the session's language, and every bad
// argument refused with exit 2 and a message that says what is expected.
#include "../play/play_process.h"
#include "companion/engine/game_core.h"
#include "companion/games/registry.h"
#include "companion/simulate/simulation.h"
#include "core/game_loader.h"

using namespace bocage::test;

namespace {

/// `bocage-play simulate ARGS` in an English locale, whatever the suite runs in.
Run simulate(const std::string& args) {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  return play("simulate " + args, "", home.root, kEnglishLocale);
}

}  // namespace

TEST_CASE("prints the win rate, lengths and causes of losses, in English") {
  Run r = simulate("stuart-vs-zombies --games 300 --seed 9 --lang en");
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "stuart-vs-zombies · player heuristic · 300 games · seed 9\n"));
  CHECK(contains(r.out, "[rules as written]\n"));
  CHECK(contains(r.out, "% (95 % interval "));
  CHECK(contains(r.out, "length   commands mean "));
  CHECK(contains(r.out, "zombies are still on the map after the last turn (4.0)"));
  CHECK(r.err.empty());
}

TEST_CASE("the same report on one thread and on two, and per option set") {
  Run one = simulate(
      "stuart-vs-zombies --games 400 --seed 3 --jobs 1 --player random --option none "
      "--option at-or-above+rescue=1 --lang en");
  Run two = simulate(
      "stuart-vs-zombies --games 400 --seed 3 --jobs 2 --player random --option none "
      "--option at-or-above+rescue=1 --lang en");
  INFO(one.out << one.err);
  CHECK(one.status == 0);
  CHECK(one.out == two.out);
  CHECK(contains(one.out, "[rules as written]\n"));
  CHECK(contains(one.out, "[options: at-or-above rescue=1]\n"));
  CHECK(contains(one.out, "not enough infantry rescued (4.1)"));
  Run other = simulate("stuart-vs-zombies --games 400 --seed 4 --jobs 1 --player random --lang en");
  CHECK(other.out != one.out);
}

TEST_CASE("the causes of losses in Japanese") {
  Run r = simulate("stuart-vs-zombies --games 200 --lang ja");
  CHECK(r.status == 0);
  CHECK(contains(r.out, "[選択ルールなし]\n"));
  CHECK(contains(r.out, "10ターンが終わってもゾンビが盤上に残っています（4.0）"));
}

TEST_CASE("bad arguments exit 2 and say what is expected") {
  struct Case {
    const char* args;
    const char* says;
  };
  for (auto [args, says] : {
           Case{"stuart-vs-zombies --games 0", "error: --games must be 1 to 10000000, not 0"},
           Case{"stuart-vs-zombies --jobs 0", "error: --jobs must be 1 to 256, not 0"},
           Case{"stuart-vs-zombies --player heuristc",
                "error: --player: unknown player 'heuristc'; expected heuristic or random (did "
                "you mean 'heuristic'?)"},
           Case{"stuart-vs-zombies --option rescue=3",
                "error: --option: unknown option 'rescue=3' (did you mean 'rescue=0'?) for "
                "stuart-vs-zombies; expected mode=table, mode=virtual, hit=above, "
                "hit=at-or-above, breakdowns=on, breakdowns=no-breakdowns, rescue=0, rescue=1 "
                "or rescue=2"},
           Case{"stuart-vs-zombies --option manual-dice",
                "error: --option manual-dice: simulate plays in virtual mode"},
           Case{"stuart-vs-zombie", "error: no game 'stuart-vs-zombie'"},
           Case{"stuart-vs-zombies --games many", "--games"},
       }) {
    Run r = simulate(args);
    INFO(args << "\n" << r.out << r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, says));
    CHECK(r.out.empty());
  }
}

TEST_CASE("a game that only prints is refused with exit 2") {
  // Every shipped game has companion rules now: a data folder of its own.
  ScratchDir data(std::vector<std::pair<std::string, std::string>>{
      {"printonly/game.toml", "[game]\nid = \"printonly\"\n"}});
  const std::string printing_only = "printonly";
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play_plain("simulate printonly --data '" + data.root.string() + "'", home.root);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "error: the companion has no rules and no companion.toml for '" +
                           printing_only + "'"));
}

TEST_CASE("the seed and the commands a report gives replay the game in bocage-play new") {
  // What an engine error prints to reproduce it: the game's seed and its
  // commands with their answers, fed to `new --virtual --seed`.
  std::string why;
  std::shared_ptr<const bocage::GameModule> module =
      bocage::load_game_module(kData, "stuart-vs-zombies", {"virtual"}, &why);
  REQUIRE(module);
  const uint64_t seed = bocage::game_seed(1, 0);
  bocage::GameSettings settings;
  settings.narrate = false;
  bocage::GameCore game(module, seed, settings);
  bocage::RandomPlayer player;
  bocage::Rng rng(5);
  struct Ask final : bocage::Asker {
    bocage::Rng& rng;
    explicit Ask(bocage::Rng& r) : rng(r) {}
    std::optional<std::string> ask(const bocage::Question& q,
                                   const std::vector<bocage::Line>&) override {
      return q.choices[size_t(rng.roll(int(q.choices.size())) - 1)];
    }
  } asker(rng);
  while (!game.outcome()) {
    auto moves = game.legal_moves();
    auto view = game.view(0);
    REQUIRE(game.play(moves[player.choose(*view, moves, rng)], {}, &asker).status ==
            bocage::Played::Status::done);
  }
  std::string script;
  for (const auto& r : game.history()) script += r.line + "\n";
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new stuart-vs-zombies --virtual --lang en --seed " + std::to_string(seed), script,
               home.root);
  INFO(script << r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, module->describe(*game.outcome(), bocage::Lang::en)));
}

TEST_CASE("a data folder without the game's files is a data error, exit 1") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play_plain("simulate stuart-vs-zombies --games 10 --data '" + home.root.string() + "'",
                     home.root);
  INFO(r.err);
  CHECK(r.status == 1);
  CHECK(contains(r.err, "stuart-vs-zombies"));
  CHECK_FALSE(contains(r.err, "error: error:"));
  CHECK(r.out.empty());
}
