#include <algorithm>

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
  if (g.ammo) marks.push_back(ctx.t("弾薬 ", "ammo ") + num(g.ammo));
  if (g.at) marks.push_back("AT");
  if (g.look) marks.push_back("L");
  if (g.dodge) marks.push_back("D");
  std::string out = num(g.no) + " " + g.name.in(lang_name(ctx.lang()));
  if (marks.empty()) return out;
  out += ctx.t("（", " (");
  for (size_t i = 0; i < marks.size(); ++i) out += (i ? ctx.t("・", ", ") : "") + marks[i];
  return out + ctx.t("）", ")");
}

std::string EpPlay::patrol_name(int card) const {
  const EpPatrolCard& p = R.patrol[size_t(card)];
  std::vector<std::string> marks;
  if (p.at) marks.push_back("AT");
  if (p.aa) marks.push_back("AA");
  if (p.instant) marks.push_back("I");
  if (p.no_attrition) marks.push_back("N +" + num(p.draw) + ctx.t("引く", " draws"));
  if (p.ammo) marks.push_back(ctx.t("弾薬 ", "ammo ") + num(p.ammo));
  if (p.undefeatable) marks.push_back(ctx.t("撃破できない", "cannot be defeated"));
  std::string out = num(p.no) + " " + p.name.in(lang_name(ctx.lang()));
  if (marks.empty()) return out;
  out += ctx.t("（", " (");
  for (size_t i = 0; i < marks.size(); ++i) out += (i ? ctx.t("・", ", ") : "") + marks[i];
  return out + ctx.t("）", ")");
}

std::string EpPlay::phase_name(EpPhase phase) const {
  return R.basics.phases.at(ep_phase_id(phase)).name.in(lang_name(ctx.lang()));
}

std::string EpPlay::phase_rule(EpPhase phase) const {
  // The rules' headings are Japanese; in English the phase's English name.
  return ctx.lang() == Lang::ja ? R.basics.phases.at(ep_phase_id(phase)).rule : phase_name(phase);
}

std::string EpPlay::hand_text() const {
  std::string out =
      ctx.t("手札 ", "Hand ") + num(int(S.hand.size())) + "/" + num(R.hand_limit) + ":";
  if (S.hand.empty()) return out + ctx.t(" なし", " none");
  for (int c : S.hand.cards) out += ctx.t("\n  ", "\n  ") + gi_name(c);
  return out;
}

void EpPlay::deal_hand() {
  BOCAGE_SAY(ctx, ctx.t("初期配置: GIデッキから ", "Set-up: deal ") + num(R.start_hand) +
                      ctx.t(" 枚を配ります", " GI cards"));
  draw_gi(R.start_hand);
  S.phase = EpPhase::supply;
}

void EpPlay::draw_gi(int n) {
  for (int i = 0; i < n; ++i) {
    if (S.gi_deck.empty()) {
      if (S.gi_discard.empty()) {
        BOCAGE_SAY(ctx,
                   ctx.t("GIデッキも捨て札もありません。引けません",
                         "Neither the GI deck nor its discard pile has a card: nothing to draw"),
                   Line::Kind::warning);
        return;
      }
      BOCAGE_SAY(ctx,
                 virtual_mode
                     ? ctx.t("GIデッキが尽きたので、捨て札 " + num(int(S.gi_discard.size())) +
                                 " 枚を切って新しいデッキにしました（補給フェイズ、追加FAQ 5）",
                             "The GI deck ran out: its " + num(int(S.gi_discard.size())) +
                                 " discards are shuffled into a new deck (supply phase, more "
                                 "FAQ 5)")
                     : ctx.t("GIデッキが尽きました。捨て札 " + num(int(S.gi_discard.size())) +
                                 " 枚を切り、裏向きにして新しいデッキにしてください（補給フェイズ、"
                                 "追加FAQ 5）",
                             "The GI deck ran out: shuffle its " + num(int(S.gi_discard.size())) +
                                 " discards face down into a new deck (supply phase, more "
                                 "FAQ 5)"));
      S.gi_deck.refill(S.gi_discard.cards, ctx);
      S.gi_discard.cards.clear();
    }
    DrawQuestion q{
        ctx.t("GIデッキから引いたカードは? (番号)", "Which GI card did you draw? (its number)"),
        [this](int c) { return num(R.gi[size_t(c)].no); }, 0};
    const int card = S.gi_deck.draw(ctx, q);
    S.hand.add(card);
    BOCAGE_SAY(ctx, ctx.t("引いたカード: ", "Drawn: ") + gi_name(card), Line::Kind::result);
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
      BOCAGE_SAY(ctx, "  " + patrol_name(card) +
                          ctx.t(": 損耗を負わせません（N）", ": causes no attrition (N)"));
      continue;
    }
    ++S.hits;
    ++S.attrition;
    if (!p.undefeatable) ++S.avoidable;
    BOCAGE_SAY(ctx,
               "  " + patrol_name(card) + ctx.t(": 損耗 1", ": 1 attrition") +
                   (p.undefeatable
                        ? ctx.t("（避けられない、追加FAQ 2）", " (cannot be avoided, more FAQ 2)")
                        : ""),
               Line::Kind::warning);
    if (p.instant) {
      S.in_play.take(card);
      S.patrol_discard.add(card);
      BOCAGE_SAY(ctx, ctx.t("  一撃（I）なので捨て札にしてください: ",
                            "  It attacks once (I): discard it: ") +
                          patrol_name(card));
    }
  }
  S.squad.value = std::max(S.squad.min, S.squad_before - S.hits);
  if (S.hits == 0) {
    BOCAGE_SAY(ctx, ctx.t("損耗はありません", "No attrition"));
    finish_turn();
    return;
  }
  BOCAGE_SAY(ctx,
             R.squad().name.in(lang_name(ctx.lang())) + ": " + num(S.squad_before) + " → " +
                 num(S.squad.value),
             Line::Kind::result);
  if (can_dodge()) {
    BOCAGE_SAY(ctx,
               ctx.t("D のカードで今の損耗を 1 つずつ回避できます: dodge 番号。回避しないなら end",
                     "A D card cancels one of these attritions: dodge NUMBER; or end"));
    return;
  }
  finish_turn();
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
  BOCAGE_SAY(ctx, ctx.t("ターン ", "Turn ") + num(S.turn) +
                      ctx.t(": draw で補給フェイズ", ": draw for the supply phase"));
}

}  // namespace bocage
