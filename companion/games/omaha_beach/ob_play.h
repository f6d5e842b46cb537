// One command's work on an Attack on Omaha Beach state. The words of a command
// are read in one place (parse_ob_action) into an ObAction; the geometry and
// the fire, eye and sniper rules are free functions over (rules, state) that
// the legal moves and the heuristic player share; ObPlay holds the commands
// (ob_actions.cpp) and the game's side (ob_beach.cpp: dealing, turning cards,
// the end of a phase, the end of the game) and the names (ob_names.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ob_rules.h"
#include "ob_state.h"

namespace bocage {

/// Forward (the next row, same column) or sideways along the row (2, 6).
enum class ObDir { forward, left, right };

/// A command, typed: what `words` ask for.
struct ObAction {
  enum class Kind { deal, land, nest, move, blow };
  Kind kind = Kind::move;
  int column = 0;              // land, nest: 0 left, 1 centre, 2 right
  ObDir dir = ObDir::forward;  // move, blow
  bool sniper = false;         // move: a sniper round cancels the move's fire
  bool last = false;           // blow: the player knows it is LAST, the last charge
};

/// The commands, in the order of GameModule::command_names(): a Move's
/// `command` is the index of its ObAction::Kind here.
inline constexpr const char* kObCommands[] = {"deal", "land", "nest", "move", "blow"};

/// The command's words as an action; false with `usage` set to the usage of
/// the command at fault ("" for an unknown command).
bool parse_ob_action(const std::vector<std::string>& words, ObAction& out, std::string& usage);
/// The words of `action` (the inverse of parse_ob_action).
std::vector<std::string> ob_words(const ObAction& action);
/// The typed move of `action` (command: the kind; arguments: land and nest
/// the column, move the direction and 1 with a sniper round, blow the
/// direction), and back.
Move ob_move(const ObAction& action);
ObAction ob_action(const Move& move);
const char* ob_column_word(int column);  // "left", "centre", "right"
const char* ob_dir_word(ObDir dir);

/// A place of the grid.
struct ObPlace {
  int row = 0, column = 0;
  bool operator==(const ObPlace&) const = default;
};

/// The place `dir` leads to from the squad, if it is on the grid: forward
/// needs a next row, sideways a neighbouring column and a beach card (none
/// from the LC, 3).
std::optional<ObPlace> ob_target(const ObState& s, ObDir dir);
/// Whether the card at `p` is a face-up card with the eye (6, 注7).
bool ob_eye_up(const ObRules& R, const ObState& s, ObPlace p);
/// Whether a squad standing at `p` is on or behind a face-up eye card (6, 注7):
/// the card at `p` or the one beyond it in the same column.
bool ob_covered(const ObRules& R, const ObState& s, ObPlace p);
/// Whether the squad stands behind a face-up eye card: the sniper cannot see
/// the nest (注7).
bool ob_behind_eye(const ObRules& R, const ObState& s);
/// Whether the squad may enter `p` (4b: wire only once blown).
bool ob_enterable(const ObRules& R, const ObState& s, ObPlace p);
/// Whether a charge may blow `p`: a face-up wire or obstacle (爆薬).
bool ob_blowable(const ObRules& R, const ObState& s, ObPlace p);
/// Whether entering `p` by `dir` draws machine-gun fire before any eye
/// shelters it: sideways moves (6), open ground (4a), turned cards (4b-4d,
/// 注2, 注6), the nest; not the careful entry onto a face-up obstacle (4c, 4d).
bool ob_move_draws_fire(const ObRules& R, const ObState& s, ObPlace p, ObDir dir);
/// Whether the move actually costs fire: it draws fire and no eye shelters it.
bool ob_move_under_fire(const ObRules& R, const ObState& s, ObPlace p, ObDir dir);
/// Whether a sniper round may be used for the move: it is under fire, a round
/// is left, and the squad is not behind an eye card (狙撃兵, 注2, 注7).
bool ob_sniper_allowed(const ObRules& R, const ObState& s, ObPlace p, ObDir dir);
/// The fewest charges the squad must spend to get forward (to a card of the
/// next row, or onto the nest): wires to blow along its row and ahead; -1
/// when nothing leads forward. Before the landing: over the three columns.
int ob_charges_to_advance(const ObRules& R, const ObState& s);

class ObPlay {
 public:
  ObPlay(const ObRules& rules, bool virtual_mode, ObState& state, PlayContext& ctx)
      : R(rules), virtual_mode(virtual_mode), S(state), ctx(ctx) {}

  /// Runs one command; a refusal leaves it undone.
  std::optional<Refusal> act(const ObAction& a);

  // The player's commands (ob_actions.cpp).
  std::optional<Refusal> deal();
  std::optional<Refusal> land(int column);
  std::optional<Refusal> place_nest(int column);
  std::optional<Refusal> move(ObDir dir, bool sniper);
  std::optional<Refusal> blow(ObDir dir, bool last);

  // The game's side (ob_beach.cpp).
  /// Deals the 3x3 grid, near row first (2): virtual, from the deck; table,
  /// asking each card's front among those left.
  void deal_grid();
  /// Turns the card at `p` over and says its back; true when it shows a mine.
  bool turn_card(ObPlace p);
  /// Takes `hits` from the squad (4a note); DEAD ends the game. The table's
  /// squad card is turned once the move is over (tracker_moved), after any
  /// question a cancel could still drop the move at.
  void hurt(int hits);
  /// Table mode: how to set a tracker card that went from `before` to its
  /// value now: turned a quarter per step, flipped from 5 to the back's 4,
  /// LAST spent; nothing in virtual mode or when it did not change.
  void tracker_moved(const TrackDef& def, const BoundedTrack& track, int before, bool squad);
  /// Steps 7-8: the far row slides forward, the rest is shuffled back into
  /// the deck, the next grid is dealt (virtual) or asked for (table).
  void next_assault();
  /// After every command and deal: the blocked loss (終了), and what comes next.
  void after_command();

  // Names (ob_names.cpp).
  /// "デルタ型（視界制限）"; a turned card has no eye (注6): "デルタ型".
  std::string front_name(int front, bool turned = false) const;
  std::string place_column(int column) const;                       // "左" / "left"
  std::string place_name(ObPlace p) const;                          // "2行目・左"
  std::string track_text(const BoundedTrack& t, bool squad) const;  // "LAST", "DEAD"
  std::string grid_text() const;       // the status drawing of the grid
  BoardView board() const;             // the grid as the web page draws it
  std::string rule_note(int n) const;  // "注7" / "note 7"

  const ObRules& R;
  bool virtual_mode;
  ObState& S;
  PlayContext& ctx;
};

}  // namespace bocage
