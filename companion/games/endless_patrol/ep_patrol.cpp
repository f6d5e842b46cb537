#include <algorithm>

#include "bocage/msg/ep.h"
#include "ep_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

}  // namespace

const char* ep_phase_id(EpPhase phase) {
  switch (phase) {
    case EpPhase::deal:
      return "deal";
    case EpPhase::supply:
      return "supply";
    case EpPhase::discard:
      return "discard";
    case EpPhase::contact:
      return "contact";
    case EpPhase::fire:
      return "fire";
    case EpPhase::attrition:
      break;
  }
  return "attrition";
}

EpFireCheck check_fire(const EpRules& rules, int patrol, const std::vector<int>& gi) {
  const EpPatrolCard& p = rules.patrol[size_t(patrol)];
  EpFireCheck c;
  if (p.undefeatable) {
    c.result = EpFireCheck::Result::undefeatable;
    return c;
  }
  for (int g : gi)
    if (p.aa && rules.gi[size_t(g)].at) {
      c.result = EpFireCheck::Result::aa;
      c.card = g;
      return c;
    }
  // One AT card alone (FAQ 3: a card with ammo and AT uses one or the other).
  if (p.at && gi.size() == 1 && rules.gi[size_t(gi[0])].at) return c;
  if (p.ammo == 0) {
    c.result = EpFireCheck::Result::needs_at;
    return c;
  }
  for (int g : gi) {
    if (rules.gi[size_t(g)].ammo == 0) {
      c.result = EpFireCheck::Result::no_ammo;
      c.card = g;
      return c;
    }
    c.ammo += rules.gi[size_t(g)].ammo;
  }
  if (c.ammo < p.ammo) {
    c.result = EpFireCheck::Result::short_of_ammo;
    return c;
  }
  // FAQ 1: as many cards as it takes to reach the number, not one more.
  for (int g : gi)
    if (c.ammo - rules.gi[size_t(g)].ammo >= p.ammo) {
      c.result = EpFireCheck::Result::not_needed;
      c.card = g;
      return c;
    }
  return c;
}

std::string EpPlay::gi_name(int card) const {
  const EpGiCard& g = R.gi[size_t(card)];
  std::vector<std::string> marks;
  if (g.ammo) marks.push_back(ctx.m(msg::ep::mark_ammo, "ammo"_a = g.ammo));
  if (g.at) marks.push_back("AT");
  if (g.look) marks.push_back("L");
  if (g.dodge) marks.push_back("D");
  return with_marks(num(g.no) + " " + g.name.in(lang_name(ctx.lang())), marks);
}

std::string EpPlay::patrol_name(int card) const {
  const EpPatrolCard& p = R.patrol[size_t(card)];
  std::vector<std::string> marks;
  if (p.at) marks.push_back("AT");
  if (p.aa) marks.push_back("AA");
  if (p.instant) marks.push_back("I");
  if (p.no_attrition) marks.push_back(ctx.m(msg::ep::mark_n, "count"_a = p.draw));
  if (p.ammo) marks.push_back(ctx.m(msg::ep::mark_ammo, "ammo"_a = p.ammo));
  if (p.undefeatable) marks.push_back(ctx.m(msg::ep::mark_undefeatable));
  return with_marks(num(p.no) + " " + p.name.in(lang_name(ctx.lang())), marks);
}

std::string EpPlay::with_marks(const std::string& card,
                               const std::vector<std::string>& marks) const {
  if (marks.empty()) return card;
  std::string list;
  for (size_t i = 0; i < marks.size(); ++i)
    list += (i ? ctx.m(msg::ep::marks_separator) : "") + marks[i];
  return ctx.m(msg::ep::card_with_marks, "card"_a = card, "marks"_a = list);
}

std::string ep_phase_name(const EpRules& rules, EpPhase phase, Lang lang) {
  return rules.basics.phases.at(ep_phase_id(phase)).name.in(lang_name(lang));
}

std::string ep_phase_rule(const EpRules& rules, EpPhase phase, Lang lang) {
  // The rules' headings are Japanese; in English the phase's English name.
  return lang == Lang::ja ? rules.basics.phases.at(ep_phase_id(phase)).rule
                          : ep_phase_name(rules, phase, lang);
}

std::string EpPlay::phase_name(EpPhase phase) const {
  return ep_phase_name(R, phase, ctx.lang());
}

std::string EpPlay::phase_rule(EpPhase phase) const {
  return ep_phase_rule(R, phase, ctx.lang());
}

std::string EpPlay::hand_text() const {
  const int count = int(S.hand.size());
  if (S.hand.empty())
    return ctx.m(msg::ep::hand_empty, "count"_a = count, "limit"_a = R.hand_limit);
  std::string out = ctx.m(msg::ep::hand, "count"_a = count, "limit"_a = R.hand_limit);
  for (int c : S.hand.cards) out += "\n  " + gi_name(c);
  return out;
}

