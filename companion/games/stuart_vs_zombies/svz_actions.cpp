// The player's side of Stuart vs Zombies: the AP roll (5.0) and the actions
// of 7.0 with their costs, ranges, modifiers and natural-1 failures.
#include <climits>

#include "bocage/msg/svz.h"
#include "svz_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

}  // namespace

std::optional<Refusal> SvzPlay::roll_ap() {
  if (S.phase != SvzState::Phase::ap) return refuse("7.0", ctx.m(msg::svz::ap_left, "ap"_a = S.ap));
  int r = ctx.roll(6, ctx.m(msg::svz::ap_roll_what));
  BOCAGE_SAY(ctx, ctx.m(msg::svz::ap_roll, "roll"_a = r), Line::Kind::dice);
  const SvzApRow* row = R.ap_row(r);
  if (row->counterattack) {
    BOCAGE_SAY(ctx, ctx.m(msg::svz::zombie_counterattack));
    counterattack(row->counterattack);
    if (over()) return std::nullopt;
  }
  if (row->end_turn) {
    BOCAGE_SAY(ctx, row->counterattack ? ctx.m(msg::svz::turn_ends_after_counterattack)
                                       : ctx.m(msg::svz::turn_ends_quietly));
    end_turn();
    return std::nullopt;
  }
  if (row->gives_ap) {
    S.phase = SvzState::Phase::actions;
    S.ap = std::min(r, R.basics.tracks.at("ap").max);
    BOCAGE_SAY(ctx, ctx.m(msg::svz::ap_given, "ap"_a = S.ap), Line::Kind::result);
  }
  return std::nullopt;
}

namespace {

/// Refuses an action outside the action phase or without the AP it costs.
std::optional<Refusal> need_ap(const SvzPlay& p, const ActionDef& a, int cost) {
  if (p.S.phase != SvzState::Phase::actions)
    return refuse("5.0", p.ctx.m(msg::svz::roll_for_ap_first));
  if (p.S.ap < cost)
    return refuse(
        a.rule, p.ctx.m(msg::svz::action_needs_ap, "action"_a = a.name.in(lang_name(p.ctx.lang())),
                        "cost"_a = cost, "ap"_a = p.S.ap));
  return std::nullopt;
}

/// After an action: with no AP left, the next step is the AP roll (5.0).
void finish_action(SvzPlay& p) {
  if (p.over() || p.S.phase != SvzState::Phase::actions || p.S.ap > 0) return;
  p.S.phase = SvzState::Phase::ap;
  BOCAGE_SAY(p.ctx, p.ctx.m(msg::svz::no_ap_left));
}

}  // namespace

std::optional<Refusal> SvzPlay::move(const Move& hexes) {
  const ActionDef& a = R.action(SvzAction::move);
  if (hexes.count == 0) return refuse(a.rule, ctx.m(msg::svz::move_usage));
  for (size_t step = 0; step < hexes.count; ++step) {
    if (S.broken_track) return refuse("7.4", ctx.m(msg::svz::track_broken_no_move));
    if (O.no_breakdowns && S.damaged) return refuse("8.0", ctx.m(msg::svz::damaged_no_move));
    if (auto r = need_ap(*this, a, a.cost)) return r;
    const HexCoord h = hex_at(hexes.arg(step));
    if (R.map.grid.distance(S.m5, h) != 1)
      return refuse(a.rule,
                    ctx.m(msg::svz::move_one_hex, "from"_a = hex_name(S.m5), "to"_a = hex_name(h)));
    BOCAGE_SAY(ctx, ctx.m(msg::svz::m5_moves, "from"_a = hex_name(S.m5), "to"_a = hex_name(h)));
    S.m5 = h;
    S.ap -= a.cost;
    for (int i : pieces_at(h)) {
      SvzPiece& p = S.pieces[i];
      if (p.face_up && R.counters[p.card].kind == SvzCounter::Kind::infantry) {
        p.at = SvzPiece::At::riding;
        BOCAGE_SAY(ctx, ctx.m(msg::svz::infantry_climbs_on), Line::Kind::result);
      }
    }
  }
  finish_action(*this);
  return std::nullopt;
}

