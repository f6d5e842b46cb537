// Every game played to the end in Japanese from what is printed: a game is
// played by the automatic players on the game core (ids, as the simulator
// plays), then typed again into a real Japanese session using only the
// printed names of what each command and answer names (Vocabulary::shown:
// 医者, ゾンビ2, 中央, 地雷なし, a hex's label), never an id that has a printed
// name. The two sessions must log the same commands, in table mode (the
// players say what they drew) and in virtual mode.
#include <catch2/catch.hpp>
#include <memory>
#include <sstream>

#include "companion/dice/rng.h"
#include "companion/engine/game_core.h"
#include "companion/games/registry.h"
#include "companion/simulate/player_registry.h"
#include "scripted_game.h"

using namespace bocage;
using namespace bocage::test;

namespace {

/// Answers each question with the choice of the player of its seat.
class PlayersAsker final : public Asker {
 public:
  PlayersAsker(std::vector<std::unique_ptr<Player>>& players, Rng& rng)
      : players_(players), rng_(rng) {}
  std::optional<std::string> ask(const Question& q, const std::vector<Line>&) override {
    Player& p = *players_[size_t(q.seat) < players_.size() ? size_t(q.seat) : 0];
    return q.choices[p.answer(q, rng_)];
  }

 private:
  std::vector<std::unique_ptr<Player>>& players_;
  Rng& rng_;
};

struct TwoWays {
  std::vector<std::string> id_lines;   // what the log keeps, as played by ids
  std::string japanese;                // the same game typed from what is printed
  std::vector<std::string> ids_typed;  // ids typed where a printed name exists
};

TwoWays play_by_ids(const std::string& game, const std::vector<std::string>& options,
                    uint64_t seed) {
  std::string error;
  std::shared_ptr<const GameModule> module =
      load_game_module(data_root(), game, options, &error, Lang::ja);
  INFO(error);
  REQUIRE(module);
  std::string note;
  PlayerFactory factory =
      make_player_factory("heuristic", game, data_root(), options, &note, &error);
  REQUIRE(factory);
  std::vector<std::unique_ptr<Player>> players;
  for (size_t s = 0; s < module->seats().size(); ++s) players.push_back(factory());
  GameSettings settings;
  settings.lang = Lang::ja;
  settings.narrate = false;
  GameCore core(module, seed, settings);
  Rng rng(seed * 31 + 7);
  PlayersAsker asker(players, rng);
  for (int step = 0; step < 20000 && !core.outcome(); ++step) {
    const int seat = core.seat_to_act();
    REQUIRE(seat >= 0);
    const auto moves = core.legal_moves();
    REQUIRE_FALSE(moves.empty());
    const size_t pick = players[size_t(seat)]->choose(*core.view(seat), moves, rng);
    const bocage::Played p = core.play(moves[pick], {}, &asker);
    REQUIRE(p.status == bocage::Played::Status::done);
  }
  REQUIRE(core.outcome());

  const Vocabulary& v = module->vocabulary();
  // Typed as a player reads the components: each word as printed in
  // Japanese; an id only where nothing printed names the thing. A card
  // shown by its printed number (Endless Patrol's) is typed by its printed
  // name instead, where the place says which deck (Term::kind).
  auto typed = [&](const std::string& word, const std::string& kind, TwoWays& out) {
    const Term* t = v.term_of(word, kind);
    if (t && t->shown_as_id && !t->ja.empty()) return t->ja;
    const std::string shown = v.shown(word, Lang::ja, kind);
    if (t && !t->shown_as_id && shown == t->id && (!t->ja.empty() || !t->also.empty()))
      out.ids_typed.push_back(word);
    return shown;
  };
  TwoWays out;
  for (const auto& record : core.history()) {
    out.id_lines.push_back(core.line(record));
    const auto words = module->words(record.move);
    std::string line = words.front();
    for (size_t i = 1; i < words.size(); ++i)
      line += " " + typed(words[i], module->argument_kind(words, i), out);
    out.japanese += line + "\n";
    for (const auto& a : record.answers) out.japanese += typed(a, {}, out) + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("every game is played to the end in Japanese from what is printed, in both modes") {
  struct Case {
    const char* game;
    std::vector<std::string> options;
  };
  const std::vector<Case> cases = {
      {"stuart-vs-zombies", {}},
      {"stuart-vs-zombies", {"virtual"}},
      {"maquis", {}},
      {"maquis", {"virtual"}},
      {"omaha-beach", {}},
      {"omaha-beach", {"virtual"}},
      {"squad", {}},
      {"squad", {"virtual"}},
      {"endless-patrol", {}},
      {"endless-patrol", {"virtual"}},
      {"squad", {"virtual", "variant=map"}},
  };
  for (const auto& c : cases) {
    for (uint64_t seed : {3, 11}) {
      std::string options;
      for (const auto& o : c.options) options += " " + o;
      INFO(c.game << options << " seed " << seed);
      const TwoWays p = play_by_ids(c.game, c.options, seed);
      INFO(p.japanese);
      CHECK(p.ids_typed.empty());
      ScriptedGame<GameState> ja(c.game, c.options, seed, "ja");
      ja.run(p.japanese);
      INFO(ja.out.substr(ja.out.size() > 3000 ? ja.out.size() - 3000 : 0));
      CHECK(ja.status == 0);
      // Command by command, so that a difference names its place.
      const auto& logged = ja.session->history();
      for (size_t i = 0; i < std::min(logged.size(), p.id_lines.size()); ++i) {
        INFO("command " << i + 1);
        CHECK(logged[i] == p.id_lines[i]);
        if (logged[i] != p.id_lines[i]) break;
      }
      CHECK(logged.size() == p.id_lines.size());
      CHECK(ja.outcome());
    }
  }
}

TEST_CASE("the names the issue's players typed are read as what they name") {
  // Stuart vs Zombies: a counter by its printed name and value, a hex by its
  // town's name; an ambiguous name lists what it could be.
  ScriptedGame<GameState> svz("stuart-vs-zombies", {"manual-dice"}, 1, "ja");
  svz.run("roll -- 5 6 ゾンビ３\nmove 0205 0204\nrecon 7\nゾンビ\nカッター\n");
  CHECK(svz.status == 0);
  CHECK(contains(
      svz.out, "「ゾンビ」では決まりません。次のどれかを書いてください: ゾンビ2 ゾンビ3 ゾンビ4"));
  REQUIRE(svz.session->history().size() == 3);
  CHECK(svz.session->history()[0] == "roll -- 5 6 zombie3");
  CHECK(svz.session->history().back() == "recon 0203 -- hedgerow-cutter");
  svz.run("end\nroll -- 4\nmove 0205\nmove カランタン\n");
  CHECK(svz.status == 0);
  CHECK(svz.session->history().back() == "move 0206");

  // Maquis: missions by their printed names, a location, a patrol card's number.
  ScriptedGame<GameState> mq("maquis", {}, 2, "ja");
  mq.run("missions\n破壊工作\nスパイの支援\nplace 医者\n3\n");
  CHECK(mq.status == 0);
  CHECK(mq.session->history() ==
        std::vector<std::string>{"missions -- sabotage aid-the-spy", "place doctor -- patrol-03"});
  // A misspelt name gets its printed neighbour as a suggestion.
  mq.run("place 医師\n");
  CHECK(mq.status == 1);

  // Omaha Beach: a column and a back by their printed words.
  ScriptedGame<GameState> ob("omaha-beach", {"virtual"}, 3, "ja");
  ob.run("land 中央\n");
  CHECK(ob.status == 0);
  REQUIRE_FALSE(ob.session->history().empty());
  CHECK(ob.session->history().back() == "land centre");

  // Endless Patrol: a card by its printed name where the place says which
  // deck (the two decks both number from 1), an answer too.
  ScriptedGame<GameState> ep("endless-patrol", {}, 4, "ja");
  ep.run(
      "deal\n偵察\nM3グリースガン\n3\nブローニングオートマチックライフル\n"
      "draw -- ブローニングM1919機関銃\ncontact\n機関銃チーム\n"
      "fire 機関銃チーム トンプソン\n");
  CHECK(ep.status == 0);
  CHECK(ep.session->history() ==
        std::vector<std::string>{"deal -- 21 2 3 4", "draw -- 5", "contact -- 5", "fire 5 3"});
  // A GI card's name where a patrol card is asked for is not taken for the
  // patrol card with its number (patrol 2 is another card).
  ScriptedGame<GameState> wrong("endless-patrol", {}, 4, "ja");
  wrong.run("deal -- 21 2 3 4\ndraw -- 5\ncontact -- M3グリースガン\n");
  CHECK(wrong.status == 1);
  CHECK(wrong.session->history().size() == 2);
  wrong.run("contact -- 5\nfire M3グリースガン 3\n");
  CHECK(wrong.status == 1);
  CHECK(wrong.session->history().size() == 3);
}
