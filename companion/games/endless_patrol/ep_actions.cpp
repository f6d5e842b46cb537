#include <algorithm>
#include <charconv>

#include "ep_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

/// A card's printed number: digits only, else nullopt.
std::optional<int> card_number(const std::string& text) {
  int n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return n;
}

}  // namespace

std::optional<Refusal> EpPlay::deal() {
  if (S.phase != EpPhase::deal)
    return Refusal{phase_rule(EpPhase::deal),
                   ctx.t("手札はもう配られています", "the starting hand has been dealt already")};
  deal_hand();
  BOCAGE_SAY(ctx, hand_text());
  BOCAGE_SAY(ctx, ctx.t("ターン 1: draw で補給フェイズ", "Turn 1: draw for the supply phase"));
  return std::nullopt;
}

/// Refuses a command given in the wrong phase, naming the phase it belongs to.
static std::optional<Refusal> wrong_phase(EpPlay& p, EpPhase want, const char* command) {
  if (p.S.phase == want) return std::nullopt;
  return Refusal{p.phase_rule(want), std::string(command) + p.ctx.t(" は", " belongs to the ") +
                                         p.phase_name(want) +
                                         p.ctx.t("に行います（今は", " (now: ") +
                                         p.phase_name(p.S.phase) + p.ctx.t("）", ")")};
}

std::optional<Refusal> EpPlay::supply() {
  if (auto r = wrong_phase(*this, EpPhase::supply, "draw")) return r;
  const int n = R.supply_draws + S.bonus_draws;
  if (S.bonus_draws)
    BOCAGE_SAY(ctx, ctx.t("N のカードを撃破したので ", "N cards defeated: ") + num(S.bonus_draws) +
                        ctx.t(" 枚多く引きます（追加FAQ 4）", " more cards (more FAQ 4)"));
  S.bonus_draws = 0;
  draw_gi(n);
  if (int(S.hand.size()) > R.hand_limit) {
    S.phase = EpPhase::discard;
    BOCAGE_SAY(ctx, hand_text());
    BOCAGE_SAY(
        ctx, ctx.t("手札は最大 ", "The hand holds at most ") + num(R.hand_limit) +
                 ctx.t(" 枚です。discard 番号 で ", " cards: discard ") +
                 num(int(S.hand.size()) - R.hand_limit) +
                 ctx.t(" 枚捨ててください（補給フェイズ）", " with discard NUMBER (supply phase)"));
    return std::nullopt;
  }
  S.phase = EpPhase::contact;
  BOCAGE_SAY(ctx, ctx.t("contact でパトロールカードを表に", "contact: turn over a patrol card"));
  return std::nullopt;
}

std::optional<Refusal> EpPlay::discard(const std::string& text) {
  if (S.phase != EpPhase::discard)
    return Refusal{phase_rule(EpPhase::supply),
                   ctx.t("捨てるのは手札が ", "discard only when the hand holds more than ") +
                       num(R.hand_limit) +
                       ctx.t(" 枚を超えた補給フェイズだけです", " cards in the supply phase")};
  auto no = card_number(text);
  const int card = no ? R.gi_by_no(*no) : -1;
  if (card < 0 || !S.hand.contains(card))
    return Refusal{phase_rule(EpPhase::supply), ctx.t("手札に「", "no card '") + text +
                                                    ctx.t("」のカードがありません（番号で）",
                                                          "' in the hand (give its number)")};
  S.hand.take(card);
  S.gi_discard.add(card);
  BOCAGE_SAY(ctx, ctx.t("捨て札: ", "Discarded: ") + gi_name(card));
  if (int(S.hand.size()) <= R.hand_limit) {
    S.phase = EpPhase::contact;
    BOCAGE_SAY(ctx, ctx.t("contact でパトロールカードを表に", "contact: turn over a patrol card"));
  }
  return std::nullopt;
}

