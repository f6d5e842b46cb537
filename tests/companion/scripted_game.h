// Plays a game through a real session (log file, replay, shell) from a
// script, as a player at the table would type it. Each game's fixture
// (svz_play.h, ep_play.h, ob_play.h) is this with its id and state type.
#pragma once

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
  std::string run(const std::string& script) {
    std::istringstream in(script);
    std::ostringstream o;
    auto source = stream_source(in, o);
    status = run_shell(*session, *source, o, false);
    out += o.str();
    return o.str();
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
