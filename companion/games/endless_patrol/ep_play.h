// One command's work on an Endless Patrol state: the rules as methods over
// (rules, mode, state, context). ep_actions.cpp holds the player's commands
// (deal, draw, discard, fire, end, look, dodge), ep_patrol.cpp the game's
// side (the contact, the attrition, the end of a turn and of the game) and
// the names of cards.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ep_moves.h"
#include "ep_rules.h"
#include "ep_state.h"

namespace bocage {

/// Why a set of GI cards does not defeat a patrol card (射撃フェイズ, FAQ 1
/// and 3, more FAQ 2 and 3, AA); `card` names the GI card at fault.
struct EpFireCheck {
  enum class Result { defeats, undefeatable, aa, needs_at, no_ammo, short_of_ammo, not_needed };
  Result result = Result::defeats;
  int card = -1;  // no_ammo, not_needed, aa: the GI card
  int ammo = 0;   // the ammo played
};

/// Whether the GI cards `gi` (distinct, from the hand) defeat the patrol card
/// `patrol`: one AT card alone against an AT card, or cards with ammo whose sum
/// reaches its number, none of them more than needed. The one test of a shot,
/// for fire and for the legal moves.
EpFireCheck check_fire(const EpRules& rules, int patrol, const std::vector<int>& gi);

class EpPlay {
 public:
  EpPlay(const EpRules& rules, bool virtual_mode, EpState& state, PlayContext& ctx)
      : R(rules), virtual_mode(virtual_mode), S(state), ctx(ctx) {}

  // The player's commands (ep_actions.cpp); a refusal leaves the command undone.
  std::optional<Refusal> deal();
  std::optional<Refusal> supply();
  // Cards are indices into R.gi and R.patrol (ep_moves.h).
  std::optional<Refusal> discard(int card);
  std::optional<Refusal> contact();
  std::optional<Refusal> fire(const Move& args);
  std::optional<Refusal> end_phase();
  std::optional<Refusal> look(int deck, int card);
  std::optional<Refusal> dodge(int card);

  // The game's side (ep_patrol.cpp).
  /// Deals the starting hand (初期配置).
  void deal_hand();
  /// Draws `n` GI cards into the hand, the discard pile shuffled into a new
  /// deck when the deck runs out (補給フェイズ, more FAQ 5).
  void draw_gi(int n);
  /// Every patrol card in play attacks (損耗フェイズ); the D window opens.
  void attrition();
  /// Closes the turn: defeat at squad 0, victory once the patrol deck is
  /// used up (勝利), else the next turn's supply phase.
  void finish_turn();
  /// Whether the hand holds a D card that may cancel an attrition now.
  bool can_dodge() const;
  /// Whether the D window stays open: a D card in hand, or an L card that
  /// may still draw one (FAQ 6: L is played any time, ruling in README).
  bool dodge_window_open() const;

  // Names.
  std::string gi_name(int card) const;      // "12 M1バズーカ（AT）"
  std::string patrol_name(int card) const;  // "33 IV号戦車（AT）"
  std::string phase_name(EpPhase phase) const;
  std::string phase_rule(EpPhase phase) const;
  std::string hand_text() const;
  /// "12 M1バズーカ（AT）": a card's number and name with its marks.
  std::string with_marks(const std::string& card, const std::vector<std::string>& marks) const;

  const EpRules& R;
  bool virtual_mode;
  EpState& S;
  PlayContext& ctx;
};

/// The phase's id in companion.toml ("fire").
const char* ep_phase_id(EpPhase phase);
/// The phase's name, and the rule a refusal names it by (the Japanese
/// heading; in English its name).
std::string ep_phase_name(const EpRules& rules, EpPhase phase, Lang lang);
std::string ep_phase_rule(const EpRules& rules, EpPhase phase, Lang lang);

}  // namespace bocage
