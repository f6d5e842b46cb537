// The player's side of Stuart vs Zombies: the AP roll (5.0) and the actions
// of 7.0 with their costs, ranges, modifiers and natural-1 failures.
#include <climits>

#include "svz_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

}  // namespace

std::optional<Refusal> SvzPlay::roll_ap() {
  if (S.phase != SvzState::Phase::ap)
    return refuse("7.0", ctx.t("まだ AP が ", "There are still ") + num(S.ap) +
                             ctx.t(" 残っています。行動するか end で行動を終えてください",
                                   " AP left: act, or give them up with end"));
  int r = ctx.roll(6, ctx.t("AP決定", "AP roll"));
  BOCAGE_SAY(ctx, ctx.t("AP決定の出目: ", "AP roll: ") + num(r), Line::Kind::dice);
  const SvzApRow* row = R.ap_row(r);
  if (row->counterattack) {
    BOCAGE_SAY(ctx, ctx.t("ゾンビの反撃（6.0）", "Zombie counterattack (6.0)"));
    counterattack(row->counterattack);
    if (over()) return std::nullopt;
  }
  if (row->end_turn) {
    BOCAGE_SAY(ctx, row->counterattack ? ctx.t("反撃の後、ターンが終わります（5.0）",
                                               "The turn ends after the counterattack (5.0)")
                                       : ctx.t("何も起きないままターンが終わります（5.0）",
                                               "Nothing happens and the turn ends (5.0)"));
    end_turn();
    return std::nullopt;
  }
  if (row->gives_ap) {
    S.phase = SvzState::Phase::actions;
    S.ap = std::min(r, R.basics.tracks.at("ap").max);
    BOCAGE_SAY(ctx,
               ctx.t("AP ", "") + num(S.ap) +
                   ctx.t(": 行動してください（7.0）", " AP: your actions (7.0)"),
               Line::Kind::result);
  }
  return std::nullopt;
}

namespace {

/// Refuses an action outside the action phase or without the AP it costs.
std::optional<Refusal> need_ap(const SvzPlay& p, const ActionDef& a, int cost) {
  if (p.S.phase != SvzState::Phase::actions)
    return refuse("5.0", p.ctx.t("まず roll で AP を決めてください", "First roll for AP (roll)"));
  if (p.S.ap < cost)
    return refuse(a.rule, a.name.in(lang_name(p.ctx.lang())) + p.ctx.t("には AP が ", " needs ") +
                              num(cost) + p.ctx.t(" 必要です（残り ", " AP (") + num(p.S.ap) +
                              p.ctx.t("）", " left)"));
  return std::nullopt;
}

/// After an action: with no AP left, the next step is the AP roll (5.0).
void finish_action(SvzPlay& p) {
  if (p.over() || p.S.phase != SvzState::Phase::actions || p.S.ap > 0) return;
  p.S.phase = SvzState::Phase::ap;
  BOCAGE_SAY(p.ctx, p.ctx.t("AP を使い切りました。roll で次の AP を決めてください",
                            "No AP left: roll for the next AP"));
}

}  // namespace

std::optional<Refusal> SvzPlay::move(const std::vector<std::string>& hexes) {
  const ActionDef& a = R.action(SvzAction::move);
  if (hexes.empty())
    return refuse(a.rule, ctx.t("使い方: move マス [マス...]", "usage: move HEX [HEX...]"));
  for (const auto& text : hexes) {
    if (S.broken_track)
      return refuse("7.4", ctx.t("履帯が破損しているため移動できません（修理で直ります）",
                                 "The track is broken: the M5 cannot move (repair it)"));
    if (O.no_breakdowns && S.damaged)
      return refuse("8.0", ctx.t("M5が損傷しているため移動できません（選択ルール）",
                                 "The M5 is damaged: it cannot move (optional rule)"));
    if (auto r = need_ap(*this, a, a.cost)) return r;
    auto h = parse_hex(text);
    if (!h)
      return refuse(
          a.rule,
          ctx.t("マス「", "There is no hex '") + text +
              ctx.t("」はマップにありません（マスが印刷されていないところには移動できません）",
                    "' on the map (the M5 cannot leave the printed hexes)"));
    if (R.map.grid.distance(S.m5, *h) != 1)
      return refuse(a.rule, ctx.t("1 AP で動けるのは隣のマスだけです（",
                                  "One AP moves the M5 to a neighbouring hex only (") +
                                hex_name(S.m5) + " → " + hex_name(*h) + ctx.t("）", ")"));
    BOCAGE_SAY(ctx, ctx.t("M5: ", "M5: ") + hex_name(S.m5) + " → " + hex_name(*h));
    S.m5 = *h;
    S.ap -= a.cost;
    for (int i : pieces_at(*h)) {
      SvzPiece& p = S.pieces[i];
      if (p.face_up && R.counters[p.counter].kind == SvzCounter::Kind::infantry) {
        p.at = SvzPiece::At::riding;
        BOCAGE_SAY(
            ctx, ctx.t("歩兵が戦車に乗りました（7.2）", "The infantry climbs onto the tank (7.2)"),
            Line::Kind::result);
      }
    }
  }
  finish_action(*this);
  return std::nullopt;
}

