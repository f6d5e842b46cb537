#include <algorithm>

#include "bocage/msg/ep.h"
#include "ep_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

/// Refuses a command given in the wrong phase, naming the phase it belongs to.
std::optional<Refusal> wrong_phase(EpPlay& p, EpPhase want, const char* command) {
  if (p.S.phase == want) return std::nullopt;
  return Refusal{p.phase_rule(want),
                 p.ctx.m(msg::ep::wrong_phase, "command"_a = std::string(command),
                         "phase"_a = p.phase_name(want), "now"_a = p.phase_name(p.S.phase))};
}

}  // namespace

/// The printed number of GI card `card`, as a refusal names it.
static std::string gi_no(const EpPlay& p, int card) {
  return num(p.R.gi[size_t(card)].no);
}

std::optional<Refusal> EpPlay::deal() {
  if (S.phase != EpPhase::deal)
    return Refusal{phase_rule(EpPhase::deal), ctx.m(msg::ep::hand_dealt_already)};
  deal_hand();
  BOCAGE_SAY(ctx, hand_text());
  BOCAGE_SAY(ctx, ctx.m(msg::ep::next_turn, "turn"_a = S.turn));
  return std::nullopt;
}

std::optional<Refusal> EpPlay::supply() {
  if (auto r = wrong_phase(*this, EpPhase::supply, "draw")) return r;
  const int n = R.supply_draws + S.bonus_draws;
  if (S.bonus_draws) BOCAGE_SAY(ctx, ctx.m(msg::ep::bonus_draws, "count"_a = S.bonus_draws));
  S.bonus_draws = 0;
  draw_gi(n);
  if (int(S.hand.size()) > R.hand_limit) {
    S.phase = EpPhase::discard;
    BOCAGE_SAY(ctx, hand_text());
    BOCAGE_SAY(ctx, ctx.m(msg::ep::hand_limit, "limit"_a = R.hand_limit,
                          "excess"_a = int(S.hand.size()) - R.hand_limit));
    return std::nullopt;
  }
  S.phase = EpPhase::contact;
  BOCAGE_SAY(ctx, ctx.m(msg::ep::contact_hint));
  return std::nullopt;
}

std::optional<Refusal> EpPlay::discard(int card) {
  if (S.phase != EpPhase::discard)
    return Refusal{phase_rule(EpPhase::supply),
                   ctx.m(msg::ep::discard_only_over_limit, "limit"_a = R.hand_limit)};
  if (!S.hand.contains(card))
    return Refusal{phase_rule(EpPhase::supply),
                   ctx.m(msg::ep::not_in_hand, "card"_a = gi_no(*this, card))};
  S.hand.take(card);
  S.gi_discard.add(card);
  BOCAGE_SAY(ctx, ctx.m(msg::ep::discarded, "card"_a = gi_name(card)));
  if (int(S.hand.size()) <= R.hand_limit) {
    S.phase = EpPhase::contact;
    BOCAGE_SAY(ctx, ctx.m(msg::ep::contact_hint));
  }
  return std::nullopt;
}

std::optional<Refusal> EpPlay::contact() {
  if (auto r = wrong_phase(*this, EpPhase::contact, "contact")) return r;
  DrawQuestion q{ctx.m(msg::ep::which_patrol_card),
                 [this](int c) { return num(R.patrol[size_t(c)].no); }, 0, kEpPatrolKind};
  const int card = S.patrol_deck.draw(ctx, q);
  S.in_play.add(card);
  S.phase = EpPhase::fire;
  BOCAGE_SAY(ctx, ctx.m(msg::ep::contact, "card"_a = patrol_name(card)), Line::Kind::result);
  BOCAGE_SAY(ctx, ctx.m(msg::ep::patrol_left, "count"_a = int(S.patrol_deck.size())));
  if (S.in_play.size() > 1) {
    std::string all = ctx.m(msg::ep::in_play);
    for (int c : S.in_play.cards) all += "\n  " + patrol_name(c);
    BOCAGE_SAY(ctx, all);
  }
  if (virtual_mode) BOCAGE_SAY(ctx, hand_text());  // no cards on the table: the hand is here
  BOCAGE_SAY(ctx, ctx.m(msg::ep::fire_hint));
  return std::nullopt;
}