std::optional<Refusal> SvzPlay::recon(int hex) {
  const ActionDef& a = R.action(SvzAction::recon);
  if (auto r = need_ap(*this, a, a.cost)) return r;
  const HexCoord h = hex_at(hex);
  if (R.map.grid.distance(S.m5, h) > a.range) return refuse(a.rule, ctx.m(msg::svz::recon_range));
  int target = -1;
  for (int i : pieces_at(h))
    if (!S.pieces[i].face_up) target = i;
  if (target < 0)
    return refuse(a.rule, ctx.m(msg::svz::no_face_down_counter, "hex"_a = hex_name(h)));
  S.ap -= a.cost;
  BOCAGE_SAY(ctx, ctx.m(msg::svz::recon, "hex"_a = hex_name(h)));
  reveal(target, Cause::recon);
  finish_action(*this);
  return std::nullopt;
}

std::optional<Refusal> SvzPlay::attack(bool shoot, const Move& args) {
  const ActionDef& a = R.action(shoot ? SvzAction::shoot : SvzAction::ram);
  if (auto r = need_ap(*this, a, a.cost)) return r;
  if (shoot && S.no_ammo) return refuse("7.3", ctx.m(msg::svz::out_of_ammo_no_shoot));
  if (!shoot && S.broken_track) return refuse("7.4", ctx.m(msg::svz::track_broken_no_ram));
  if (O.no_breakdowns && S.damaged) return refuse("8.0", ctx.m(msg::svz::damaged_no_attack));
  HexCoord h = S.m5;
  size_t next = 0;
  if (shoot) {
    if (args.count == 0) return refuse(a.rule, ctx.m(msg::svz::shoot_usage));
    h = hex_at(args.arg(0));
    next = 1;
    int d = R.map.grid.distance(S.m5, h);
    if (d > a.range)
      return refuse(a.rule, ctx.m(msg::svz::shoot_range, "range"_a = a.range, "hex"_a = hex_name(h),
                                  "distance"_a = d));
  }
  if (args.count > next + 1) return refuse(a.rule, ctx.m(msg::svz::one_target));
  std::vector<int> targets;
  for (int i : pieces_at(h)) {
    const SvzPiece& p = S.pieces[i];
    if (!p.face_up || is_zombie(p)) targets.push_back(i);
  }
  if (targets.empty()) return refuse(a.rule, ctx.m(msg::svz::no_target, "hex"_a = hex_name(h)));
  int target = -1;
  if (args.count > next) {
    const int32_t which = args.arg(next);
    for (int i : targets) {
      const SvzPiece& p = S.pieces[i];
      if ((!p.face_up && which == kSvzHidden) || (p.face_up && R.token_of[size_t(p.card)] == which))
        target = i;
    }
    if (target < 0)
      return refuse(a.rule, ctx.m(msg::svz::no_such_target, "hex"_a = hex_name(h),
                                  "target"_a = svz_target_word(R, which)));
  } else if (targets.size() == 1) {
    target = targets[0];
  } else {
    std::string names;
    for (int i : targets)
      names +=
          std::string(" ") + (S.pieces[i].face_up ? R.counters[S.pieces[i].card].token : "hidden");
    return refuse(a.rule,
                  ctx.m(msg::svz::several_targets, "hex"_a = hex_name(h), "targets"_a = names));
  }
  SvzPiece& p = S.pieces[target];
  int bonus = 0;
  std::string bonus_names;
  for (const auto& q : S.pieces)
    if (q.at == SvzPiece::At::attached) {
      int b = shoot ? R.counters[q.card].shoot_bonus : R.counters[q.card].ram_bonus;
      if (b) bonus += b, bonus_names += " +" + num(b) + " " + counter_name(q.card);
    }
  int need = p.face_up ? (O.at_or_above ? R.counters[p.card].value : R.counters[p.card].value + 1)
                       : R.target_face_down;
  S.ap -= a.cost;
  BOCAGE_SAY(ctx, ctx.m(msg::svz::attack, "action"_a = a.name.in(lang_name(ctx.lang())),
                        "target"_a = p.face_up ? counter_name(p.card)
                                               : ctx.m(msg::svz::the_face_down_counter),
                        "hex"_a = hex_name(h), "need"_a = need));
  int roll = ctx.roll(6, a.name.in(lang_name(ctx.lang())));
  BOCAGE_SAY(ctx,
             ctx.m(msg::svz::attack_roll, "roll"_a = roll, "bonuses"_a = bonus_names,
                   "total"_a = bonus ? " = " + num(roll + bonus) : std::string()),
             Line::Kind::dice);
  if (roll == 1 && !O.no_breakdowns) {
    if (shoot) {
      S.no_ammo = true;
      BOCAGE_SAY(ctx, ctx.m(msg::svz::natural_one_out_of_ammo), Line::Kind::warning);
    } else {
      S.broken_track = true;
      BOCAGE_SAY(ctx, ctx.m(msg::svz::natural_one_track_broken), Line::Kind::warning);
    }
  } else if (roll + bonus >= need) {
    BOCAGE_SAY(ctx, ctx.m(msg::svz::destroyed), Line::Kind::result);
    if (p.face_up) {
      p.at = SvzPiece::At::gone;
      S.killed.push_back(p.card);
      BOCAGE_SAY(ctx, ctx.m(msg::svz::zombies_destroyed, "count"_a = S.killed.size()),
                 Line::Kind::result);
    } else {
      reveal(target, shoot ? Cause::shot : Cause::rammed);
    }
  } else {
    BOCAGE_SAY(ctx, ctx.m(msg::svz::missed));
  }
  finish_action(*this);
  return std::nullopt;
}

