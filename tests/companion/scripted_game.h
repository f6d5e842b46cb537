// Plays a game through a real session (log file, replay, shell) from a
// script, as a player at the table would type it. Each game's fixture
// (svz_play.h, ep_play.h, ob_play.h) is this with its id and state type.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../scratch_dir.h"
#include "../text_helpers.h"
#include "companion/engine/session.h"
#include "companion/games/registry.h"
#include "companion/repl/shell.h"
#include "companion/text/input_text.h"
#include "game_data.h"

namespace bocage::test {

template <typename State>
struct ScriptedGame {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{}};
  std::string game;            // "endless-patrol"
  std::filesystem::path root;  // the data folder
  std::optional<Session> session;
  std::string out;  // everything printed so far
  int status = 0;   // of the last run

  ScriptedGame(std::string game_id, std::vector<std::string> options, uint64_t seed,
               std::string lang, std::filesystem::path data = data_root())
      : game(std::move(game_id)), root(std::move(data)) {
    SessionHeader h{game, "test", seed, lang, options};
    SessionError e;
    auto log = SessionLog::create(path(), h, &e);
    if (!log) throw std::runtime_error(e.message);
    open(std::move(*log));
  }

  std::filesystem::path path() const { return dir.root / "game.session"; }

  /// Runs script lines through the shell; returns what they printed.
  /// A command with answers written ahead (" -- ") may hold answers of
  /// several seats, as scripts were written before answers were addressed:
  /// each is given as its seat would give it, the typist's ahead and every
  /// other seat's at its question (the lines after the command).
  std::string run(const std::string& script) {
    std::vector<std::string> chunks(1);
    std::istringstream lines(script);
    for (std::string l; std::getline(lines, l);) {
      if (l.find(" -- ") != std::string::npos && !chunks.back().empty()) chunks.emplace_back();
      chunks.back() += l + "\n";
    }
    std::string printed;
    int worst = 0;
    for (auto& chunk : chunks) {
      const size_t end = chunk.find('\n');
      if (chunk.find(" -- ") < end) chunk = addressed(chunk.substr(0, end)) + chunk.substr(end + 1);
      std::istringstream in(chunk);
      std::ostringstream o;
      auto source = stream_source(in, o);
      worst = std::max(worst, run_shell(*session, *source, o, false));
      printed += o.str();
    }
    status = worst;
    out += printed;
    return printed;
  }

  /// `line` ("cmd -- a b c") as its seats give it: the answers of the seat
  /// to act after " -- ", each other seat's on a line of its own, in the
  /// order the command asks (found by a dry run that commits nothing).
  std::string addressed(const std::string& line) {
    std::vector<std::string> words, answers;
    split_command(command_text(normalize_input(line).text), words, answers);
    if (words.empty() || session->module().seats().size() < 2 ||
        (session->open_command() && line == *session->open_command()))
      return line + "\n";
    struct Recorder final : Asker {
      std::vector<std::string> given;
      std::vector<int> seats;
      size_t next = 0;
      std::optional<std::string> ask(const Question& q, const std::vector<Line>&) override {
        if (next >= given.size()) return std::nullopt;
        seats.push_back(q.seat);
        return given[next++];
      }
    } recorder;
    recorder.given = answers;
    words[0] = command_id(session->module(), words[0]);
    session->game().try_command(words, {}, &recorder);
    const int typist = std::max(0, session->game().seat_to_act());
    std::vector<std::string> own;
    std::string rest;
    for (size_t i = 0; i < answers.size(); ++i) {
      if (i >= recorder.seats.size() || recorder.seats[i] == typist)
        own.push_back(answers[i]);
      else
        rest += answers[i] + "\n";
    }
    return with_answers(join_words(words), own) + "\n" + rest;
  }

  const State& state() const { return static_cast<const State&>(session->state()); }
  std::optional<Outcome> outcome() const { return session->outcome(); }

  /// The status as printed, for comparing a replay with the live game.
  std::string status_text() {
    std::ostringstream o;
    print_lines(o, session->execute("status", nullptr).lines, false);
    return o.str();
  }

  /// Reopens the log from disk: the state is the replay of the file.
  void reopen() {
    session.reset();
    SessionError e;
    auto log = SessionLog::open(path(), &e);
    if (!log) throw std::runtime_error(e.message);
    open(std::move(*log));
  }

 private:
  void open(SessionLog log) {
    std::string why;
    auto module = load_game_module(root, game, log.header().options, &why);
    if (!module) throw std::runtime_error(why);
    auto opened = Session::open(std::move(log), std::move(module), &why);
    if (!opened) throw std::runtime_error(why);
    session.emplace(std::move(*opened));
  }
};

/// A script's lines as checks: `played` must be accepted, `refused` refused
/// with a message that says `says`, logging nothing.
template <typename Game>
struct Script {
  Game& g;
  std::string played(const std::string& line) {
    const std::string out = g.run(line + "\n");
    INFO(line << "\n" << out);
    CHECK(g.status == 0);
    return out;
  }
  void refused(const std::string& line, const std::string& says) {
    const size_t before = g.session->history().size();
    const std::string out = g.run(line + "\n");
    INFO(line << "\n" << out);
    CHECK(g.status == 1);
    CHECK(contains(out, says));
    CHECK(g.session->history().size() == before);  // nothing logged
  }
};

}  // namespace bocage::test