std::optional<Refusal> EpPlay::contact() {
  if (auto r = wrong_phase(*this, EpPhase::contact, "contact")) return r;
  DrawQuestion q{ctx.t("パトロールデッキから表にしたカードは? (番号)",
                       "Which patrol card did you turn over? (its number)"),
                 [this](int c) { return num(R.patrol[size_t(c)].no); }, 0};
  const int card = S.patrol_deck.draw(ctx, q);
  S.in_play.add(card);
  S.phase = EpPhase::fire;
  BOCAGE_SAY(ctx, ctx.t("接触: ", "Contact: ") + patrol_name(card), Line::Kind::result);
  BOCAGE_SAY(ctx, ctx.t("パトロールデッキの残り ", "Patrol cards left: ") +
                      num(int(S.patrol_deck.size())));
  if (S.in_play.size() > 1) {
    std::string all = ctx.t("場のパトロールカード:", "Patrol cards in play:");
    for (int c : S.in_play.cards) all += "\n  " + patrol_name(c);
    BOCAGE_SAY(ctx, all);
  }
  if (virtual_mode) BOCAGE_SAY(ctx, hand_text());  // no cards on the table: the hand is here
  BOCAGE_SAY(ctx, ctx.t("射撃フェイズ: fire パトロール番号 GI番号... で撃つ。終わったら end",
                        "Fire phase: fire PATROL GI... to shoot; end when done"));
  return std::nullopt;
}

std::optional<Refusal> EpPlay::fire(const std::vector<std::string>& args) {
  const std::string rule = phase_rule(EpPhase::fire);
  if (auto r = wrong_phase(*this, EpPhase::fire, "fire")) return r;
  if (args.size() < 2)
    return Refusal{"", ctx.t("使い方: fire パトロール番号 GI番号 [GI番号...]",
                             "usage: fire PATROL GI [GI...]")};
  auto pno = card_number(args[0]);
  const int target = pno ? R.patrol_by_no(*pno) : -1;
  if (target < 0 || !S.in_play.contains(target))
    return Refusal{rule, ctx.t("場にパトロールカード「", "no patrol card '") + args[0] +
                             ctx.t("」がありません", "' in play")};
  std::vector<int> gi;
  for (size_t i = 1; i < args.size(); ++i) {
    auto no = card_number(args[i]);
    const int card = no ? R.gi_by_no(*no) : -1;
    if (card < 0 || !S.hand.contains(card))
      return Refusal{
          rule, ctx.t("手札に「", "no card '") + args[i] +
                    ctx.t("」のカードがありません（番号で）", "' in the hand (give its number)")};
    if (std::find(gi.begin(), gi.end(), card) != gi.end())
      return Refusal{rule, ctx.t("同じカードを2回出せません: ", "the same card twice: ") + args[i]};
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
      return Refusal{ctx.t("追加FAQ 2", "more FAQ 2"),
                     quoted(pname) + ctx.t("は撃破できません", " cannot be defeated")};
    case Res::aa:
      return Refusal{"AA", ctx.t("AT のGIカード", "the AT GI card ") + quoted(gi_name(c.card)) +
                               ctx.t("は", " cannot be used against ") + quoted(pname) +
                               ctx.t("に使えません", "")};
    case Res::needs_at:
      return Refusal{rule, quoted(pname) + ctx.t("を撃破するには AT のGIカード1枚を出します",
                                                 " is defeated by one AT GI card alone")};
    case Res::no_ammo:
      return Refusal{rule,
                     quoted(gi_name(c.card)) +
                         ctx.t("には弾薬ナンバーがありません（AT のカードは1枚だけで出します）",
                               " has no ammo number (an AT card is played alone)")};
    case Res::short_of_ammo:
      return Refusal{rule, ctx.t("弾薬の合計 ", "ammo ") + num(c.ammo) +
                               ctx.t(" は", " is short of ") + quoted(pname) + ctx.t("の ", "'s ") +
                               num(p.ammo) + ctx.t(" に届きません", "")};
    case Res::not_needed:
      return Refusal{
          ctx.t("FAQ 1", "FAQ 1"),
          quoted(gi_name(c.card)) + ctx.t("は要りません: なくても弾薬 ", " is not needed: ammo ") +
              num(c.ammo - R.gi[size_t(c.card)].ammo) + ctx.t(" で ", " without it reaches ") +
              num(p.ammo) + ctx.t(" に届きます", "")};
  }
  for (int g : gi) {
    S.hand.take(g);
    S.gi_discard.add(g);
  }
  S.in_play.take(target);
  S.patrol_discard.add(target);
  ++S.defeated;
  BOCAGE_SAY(ctx, ctx.t("撃破: ", "Defeated: ") + pname, Line::Kind::result);
  if (p.no_attrition && p.draw) {
    S.bonus_draws += p.draw;
    BOCAGE_SAY(ctx, ctx.t("次の補給フェイズに ", "The next supply phase draws ") + num(p.draw) +
                        ctx.t(" 枚多く引きます（N、追加FAQ 4）", " more GI cards (N, more FAQ 4)"));
  }
  BOCAGE_SAY(ctx, ctx.t("撃破したカードと出したGIカードを捨て札にしてください",
                        "Discard the patrol card and the GI cards played"));
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
  return Refusal{phase_rule(S.phase), ctx.t("end で終えるのは射撃フェイズと損耗フェイズです（今は",
                                            "end closes the fire and attrition phases (now: ") +
                                          phase_name(S.phase) + ctx.t("）", ")")};
}

