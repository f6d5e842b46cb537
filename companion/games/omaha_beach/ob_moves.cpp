// Where the squad can go and what a move costs: adjacency (2, 6), the eye
// (6, 注7), machine-gun fire (4a-4d, 6, 注2, 注6), the sniper (狙撃兵, 注7)
// and the way forward (終了: blocked). Rulings: data/omaha-beach/README.md.
#include <algorithm>
#include <climits>

#include "ob_play.h"

namespace bocage {

std::optional<ObPlace> ob_target(const ObState& s, ObDir dir) {
  if (!s.dealt || (s.assault == 1 && !s.landed)) return std::nullopt;
  if (dir == ObDir::forward) {
    if (s.row >= kObFarRow) return std::nullopt;
    return ObPlace{s.row + 1, s.column};
  }
  if (s.on_lc()) return std::nullopt;  // 3: the LC is no beach card, no sideways move from it
  const int c = s.column + (dir == ObDir::left ? -1 : 1);
  if (c < 0 || c >= kObColumns) return std::nullopt;  // 6: under the three cards
  return ObPlace{s.row, c};
}

bool ob_eye_up(const ObRules& R, const ObState& s, ObPlace p) {
  if (p.row < 0 || p.row > kObFarRow) return false;
  const ObCell& cell = s.at(p.row, p.column);
  return cell.front >= 0 && !cell.nest && !cell.turned && R.fronts[size_t(cell.front)].eye;
}

bool ob_covered(const ObRules& R, const ObState& s, ObPlace p) {
  return ob_eye_up(R, s, p) || ob_eye_up(R, s, ObPlace{p.row + 1, p.column});
}

bool ob_behind_eye(const ObRules& R, const ObState& s) {
  if (s.assault == 1 && !s.landed) return false;
  return ob_eye_up(R, s, ObPlace{s.row + 1, s.column});
}

bool ob_enterable(const ObRules& R, const ObState& s, ObPlace p) {
  const ObCell& cell = s.at(p.row, p.column);
  if (cell.nest) return true;
  if (cell.front < 0) return false;
  return cell.turned || R.fronts[size_t(cell.front)].kind != ObTerrainKind::wire;
}

bool ob_blowable(const ObRules& R, const ObState& s, ObPlace p) {
  const ObCell& cell = s.at(p.row, p.column);
  return cell.front >= 0 && !cell.nest && !cell.turned &&
         R.fronts[size_t(cell.front)].kind != ObTerrainKind::open;
}

bool ob_move_draws_fire(const ObRules& R, const ObState& s, ObPlace p, ObDir dir) {
  const ObCell& cell = s.at(p.row, p.column);
  if (cell.nest || dir != ObDir::forward || cell.turned) return true;
  return R.fronts[size_t(cell.front)].kind != ObTerrainKind::obstacle;
}

bool ob_move_under_fire(const ObRules& R, const ObState& s, ObPlace p, ObDir dir) {
  return ob_move_draws_fire(R, s, p, dir) && !ob_covered(R, s, p);
}

bool ob_sniper_allowed(const ObRules& R, const ObState& s, ObPlace p, ObDir dir) {
  return s.sniper.value > 0 && ob_move_under_fire(R, s, p, dir) && !ob_behind_eye(R, s);
}

namespace {

bool face_up_wire(const ObRules& R, const ObCell& cell) {
  return cell.front >= 0 && !cell.nest && !cell.turned &&
         R.fronts[size_t(cell.front)].kind == ObTerrainKind::wire;
}

/// What getting into the next row at `column` costs from the squad's row:
/// the nest nothing, face-up wire a charge, another card nothing.
int forward_cost(const ObRules& R, const ObState& s, int row, int column) {
  if (row >= kObFarRow) return INT_MAX;
  return face_up_wire(R, s.at(row + 1, column)) ? 1 : 0;
}

}  // namespace

int ob_charges_to_advance(const ObRules& R, const ObState& s) {
  if (!s.dealt) return 0;
  int best = INT_MAX;
  if (s.assault == 1 && !s.landed) {
    for (int c = 0; c < kObColumns; ++c) best = std::min(best, forward_cost(R, s, kObLcRow, c));
  } else if (s.on_lc()) {
    best = forward_cost(R, s, kObLcRow, s.column);
  } else {
    for (int c = 0; c < kObColumns; ++c) {
      // Along the squad's row to column c: each face-up wire on the way needs a charge.
      int path = 0;
      bool through_nest = false;
      const int step = c < s.column ? -1 : 1;
      for (int k = s.column; k != c;) {
        k += step;
        const ObCell& cell = s.at(s.row, k);
        if (cell.nest) {
          through_nest = true;
          break;
        }
        if (face_up_wire(R, cell)) ++path;
      }
      if (through_nest) {
        best = std::min(best, path);
        continue;
      }
      const int ahead = forward_cost(R, s, s.row, c);
      if (ahead != INT_MAX) best = std::min(best, path + ahead);
    }
  }
  return best == INT_MAX ? -1 : best;
}

}  // namespace bocage
