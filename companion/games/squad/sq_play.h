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
/// The flanking variant: what the Flanking Fire `q` keeps in play adds to
/// all its attacks.
int sq_flanking_bonus(const SqRules& R, const SqSquad& q);
/// Whether the seat to act is the enemy of the squad whose turn it is.
bool sq_enemy_step(const SqState& s);
/// The squad whose hand a `play` with squad letter `letter` (-1: none) takes
/// its card from, and the squad it acts on (-1: none). The letter names a
/// squad of the side whose turn it is not (ruling 24); the card game has none.
int sq_actor(const SqState& s, int letter);
int sq_target(const SqState& s, int letter);
/// The range between squads `a` and `b`: 0 PB .. 3 L, -1 beyond L (the
/// hex-map variant: their hex distance, ruling 24; the card game: the track).
int sq_range_between(const SqRules& R, const SqState& s, int a, int b);
/// The hex-map variant: every hex squad `squad` may move to now (ruling 26).
std::vector<int> sq_reachable(const SqRules& R, const SqState& s, int squad);
/// The hex-map variant: the squad on `hex`, or -1.
int sq_squad_on(const SqState& s, int hex);
/// The hex-map variant: hexes from `hex` to the nearest enemy squad of `side`.
int sq_nearest_enemy(const SqRules& R, const SqState& s, int side, int hex);
/// Every complete command the seat to act may give now.
std::vector<Move> sq_legal_moves(const SqRules& R, const SqState& s);
/// The deck's cards: the map variant's without the T cards; the flanking
/// variant's with its Flanking Fire in place of each Encircled.
std::vector<int> sq_deck_cards(const SqRules& R, bool map, bool flanking);
/// SQ-31: whether the seat of the step could act now with some hand of the
/// size it holds, its cards unknown: a window offered whatever it holds when
/// SqState::windows_always (the flow then says nothing of the hand).
bool sq_window_open(const SqRules& R, const SqState& s);
/// Why `move` is not legal now (the rule section and the reason), or nullopt.
std::optional<Refusal> sq_check(const SqRules& R, const SqState& s, const Move& move, Lang lang);
/// The range the attack is made at, and its card's modifier there; nullopt
/// when the card cannot attack at the range (the Japanese PB-at-S aside).
std::optional<int> sq_range_modifier(const SqRules& R, const SqState& s, int actor, int target,
                                     const SqCard& card, bool* jp_exception = nullptr);
/// `s` without its markup tags (<nobr>, <br>): a card's name as said.
std::string sq_plain(const std::string& s);
/// "PB (point blank)" ... "L (long)" for range 0-3.
std::string sq_range_text(int range, Lang lang);
/// Whether squad `actor` may play `card` (as trait effect `trait`) in the
/// current step, on squad `target` (-1: none).
bool sq_card_playable(const SqRules& R, const SqState& s, int actor, int target, int card,
                      int trait);
/// Whether `c` acts on an enemy squad in the current step (an attack,
/// Encircled, Commander Killed): the hex-map variant then names it.
bool sq_needs_target(const SqState& s, const SqCard& c);

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
  /// Passes every step where only `done` is possible, except one of
  /// `keep_seat` (the seat that has just played a card in it: its own
  /// `done` ends it, so a habitual `done` never ends the other seat's step).
  void settle(int keep_seat = -1);
  /// 側面のバリエーション: the mover's move succeeded, so the other side's
  /// Flanking Fire in play is discarded.
  void discard_enemy_flanking();
  /// Discards every Flanking Fire `q` keeps in play.
  void discard_flanking(SqSquad& q);
  /// Draws `n` cards for `seat` (refilling the deck from the discards).
  void draw(int squad, int n);
  void end_turn();

  // The cards (sq_actions.cpp).
  void play(int actor, int target, int card, int trait);
  void move(SqDir dir, int card, bool open);
  void move_to(int hex);
  void resolve_move();

  // The attack roll (sq_attack.cpp): `actor` attacks `target`.
  void attack(int actor, int target, const SqCard& card);
  /// Soldiers lost; a squad with none left is out, and a side with no squad
  /// left loses.
  void lose(int squad, int n);

  // Names.
  std::string card_name(int card) const;
  /// A squad's name: "German squad" (the hex-map variant: "German squad B").
  std::string nation_name(int squad) const;
  /// A seat's nation: "German squad".
  std::string side_name(int side) const;
  std::string hex_name(int hex) const;     // "0505"
  std::string hex_terrain(int hex) const;  // "Rubble", "open ground"
  std::string range_name(int range) const;

  const SqRules& R;
  SqState& S;
  PlayContext& ctx;

 private:
  void enter(SqStep step);
  void roll_morale();
  void roll_rally();
  void discard_card(int card);
  void clear_terrain(int squad);
  /// The next squad of `side` in play, in the order A, B, C (ruling 23).
  int next_squad(int side);
};

}  // namespace bocage