std::optional<Refusal> SvzPlay::repair(int spend, int what) {
  const ActionDef& a = R.action(SvzAction::repair);
  if (auto r = need_ap(*this, a, 1)) return r;
  if (spend < 1 || spend > S.ap) return refuse(a.rule, ctx.m(msg::svz::repair_ap, "ap"_a = S.ap));
  int equipment = -1;
  if (what == kSvzRepairDamage) {
    if (!S.damaged) return refuse(a.rule, ctx.m(msg::svz::not_damaged));
  } else if (what == kSvzRepairAmmo) {
    if (!S.no_ammo) return refuse("7.3", ctx.m(msg::svz::not_out_of_ammo));
    if (S.m5 != R.start)
      return refuse("7.3", ctx.m(msg::svz::ammo_only_at_carentan, "hex"_a = hex_name(R.start)));
  } else if (what == kSvzRepairTrack) {
    if (!S.broken_track) return refuse("7.4", ctx.m(msg::svz::track_not_broken));
  } else {
    for (int i : pieces_at(S.m5)) {
      const SvzPiece& p = S.pieces[i];
      if (p.face_up && R.counters[p.card].kind == SvzCounter::Kind::equipment &&
          R.token_of[size_t(p.card)] == what)
        equipment = i;
    }
    if (equipment < 0)  // named as the counter prints it, not by its id
      return refuse(a.rule, ctx.m(msg::svz::no_such_equipment, "equipment"_a = counter_name(what)));
  }
  S.ap -= spend;
  int roll = ctx.roll(6, a.name.in(lang_name(ctx.lang())));
  BOCAGE_SAY(ctx, ctx.m(msg::svz::repair_roll, "ap"_a = spend, "roll"_a = roll), Line::Kind::dice);
  if (roll > spend) {
    BOCAGE_SAY(ctx, ctx.m(msg::svz::repair_fails));
  } else if (what == kSvzRepairDamage) {
    S.damaged = false;
    BOCAGE_SAY(ctx, ctx.m(msg::svz::repaired_damage), Line::Kind::result);
  } else if (what == kSvzRepairAmmo) {
    S.no_ammo = false;
    BOCAGE_SAY(ctx, ctx.m(msg::svz::repaired_ammo), Line::Kind::result);
  } else if (what == kSvzRepairTrack) {
    S.broken_track = false;
    BOCAGE_SAY(ctx, ctx.m(msg::svz::repaired_track), Line::Kind::result);
  } else {
    S.pieces[equipment].at = SvzPiece::At::attached;
    BOCAGE_SAY(
        ctx,
        ctx.m(msg::svz::repaired_equipment, "equipment"_a = counter_name(S.pieces[equipment].card)),
        Line::Kind::result);
  }
  finish_action(*this);
  return std::nullopt;
}

std::optional<Refusal> SvzPlay::end_actions() {
  if (S.phase != SvzState::Phase::actions)
    return refuse("7.0", ctx.m(msg::svz::no_actions_under_way));
  BOCAGE_SAY(ctx, ctx.m(msg::svz::ap_given_up, "ap"_a = S.ap));
  S.ap = 0;
  S.phase = SvzState::Phase::ap;
  return std::nullopt;
}

}  // namespace bocage
