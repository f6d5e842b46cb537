// What a Maquis state must never be, checked by the simulator after every
// command: see mq_check_invariants.
#include <algorithm>

#include "mq_module.h"
#include "mq_play.h"

namespace bocage {

std::string mq_check_invariants(const MqRules& R, bool virtual_mode, const GameState& base) {
  const auto& s = static_cast<const MqState&>(base);
  const size_t n = R.locations.size();
  if (s.piece.size() != n || s.drops.size() != n || s.tile.size() != n)
    return "the locations are not " + std::to_string(n);
  if (s.morale.value < 0 || s.morale.value > R.morale_max()) return "morale out of its track";
  if (s.soldiers.value < 0 || s.soldiers.value > R.soldiers_max) return "soldiers out of the track";
  if (s.day < 1 || s.day > R.days) return "the day is out of the track";
  if (s.piece[size_t(R.safe_house)] != MqPiece::none) return "a piece stands on the safe house";
  int patrols = 0, agents = 0;
  for (size_t l = 0; l < n; ++l) {
    patrols += s.piece[l] == MqPiece::milice || s.piece[l] == MqPiece::soldier;
    agents += s.piece[l] == MqPiece::agent;
    if (s.drops[l].kind >= 0 && R.locations[l].kind != MqLocation::Kind::field)
      return "a drop lies on " + R.locations[l].id + ", which is no field";
    if (s.tile[l] >= 0 && R.locations[l].kind != MqLocation::Kind::spare_room)
      return "a tile lies on " + R.locations[l].id;
  }
  if (patrols > s.patrols_drawn) return "more patrols on the board than were drawn";
  if (s.phase == MqPhase::placement && agents + s.to_place != s.agents_in_play())
    return "agents placed and to place do not add up";
  if (s.phase == MqPhase::action && s.to_place != 0)
    return "agents left to place in the action phase";
  const int total = s.agents_in_play() + s.cafe + s.arrests;
  // Agents never appear from nowhere: the level's agents and cafe.
  if (s.agents_in_play() + s.cafe > 5 || total < s.agents_in_play())
    return "more agents than the game has";
  for (size_t k = 0; k < R.resources.size(); ++k) {
    int out = s.hand[k];
    for (const auto& d : s.drops)
      if (d.kind == int(k)) out += d.count;
    if (s.hand[k] < 0) return "a negative hand of " + R.resources[k].id;
    if (out > R.resources[k].supply) return "more " + R.resources[k].id + " out than its supply";
  }
  std::vector<int> seen(R.patrols.size(), 0);
  for (int c : s.patrol_deck.cards())
    if (c >= 0) ++seen[size_t(c)];
  for (int c : s.patrol_discard.cards) ++seen[size_t(c)];
  for (size_t c = 0; c < seen.size(); ++c)
    if (seen[c] != 1)
      return "patrol card " + R.patrols[c].id + " is in " + std::to_string(seen[c]) + " places";
  if (virtual_mode && s.patrol_deck.size() + s.patrol_discard.size() != R.patrols.size())
    return "patrol cards lost";
  for (int e = 0; e < 2; ++e) {
    const int m = s.missions[size_t(e)];
    if (m < 0 && s.phase != MqPhase::missions) return "a mission exit without its mission";
    if (m >= 0 &&
        (s.boxes[size_t(e)] < 0 || s.boxes[size_t(e)] > int(R.missions[size_t(m)].boxes.size())))
      return "achievement boxes beyond the mission's";
  }
  if (s.missions[0] >= 0 && s.missions[0] == s.missions[1]) return "the same mission twice";
  if (s.end == MqEnd::won && mq_missions_done(R, s) != 2) return "won without two missions";
  if ((s.end != MqEnd::none) != (s.phase == MqPhase::over)) return "the end and the phase disagree";
  return {};
}

}  // namespace bocage
