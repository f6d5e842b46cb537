// A game being played from a file: a GameCore (the file-free core) with the
// session log, its lock and the language on top. execute() runs one line the
// player typed: game commands run through the GameCore, are logged (fsynced) when
// accepted and only then reported; `undo`, `history`, `status` and `help` are
// the engine's own. A refused or cancelled command changes nothing.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game_core.h"
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

class Session {
 public:
  /// Replays `log` with `module`. A command the log holds that no longer
  /// applies (the data changed, the file was edited) is an error naming it.
  /// `lang`: the language it is said in (what it said, its events),
  /// instead of the session's own.
  static std::optional<Session> open(SessionLog log, std::unique_ptr<GameModule> module,
                                     std::string* error, std::optional<Lang> lang = std::nullopt);

  Session(Session&&) noexcept = default;

  /// Runs one line; questions go to `asker` (null: only inline answers). The
  /// line is refused when input_problem() finds it unreadable (too long, not
  /// UTF-8, control characters), else read in NFKC.
  Reply execute(const std::string& line, Asker* asker);

  Lang lang() const { return lang_; }
  bool manual_dice() const { return game_.settings().manual_dice; }
  const SessionLog& log() const { return log_; }
  const GameCore& game() const { return game_; }
  const GameModule& module() const { return game_.module(); }
  const GameState& state() const { return game_.state(); }
  std::optional<Outcome> outcome() const { return game_.outcome(); }
  /// The commands that count, as logged (with their answers).
  std::vector<std::string> history() const;
  /// What the game said while setting up (where to put the pieces).
  const std::vector<Line>& setup_lines() const { return game_.setup_lines(); }
  /// The command the input ended in after it had shown a result (logged as
  /// open): the shell runs it again first, so its question is asked again.
  const std::optional<std::string>& open_command() const { return log_.open_command(); }
  /// Logs `line` (a command and its answers so far), cancelled after the
  /// dice `faces` were typed by hand (--manual-dice): the log keeps it, its
  /// secret answers as "?". The line every seat reads of it, or the error.
  std::optional<Line> log_cancel(const std::string& line, const std::vector<bool>& secret,
                                 const std::vector<int>& faces);
  /// The seats whose commands the last `n` that count are (undo --force N
  /// would take them back), each once, latest last.
  std::vector<int> undo_seats(size_t n) const;
  /// The printed name of `seat` in a game of several seats ("ドイツ軍分隊");
  /// empty for a game of one seat, or no seat (-1).
  std::string seat_name(int seat) const;
  /// A logged command as `log` shows it: by its seat's name in a game of
  /// several seats ("ドイツ軍分隊: 終える"), its secret answers "?".
  std::string shown_by_seat(const CommandRecord& record) const;
  /// The same as a page tells it, with no terminal syntax (told_line):
  /// 「アメリカ軍分隊: 準備（答え: 3・？・？）」.
  std::string told_by_seat(const CommandRecord& record) const;
  /// How the game ended ("勝利: ..." or, of several seats, "ゲーム終了: ..."),
  /// once it is over: the last line of every log.
  std::optional<Line> outcome_line() const;
  /// Command names for Tab completion: the engine's and the legal game commands.
  std::vector<std::string> complete(const std::vector<std::string>& words) const;

 private:
  Session(SessionLog log, GameCore game);
  Reply undo(const std::vector<std::string>& words);

  /// Warns, first in `reply`, of a cut-short last line the log just dropped.
  void report_dropped_tail(Reply& reply);
  /// `help`: every command, the possible ones marked; `help CMD`: one.
  Reply help(const std::vector<std::string>& words) const;
  /// The last `count` commands that count, numbered (`history`), each with
  /// what happened (CommandRecord::events) that every seat may read when
  /// `events` (`log`).
  Reply listing(size_t count, bool events) const;
  /// `log [N]`: the last N commands (all by default), with their events.
  Reply show_log(const std::vector<std::string>& words) const;
  /// The refusal of a command neither the game nor the engine knows, with
  /// the nearest name.
  Reply unknown_command(const std::string& name) const;
  /// The module's one-line summary of the state, after a command that changed it.
  void add_summary(Reply& reply) const;
  Reply status() const;
  /// A command the game keeps, as the player reads it (shown_line()).
  std::string shown(const CommandRecord& record) const {
    return shown_line(module(), record.line, lang_, record.secret_answers);
  }
  /// A message of the engine's catalog in the session's language.
  template <typename... Args>
  std::string m(CheckedMessage<std::type_identity_t<Args>...> msg, const Args&... args) const {
    return tr(lang_, msg, args...);
  }

  SessionLog log_;
  GameCore game_;
  Lang lang_;
};

}  // namespace bocage
