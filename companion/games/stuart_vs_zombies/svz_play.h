// One command's work on a Stuart vs Zombies state: the rules as methods over
// (rules, options, state, context). svz_actions.cpp holds the player's side
// (AP roll, move, recon, shoot, ram, repair), svz_enemy.cpp the game's
// (reveals, counterattacks, events, damage, the end of the game).
#pragma once

#include <climits>
#include <optional>
#include <string>
#include <vector>

#include "svz_moves.h"
#include "svz_rules.h"
#include "svz_state.h"

namespace bocage {

class SvzPlay {
 public:
  SvzPlay(const SvzRules& rules, const SvzOptions& options, SvzState& state, PlayContext& ctx)
      : R(rules), O(options), S(state), ctx(ctx) {}

  // The player's commands (svz_actions.cpp); a refusal leaves the command undone.
  std::optional<Refusal> roll_ap();
  // Their arguments are a typed move's (svz_moves.h).
  std::optional<Refusal> move(const Move& hexes);
  std::optional<Refusal> recon(int hex);
  std::optional<Refusal> attack(bool shoot, const Move& args);
  std::optional<Refusal> repair(int ap, int what);
  std::optional<Refusal> end_actions();

  // The game's side (svz_enemy.cpp).
  enum class Cause { recon, counterattack, shot, rammed, final };
  /// Turns a face-down piece face up (asking what it is in table mode) and
  /// applies what it does (7.2), unless it was destroyed or the game is ending.
  void reveal(int piece, Cause cause);
  void counterattack(int hexes);
  void event(int piece);
  void damage(int points);
  void end_turn();
  /// Victory when the zombies are gone (4.0, with the rescue of 4.1); defeat
  /// when the infantry to rescue can no longer be.
  void check_end();

  // Shared helpers.
  bool over() const { return S.end != SvzEnd::none; }
  std::string hex_name(HexCoord h) const;
  std::optional<HexCoord> parse_hex(const std::string& text) const;
  /// The hex of dense index `index` (HexBoard::index).
  HexCoord hex_at(int index) const { return R.board.at(index); }
  std::string counter_name(int counter) const;
  bool is_zombie(const SvzPiece& p) const {
    return p.card >= 0 && R.counters[p.card].kind == SvzCounter::Kind::zombie;
  }
  /// Pieces lying on hex `h` (not riding, attached or gone).
  std::vector<int> pieces_at(HexCoord h) const;
  /// Path lengths to one hex over existing hexes (missing hexes are impassable).
  struct Distances {
    int rows = 0;
    std::vector<int> steps;  // INT_MAX: unreachable
    int& operator()(HexCoord h) { return steps[size_t(h.col * rows + h.row)]; }
    int operator()(HexCoord h) const { return steps[size_t(h.col * rows + h.row)]; }
  };
  Distances distances_to(HexCoord goal) const;
  int riders() const;
  /// Two zombies in the M5's hex overrun it: the game is lost (6.0, 7.2).
  bool overrun();
  void use_ap(int n);

  const SvzRules& R;
  const SvzOptions& O;
  SvzState& S;
  PlayContext& ctx;
};

/// The words a refusal names its rule with.
inline Refusal refuse(std::string rule, std::string message) {
  return Refusal{std::move(rule), std::move(message)};
}

}  // namespace bocage