std::optional<Refusal> SvzPlay::recon(const std::string& text) {
  const ActionDef& a = R.action(SvzAction::recon);
  if (auto r = need_ap(*this, a, a.cost)) return r;
  auto h = parse_hex(text);
  if (!h)
    return refuse(a.rule, ctx.t("マス「", "There is no hex '") + text +
                              ctx.t("」はマップにありません", "' on the map"));
  if (R.map.grid.distance(S.m5, *h) > a.range)
    return refuse(a.rule, ctx.t("偵察できるのは M5 と同じか隣のマスの駒だけです",
                                "Recon reaches only the M5's hex and its neighbours"));
  int target = -1;
  for (int i : pieces_at(*h))
    if (!S.pieces[i].face_up) target = i;
  if (target < 0)
    return refuse(a.rule,
                  hex_name(*h) + ctx.t(" に裏の駒はありません", " holds no face-down counter"));
  S.ap -= a.cost;
  BOCAGE_SAY(ctx, ctx.t("偵察: ", "Recon: ") + hex_name(*h));
  reveal(target, Cause::recon);
  finish_action(*this);
  return std::nullopt;
}

std::optional<Refusal> SvzPlay::attack(bool shoot, const std::vector<std::string>& args) {
  const ActionDef& a = R.action(shoot ? SvzAction::shoot : SvzAction::ram);
  if (auto r = need_ap(*this, a, a.cost)) return r;
  if (shoot && S.no_ammo)
    return refuse("7.3", ctx.t("弾切れのため射撃できません（カランタンで修理すると解消します）",
                               "Out of ammunition: the M5 cannot shoot (repair at Carentan)"));
  if (!shoot && S.broken_track)
    return refuse("7.4", ctx.t("履帯が破損しているため体当たりできません",
                               "The track is broken: the M5 cannot ram"));
  if (O.no_breakdowns && S.damaged)
    return refuse("8.0", ctx.t("M5が損傷しているため射撃も体当たりもできません（選択ルール）",
                               "The M5 is damaged: it can neither shoot nor ram (optional rule)"));
  HexCoord h = S.m5;
  size_t next = 0;
  if (shoot) {
    if (args.empty())
      return refuse(a.rule, ctx.t("使い方: shoot マス [hidden|zombieN]",
                                  "usage: shoot HEX [hidden|zombieN]"));
    auto parsed = parse_hex(args[0]);
    if (!parsed)
      return refuse(a.rule, ctx.t("マス「", "There is no hex '") + args[0] +
                                ctx.t("」はマップにありません", "' on the map"));
    h = *parsed;
    next = 1;
    int d = R.map.grid.distance(S.m5, h);
    if (d > a.range)
      return refuse(a.rule, ctx.t("射撃できるのは ", "The M5 shoots up to ") + num(a.range) +
                                ctx.t(" マス先までです（", " hexes away (") + hex_name(h) +
                                ctx.t(" は ", " is ") + num(d) + ctx.t(" マス先）", " away)"));
  }
  if (args.size() > next + 1)
    return refuse(a.rule, ctx.t("目標は1個だけです", "One target at a time"));
  std::vector<int> targets;
  for (int i : pieces_at(h)) {
    const SvzPiece& p = S.pieces[i];
    if (!p.face_up || is_zombie(p)) targets.push_back(i);
  }
  if (targets.empty())
    return refuse(a.rule,
                  hex_name(h) + ctx.t(" に目標がありません（目標はゾンビか裏の駒です）",
                                      " holds no target (a zombie or a face-down counter)"));
  int target = -1;
  if (args.size() > next) {
    const std::string& which = args[next];
    for (int i : targets) {
      const SvzPiece& p = S.pieces[i];
      if ((!p.face_up && (which == "hidden" || which == "?")) ||
          (p.face_up && R.counters[p.counter].token == which))
        target = i;
    }
    if (target < 0)
      return refuse(a.rule, hex_name(h) + ctx.t(" に「", " holds no '") + which +
                                ctx.t("」はありません", "'"));
  } else if (targets.size() == 1) {
    target = targets[0];
  } else {
    std::string names;
    for (int i : targets)
      names += std::string(" ") +
               (S.pieces[i].face_up ? R.counters[S.pieces[i].counter].token : "hidden");
    return refuse(a.rule, hex_name(h) +
                              ctx.t(" には目標が複数あります。どれか書いてください:",
                                    " holds several targets; name one:") +
                              names);
  }
  SvzPiece& p = S.pieces[target];
  int bonus = 0;
  std::string bonus_names;
  for (const auto& q : S.pieces)
    if (q.at == SvzPiece::At::attached) {
      int b = shoot ? R.counters[q.counter].shoot_bonus : R.counters[q.counter].ram_bonus;
      if (b) bonus += b, bonus_names += " +" + num(b) + " " + counter_name(q.counter);
    }
  int need = p.face_up
                 ? (O.at_or_above ? R.counters[p.counter].value : R.counters[p.counter].value + 1)
                 : R.target_face_down;
  S.ap -= a.cost;
  BOCAGE_SAY(ctx,
             a.name.in(lang_name(ctx.lang())) + ": " +
                 (p.face_up ? counter_name(p.counter) : ctx.t("裏の駒", "the face-down counter")) +
                 ctx.t("（", " (") + hex_name(h) + ctx.t("）、", "), ") + num(need) +
                 ctx.t(" 以上で撃破", " or more destroys it"));
  int roll = ctx.roll(6, a.name.in(lang_name(ctx.lang())));
  BOCAGE_SAY(ctx,
             ctx.t("出目 ", "Roll ") + num(roll) + bonus_names +
                 (bonus ? " = " + num(roll + bonus) : std::string()),
             Line::Kind::dice);
  if (roll == 1 && !O.no_breakdowns) {
    if (shoot) {
      S.no_ammo = true;
      BOCAGE_SAY(ctx,
                 ctx.t("修整前の 1: 外れ、弾切れです（7.3）。弾切れマーカーを置いてください",
                       "A natural 1: a miss, and out of ammunition (7.3); place the marker"),
                 Line::Kind::warning);
    } else {
      S.broken_track = true;
      BOCAGE_SAY(
          ctx,
          ctx.t("修整前の 1: 外れ、履帯が破損しました（7.4）。履帯破損マーカーを置いてください",
                "A natural 1: a miss, and the track is broken (7.4); place the marker"),
          Line::Kind::warning);
    }
  } else if (roll + bonus >= need) {
    BOCAGE_SAY(ctx, ctx.t("撃破！", "Destroyed!"), Line::Kind::result);
    if (p.face_up) {
      p.at = SvzPiece::At::gone;
      S.killed.push_back(p.counter);
      BOCAGE_SAY(ctx, ctx.t("倒したゾンビ: ", "Zombies destroyed: ") + num(int(S.killed.size())),
                 Line::Kind::result);
    } else {
      reveal(target, shoot ? Cause::shot : Cause::rammed);
    }
  } else {
    BOCAGE_SAY(ctx, ctx.t("外れ", "Missed"));
  }
  finish_action(*this);
  return std::nullopt;
}