std::optional<Refusal> EpPlay::look(const std::string& deck, const std::string& text) {
  const std::string rule = ctx.t("L（FAQ 6）", "L (FAQ 6)");
  if (S.phase == EpPhase::deal)
    return Refusal{phase_rule(EpPhase::deal),
                   ctx.t("まず deal で手札を配ります", "deal the hand first")};
  if (deck != "gi" && deck != "patrol")
    return Refusal{"", ctx.t("使い方: look gi|patrol GI番号", "usage: look gi|patrol GI")};
  auto no = card_number(text);
  const int card = no ? R.gi_by_no(*no) : -1;
  if (card < 0 || !S.hand.contains(card))
    return Refusal{
        rule, ctx.t("手札に「", "no card '") + text +
                  ctx.t("」のカードがありません（番号で）", "' in the hand (give its number)")};
  if (!R.gi[size_t(card)].look)
    return Refusal{
        rule, quoted(gi_name(card)) + ctx.t("は L のカードではありません", " is not an L card")};
  S.hand.take(card);
  S.gi_discard.add(card);
  const bool gi_deck = deck == "gi";
  const std::string deck_name =
      gi_deck ? ctx.t("GIデッキ", "GI deck") : ctx.t("パトロールデッキ", "patrol deck");
  BOCAGE_SAY(ctx, ctx.t("L: ", "L: ") + gi_name(card));
  if (virtual_mode) {
    const auto top = (gi_deck ? S.gi_deck : S.patrol_deck).peek(size_t(R.look_cards));
    ctx.revealed();
    BOCAGE_SAY(ctx, deck_name + ctx.t("の上から ", ", top ") + num(int(top.size())) +
                        ctx.t(" 枚（この順番のまま戻します、追加FAQ 9、10）:",
                              " cards (they stay in this order, more FAQ 9, 10):"));
    for (size_t i = 0; i < top.size(); ++i)
      BOCAGE_SAY(ctx,
                 "  " + num(int(i) + 1) + ". " + (gi_deck ? gi_name(top[i]) : patrol_name(top[i])));
  } else {
    BOCAGE_SAY(ctx, deck_name + ctx.t("の上から ", ": look at the top ") + num(R.look_cards) +
                        ctx.t(" 枚を見て、同じ順番で戻してください（追加FAQ 8〜10）",
                              " cards and put them back in the same order (more FAQ 8-10)"));
  }
  draw_gi(R.look_draws);
  return std::nullopt;
}

std::optional<Refusal> EpPlay::dodge(const std::string& text) {
  const std::string rule = ctx.t("D", "D");
  if (S.phase != EpPhase::attrition || S.avoidable <= 0)
    return Refusal{
        rule,
        ctx.t("D のカードは、今受けた損耗を回避するときに出します（避けられる損耗がありません）",
              "a D card cancels an attrition just taken (there is none to cancel)")};
  auto no = card_number(text);
  const int card = no ? R.gi_by_no(*no) : -1;
  if (card < 0 || !S.hand.contains(card))
    return Refusal{
        rule, ctx.t("手札に「", "no card '") + text +
                  ctx.t("」のカードがありません（番号で）", "' in the hand (give its number)")};
  if (!R.gi[size_t(card)].dodge)
    return Refusal{
        rule, quoted(gi_name(card)) + ctx.t("は D のカードではありません", " is not a D card")};
  S.hand.take(card);
  S.gi_discard.add(card);
  --S.avoidable;
  --S.hits;
  --S.attrition;
  S.squad.value = std::max(S.squad.min, S.squad_before - S.hits);
  BOCAGE_SAY(ctx,
             ctx.t("D: ", "D: ") + quoted(gi_name(card)) +
                 ctx.t("で損耗を1つ回避。", " cancels one attrition. ") +
                 R.squad().name.in(lang_name(ctx.lang())) + ": " + num(S.squad.value),
             Line::Kind::result);
  draw_gi(R.dodge_draws);
  if (!can_dodge()) finish_turn();
  return std::nullopt;
}

}  // namespace bocage
