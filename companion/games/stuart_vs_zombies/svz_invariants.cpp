#include "svz_invariants.h"

#include <algorithm>

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

}  // namespace

std::string svz_invariants(const SvzRules& R, const SvzOptions& O, const SvzState& s) {
  const TrackDef& turns = R.turns();
  if (s.turn < turns.min || s.turn > turns.max)
    return "turn " + num(s.turn) + " outside " + num(turns.min) + ".." + num(turns.max);
  const TrackDef& ap = R.basics.tracks.at("ap");
  if (s.phase == SvzState::Phase::ap && s.ap != 0)
    return "AP " + num(s.ap) + " left in the AP phase (5.0)";
  if (s.ap < 0 || s.ap > ap.max) return "AP " + num(s.ap) + " outside 0.." + num(ap.max);
  if (!R.board.has(s.m5)) return "the M5 is off the map";
  if (s.end == SvzEnd::destroyed && !s.damaged) return "the M5 is destroyed without being damaged";
  if (O.no_breakdowns && (s.no_ammo || s.broken_track))
    return "a breakdown under the no-breakdowns rule (8.0)";
  if (s.pieces.size() != R.counters.size())
    return num(int(s.pieces.size())) + " pieces for " + num(int(R.counters.size())) + " counters";

  std::vector<int> seen(R.counters.size(), 0);
  int on_track = 0, riders = 0;
  for (size_t i = 0; i < s.pieces.size(); ++i) {
    const SvzPiece& p = s.pieces[i];
    const std::string which = "piece " + num(int(i));
    if (p.card < -1 || p.card >= int(R.counters.size()))
      return which + " names counter " + num(p.card);
    if (p.card < 0) {
      if (O.virtual_counters) return which + " is unknown in virtual mode";
      if (p.face_up) return which + " is face up but unknown";
      if (p.at == SvzPiece::At::riding || p.at == SvzPiece::At::attached)
        return which + " rides or is fitted but is unknown";
      continue;
    }
    if (++seen[size_t(p.card)] > 1)
      return "counter " + R.counters[size_t(p.card)].id + " is on the table twice";
    const SvzCounter& c = R.counters[size_t(p.card)];
    switch (p.at) {
      case SvzPiece::At::hex:
        if (!R.board.has(p.hex)) return c.id + " is off the map";
        break;
      case SvzPiece::At::track:
        ++on_track;
        if (p.face_up) return c.id + " lies face up on the turn track";
        break;
      case SvzPiece::At::riding:
        ++riders;
        if (!p.face_up || c.kind != SvzCounter::Kind::infantry) return c.id + " rides the M5";
        break;
      case SvzPiece::At::attached:
        if (!p.face_up || c.kind != SvzCounter::Kind::equipment)
          return c.id + " is fitted to the M5";
        break;
      case SvzPiece::At::gone:
        break;
    }
  }
  if (O.virtual_counters && std::find(seen.begin(), seen.end(), 0) != seen.end())
    return "a counter is missing";
  if (R.counters.size() > R.hidden.size() && on_track != 1)
    return num(on_track) + " counters on the turn track (3.0: one)";

  if (int(s.killed.size()) > R.zombie_count())
    return num(int(s.killed.size())) + " zombies destroyed of " + num(R.zombie_count());
  for (size_t k = 0; k < s.killed.size(); ++k) {
    const int z = s.killed[k];
    if (z < 0 || z >= int(R.counters.size()) ||
        R.counters[size_t(z)].kind != SvzCounter::Kind::zombie)
      return "a destroyed zombie that is not a zombie";
    if (std::count(s.killed.begin(), s.killed.end(), z) > 1)
      return R.counters[size_t(z)].id + " destroyed twice";
    for (const auto& p : s.pieces)
      if (p.card == z && p.at != SvzPiece::At::gone)
        return R.counters[size_t(z)].id + " is destroyed but still on the map";
  }
  if (s.infantry_lost < 0 || riders + s.infantry_lost > R.infantry_count())
    return num(riders) + " infantry aboard and " + num(s.infantry_lost) + " lost of " +
           num(R.infantry_count());
  return {};
}

}  // namespace bocage