void EpPlay::deal_hand() {
  BOCAGE_SAY(ctx, ctx.m(msg::ep::deal, "count"_a = R.start_hand));
  draw_gi(R.start_hand);
  S.phase = EpPhase::supply;
}

void EpPlay::draw_gi(int n) {
  for (int i = 0; i < n; ++i) {
    if (S.gi_deck.empty()) {
      if (S.gi_discard.empty()) {
        BOCAGE_SAY(ctx, ctx.m(msg::ep::no_gi_card_left), Line::Kind::warning);
        return;
      }
      const int count = int(S.gi_discard.size());
      BOCAGE_SAY(ctx, virtual_mode ? ctx.m(msg::ep::gi_deck_reshuffled, "count"_a = count)
                                   : ctx.m(msg::ep::gi_deck_reshuffle, "count"_a = count));
      S.gi_deck.refill(S.gi_discard.cards, ctx);
      S.gi_discard.cards.clear();
    }
    DrawQuestion q{ctx.m(msg::ep::which_gi_card), [this](int c) { return num(R.gi[size_t(c)].no); },
                   0, kEpGiKind};
    const int card = S.gi_deck.draw(ctx, q);
    S.hand.add(card);
    BOCAGE_SAY(ctx, ctx.m(msg::ep::drawn, "card"_a = gi_name(card)), Line::Kind::result);
  }
}

void EpPlay::attrition() {
  S.phase = EpPhase::attrition;
  S.squad_before = S.squad.value;
  S.hits = 0;
  S.avoidable = 0;
  BOCAGE_SAY(ctx, phase_name(EpPhase::attrition));
  std::vector<int> attackers = S.in_play.cards;
  for (int card : attackers) {
    const EpPatrolCard& p = R.patrol[size_t(card)];
    if (p.no_attrition) {
      BOCAGE_SAY(ctx, ctx.m(msg::ep::causes_no_attrition, "card"_a = patrol_name(card)));
      continue;
    }
    ++S.hits;
    ++S.attrition;
    if (!p.undefeatable) ++S.avoidable;
    BOCAGE_SAY(ctx,
               p.undefeatable ? ctx.m(msg::ep::attrition_unavoidable, "card"_a = patrol_name(card))
                              : ctx.m(msg::ep::attrition_one, "card"_a = patrol_name(card)),
               Line::Kind::warning);
    if (p.instant) {
      S.in_play.take(card);
      S.patrol_discard.add(card);
      BOCAGE_SAY(ctx, ctx.m(msg::ep::instant_discard, "card"_a = patrol_name(card)));
    }
  }
  S.squad.value = std::max(S.squad.min, S.squad_before - S.hits);
  if (S.hits == 0) {
    BOCAGE_SAY(ctx, ctx.m(msg::ep::no_attrition));
    finish_turn();
    return;
  }
  BOCAGE_SAY(ctx,
             ctx.m(msg::ep::squad_change, "squad"_a = R.squad().name.in(lang_name(ctx.lang())),
                   "before"_a = S.squad_before, "after"_a = S.squad.value),
             Line::Kind::result);
  if (can_dodge()) {
    BOCAGE_SAY(ctx, ctx.m(msg::ep::dodge_hint));
    return;
  }
  if (dodge_window_open()) {
    BOCAGE_SAY(ctx, ctx.m(msg::ep::look_for_dodge_hint));
    return;
  }
  finish_turn();
}

bool EpPlay::dodge_window_open() const {
  if (can_dodge()) return true;
  if (S.phase != EpPhase::attrition || S.avoidable <= 0) return false;
  if (S.gi_deck.empty() && S.gi_discard.empty()) return false;  // nothing left to draw
  return std::any_of(S.hand.cards.begin(), S.hand.cards.end(),
                     [&](int c) { return R.gi[size_t(c)].look; });
}

bool EpPlay::can_dodge() const {
  if (S.phase != EpPhase::attrition || S.avoidable <= 0) return false;
  return std::any_of(S.hand.cards.begin(), S.hand.cards.end(),
                     [&](int c) { return R.gi[size_t(c)].dodge; });
}

void EpPlay::finish_turn() {
  S.avoidable = 0;
  if (S.squad.at_min()) {
    S.end = EpEnd::squad_lost;
    return;
  }
  if (S.patrol_deck.empty()) {
    S.end = EpEnd::patrol_exhausted;
    return;
  }
  ++S.turn;
  S.phase = EpPhase::supply;
  BOCAGE_SAY(ctx, ctx.m(msg::ep::next_turn, "turn"_a = S.turn));
}

}  // namespace bocage
