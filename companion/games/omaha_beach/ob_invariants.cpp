// What a sound Attack on Omaha Beach state holds, for the simulator's checks
// after every command: tracks within bounds, every beach card in exactly one
// place (deck or grid), fronts that match the cards, the squad on a card it
// entered, the nest only in the last phase's far row, an end that matches.
#include <vector>

#include "ob_module.h"
#include "ob_play.h"

namespace bocage {

std::string ob_check_invariants(const ObRules& R, bool virtual_mode, const GameState& base) {
  const auto& s = static_cast<const ObState&>(base);
  auto within = [](const BoundedTrack& t) { return t.value >= t.min && t.value <= t.max; };
  if (!within(s.squad) || !within(s.charges) || !within(s.sniper))
    return "a track is out of its bounds";
  if (s.assault < 1 || s.assault > R.grids)
    return "the assault phase is outside A1-A" + std::to_string(R.grids);
  if (s.deck.virtual_cards() != virtual_mode) return "the deck's mode is not the game's";

  std::vector<int> seen(R.cards.size(), 0);
  for (int k : s.deck.cards()) {
    if (k < 0 || size_t(k) >= R.cards.size()) return "the deck holds an unknown card";
    ++seen[size_t(k)];
  }
  int nests = 0;
  for (int r = 0; r <= kObFarRow; ++r)
    for (int c = 0; c < kObColumns; ++c) {
      const ObCell& cell = s.at(r, c);
      if (cell.nest) {
        ++nests;
        if (r != kObFarRow || s.assault != R.grids || cell.front >= 0)
          return "a nest outside the last phase's far row";
        continue;
      }
      if (cell.front < 0) {
        if (cell.card != kUnknownCard || cell.turned) return "an empty place holds a card";
        const bool lc_row = r == 0 && s.assault == 1;
        if (!lc_row && (r > 0 ? s.dealt : true))
          return "row " + std::to_string(r) + " has no card in a dealt grid";
        continue;
      }
      if (cell.card < 0 || size_t(cell.card) >= R.cards.size())
        return "a card on the grid is unknown";
      if (R.cards[size_t(cell.card)].front != cell.front)
        return "a card shows another card's front";
      if (cell.blown && !cell.turned) return "a blown card is face up";
      ++seen[size_t(cell.card)];
    }
  for (size_t k = 0; k < seen.size(); ++k)
    if (seen[k] != 1)
      return "card " + std::to_string(k) + " is in " + std::to_string(seen[k]) + " places";
  if (nests != (s.nest_placed ? 1 : 0))
    return "the nest is placed " + std::to_string(nests) + " times";
  if (s.nest_placed && s.assault != R.grids) return "the nest placed before the last phase";

  if (s.column < 0 || s.column >= kObColumns || s.row < 0 || s.row > kObFarRow)
    return "the squad is off the grid";
  if (!s.on_lc() || s.assault > 1) {
    if (s.assault > 1 || s.landed) {
      const ObCell& here = s.at(s.row, s.column);
      // On the nest only once it is stormed: blown, or the fire killed the squad on it.
      const bool on_nest =
          here.nest && (s.end == ObEnd::nest_destroyed || s.end == ObEnd::squad_dead);
      if (!on_nest && !here.turned) return "the squad stands on a card it never entered";
    }
  }
  if (s.assault > 1 && !s.landed) return "a later phase without a landing";
  if (s.row == kObFarRow && s.assault < R.grids && s.end == ObEnd::none)
    return "the squad is on the far row of a phase that did not end";
  if ((s.end == ObEnd::squad_dead) != s.squad.at_min()) return "DEAD and the end disagree";
  if (s.end == ObEnd::out_of_charges && s.charges.value != 0) return "out of charges with charges";
  if (s.end == ObEnd::none && s.charges.value == 0) return "no charge left, and the game goes on";
  if (s.end == ObEnd::nest_destroyed && !(s.at(s.row, s.column).nest))
    return "the nest destroyed from elsewhere";
  return {};
}

}  // namespace bocage
