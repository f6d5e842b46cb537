// How the companion names the beach: a card's front, a place of the grid,
// the tracker cards' values (LAST, DEAD) and the drawing of the grid that
// `status` shows (fronts of face-up cards, backs of turned ones, never a back
// that is still hidden).
#include <algorithm>

#include "bocage/msg/ob.h"
#include "ob_play.h"

namespace bocage {

namespace {

/// The one-letter code of a terrain in the drawing (its legend is a message).
char terrain_letter(const std::string& terrain) {
  if (terrain == "flat") return 'F';
  if (terrain == "wire") return 'W';
  if (terrain == "hedgehog") return 'X';
  if (terrain == "delta") return 'D';
  return terrain.empty() ? '?'
                         : char(terrain[0] - ('a' <= terrain[0] && terrain[0] <= 'z' ? 32 : 0));
}

std::string pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

}  // namespace

std::string ObPlay::front_name(int front, bool turned) const {
  if (front < 0) return {};
  const ObFront& f = R.fronts[size_t(front)];
  const std::string name = f.name.in(lang_name(ctx.lang()));
  return f.eye && !turned ? ctx.m(msg::ob::front_with_eye, "terrain"_a = name) : name;
}

std::string ObPlay::place_column(int column) const {
  return column == 0   ? ctx.m(msg::ob::column_left)
         : column == 1 ? ctx.m(msg::ob::column_centre)
                       : ctx.m(msg::ob::column_right);
}

std::string ObPlay::place_name(ObPlace p) const {
  const std::string column = place_column(p.column);
  if (p.row == 0)
    return S.assault == 1 ? ctx.m(msg::ob::place_lc, "column"_a = column)
                          : ctx.m(msg::ob::place_start_row, "column"_a = column);
  return ctx.m(msg::ob::place, "row"_a = p.row, "column"_a = column);
}

std::string ObPlay::track_text(const BoundedTrack& t, bool squad) const {
  if (squad && t.at_min()) return "DEAD";
  if (!squad && t.value == 1) return "LAST";
  if (!squad && t.value == 0) return ctx.m(msg::ob::none_left);
  return std::to_string(t.value);
}

std::string ObPlay::rule_note(int n) const {
  return ctx.m(msg::ob::rule_note, "n"_a = n);
}

std::string ObPlay::grid_text() const {
  std::string out;
  for (int r = kObFarRow; r >= 0; --r) {
    std::string line = "  " + std::to_string(r) + " ";
    for (int c = 0; c < kObColumns; ++c) {
      const ObCell& cell = S.at(r, c);
      const bool squad = S.row == r && S.column == c && (S.assault > 1 || S.landed);
      std::string token;
      if (cell.nest) {
        token = "MG";
      } else if (cell.front >= 0) {
        const ObFront& f = R.fronts[size_t(cell.front)];
        token += terrain_letter(f.terrain);
        if (cell.turned) {
          token += cell.blown ? "/b" : "/";
          if (!cell.blown && cell.card != kUnknownCard)
            token += R.cards[size_t(cell.card)].mine ? "m" : "c";
        } else if (f.eye) {
          token += "e";
        }
      } else if (r == 0 && S.assault == 1 && S.landed && c == S.lc_column) {
        token = "LC";
      }
      line += "[" + std::string(squad ? "*" : " ") + pad(token, 4) + "]";
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += (out.empty() ? "" : "\n") + line;
  }
  out += "\n" + ctx.m(msg::ob::grid_legend);
  return out;
}

/// The grid as it lies on the table, far row at the top: each card at the
/// deck's printed size, its front (a turned card: its back, mine or clear,
/// or blown), the nest; the squad and the landing craft on theirs. A back
/// still face down is never named.
BoardView ObPlay::board() const {
  constexpr double kGap = 4;  // mm between the cards
  const double w = R.card_size.width, h = R.card_size.height;
  BoardView v;
  v.size = {kObColumns * w + (kObColumns - 1) * kGap, (kObFarRow + 1) * h + kObFarRow * kGap};
  for (int r = kObFarRow; r >= 0; --r)
    for (int c = 0; c < kObColumns; ++c) {
      const ObCell& cell = S.at(r, c);
      BoardView::Shape sh;
      sh.id = std::to_string(r) + "-" + std::to_string(c);
      const double x = c * (w + kGap), y = (kObFarRow - r) * (h + kGap);
      sh.outline = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
      sh.centre = {x + w / 2, y + h / 2};
      sh.note = place_name({r, c});
      if (cell.nest) {
        sh.label = ctx.m(msg::ob::the_nest);
        sh.fill = R.nest_fill;
      } else if (cell.front >= 0) {
        sh.label = front_name(cell.front, cell.turned);
        sh.fill = cell.turned ? R.back_fill : R.front_fill;
        if (cell.blown)
          sh.label += "\n" + ctx.m(msg::ob::board_blown);
        else if (cell.turned && cell.card != kUnknownCard)
          sh.label += "\n" + R.vocabulary.shown(R.cards[size_t(cell.card)].mine ? "mine" : "clear",
                                                ctx.lang());
      } else {
        sh.fill = "#f7f3e8";  // no card: the table
      }
      v.shapes.push_back(std::move(sh));
    }
  if (S.assault == 1 && S.landed)
    v.pieces.push_back({"0-" + std::to_string(S.lc_column), ctx.m(msg::ob::board_lc), "neutral"});
  if (S.assault > 1 || S.landed)
    v.pieces.push_back({std::to_string(S.row) + "-" + std::to_string(S.column),
                        ctx.m(msg::ob::board_squad), "own"});
  return v;
}

}  // namespace bocage
