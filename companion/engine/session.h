// A game in progress: the session log, the game module and the state that is
// the replay of the log's commands. execute() runs one line the player typed:
// game commands are applied to a copy of the state, logged (fsynced) when
// accepted and only then reported; `undo`, `history`, `status` and `help` are
// the engine's own. A refused or cancelled command changes nothing.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "companion/dice/rng.h"
#include "game_module.h"
#include "session_log.h"

namespace bocage {

/// The answer to one line.
struct Reply {
  enum class Status { done, refused, cancelled, failed };
  Status status = Status::done;
  std::vector<Line> lines;  // what the player has not seen yet
};

/// The commands every session has: status, history, undo, help, quit.
const std::vector<std::string>& engine_commands();

/// Splits "shoot 3 -- zombie3 5" into words and the answers after " -- ".
void split_command(const std::string& line, std::vector<std::string>& words,
                   std::vector<std::string>& answers);

class Session {
 public:
  /// Replays `log` with `module`. A command the log holds that no longer
  /// applies (the data changed, the file was edited) is an error naming it.
  static std::optional<Session> open(SessionLog log, std::unique_ptr<GameModule> module,
                                     std::string* error);

  Session(Session&&) noexcept = default;

  /// Runs one line; questions go to `asker` (null: only inline answers). The
  /// line is refused when input_problem() finds it unreadable (too long, not
  /// UTF-8, control characters), else read in NFKC.
  Reply execute(const std::string& line, Asker* asker);

  Lang lang() const { return lang_; }
  /// Messages only: the language is not part of the game.
  void set_lang(Lang lang) { lang_ = lang; }
  bool manual_dice() const { return manual_dice_; }
  const SessionLog& log() const { return log_; }
  const GameModule& module() const { return *module_; }
  const GameState& state() const { return *state_; }
  std::optional<Outcome> outcome() const { return module_->outcome(*state_, lang_); }
  /// The commands that count, as logged (with their answers).
  const std::vector<std::string>& history() const { return effective_; }
  /// What the game said while setting up (where to put the pieces).
  const std::vector<Line>& setup_lines() const { return setup_lines_; }
  /// Command names for Tab completion: the engine's and the legal game commands.
  std::vector<std::string> complete(const std::vector<std::string>& words) const;

 private:
  Session(SessionLog log, std::unique_ptr<GameModule> module);
  /// Rebuilds the state from the seed and `commands`; false with `error` set
  /// when one does not replay.
  bool rebuild(const std::vector<std::string>& commands, std::string* error);
  Reply undo(const std::vector<std::string>& words);
  /// Warns, first in `reply`, of a cut-short last line the log just dropped.
  void report_dropped_tail(Reply& reply);
  Reply help() const;
  Reply show_history() const;
  Reply status() const;
  /// "Victory: ..." or "Defeat: ..." once the game is over.
  std::optional<Line> outcome_line() const;
  std::string t(std::string_view ja, std::string_view en) const { return tr(lang_, ja, en); }

  SessionLog log_;
  std::unique_ptr<GameModule> module_;
  Lang lang_;
  bool manual_dice_ = false;
  Rng rng_;
  std::unique_ptr<GameState> state_;
  std::vector<std::string> effective_;
  std::vector<int> dice_;  // dice each command of effective_ rolled
  std::vector<Line> setup_lines_;
};

}  // namespace bocage
