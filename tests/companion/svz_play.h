// Plays Stuart vs Zombies through a real session (log file, replay, shell)
// from a script, as a player at the table would type it.
#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../scratch_dir.h"
#include "companion/engine/session.h"
#include "companion/games/registry.h"
#include "companion/games/stuart_vs_zombies/svz_state.h"
#include "companion/repl/shell.h"

namespace bocage::test {

inline std::filesystem::path data_root() {
  return std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data";
}

/// "0306" → the hex (columns and rows counted from 01).
inline HexCoord hex(const std::string& xxyy) {
  return HexCoord{std::stoi(xxyy.substr(0, 2)) - 1, std::stoi(xxyy.substr(2, 2)) - 1};
}

/// A copy of the game's data in a scratch folder, to edit one file of it.
struct DataCopy {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{}};
  DataCopy() {
    auto game = dir.root / "stuart-vs-zombies";
    std::filesystem::create_directories(game);
    for (const auto& e : std::filesystem::directory_iterator(data_root() / "stuart-vs-zombies"))
      std::filesystem::copy_file(e.path(), game / e.path().filename());
  }
  std::filesystem::path root() const { return dir.root; }
  std::filesystem::path file(const std::string& name) const {
    return dir.root / "stuart-vs-zombies" / name;
  }
};

struct SvzGame {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{}};
  std::filesystem::path root;  // the data folder
  std::optional<Session> session;
  std::string out;  // everything printed so far
  int status = 0;   // of the last run

  /// A new game; table mode with manual dice unless `options` say otherwise.
  explicit SvzGame(std::vector<std::string> options = {"manual-dice"}, uint64_t seed = 1,
                   std::string lang = "ja", std::filesystem::path root = data_root())
      : root(std::move(root)) {
    SessionHeader h{"stuart-vs-zombies", "test", seed, lang, options};
    SessionError e;
    auto log = SessionLog::create(path(), h, &e);
    if (!log) throw std::runtime_error(e.message);
    std::string why;
    auto module = load_game_module(this->root, "stuart-vs-zombies", options, &why);
    if (!module) throw std::runtime_error(why);
    auto opened = Session::open(std::move(*log), std::move(module), &why);
    if (!opened) throw std::runtime_error(why);
    session.emplace(std::move(*opened));
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

  const SvzState& state() const { return static_cast<const SvzState&>(session->state()); }
  std::optional<Outcome> outcome() const { return session->outcome(); }

  /// The piece lying face up on `xxyy`, or -1.
  int piece_at(const std::string& xxyy) const {
    for (size_t i = 0; i < state().pieces.size(); ++i) {
      const auto& p = state().pieces[i];
      if (p.at == SvzPiece::At::hex && p.hex == hex(xxyy)) return int(i);
    }
    return -1;
  }
  int count(SvzPiece::At at) const {
    int n = 0;
    for (const auto& p : state().pieces) n += p.at == at;
    return n;
  }

  /// The status as printed, for comparing a replay with the live game.
  std::string status_text() {
    std::ostringstream o;
    print_lines(o, session->execute("status", nullptr).lines, false);
    return o.str();
  }

  /// Reopens the log from disk: the state is the replay of the file.
  void reopen() {
    std::string why;
    session.reset();
    SessionError e;
    auto log = SessionLog::open(path(), &e);
    if (!log) throw std::runtime_error(e.message);
    auto module = load_game_module(root, "stuart-vs-zombies", log->header().options, &why);
    auto opened = Session::open(std::move(*log), std::move(module), &why);
    if (!opened) throw std::runtime_error(why);
    session.emplace(std::move(*opened));
  }
};

}  // namespace bocage::test