std::optional<Refusal> SvzPlay::repair(const std::string& ap_text, const std::string& what) {
  const ActionDef& a = R.action(SvzAction::repair);
  if (auto r = need_ap(*this, a, 1)) return r;
  int spend = 0;
  try {
    size_t used = 0;
    spend = std::stoi(ap_text, &used);
    if (used != ap_text.size()) spend = 0;
  } catch (...) {
    spend = 0;
  }
  if (spend < 1 || spend > S.ap)
    return refuse(a.rule,
                  ctx.t("修理に使う AP は 1 から残りの AP（", "Repair uses 1 to the AP left (") +
                      num(S.ap) + ctx.t("）までです: repair AP 対象", "): repair AP WHAT"));
  int equipment = -1;
  if (what == "damage") {
    if (!S.damaged) return refuse(a.rule, ctx.t("M5 は損傷していません", "The M5 is not damaged"));
  } else if (what == "ammo") {
    if (!S.no_ammo)
      return refuse("7.3", ctx.t("弾切れではありません", "The M5 is not out of ammunition"));
    if (S.m5 != R.start)
      return refuse("7.3", ctx.t("弾切れを直せるのはカランタン（",
                                 "Ammunition is restored only at Carentan (") +
                               hex_name(R.start) + ctx.t("）だけです", ")"));
  } else if (what == "track") {
    if (!S.broken_track)
      return refuse("7.4", ctx.t("履帯は破損していません", "The track is not broken"));
  } else {
    for (int i : pieces_at(S.m5)) {
      const SvzPiece& p = S.pieces[i];
      if (p.face_up && R.counters[p.counter].kind == SvzCounter::Kind::equipment &&
          R.counters[p.counter].token == what)
        equipment = i;
    }
    bool known = false;
    for (const auto& c : R.counters)
      known |= c.kind == SvzCounter::Kind::equipment && c.token == what;
    if (equipment < 0 && !known)
      return refuse(a.rule,
                    ctx.t("何を修理しますか: damage、ammo、track、または同じマスの装備",
                          "Repair what: damage, ammo, track, or equipment in the M5's hex"));
    if (equipment < 0)
      return refuse(a.rule, ctx.t("M5 のマスに表の「", "There is no face-up '") + what +
                                ctx.t("」がありません", "' in the M5's hex"));
  }
  S.ap -= spend;
  int roll = ctx.roll(6, a.name.in(lang_name(ctx.lang())));
  BOCAGE_SAY(
      ctx, ctx.t("修理: AP ", "Repair: ") + num(spend) + ctx.t("、出目 ", " AP, roll ") + num(roll),
      Line::Kind::dice);
  if (roll > spend) {
    BOCAGE_SAY(ctx, ctx.t("修理失敗（AP を失っただけです）", "The repair fails (the AP are lost)"));
  } else if (what == "damage") {
    S.damaged = false;
    BOCAGE_SAY(ctx,
               ctx.t("修理成功: M5 は損傷から回復しました。駒を表に戻してください",
                     "Repaired: the M5 is no longer damaged; turn its counter back"),
               Line::Kind::result);
  } else if (what == "ammo") {
    S.no_ammo = false;
    BOCAGE_SAY(ctx, ctx.t("修理成功: 弾薬を補給しました", "Repaired: the M5 has ammunition again"),
               Line::Kind::result);
  } else if (what == "track") {
    S.broken_track = false;
    BOCAGE_SAY(ctx, ctx.t("修理成功: 履帯を直しました", "Repaired: the track is mended"),
               Line::Kind::result);
  } else {
    S.pieces[equipment].at = SvzPiece::At::attached;
    BOCAGE_SAY(ctx,
               ctx.t("修理成功: ", "Repaired: ") + counter_name(S.pieces[equipment].counter) +
                   ctx.t(" を取り付けました", " is fitted"),
               Line::Kind::result);
  }
  finish_action(*this);
  return std::nullopt;
}

std::optional<Refusal> SvzPlay::end_actions() {
  if (S.phase != SvzState::Phase::actions)
    return refuse("7.0", ctx.t("行動中ではありません。roll で AP を決めてください",
                               "No actions under way: roll for AP"));
  BOCAGE_SAY(ctx, ctx.t("残りの AP ", "") + num(S.ap) +
                      ctx.t(" を捨てて行動を終えます。roll で次の AP を決めてください",
                            " AP given up; roll for the next AP"));
  S.ap = 0;
  S.phase = SvzState::Phase::ap;
  return std::nullopt;
}

}  // namespace bocage
