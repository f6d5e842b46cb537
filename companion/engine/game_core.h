// A game in memory, without files: a module, a seed, the state that is the
// replay of the commands that count, and what each of them drew (dice,
// reveals). GameCore runs one command against the module (outcome check, a copy
// of the state, answers, cancel); Session adds the log, its lock and the
// language on top, and a simulator uses GameCore alone with narration off.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game_module.h"

namespace bocage {

struct GameSettings {
  Lang lang = Lang::ja;
  bool manual_dice = false;
  /// Off: nothing is said and no sentence is built (a simulator, a replay).
  bool narrate = true;
  /// One stream for dice and shuffles in draw order: sessions of format 1.
  GameDice::Scheme dice = GameDice::Scheme::keyed;
  /// Off: a typed move (try_move()) leaves CommandRecord::line empty and no
  /// text is built per command (a simulator that keeps no log);
  /// GameCore::line() writes it when asked. A typed command keeps its line.
  bool keep_lines = true;
};

/// One command that counts, as the log keeps it, and what it drew.
struct CommandRecord {
  std::string line;                  // "shoot 3 -- zombie3"; see GameSettings::keep_lines
  Move move;                         // the command, typed
  std::vector<std::string> answers;  // the answers it used, in order
  int dice = 0;                      // dice rolled by the companion or asked of the player
  int reveals = 0;           // hidden things made known (a counter turned over, a card drawn)
  int shuffles = 0;          // hidden things mixed by the companion
  bool manual_dice = false;  // the dice were the player's, asked for
  int seat = -1;             // the seat that gave it (GameModule::seat_to_act before it)
  /// For each answer, whether it was secret (Question::secret): shown to
  /// others as "?" (masked_line()).
  std::vector<bool> secret_answers;
  /// What happened: every line the command said, in the session's language
  /// when it ran (or was replayed), each with the seat that may read it.
  /// Empty when the core does not narrate (a simulator).
  std::vector<Line> events;
  /// Whether an undo must be forced to take it back: the companion rolled
  /// or shuffled, or something hidden was revealed.
  bool draws() const { return (dice > 0 && !manual_dice) || reveals > 0 || shuffles > 0; }
};

/// The result of one command: done, refused or cancelled; `lines` are those
/// the player has not seen yet (a refusal ends with its reason).
struct Played {
  /// interrupted: the input ended at a question after a result was shown;
  /// `record.line` holds the command with the answers given so far.
  enum class Status { done, refused, cancelled, interrupted };
  Status status = Status::done;
  std::vector<Line> lines;
  std::optional<Refusal> refusal;  // set when refused by the rules
  CommandRecord record;            // set when done
  /// cancelled: the dice typed by hand before the cancel (--manual-dice),
  /// and `record.line` the command with the answers given so far: a
  /// session logs such a cancel (Session::execute).
  std::vector<int> typed_faces;
  /// The state and dice after the command, until GameCore::commit() takes them.
  std::unique_ptr<GameState> state;
  GameDice dice{0};
};

/// Splits "shoot 3 -- zombie3 5" into words and the answers after " -- ".
void split_command(const std::string& line, std::vector<std::string>& words,
                   std::vector<std::string>& answers);

/// Words joined by single spaces, from `from` on.
std::string join_words(const std::vector<std::string>& words, size_t from = 0);

/// A logged line: the command, then its answers after " -- " (none: no " --").
std::string with_answers(std::string line, const std::vector<std::string>& answers);

class GameCore {
 public:
  /// A new game: the module sets up the state from `seed`.
  GameCore(std::shared_ptr<const GameModule> module, uint64_t seed, GameSettings settings);

  /// Runs one command (a known game command: the caller checks the name)
  /// on a copy of the state; nothing changes until commit(). The words are
  /// made canonical (canonical_words(): printed names become ids), parsed
  /// (GameModule::parse()) then applied; the record keeps the canonical
  /// words, so a game typed in printed names logs what one typed in ids does. Questions go to
  /// `answers` first, then to `asker` (null: a missing answer refuses).
  /// `answers_seat`: the seat that typed `answers` (PlayContext): -1 for a
  /// log's answers, good for any seat's question.
  Played try_command(const std::vector<std::string>& words, const std::vector<std::string>& answers,
                     Asker* asker, int answers_seat = -1) const;
  /// The same for a typed move (a simulator's, from legal_moves()): no text
  /// is parsed, and none is built when narration and keep_lines are off.
  Played try_move(const Move& move, const std::vector<std::string>& answers, Asker* asker) const;
  /// Keeps the state of a command try_command() did.
  void commit(Played& played);
  /// try_command() and commit() when done.
  Played command(const std::vector<std::string>& words, const std::vector<std::string>& answers,
                 Asker* asker);
  /// try_move() and commit() when done.
  Played play(const Move& move, const std::vector<std::string>& answers, Asker* asker);
  /// The logged text of `record`: its line, or, when keep_lines left it
  /// empty, the move's canonical words and its answers after " -- ".
  std::string line(const CommandRecord& record) const;

  /// Rebuilds the game from the seed and `commands` (logged lines); false
  /// with `error` naming the first that does not replay, and the game unchanged.
  bool replay(const std::vector<std::string>& commands, std::string* error);
  /// Takes back the last `n` commands (1 <= n <= history().size()) by replay.
  bool undo(size_t n, std::string* error);

  const GameModule& module() const { return *module_; }
  const std::shared_ptr<const GameModule>& module_ptr() const { return module_; }
  const GameState& state() const { return *state_; }
  uint64_t seed() const { return seed_; }
  const GameSettings& settings() const { return settings_; }
  void set_lang(Lang lang) { settings_.lang = lang; }
  void set_narrate(bool on) { settings_.narrate = on; }
  std::optional<Outcome> outcome() const { return module_->outcome(*state_); }
  /// The seat to act (-1 once over), its legal moves and its view.
  int seat_to_act() const { return module_->seat_to_act(*state_); }
  std::vector<Move> legal_moves() const { return module_->legal_moves(*state_); }
  std::unique_ptr<GameState> view(int seat) const { return module_->view(*state_, seat); }
  /// The commands that count, with what they drew.
  const std::vector<CommandRecord>& history() const { return history_; }
  /// What the game said while setting up (where to put the pieces).
  const std::vector<Line>& setup_lines() const { return setup_lines_; }

 private:
  /// Applies `move`; `typed` (null on the typed path) is what the record keeps.
  Played run(const Move& move, const std::vector<std::string>* typed,
             const std::vector<std::string>& answers, Asker* asker, int answers_seat = -1) const;

  std::shared_ptr<const GameModule> module_;
  uint64_t seed_;
  GameSettings settings_;
  GameDice dice_;
  std::unique_ptr<GameState> state_;
  std::vector<CommandRecord> history_;
  std::vector<Line> setup_lines_;
};

}  // namespace bocage
