// The state of a game of SQUAD: the squads (nation, soldiers, pinned, terrain
// and what is attached to it, hand, objectives; in the hex-map variant its
// side, letter and hex), the range between the two squads of the card game,
// the deck and discard pile, whose turn it is and the step of its nine
// phases, and what this turn has done so far. Cards are indices into
// SqRules::cards. Rulings: data/squad/README.md.
#pragma once

#include <array>
#include <memory>

#include "companion/engine/game_module.h"
#include "companion/pieces/cards.h"

namespace bocage {

/// Where the game waits for a decision. Each step belongs to the player
/// whose turn it is or to the enemy (sq_seat_of_step).
enum class SqStep {
  start,          // 準備: roll for the first player and deal (the `start` command)
  setup_terrain,  // 準備: each may play a terrain card
  morale_own,     // 士気フェイズ: cards that help the check (the squad's player)
  morale_enemy,   // ... that hurt it (the enemy)
  declare,        // 掩護射撃フェイズ: move or stay
  covering,       // 掩護射撃フェイズ: attacks while moving, smoke
  opportunity,    // 臨機射撃フェイズ (the enemy)
  movement,       // 移動フェイズ
  obstacle,       // 移動フェイズ: the enemy may stop the move
  engineer,       // 移動フェイズ: the mover may clear the obstacle
  after_move,     // 移動フェイズ: mission objective, concealment
  fixed,          // 定置射撃フェイズ
  response,       // 応射フェイズ (the enemy)
  rally_own,      // 回復フェイズ
  rally_enemy,
  discard,  // 捨て札フェイズ
  over,
};

enum class SqDir { closer, farther, sideways };

struct SqSquad {
  int side = 0;    // the seat that plays it
  int letter = 0;  // A, B, C in its side (the hex-map variant)
  int hex = -1;    // the hex-map variant: its hex (dense index); -1 out of play or no map
  int nation = 0;
  int soldiers = 0;
  bool pinned = false;
  int terrain = -1;                    // a T card; -1: open ground
  std::vector<int> attached_own;       // Concealment (or the trait acting as it)
  std::vector<int> attached_enemy;     // Encircled, laid by the enemy
  int own_cover = 0, enemy_cover = 0;  // what they add to attacks on the squad
  CardPile hand;
  int objectives = 0;
  int hand_penalty = 0;  // Commander Killed against it
  bool commander_hit = false;
  // Since its last morale phase (ruling 2):
  bool fired_at = false;
  int casualties = 0;
  bool flanked = false;  // moved sideways in its last turn (定置射撃フェイズ)
  /// 側面のバリエーション: the Flanking Fire cards it keeps in play, each
  /// adding its bonus to all its attacks.
  std::vector<int> flanking_cards;
};

/// What the current turn has done (reset when a turn ends).
struct SqTurn {
  bool moving = false;  // declared a move
  bool pointman = false;
  bool move_skipped = false;  // point man hit: no movement phase
  bool moved_sideways = false;
  bool mission_played = false;   // one Mission Objective a move (ruling 10)
  bool flanking_played = false;  // 側面のバリエーション: a Flanking Fire after this move
  int covering_attacks = 0;
  int smoke_covering = 0;     // Smoke played by the mover: on its covering fire
  int smoke_opportunity = 0;  // ... and on the enemy's opportunity fire
  int opportunity_attacks = 0;
  int opportunity_kills = 0;
  std::array<int, 2> flanking{};  // Flanking Fire's bonus to all attacks, by seat
  std::array<int, 2> enfilade{};  // Enfilade's bonus to machine guns, by seat
  int ambush = 0;                 // Ambush's bonus to the enemy's opportunity fire
  std::array<bool, 2> attacked{};
  std::array<bool, 2> jp_pb_at_s{};                 // the Japanese PB card at S, used
  int last_kill_seat = -1;                          // whose last attack killed (Commander Killed)
  int last_kill_actor = -1, last_kill_target = -1;  // ... which squad, and against which
  int morale_mod = 0, rally_mod = 0;
  // A move under way (movement phase): its direction and card.
  SqDir dir = SqDir::sideways;
  int move_card = -1;  // the terrain card played, or the card discarded for open ground
  bool to_open = false;
  int move_hex = -1;  // the hex-map variant: where the squad goes
  int obstacle_card = -1;
  int obstacle_trait = -1;
};

struct SqState final : GameState {
  /// The card game: squad i is seat i's. The hex-map variant: seat 1's
  /// squads A.. then seat 2's, `per_side` each.
  std::vector<SqSquad> squads = std::vector<SqSquad>(2);
  bool map = false;               // the hex-map variant
  bool flanking_variant = false;  // 側面のバリエーション
  /// Every window a seat could act in with some hand is offered, whatever it
  /// holds (`--option windows=always`, hot seat): the flow then tells the
  /// other seat nothing of that hand (ruling SQ-31).
  bool windows_always = false;
  int per_side = 1;
  int range = 3;                     // the card game: 0 PB, 1 S, 2 M, 3 L (準備: long range)
  int first = 0;                     // which seat began (準備)
  int active = 0;                    // whose turn: the squad (the card game: the seat)
  std::array<int, 2> next_letter{};  // the hex-map variant: each side's next squad (ruling 23)
  int setup_seat = 0;
  int turn = 0;  // player turns played, 1 on the first
  SqStep step = SqStep::start;
  SqTurn t;
  CardDeck deck;
  CardPile discard;
  CardPile aside;  // Commander Killed, set aside (note 6)
  int winner = -1;
  std::string reason;  // "annihilated", "objectives"

  SqSquad& own() { return squads[size_t(active)]; }
  const SqSquad& own() const { return squads[size_t(active)]; }
  /// The seat whose turn it is.
  int active_side() const { return squads[size_t(active)].side; }
  int side_of(int squad) const { return squads[size_t(squad)].side; }
  /// Seat `side`'s squad with `letter` (the card game: the seat's squad).
  int squad_of(int side, int letter) const { return map ? side * per_side + letter : side; }
  bool in_play(int squad) const { return squads[size_t(squad)].soldiers > 0; }

  std::unique_ptr<GameState> clone() const override { return std::make_unique<SqState>(*this); }
};

}  // namespace bocage
