// Plays Attack on Omaha Beach through a real session (log file, replay, shell) from
// a script, as a player would type it.
#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../scratch_dir.h"
#include "companion/engine/session.h"
#include "companion/games/omaha_beach/ob_state.h"
#include "companion/games/registry.h"
#include "companion/repl/shell.h"

namespace bocage::test {

struct ObGame {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{}};
  std::filesystem::path root = std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
  std::optional<Session> session;
  std::string out;  // everything printed so far
  int status = 0;   // of the last run

  /// A new game; table mode unless `options` say otherwise.
  explicit ObGame(std::vector<std::string> options = {}, uint64_t seed = 1,
                  std::string lang = "ja") {
    SessionHeader h{"omaha-beach", "test", seed, lang, options};
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

  const ObState& state() const { return static_cast<const ObState&>(session->state()); }
  std::optional<Outcome> outcome() const { return session->outcome(); }

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
    auto module = load_game_module(root, "omaha-beach", log.header().options, &why);
    if (!module) throw std::runtime_error(why);
    auto opened = Session::open(std::move(log), std::move(module), &why);
    if (!opened) throw std::runtime_error(why);
    session.emplace(std::move(*opened));
  }
};

}  // namespace bocage::test
