// One command's work on a SQUAD state. The commands are typed moves
// (play CARD [EFFECT], declare, move, discard, done); which are legal now is
// sq_legal_moves (sq_moves.cpp), the single source the refusals, help, Tab
// completion and the simulator share. SqPlay runs a command (sq_actions.cpp),
// the flow of the nine phases with the draws and the morale and rally rolls
// (sq_turn.cpp) and the attack roll (sq_attack.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sq_rules.h"
#include "sq_state.h"

namespace bocage {

/// The commands, in the order of GameModule::command_names().
enum class SqCommand { start, play, declare, move, discard, done };
inline constexpr const char* kSqCommands[] = {"start", "play",    "declare",
                                              "move",  "discard", "done"};
inline constexpr int kSqCommandCount = 6;
inline constexpr const char* kSqDirWords[] = {"closer", "farther", "sideways"};
inline constexpr const char* kSqDeclareWords[] = {"stay", "move", "pointman"};

/// The seat that decides in `step`: the player whose turn it is, or the enemy.
int sq_seat_of_step(const SqState& s);
/// Every complete command the seat to act may give now.
std::vector<Move> sq_legal_moves(const SqRules& R, const SqState& s);
/// Why `move` is not legal now (the rule section and the reason), or nullopt.
std::optional<Refusal> sq_check(const SqRules& R, const SqState& s, const Move& move, Lang lang);
/// The range the attack is made at, and its card's modifier there; nullopt
/// when the card cannot attack at the range (the Japanese PB-at-S aside).
std::optional<int> sq_range_modifier(const SqRules& R, const SqState& s, int seat,
                                     const SqCard& card, bool* jp_exception = nullptr);
/// `s` without its markup tags (<nobr>, <br>): a card's name as said.
std::string sq_plain(const std::string& s);
/// "PB (point blank)" ... "L (long)" for range 0-3.
std::string sq_range_text(int range, Lang lang);
/// Cards a seat may play in the current step with a given use.
bool sq_card_playable(const SqRules& R, const SqState& s, int seat, int card, int trait);

class SqPlay {
 public:
  SqPlay(const SqRules& rules, SqState& state, PlayContext& ctx) : R(rules), S(state), ctx(ctx) {}

  /// Runs one legal command (checked by the caller).
  void act(const Move& m);

  // The flow (sq_turn.cpp).
  /// 準備 (the `start` command): who starts, the hands.
  void setup();
  /// Ends the current step and goes on to the next one that needs a
  /// decision, rolling and drawing on the way.
  void finish_step();
  /// Goes on while the seat to act has nothing to decide but `done`.
  void settle();
  /// Draws `n` cards for `seat` (refilling the deck from the discards).
  void draw(int seat, int n);
  void end_turn();

  // The cards (sq_actions.cpp).
  void play(int seat, int card, int trait);
  void move(SqDir dir, int card, bool open);
  void resolve_move();

  // The attack roll (sq_attack.cpp): `seat` attacks the other squad.
  void attack(int seat, const SqCard& card);
  /// Soldiers lost; ends the game when none are left.
  void lose(int seat, int n);

  // Names.
  std::string card_name(int card) const;
  std::string nation_name(int seat) const;
  std::string range_name(int range) const;

  const SqRules& R;
  SqState& S;
  PlayContext& ctx;

 private:
  void enter(SqStep step);
  void roll_morale();
  void roll_rally();
  void discard_card(int card);
  void clear_terrain(int seat);
};

}  // namespace bocage
