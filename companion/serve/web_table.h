// The table a web companion serves (`bocage-play serve`): one session, its
// one writer, seen from each seat. For a seat it gives the view as JSON (the
// status lines that seat may read, its legal moves with their printed names,
// the question it must answer, the log with what happened, the recent lines),
// and it runs what a seat's page sends: a move, an answer, undo. Every change
// bumps a version that long-polling pages wait on. The terminal's shell
// shares the session through the same lock (lock()/changed()).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/session.h"

namespace bocage {

/// The seats as the URLs and the pages name them, in `lang`: by their
/// printed names; a game of one seat, whose seat has none, 「プレイヤー」.
std::vector<std::string> seat_names(const GameModule& module, Lang lang);

class WebTable {
 public:
  /// `title`: the game's printed name, for the page's header.
  WebTable(Session& session, std::string title);

  /// The seat of an observer's screen: it may read what every seat may.
  static constexpr int kObserver = -1;
  /// What `seat` (or kObserver) may see now, as JSON (docs/companion.md, "serve").
  nlohmann::json view(int seat);
  /// The log's commands numbered `before - count` up to `before - 1` (1 is
  /// the first), as `seat` may read them: each by its seat, with what it did
  /// (GET /api/log?before=N). The view holds the last page.
  nlohmann::json log(int seat, size_t before, size_t count);
  /// Runs what `seat`'s page sent: {"line": "move 0205"} (a legal move of the
  /// seat to act, or "undo" / "undo --force N"), {"answer": "3"} (to the
  /// question asked of that seat) or {"cancel": true}. Returns {"status":
  /// "done"|"refused"|"question", "lines": [...]} with what that seat may read.
  nlohmann::json act(int seat, const nlohmann::json& body);
  /// The view's version: it grows with every change.
  uint64_t version();
  /// Waits until the version is another than `since` (grown, or a page's
  /// from an earlier run of the server) or `ms` pass; the version then.
  uint64_t wait_change(uint64_t since, int ms);
  /// Stops every wait (the server is closing).
  void close();

  /// The terminal's shell holds this lock while it runs a command, and calls
  /// changed() with what it said before letting go (pages then see it).
  std::mutex& lock() { return mu_; }
  void changed(const std::vector<Line>& lines) {
    record(lines);
    adopt_open();
    std::vector<Line> passed;
    pass_windows_locked(passed);
  }
  /// With the lock held: a command the log keeps open (a server killed at a
  /// question, or the terminal's command at a card drawn into a hand) asks
  /// its question on the page of the seat that answers it.
  void adopt_open();
  /// Called, after the lock is let go, with what a page's command said (the
  /// terminal prints what every seat may read); calls may come from several
  /// pages' threads at once.
  std::function<void(const std::vector<Line>&)> echo;

  /// An answer a page gave: the seat that gave it, what it answered (the
  /// choice's id), whether it was secret, and the die's face if it was a die.
  struct Answer {
    int seat = 0;
    std::string text;
    bool secret = false;
    int face = 0;
  };

 private:
  struct Pending {
    int seat = 0;                 // who must answer
    std::string line;             // the command, without answers
    std::vector<Answer> answers;  // given so far (the command was not kept open)
    Question question;
  };
  /// A forced undo that takes back another seat's command: asked of that
  /// seat's page (accept or refuse) before it is done.
  struct UndoRequest {
    int from = 0;
    size_t count = 1;
    std::vector<int> to;  // the seats still to agree
    size_t history = 0;   // the commands that counted when it was asked (a command voids it)
  };
  /// The request, while no command has changed the game since it was asked.
  const UndoRequest* undo_request();
  /// The page's undo (a line "undo" or "undo --force N") or an answer to an
  /// undo request ({"undo_consent": true|false}).
  nlohmann::json undo_locked(int seat, const std::string& line, std::vector<Line>& said);
  nlohmann::json consent_locked(int seat, bool yes, std::vector<Line>& said);
  /// Passes each window offered to a seat that asked to pass them until its
  /// own turn ({"pass_windows": true}): `done` as that seat, whatever it
  /// holds, so that the others see the same whether or not it could have
  /// played. A seat's own turn ends its asking. `said`: what the passes said.
  void pass_windows_locked(std::vector<Line>& said);
  /// Runs `line` with the addressed `answers`, keeps what it asks next.
  nlohmann::json run_locked(int seat, const std::string& line, std::vector<Answer> answers,
                            std::vector<Line>& said);
  /// act() with the lock held; `said`: what the command said, for echo.
  nlohmann::json act_locked(int seat, const nlohmann::json& body, std::vector<Line>& said);
  /// After a command, the lock held: the lines kept for the pages, the
  /// version bumped, the waiting pages woken.
  void record(const std::vector<Line>& lines);
  nlohmann::json visible(const std::vector<Line>& lines, int seat) const;
  /// Whether the page of `seat` shows `line`: one it may read, and no
  /// drawing of a board in text where the page draws the board.
  bool shows(const Line& line, int seat) const {
    return line.readable_by(seat) && !(board_ && line.drawing);
  }

  Session& session_;
  std::string title_;
  std::mutex mu_;
  std::condition_variable cv_;
  uint64_t version_;
  bool closed_ = false;
  std::optional<Pending> pending_;
  std::optional<UndoRequest> undo_request_;
  /// The log's entries [from, to) as `seat` may read them.
  nlohmann::json log_locked(int seat, size_t from, size_t to) const;
  /// The last changes, newest first: each with the command that made it
  /// (by its seat) and the lines `seat` may read of it.
  nlohmann::json recent_json(int seat) const;
  /// What the page's header says while another seat acts or answers.
  std::string waiting(int seat, int to_act) const;

  struct Said {
    uint64_t version;
    Line line;
  };
  std::deque<Said> recent_;  // the last lines said, each with who may read it
  /// A change and the command that made it, as everyone reads it
  /// ("ドイツ軍分隊: 終える"), or none (an undo, a request: its lines say it).
  struct Change {
    uint64_t version;
    std::string headline;
  };
  std::deque<Change> changes_;
  size_t history_seen_ = 0;  // the commands that counted at the last change
  bool board_ = false;       // the game has a board the page draws
  /// Per seat: 0, it answers its windows; 1, they are passed until its own
  /// turn; 2, asked in its own turn: passed from the next window on.
  std::vector<int> pass_windows_;
};

}  // namespace bocage
