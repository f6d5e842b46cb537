// Every word a Japanese session shows, as the games produce it (issue 46):
// each shipped game is played with random legal moves in Japanese, and all
// it says is searched for an ASCII word that is an internal id (a command,
// card, counter, word or location id of the game, or one of the engine's
// own). The catalogs are searched statically by
// tests/messages/japanese_ids_test.py; this test covers the text the C++
// composes too: prompts, status, help, questions and their choices, hands,
// moves as the page shows them, the log's lines and how the game ended.
#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>
#include <set>

#include "companion/dice/rng.h"
#include "companion/engine/engine_words.h"
#include "companion/engine/game_core.h"
#include "companion/games/registry.h"

using namespace bocage;

namespace {

std::filesystem::path data_root() {
  return std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
}

/// The internal ids of `module`: its commands', and every term's of its
/// vocabulary (cards, counters, words, locations), and the engine's.
std::set<std::string> ids_of(const GameModule& module) {
  std::set<std::string> ids;
  for (const auto& t : module.vocabulary().terms())
    if (!t.shown_as_id) ids.insert(t.id);
  for (const auto& t : module.command_words().terms()) ids.insert(t.id);
  for (const auto& id : module.command_names()) ids.insert(id);
  for (const char* id : {"undo", "cancel", "help", "status", "log", "history", "quit", "force"})
    ids.insert(id);
  return ids;
}

/// The ASCII words of `text` that are one of `ids` (a word begins with a
/// small letter: printed labels such as M5, AP or L are capitals).
std::vector<std::string> ids_in(const std::string& text, const std::set<std::string>& ids) {
  std::vector<std::string> found;
  auto word_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  };
  for (size_t i = 0; i < text.size();) {
    if (!word_char(text[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && word_char(text[end])) ++end;
    std::string word = text.substr(i, end - i);
    while (!word.empty() && word.front() == '-') word.erase(0, 1);
    if (!word.empty() && std::islower(static_cast<unsigned char>(word.front())) && ids.count(word))
      found.push_back(word);
    i = end;
  }
  return found;
}

/// Collects what a Japanese session shows; fails on the first lines that
/// name an id, with where they came from.
struct Screens {
  std::set<std::string> ids;
  std::vector<std::string> offences;
  size_t lines = 0;
  void see(const std::string& where, const std::string& text) {
    ++lines;
    for (const auto& id : ids_in(text, ids))
      if (offences.size() < 20) offences.push_back(where + ": '" + id + "' in: " + text);
  }
  void see(const std::string& where, const std::vector<Line>& said) {
    for (const auto& l : said) see(where, l.text);
  }
};

struct RandomAsker final : Asker {
  Rng& rng;
  Screens& screens;
  const GameModule& module;
  RandomAsker(Rng& r, Screens& s, const GameModule& m) : rng(r), screens(s), module(m) {}
  std::optional<std::string> ask(const Question& q, const std::vector<Line>& pending) override {
    screens.see("said before a question", pending);
    screens.see("a question", q.text);
    for (const auto& c : q.choices)
      screens.see("a question's choice", module.vocabulary().shown(c, Lang::ja, q.term_kind));
    return q.choices[size_t(rng.roll(int(q.choices.size())) - 1)];
  }
};

void play_in_japanese(const std::string& game, const std::vector<std::string>& options,
                      uint64_t seed) {
  std::string why;
  std::shared_ptr<const GameModule> module =
      load_game_module(data_root(), game, options, &why, Lang::ja);
  INFO(game << " " << why);
  REQUIRE(module);
  Screens screens{ids_of(*module), {}, 0};
  GameSettings ja;
  GameCore core(module, seed, ja);
  Rng rng(seed);
  RandomAsker asker(rng, screens, *module);
  for (const auto& name : module->command_names()) {
    const CommandHelp h = titled_help(*module, name, Lang::ja);
    screens.see("help " + name, h.usage + " " + h.help);
  }
  for (int n = 0; n < 150 && !core.outcome(); ++n) {
    const GameState& state = core.state();
    screens.see("the prompt", module->brief(state, Lang::ja));
    GameDice none(0);
    PlayContext ctx(Lang::ja, none, false, {}, nullptr);
    module->status(state, ctx);
    module->summary(state, ctx);
    screens.see("status", ctx.lines());
    for (const auto& c : legal_commands(*module, state, Lang::ja))
      screens.see("what can be done now", c.usage + " " + c.help);
    for (int seat = 0; seat < int(module->seats().size()); ++seat)
      for (const auto& card : module->hand(state, seat, Lang::ja))
        screens.see("a hand", card.name + " " + card.note + " " + card.group);
    for (const auto& t : module->tracks(state, Lang::ja)) {
      screens.see("a track", t.name);
      for (const auto& l : t.labels) screens.see("a track's box", l);
    }
    for (const auto& card : module->table_cards(state, Lang::ja))
      screens.see("the cards in play", card.name + " " + card.note);
    const auto moves = module->legal_moves(state);
    REQUIRE_FALSE(moves.empty());
    for (const auto& words : move_words(*module, moves))
      screens.see("a move as the page shows it",
                  told_line(*module, join_words(words), Lang::ja, {}));
    const Played p = core.play(moves[size_t(rng.roll(int(moves.size())) - 1)], {}, &asker);
    REQUIRE(p.status == Played::Status::done);
    screens.see("what a command said", p.lines);
    screens.see("the log", told_line(*module, p.record.line, Lang::ja, p.record.secret_answers));
  }
  if (const auto o = core.outcome()) screens.see("the outcome", module->describe(*o, Lang::ja));
  INFO(game << " seed " << seed << ": " << screens.lines << " lines read");
  for (const auto& o : screens.offences) FAIL_CHECK(o);
  CHECK(screens.lines > 100);
}

}  // namespace

TEST_CASE("japanese screens: an id in a line is found, a printed label is not") {
  std::string why;
  auto squad = load_game_module(data_root(), "squad", {}, &why, Lang::ja);
  REQUIRE(squad);
  const auto ids = ids_of(*squad);
  // The prompt as it was (T0 us>), and a hint naming the command by its id.
  CHECK(ids_in("T0 us> ", ids) == std::vector<std::string>{"us"});
  CHECK(ids_in("出さないなら done", ids) == std::vector<std::string>{"done"});
  CHECK(ids_in("ターン0 アメリカ軍分隊> PB+2 S+1", ids).empty());
}

TEST_CASE("japanese screens: no game shows an internal id in a Japanese session") {
  for (uint64_t seed : {1, 2}) {
    play_in_japanese("stuart-vs-zombies", {"mode=virtual"}, seed);
    play_in_japanese("endless-patrol", {"mode=virtual"}, seed);
    play_in_japanese("omaha-beach", {"mode=virtual"}, seed);
    play_in_japanese("maquis", {"mode=virtual"}, seed);
    play_in_japanese("squad", {"mode=virtual"}, seed);
    play_in_japanese("squad", {"mode=virtual", "variant=map"}, seed);
  }
}
