// A game's rules for the companion. The engine (Session) owns the log, the
// dice and undo; a module owns its state type and says which commands are
// legal now, applies them or refuses them with the rule that forbids them,
// and says when the game is over. Phases, tracks and tables come from
// data/<game>/; the logic lives in companion/games/<game>/.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board_view.h"
#include "companion/pieces/game_options.h"
#include "play_context.h"
#include "vocabulary.h"

namespace bocage {

/// Why a command was refused: the rule section and the reason.
struct Refusal {
  std::string rule;  // "7.4"
  std::string message;
};

/// How a game ended, as data: who won and a stable reason code
/// ("zombies-cleared"); GameModule::describe() words it.
struct Outcome {
  bool victory = false;  // for a solitaire game: the player won
  int winner = -1;       // the winning seat, -1: none (the game beat the player)
  std::string reason;    // stable code, "overrun"
};

/// A complete command the seat to act can give now, typed: the index of its
/// name in GameModule::command_names() and up to kMaxArgs arguments whose
/// meaning the module defines (a hex's dense index, a card's index, a
/// number). No heap: the simulator's hot path makes and applies moves
/// without text. GameModule::parse() reads one from words and
/// GameModule::words() writes its canonical text (what help, completion
/// and a simulator's error report show).
struct Move {
  static constexpr size_t kMaxArgs = 7;
  uint8_t command = 0;
  uint8_t count = 0;  // arguments used
  std::array<int32_t, kMaxArgs> args{};

  Move() = default;
  Move(uint8_t command, std::initializer_list<int32_t> list) : command(command) {
    for (int32_t a : list) push(a);
  }
  /// Adds an argument; false (the move unchanged) when kMaxArgs are there.
  bool push(int32_t a) {
    if (count == kMaxArgs) return false;
    args[count++] = a;
    return true;
  }
  int32_t arg(size_t i) const { return args[i]; }
  bool operator==(const Move& o) const {
    return command == o.command && count == o.count &&
           std::equal(args.begin(), args.begin() + count, o.args.begin());
  }
};

/// How a command is written and what it does, for help.
struct CommandHelp {
  std::string name;        // "shoot"
  std::string usage;       // "shoot HEX"
  std::string help;        // in the session's language
  std::string title = {};  // its printed name ("置く"): set by titled_help()
};

/// A card in a seat's hand as a page shows it (bocage-play serve).
struct HandCard {
  std::string name;  // as printed ("15 破砕手榴弾", "塹壕")
  std::string note;  // what else it prints, in short ("弾薬 3・AT", "PB+2 S+1"); may be empty
  /// The word a move names it by (a move's argument: "grenade", "15"), and
  /// the kind of term it is (GameModule::argument_kind; empty: any): the
  /// page offers the moves that name it when the card is tapped.
  std::string id = {};
  std::string kind = {};
  /// The hand it is in, when a seat holds several (SQUAD's map variant: the
  /// squad's name); empty for a seat's one hand.
  std::string group = {};
};

class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;
};

class GameModule {
 public:
  virtual ~GameModule() = default;