std::optional<Refusal> EpPlay::fire(const Move& args) {
  const std::string rule = phase_rule(EpPhase::fire);
  if (auto r = wrong_phase(*this, EpPhase::fire, "fire")) return r;
  if (args.count < 2) return Refusal{"", ctx.m(msg::ep::fire_usage)};
  const int target = args.arg(0);
  if (!S.in_play.contains(target))
    return Refusal{rule,
                   ctx.m(msg::ep::no_patrol_in_play, "card"_a = num(R.patrol[size_t(target)].no))};
  std::vector<int> gi;
  for (size_t i = 1; i < args.count; ++i) {
    const int card = args.arg(i);
    if (!S.hand.contains(card))
      return Refusal{rule, ctx.m(msg::ep::not_in_hand, "card"_a = gi_no(*this, card))};
    if (std::find(gi.begin(), gi.end(), card) != gi.end())
      return Refusal{rule, ctx.m(msg::ep::same_card_twice, "card"_a = gi_no(*this, card))};
    gi.push_back(card);
  }
  const EpPatrolCard& p = R.patrol[size_t(target)];
  const std::string pname = patrol_name(target);
  const EpFireCheck c = check_fire(R, target, gi);
  using Res = EpFireCheck::Result;
  switch (c.result) {
    case Res::defeats:
      break;
    case Res::undefeatable:
      return Refusal{ctx.m(msg::ep::rule_more_faq_2),
                     ctx.m(msg::ep::undefeatable, "card"_a = pname)};
    case Res::aa:
      return Refusal{"AA", ctx.m(msg::ep::aa, "gi"_a = gi_name(c.card), "patrol"_a = pname)};
    case Res::needs_at:
      return Refusal{rule, ctx.m(msg::ep::needs_at, "card"_a = pname)};
    case Res::no_ammo:
      return Refusal{rule, ctx.m(msg::ep::no_ammo, "card"_a = gi_name(c.card))};
    case Res::short_of_ammo:
      return Refusal{rule, ctx.m(msg::ep::short_of_ammo, "ammo"_a = c.ammo, "card"_a = pname,
                                 "needed"_a = p.ammo)};
    case Res::not_needed:
      return Refusal{"FAQ 1",
                     ctx.m(msg::ep::not_needed, "card"_a = gi_name(c.card),
                           "ammo"_a = c.ammo - R.gi[size_t(c.card)].ammo, "needed"_a = p.ammo)};
  }
  for (int g : gi) {
    S.hand.take(g);
    S.gi_discard.add(g);
  }
  S.in_play.take(target);
  S.patrol_discard.add(target);
  ++S.defeated;
  BOCAGE_SAY(ctx, ctx.m(msg::ep::defeated, "card"_a = pname), Line::Kind::result);
  if (p.no_attrition && p.draw) {
    S.bonus_draws += p.draw;
    BOCAGE_SAY(ctx, ctx.m(msg::ep::n_bonus, "count"_a = p.draw));
  }
  BOCAGE_SAY(ctx, ctx.m(msg::ep::discard_defeated));
  return std::nullopt;
}

std::optional<Refusal> EpPlay::end_phase() {
  if (S.phase == EpPhase::fire) {
    attrition();
    return std::nullopt;
  }
  if (S.phase == EpPhase::attrition) {
    finish_turn();
    return std::nullopt;
  }
  return Refusal{phase_rule(S.phase),
                 ctx.m(msg::ep::end_wrong_phase, "now"_a = phase_name(S.phase))};
}

std::optional<Refusal> EpPlay::look(int deck, int card) {
  const std::string rule = ctx.m(msg::ep::rule_l);
  if (S.phase == EpPhase::deal)
    return Refusal{phase_rule(EpPhase::deal), ctx.m(msg::ep::deal_first)};
  if (deck != kEpLookGi && deck != kEpLookPatrol) return Refusal{"", ctx.m(msg::ep::look_usage)};
  if (!S.hand.contains(card))
    return Refusal{rule, ctx.m(msg::ep::not_in_hand, "card"_a = gi_no(*this, card))};
  if (!R.gi[size_t(card)].look)
    return Refusal{rule, ctx.m(msg::ep::not_l, "card"_a = gi_name(card))};
  S.hand.take(card);
  S.gi_discard.add(card);
  const bool gi_deck = deck == kEpLookGi;
  const std::string deck_name = gi_deck ? ctx.m(msg::ep::gi_deck) : ctx.m(msg::ep::patrol_deck);
  BOCAGE_SAY(ctx, ctx.m(msg::ep::look_played, "card"_a = gi_name(card)));
  if (virtual_mode) {
    const auto top = (gi_deck ? S.gi_deck : S.patrol_deck).peek(size_t(R.look_cards));
    ctx.revealed();
    BOCAGE_SAY(ctx,
               ctx.m(msg::ep::look_virtual, "deck"_a = deck_name, "count"_a = int(top.size())));
    for (size_t i = 0; i < top.size(); ++i)
      BOCAGE_SAY(ctx,
                 "  " + num(int(i) + 1) + ". " + (gi_deck ? gi_name(top[i]) : patrol_name(top[i])));
  } else {
    BOCAGE_SAY(ctx, ctx.m(msg::ep::look_table, "deck"_a = deck_name, "count"_a = R.look_cards));
  }
  draw_gi(R.look_draws);
  // Played in the attrition phase for a D card: the window closes once no
  // D is in hand and no L could draw one.
  if (S.phase == EpPhase::attrition && S.avoidable > 0) {
    if (can_dodge())
      BOCAGE_SAY(ctx, ctx.m(msg::ep::dodge_hint));
    else if (!dodge_window_open())
      finish_turn();
  }
  return std::nullopt;
}

std::optional<Refusal> EpPlay::dodge(int card) {
  const std::string rule = ctx.m(msg::ep::rule_d);
  if (S.phase != EpPhase::attrition || S.avoidable <= 0)
    return Refusal{rule, ctx.m(msg::ep::dodge_no_window)};
  if (!S.hand.contains(card))
    return Refusal{rule, ctx.m(msg::ep::not_in_hand, "card"_a = gi_no(*this, card))};
  if (!R.gi[size_t(card)].dodge)
    return Refusal{rule, ctx.m(msg::ep::not_d, "card"_a = gi_name(card))};
  S.hand.take(card);
  S.gi_discard.add(card);
  --S.avoidable;
  --S.hits;
  --S.attrition;
  S.squad.value = std::max(S.squad.min, S.squad_before - S.hits);
  BOCAGE_SAY(ctx,
             ctx.m(msg::ep::dodged, "card"_a = gi_name(card),
                   "squad"_a = R.squad().name.in(lang_name(ctx.lang())), "value"_a = S.squad.value),
             Line::Kind::result);
  draw_gi(R.dodge_draws);
  if (!dodge_window_open()) finish_turn();
  return std::nullopt;
}

}  // namespace bocage
