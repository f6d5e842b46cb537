// The player's commands: deal (table mode), land, nest, move, blow. Each
// checks its rule and refuses naming the step, or acts. The words of every
// command are read here, in parse_ob_action, and nowhere else.
#include <algorithm>
#include <cstdlib>

#include "bocage/msg/ob.h"
#include "ob_play.h"

namespace bocage {

namespace {

const char* const kColumns[] = {"left", "centre", "right"};

std::optional<int> column_of(const std::string& w) {
  for (int c = 0; c < kObColumns; ++c)
    if (w == kColumns[c]) return c;
  return std::nullopt;
}

std::optional<ObDir> dir_of(const std::string& w) {
  if (w == "forward") return ObDir::forward;
  if (w == "left") return ObDir::left;
  if (w == "right") return ObDir::right;
  return std::nullopt;
}

}  // namespace

const char* ob_column_word(int column) {
  return kColumns[std::clamp(column, 0, kObColumns - 1)];
}

const char* ob_dir_word(ObDir dir) {
  return dir == ObDir::forward ? "forward" : dir == ObDir::left ? "left" : "right";
}

bool parse_ob_action(const std::vector<std::string>& words, ObAction& out, std::string& usage) {
  usage.clear();
  if (words.empty()) return false;
  const std::string& c = words[0];
  const size_t n = words.size();
  out = ObAction{};
  if (c == "deal") {
    out.kind = ObAction::Kind::deal;
    usage = "deal";
    return n == 1;
  }
  if (c == "land" || c == "nest") {
    out.kind = c == "land" ? ObAction::Kind::land : ObAction::Kind::nest;
    usage = c + " left|centre|right";
    auto col = n == 2 ? column_of(words[1]) : std::nullopt;
    if (!col) return false;
    out.column = *col;
    return true;
  }
  if (c == "move") {
    out.kind = ObAction::Kind::move;
    usage = "move forward|left|right [sniper]";
    auto d = n >= 2 && n <= 3 ? dir_of(words[1]) : std::nullopt;
    if (!d || (n == 3 && words[2] != "sniper")) return false;
    out.dir = *d;
    out.sniper = n == 3;
    return true;
  }
  if (c == "blow") {
    out.kind = ObAction::Kind::blow;
    usage = "blow forward|left|right [last]";
    auto d = n >= 2 && n <= 3 ? dir_of(words[1]) : std::nullopt;
    if (!d || (n == 3 && words[2] != "last")) return false;
    out.dir = *d;
    out.last = n == 3;
    return true;
  }
  return false;
}

std::vector<std::string> ob_words(const ObAction& a) {
  switch (a.kind) {
    case ObAction::Kind::deal:
      return {"deal"};
    case ObAction::Kind::land:
      return {"land", ob_column_word(a.column)};
    case ObAction::Kind::nest:
      return {"nest", ob_column_word(a.column)};
    case ObAction::Kind::move:
      if (a.sniper) return {"move", ob_dir_word(a.dir), "sniper"};
      return {"move", ob_dir_word(a.dir)};
    case ObAction::Kind::blow:
      if (a.last) return {"blow", ob_dir_word(a.dir), "last"};
      return {"blow", ob_dir_word(a.dir)};
  }
  return {};
}

Move ob_move(const ObAction& a) {
  const auto command = static_cast<uint8_t>(a.kind);
  switch (a.kind) {
    case ObAction::Kind::deal:
      return Move(command, {});
    case ObAction::Kind::land:
    case ObAction::Kind::nest:
      return Move(command, {a.column});
    case ObAction::Kind::move:
      return Move(command, {static_cast<int32_t>(a.dir), a.sniper ? 1 : 0});
    case ObAction::Kind::blow:
      return Move(command, {static_cast<int32_t>(a.dir), a.last ? 1 : 0});
  }
  return Move(command, {});
}

ObAction ob_action(const Move& m) {
  ObAction a;
  a.kind = static_cast<ObAction::Kind>(std::min<int>(m.command, int(ObAction::Kind::blow)));
  auto arg = [&](size_t i) { return i < m.count ? m.arg(i) : 0; };
  switch (a.kind) {
    case ObAction::Kind::deal:
      break;
    case ObAction::Kind::land:
    case ObAction::Kind::nest:
      a.column = std::clamp(int(arg(0)), 0, kObColumns - 1);
      break;
    case ObAction::Kind::move:
      a.dir = static_cast<ObDir>(std::clamp(int(arg(0)), 0, 2));
      a.sniper = arg(1) != 0;
      break;
    case ObAction::Kind::blow:
      a.dir = static_cast<ObDir>(std::clamp(int(arg(0)), 0, 2));
      a.last = arg(1) != 0;
      break;
  }
  return a;
}

std::optional<Refusal> ObPlay::act(const ObAction& a) {
  switch (a.kind) {
    case ObAction::Kind::deal:
      return deal();
    case ObAction::Kind::land:
      return land(a.column);
    case ObAction::Kind::nest:
      return place_nest(a.column);
    case ObAction::Kind::move:
      return move(a.dir, a.sniper);
    case ObAction::Kind::blow:
      return blow(a.dir, a.last);
  }
  return std::nullopt;
}

namespace {

/// What must come before a move or a charge: the grid dealt (2), the LC
/// put down (3), the nest placed (11).
std::optional<Refusal> not_ready(ObPlay& p) {
  if (!p.S.dealt) return Refusal{"2", p.ctx.m(msg::ob::deal_first)};
  if (p.S.assault == 1 && !p.S.landed) return Refusal{"3", p.ctx.m(msg::ob::land_first)};
  if (p.S.assault == p.R.grids && !p.S.nest_placed)
    return Refusal{"11", p.ctx.m(msg::ob::nest_first)};
  return std::nullopt;
}

/// Why `dir` leads nowhere from the squad's place.
Refusal off_grid(ObPlay& p, ObDir dir) {
  if (dir != ObDir::forward && p.S.on_lc()) return Refusal{"3", p.ctx.m(msg::ob::lc_forward_only)};
  if (dir == ObDir::forward) return Refusal{"11", p.ctx.m(msg::ob::far_row_no_forward)};
  const std::string side = p.place_column(dir == ObDir::left ? 0 : kObColumns - 1);
  return Refusal{"6", p.ctx.m(msg::ob::stay_on_grid, "dir"_a = side)};
}

}  // namespace

std::optional<Refusal> ObPlay::deal() {
  if (virtual_mode) return Refusal{"2", ctx.m(msg::ob::virtual_deals)};
  if (S.dealt) return Refusal{"2", ctx.m(msg::ob::dealt_already)};
  deal_grid();
  after_command();
  return std::nullopt;
}

std::optional<Refusal> ObPlay::land(int column) {
  if (S.assault == 1 && S.landed)
    return Refusal{"3", ctx.m(msg::ob::landed_twice, "place"_a = place_name({1, S.lc_column}))};
  if (S.assault != 1) return Refusal{"3", ctx.m(msg::ob::landed_already)};
  if (!S.dealt) return Refusal{"2", ctx.m(msg::ob::deal_first)};
  S.landed = true;
  S.row = kObLcRow;
  S.column = column;
  S.lc_column = column;
  BOCAGE_SAY(ctx, ctx.m(msg::ob::landed, "place"_a = place_name({1, column}),
                        "card"_a = front_name(S.at(1, column).front)));
  after_command();
  return std::nullopt;
}

std::optional<Refusal> ObPlay::place_nest(int column) {
  if (S.assault != R.grids || S.nest_placed)
    return Refusal{"11", ctx.m(msg::ob::nest_not_now, "last"_a = R.grids)};
  if (!S.dealt) return Refusal{"2", ctx.m(msg::ob::deal_first)};
  // 11, 注8: "the far row's card left or right of the squad's": a column
  // next to the squad's (data/omaha-beach/README.md, the machine-gun nest).
  if (std::abs(column - S.column) != 1)
    return Refusal{"11", ctx.m(msg::ob::nest_next_to_squad, "column"_a = place_column(column),
                               "squad"_a = place_column(S.column))};
  ObCell& cell = S.at(kObFarRow, column);
  const std::string replaced = front_name(cell.front);
  // 注8: the nest replaces the card; it goes back into the deck.
  S.deck.put(cell.card);
  cell = ObCell{};
  cell.nest = true;
  S.nest_placed = true;
  BOCAGE_SAY(ctx, ctx.m(msg::ob::nest_placed, "place"_a = place_name({kObFarRow, column}),
                        "card"_a = replaced));
  after_command();
  return std::nullopt;
}

std::optional<Refusal> ObPlay::move(ObDir dir, bool sniper) {
  if (auto r = not_ready(*this)) return r;
  auto target = ob_target(S, dir);
  if (!target) return off_grid(*this, dir);
  const ObPlace p = *target;
  ObCell& cell = S.at(p.row, p.column);
  if (!ob_enterable(R, S, p))
    return Refusal{"4b", ctx.m(msg::ob::wire_blow_first, "place"_a = place_name(p),
                               "dir"_a = R.vocabulary.shown(ob_dir_word(dir), ctx.lang()))};
  const bool draws = ob_move_draws_fire(R, S, p, dir);
  const bool under_fire = ob_move_under_fire(R, S, p, dir);
  if (sniper) {
    if (S.sniper.value == 0) return Refusal{ctx.m(msg::ob::rule_sniper), ctx.m(msg::ob::no_rounds)};
    if (!under_fire) return Refusal{ctx.m(msg::ob::rule_sniper), ctx.m(msg::ob::sniper_no_fire)};
    if (ob_behind_eye(R, S)) return Refusal{rule_note(7), ctx.m(msg::ob::sniper_behind_eye)};
  }
  const std::string what =
      cell.nest ? ctx.m(msg::ob::the_nest) : front_name(cell.front, cell.turned);
  BOCAGE_SAY(ctx, ctx.m(msg::ob::moved, "place"_a = place_name(p), "card"_a = what));
  ++S.moves;
  const int squad_before = S.squad.value, sniper_before = S.sniper.value;
  // The squad is on the card it entered from here on, even if it dies there.
  S.row = p.row;
  S.column = p.column;
  // Step 3 of the player aid: machine-gun fire (the eye judged before the card turns).
  if (under_fire) {
    if (sniper) {
      S.sniper.add_within(-1);
      BOCAGE_SAY(ctx, ctx.m(msg::ob::sniper_cancels, "left"_a = track_text(S.sniper, false)),
                 Line::Kind::result);
    } else {
      ++S.fire_hits;
      BOCAGE_SAY(ctx, ctx.m(msg::ob::fire_hit), Line::Kind::warning);
      hurt(1);
    }
  } else if (draws) {
    BOCAGE_SAY(ctx, ctx.m(msg::ob::eye_shelters), Line::Kind::result);
  } else {
    BOCAGE_SAY(ctx, ctx.m(msg::ob::careful_no_fire));
  }
  // Step 4, 5: a face-up card is turned as the squad enters it, even when the
  // fire has killed it (the card is still turned: one answer per entered card);
  // a mine costs 1.
  if (!cell.nest && !cell.turned && turn_card(p) && S.end == ObEnd::none) {
    ++S.mine_hits;
    BOCAGE_SAY(ctx, ctx.m(msg::ob::mine_hit), Line::Kind::warning);
    hurt(1);
  }
  // The table's cards are set once nothing more is asked (a cancelled
  // question leaves them as they were).
  tracker_moved(R.sniper(), S.sniper, sniper_before, false);
  tracker_moved(R.squad(), S.squad, squad_before, true);
  if (S.end != ObEnd::none) return std::nullopt;
  if (cell.nest) {
    // 終了: on the nest with a charge left, the squad blows it.
    S.charges.add_within(-1);
    S.end = ObEnd::nest_destroyed;
    BOCAGE_SAY(ctx, ctx.m(msg::ob::nest_destroyed), Line::Kind::result);
    return std::nullopt;
  }
  if (p.row == kObFarRow && S.assault < R.grids) {
    next_assault();
    return std::nullopt;
  }
  after_command();
  return std::nullopt;
}

std::optional<Refusal> ObPlay::blow(ObDir dir, bool last) {
  if (auto r = not_ready(*this)) return r;
  auto target = ob_target(S, dir);
  if (!target) return off_grid(*this, dir);
  const ObPlace p = *target;
  const ObCell& cell = S.at(p.row, p.column);
  if (cell.nest) return Refusal{ctx.m(msg::ob::rule_end), ctx.m(msg::ob::nest_by_entering)};
  if (cell.turned)
    return Refusal{ctx.m(msg::ob::rule_charge),
                   ctx.m(msg::ob::turned_already, "place"_a = place_name(p))};
  if (!ob_blowable(R, S, p))
    return Refusal{ctx.m(msg::ob::rule_charge),
                   ctx.m(msg::ob::nothing_to_blow, "place"_a = place_name(p),
                         "card"_a = front_name(cell.front))};
  if (S.charges.value == 0) return Refusal{ctx.m(msg::ob::rule_charge), ctx.m(msg::ob::no_charges)};
  // LAST on a beach card loses at once (爆薬): the player says so, `blow
  // forward last`, or it is refused with the warning; `last` names only LAST.
  if (S.charges.value == 1 && !last)
    return Refusal{ctx.m(msg::ob::rule_charge),
                   ctx.m(msg::ob::last_charge_warning, "place"_a = place_name(p),
                         "command"_a = "blow " + R.vocabulary.shown(ob_dir_word(dir), ctx.lang()) +
                                       " " + R.vocabulary.shown("last", ctx.lang()))};
  if (S.charges.value > 1 && last)
    return Refusal{ctx.m(msg::ob::rule_charge),
                   ctx.m(msg::ob::not_last_charge, "left"_a = track_text(S.charges, false))};
  const int charges_before = S.charges.value;
  S.charges.add_within(-1);
  S.at(p.row, p.column).blown = true;
  BOCAGE_SAY(ctx,
             ctx.m(msg::ob::blown, "place"_a = place_name(p), "card"_a = front_name(cell.front),
                   "left"_a = track_text(S.charges, false)));
  if (turn_card(p)) BOCAGE_SAY(ctx, ctx.m(msg::ob::mine_ignored));
  tracker_moved(R.charges(), S.charges, charges_before, false);
  if (S.charges.value == 0) {
    S.end = ObEnd::out_of_charges;
    BOCAGE_SAY(ctx, ctx.m(msg::ob::out_of_charges), Line::Kind::warning);
    return std::nullopt;
  }
  after_command();
  return std::nullopt;
}

}  // namespace bocage