  virtual std::string id() const = 0;
  /// The names a player may type for the game's things (cards, counters,
  /// hexes, places, answers), from its data: the engine resolves every
  /// argument and answer through it before parse() and ask() see them.
  /// Empty by default.
  virtual const Vocabulary& vocabulary() const;
  /// The game's commands by their printed names (data's [[command]]): 置く
  /// for place. A line's first word is resolved through it (command_id());
  /// buttons, help and what a line is shown as use its names. Empty by default.
  virtual const Vocabulary& command_words() const;
  /// Which kind of term (Term::kind) argument `i` of `words` (the command's
  /// name first) names, where the vocabulary has kinds: Endless Patrol's
  /// `discard 3` is a GI card, `fire 3 ...` a patrol card. Empty: any kind.
  virtual std::string argument_kind(const std::vector<std::string>& /*words*/, size_t /*i*/) const {
    return {};
  }
  /// The starting position (virtual modes shuffle here with the session's dice).
  virtual std::unique_ptr<GameState> setup(PlayContext& ctx) const = 0;
  /// Reads a typed command (`words[0]` is the command's name) into `move`:
  /// unknown names, hexes or cards and wrong numbers of arguments are
  /// refused here, with the rule and the message the player reads. Only the
  /// text path (the shell, a log's replay) parses; rules that depend on the
  /// state are apply()'s.
  virtual std::optional<Refusal> parse(const std::vector<std::string>& words, Lang lang,
                                       Move& move) const = 0;
  /// The canonical words of `move` ({"shoot", "0405", "zombie3"}):
  /// parse(words(m)) gives back m.
  virtual std::vector<std::string> words(const Move& move) const = 0;
  /// Applies one typed command (from parse() or legal_moves()). On a refusal
  /// `state` may be half changed: the engine applies commands to a copy and
  /// keeps it only on success.
  virtual std::optional<Refusal> apply(GameState& state, const Move& move,
                                       PlayContext& ctx) const = 0;
  /// parse() then apply(): a command as typed.
  std::optional<Refusal> apply_words(GameState& state, const std::vector<std::string>& words,
                                     PlayContext& ctx) const;
  /// A few words for the shell's prompt, in `lang` ("T3 AP4", 「ターン3 AP4」),
  /// by printed names: no id.
  virtual std::string brief(const GameState& state, Lang lang) const = 0;
  /// Turn, phase, tracks and the pieces, said through `ctx`.
  virtual void status(const GameState& state, PlayContext& ctx) const = 0;
  /// One line a player checks the table against after each command that
  /// changed the state (the turn, the tracks, what is in play), said
  /// through `ctx`; nothing by default.
  virtual void summary(const GameState& /*state*/, PlayContext& /*ctx*/) const {}
  /// Why the command `name` (one of command_names()) cannot be given now, in
  /// a few words, or empty when the module cannot say.
  virtual std::string unavailable(const GameState& /*state*/, const std::string& /*name*/,
                                  Lang /*lang*/) const {
    return {};
  }
  /// A command of this game with its answers written ahead ("shoot 6 -- 5
  /// ゾンビ3"), as printed in `lang`, for help; empty: help shows none.
  virtual std::string answers_example(Lang /*lang*/) const { return {}; }
  /// Every game command, legal now or not (others are refused as unknown).
  virtual std::vector<std::string> command_names() const = 0;
  /// The one source of legality: every complete move the seat to act can
  /// make now (none once the game is over). Help and Tab completion are
  /// derived from it (legal_commands(), complete_move()).
  virtual std::vector<Move> legal_moves(const GameState& state) const = 0;
  /// The board as `seat` may see it, to draw (bocage-play serve's page); none
  /// for a game without a map or board (the default).
  virtual std::optional<BoardView> board_view(const GameState& /*state*/, int /*seat*/,
                                              Lang /*lang*/) const {
    return std::nullopt;
  }
  /// The cards `seat` holds, as printed, in `lang`: that seat's alone (a
  /// page shows its own hand whoever is to act); none by default, for a
  /// seat that holds none (-1, an observer) or a game without hands.
  virtual std::vector<HandCard> hand(const GameState& /*state*/, int /*seat*/,
                                     Lang /*lang*/) const {
    return {};
  }
  /// The cards face up on the table that every seat sees, as printed
  /// (Endless Patrol's patrol cards in play); none by default.
  virtual std::vector<HandCard> table_cards(const GameState& /*state*/, Lang /*lang*/) const {
    return {};
  }
  /// The game options a hot-seat session takes (`new --hot-seat`), so that
  /// the flow itself tells no seat what another holds (SQUAD: every window
  /// offered, whatever the hand); none by default.
  virtual std::vector<std::string> hot_seat_options() const { return {}; }
  /// The tracks on the table (turn, morale, soldiers), for the page; none
  /// by default.
  virtual std::vector<TrackView> tracks(const GameState& /*state*/, Lang /*lang*/) const {
    return {};
  }
  /// The options the game's companion.toml declares ([[option]]), with the
  /// printed names a player may type for them (難易度=ノーマル).
  virtual const std::vector<OptionDef>& option_defs() const {
    static const std::vector<OptionDef> none;
    return none;
  }
  /// Whether a seat's turn offers the other seats windows to react in
  /// (SQUAD's opportunity fire, obstacle, response, the enemy's morale and
  /// rally cards): a page then offers to pass them (WebTable). None by default.
  virtual bool has_windows() const { return false; }
  /// The move that passes the window the seat to act is offered now, in
  /// another seat's turn ("done"); none in its own turn (the default).
  virtual std::optional<std::string> window_pass(const GameState& /*state*/) const {
    return std::nullopt;
  }
  /// The seats at the table, by name ("player"); a solitaire game has one.
  virtual std::vector<std::string> seats() const { return {"player"}; }
  /// The seat whose moves legal_moves() lists; -1 once the game is over.
  virtual int seat_to_act(const GameState& state) const { return outcome(state) ? -1 : 0; }
  /// The state as `seat` sees it: what is hidden from that seat (face-down
  /// counters, the other hands) is unknown in the copy.
  virtual std::unique_ptr<GameState> view(const GameState& state, int seat) const = 0;
  /// Usage and help text of the command `name` (one of command_names()).
  virtual CommandHelp command_help(const std::string& name, Lang lang) const = 0;
  /// Set once the game has ended.
  virtual std::optional<Outcome> outcome(const GameState& state) const = 0;
  /// The outcome in words ("the M5 is destroyed (6.1)").
  virtual std::string describe(const Outcome& outcome, Lang lang) const = 0;
  /// The turn the game is in, for statistics (a simulator's game length);
  /// 0 for a game without turns.
  virtual int turn(const GameState& /*state*/) const { return 0; }
  /// What in `state` the rules forbid (a track out of its bounds, a piece
  /// lost or doubled), in words; empty when the state is sound. A simulator
  /// checks it after every command.
  virtual std::string check_invariants(const GameState& /*state*/) const { return {}; }
};

