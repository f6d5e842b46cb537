// The state of a game of Attack on Omaha Beach: the assault phase (A1-A4),
// the beach grid (the start row 0 and rows 1-3 of the dealt 3x3), the squad's
// place, the squad, charge and sniper tracks, the deck, the nest and the end.
// Cards are indices into ObRules::cards. Rulings: data/omaha-beach/README.md.
#pragma once

#include <array>
#include <memory>

#include "companion/engine/game_module.h"
#include "companion/pieces/bounded_track.h"
#include "companion/pieces/cards.h"

namespace bocage {

constexpr int kObColumns = 3;  // left, centre, right
constexpr int kObFarRow = 3;   // rows 1-3 are the dealt grid; row 0 the start row
constexpr int kObLcRow = 0;    // in A1 the LC stands below the near row

/// One place of the grid. A dealt card shows its front; once turned (entered
/// or blown) its back. In table mode `card` is one of the printed cards with
/// that front until it is turned: which one is only known from its back.
struct ObCell {
  int card = kUnknownCard;  // the card lying here; kUnknownCard: none (or hidden, in a view)
  int front = -1;           // index into ObRules::fronts; -1: no card here
  bool turned = false;      // its back is up: entered (mine checked) or blown
  bool blown = false;       // turned by a demo charge (10: its mine never counts)
  bool nest = false;        // the machine-gun nest (11): no beach card here

  bool empty() const { return front < 0 && !nest; }
};

enum class ObEnd { none, nest_destroyed, squad_dead, out_of_charges, blocked };

struct ObState final : GameState {
  int assault = 1;                                                   // A1..A4 (9)
  std::array<std::array<ObCell, kObColumns>, kObFarRow + 1> grid{};  // [row][column]
  int row = kObLcRow, column = 1;  // the squad; row 0 in A1 is the LC
  bool landed = false;             // A1: the LC has been put below a near card (3)
  int lc_column = 1;               // where the LC came in
  bool dealt = false;              // the current grid is dealt (table mode: `deal`)
  bool nest_placed = false;        // A4: the nest has replaced a far card (11)
  BoundedTrack squad;              // 8 down to 1 = DEAD
  BoundedTrack charges;            // 8 down to 1 = LAST, 0: none
  BoundedTrack sniper;             // likewise
  CardDeck deck;                   // the beach cards not on the table
  int moves = 0;                   // cards entered (for statistics)
  int fire_hits = 0, mine_hits = 0;
  ObEnd end = ObEnd::none;

  const ObCell& at(int r, int c) const { return grid[size_t(r)][size_t(c)]; }
  ObCell& at(int r, int c) { return grid[size_t(r)][size_t(c)]; }
  /// A1 before the squad leaves the LC.
  bool on_lc() const { return assault == 1 && row == kObLcRow; }

  std::unique_ptr<GameState> clone() const override { return std::make_unique<ObState>(*this); }
};

}  // namespace bocage