/// The help of the command `name` with its usage and title in its printed
/// name in `lang` ("置く LOCATION").
CommandHelp titled_help(const GameModule& module, const std::string& name, Lang lang);

/// The commands of legal_moves(), each once in the order of their first
/// move, with their help (titled_help()).
std::vector<CommandHelp> legal_commands(const GameModule& module, const GameState& state,
                                        Lang lang);

/// The words of each move (GameModule::words()).
std::vector<std::vector<std::string>> move_words(const GameModule& module,
                                                 const std::vector<Move>& moves);

/// `typed` (a command's words, its name first) with each argument that names
/// a thing of the game by a printed name, label or number replaced by that
/// thing's id (Vocabulary): among what the legal moves take at that place
/// first, then among all the game's things (a move the rules then refuse
/// with their reason). An argument that could name several things is
/// refused with them listed; one that names nothing is left for parse().
std::optional<Refusal> canonical_words(const GameModule& module, const GameState& state,
                                       const std::vector<std::string>& typed,
                                       std::vector<std::string>& out, Lang lang);

/// A logged line ("move 0206 -- zombie3") as the player reads it in `lang`:
/// each argument and answer by its printed name ("move カランタン -- ゾンビ3"),
/// which reads back as the same line.
std::string shown_line(const GameModule& module, const std::string& line, Lang lang);
/// The same with each answer `secret` marks (CommandRecord::secret_answers)
/// shown as "?": a card drawn into a hand, on a screen others read.
std::string shown_line(const GameModule& module, const std::string& line, Lang lang,
                       const std::vector<bool>& secret);
/// The same with every answer shown as "?": a line with no record to say
/// which of its answers were a hand's draws (undone, or kept open), on a
/// screen others read.
std::string shown_line_answers_hidden(const GameModule& module, const std::string& line, Lang lang);
/// A logged line as a page tells it, with no terminal syntax: the command
/// by its printed names, then its answers in words (「準備（答え: 3・？・？）」),
/// each answer `secret` marks shown as "？".
std::string told_line(const GameModule& module, const std::string& line, Lang lang,
                      const std::vector<bool>& secret);

/// A prompt's turn in `lang` (「ターン3」, "T3"), with 終了 / end once `over`:
/// the games' brief() begins with it.
std::string turn_brief(int turn, Lang lang, bool over = false);

/// The command `typed` names (its id, or a printed name of it: 置く, ＰＬＡＣＥ),
/// else `typed` as it is.
std::string command_id(const GameModule& module, const std::string& typed);
/// How the command `id` is shown in `lang` (置く, place).
std::string command_title(const GameModule& module, const std::string& id, Lang lang);

/// The refusal of a command with more arguments than a Move holds.
Refusal too_many_arguments(const std::string& command, Lang lang);

/// Completions for the word after `words` (the command and its arguments so
/// far, canonical: see canonical_words()): the next word of each legal move
/// that begins with `words`.
std::vector<std::string> complete_move(const GameModule& module, const GameState& state,
                                       const std::vector<std::string>& words);

}  // namespace bocage
