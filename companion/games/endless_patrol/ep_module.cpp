#include "ep_module.h"

#include <algorithm>

#include "ep_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

const char* const kCommands[] = {"deal", "draw", "discard", "contact",
                                 "fire", "end",  "look",    "dodge"};

class EpModule final : public GameModule {
 public:
  EpModule(EpRules rules, GameOptions options)
      : rules_(std::move(rules)),
        options_(std::move(options)),
        virtual_(options_.is("mode", "virtual")) {}

  std::string id() const override { return "endless-patrol"; }

  std::vector<std::string> command_names() const override {
    return {std::begin(kCommands), std::end(kCommands)};
  }

  std::unique_ptr<GameState> setup(PlayContext& ctx) const override {
    auto s = std::make_unique<EpState>();
    s->squad = BoundedTrack::of(rules_.squad(), rules_.squad().max);
    const auto mode = virtual_ ? CardDeck::Mode::virtual_cards : CardDeck::Mode::table;
    std::vector<int> gi, patrol;
    for (size_t i = 0; i < rules_.gi.size(); ++i) gi.push_back(int(i));
    for (size_t i = 0; i < rules_.patrol.size(); ++i) patrol.push_back(int(i));
    s->gi_deck = CardDeck(mode, gi);
    s->patrol_deck = CardDeck(mode, patrol);
    // more FAQ 1: both decks are shuffled and laid face down.
    s->gi_deck.shuffle(ctx);
    s->patrol_deck.shuffle(ctx);
    EpPlay play(rules_, virtual_, *s, ctx);
    const std::string squad = num(s->squad.value);
    if (virtual_) {
      BOCAGE_SAY(ctx,
                 ctx.t("準備（初期配置）: コンパニオンが GIデッキとパトロールデッキを切りました"
                       "（バーチャル・モード）。分隊は ",
                       "Set-up: the companion has shuffled the GI and patrol decks (virtual "
                       "mode). The squad is ") +
                     squad + ctx.t(" 名", " soldiers"));
      play.deal_hand();
      BOCAGE_SAY(ctx, play.hand_text());
      BOCAGE_SAY(ctx, ctx.t("ターン 1: draw で補給フェイズ", "Turn 1: draw for the supply phase"));
    } else {
      BOCAGE_SAY(ctx,
                 ctx.t("準備（初期配置）: GIデッキとパトロールデッキをそれぞれ切って裏向きに置き"
                       "（追加FAQ 1）、分隊トラックを ",
                       "Set-up: shuffle the GI deck and the patrol deck and lay them face "
                       "down (more FAQ 1); put the squad marker on ") +
                     squad + ctx.t(" に置いてください", ""));
      BOCAGE_SAY(
          ctx, ctx.t("GIカードを ", "Deal yourself ") + num(rules_.start_hand) +
                   ctx.t(" 枚配り、deal で番号を答えてください（deal -- 3 12 21 27 とも書けます）",
                         " GI cards and give their numbers with deal (or deal -- 3 12 21 27)"));
    }
    return s;
  }

  std::optional<Refusal> apply(GameState& base, const std::vector<std::string>& words,
                               PlayContext& ctx) const override {
    auto& s = static_cast<EpState&>(base);
    EpPlay play(rules_, virtual_, s, ctx);
    const std::string& c = words[0];
    std::vector<std::string> args(words.begin() + 1, words.end());
    auto usage = [&](const char* u) { return Refusal{"", ctx.t("使い方: ", "usage: ") + u}; };
    if (c == "deal") return args.empty() ? play.deal() : usage("deal");
    if (c == "draw") return args.empty() ? play.supply() : usage("draw");
    if (c == "discard") return args.size() == 1 ? play.discard(args[0]) : usage("discard GI");
    if (c == "contact") return args.empty() ? play.contact() : usage("contact");
    if (c == "fire") return play.fire(args);
    if (c == "end") return args.empty() ? play.end_phase() : usage("end");
    if (c == "look")
      return args.size() == 2 ? play.look(args[0], args[1]) : usage("look gi|patrol GI");
    if (c == "dodge") return args.size() == 1 ? play.dodge(args[0]) : usage("dodge GI");
    return Refusal{
        "", ctx.t("「", "unknown command '") + c + ctx.t("」というコマンドはありません", "'")};
  }

  std::string brief(const GameState& base) const override {
    const auto& s = static_cast<const EpState&>(base);
    if (s.end != EpEnd::none) return "T" + num(s.turn) + " end";
    return "T" + num(s.turn) + " " + ep_phase_id(s.phase) + " S" + num(s.squad.value);
  }

  void status(const GameState& base, PlayContext& ctx) const override {
    EpState s = static_cast<const EpState&>(base);
    EpPlay play(rules_, virtual_, s, ctx);
    std::string line = ctx.t("ターン ", "Turn ") + num(s.turn);
    if (s.end == EpEnd::none)
      line += " · " + play.phase_name(s.phase);
    else
      line += " · " + describe(*outcome(base), ctx.lang());
    line += " · " + rules_.squad().name.in(lang_name(ctx.lang())) + " " + num(s.squad.value) + "/" +
            num(rules_.squad().max);
    BOCAGE_SAY(ctx, line);
    BOCAGE_SAY(ctx, play.hand_text());
    std::string in_play = ctx.t("場のパトロールカード:", "Patrol cards in play:");
    if (s.in_play.empty()) in_play += ctx.t(" なし", " none");
    for (int c : s.in_play.cards) in_play += "\n  " + play.patrol_name(c);
    BOCAGE_SAY(ctx, in_play);
    BOCAGE_SAY(ctx, ctx.t("GIデッキ ", "GI deck ") + num(int(s.gi_deck.size())) +
                        ctx.t(" 枚 · 捨て札 ", " · discards ") + num(int(s.gi_discard.size())) +
                        ctx.t(" 枚 · パトロールデッキ ", " · patrol deck ") +
                        num(int(s.patrol_deck.size())) + ctx.t(" 枚 · 撃破 ", " · defeated ") +
                        num(s.defeated) + ctx.t(" 枚 · 損耗 ", " · attrition ") + num(s.attrition));
    if (s.bonus_draws)
      BOCAGE_SAY(ctx, ctx.t("次の補給フェイズで多く引く枚数: ", "Extra draws next supply phase: ") +
                          num(s.bonus_draws));
    if (virtual_) BOCAGE_SAY(ctx, ctx.t("選択ルール: mode=virtual", "Options: mode=virtual"));
    if (s.end == EpEnd::none) {
      std::string now = ctx.t("今できること:", "Now:");
      for (const auto& c : legal_commands(*this, base, ctx.lang())) now += " " + c.usage;
      BOCAGE_SAY(ctx, now);
    }
  }

  std::vector<Move> legal_moves(const GameState& base) const override {
    const auto& s = static_cast<const EpState&>(base);
    std::vector<Move> out;
    if (s.end != EpEnd::none) return out;
    auto card_no = [&](int c) { return num(rules_.gi[size_t(c)].no); };
    switch (s.phase) {
      case EpPhase::deal:
        out.push_back({{"deal"}});
        return out;  // no hand yet: no L to play
      case EpPhase::supply:
        out.push_back({{"draw"}});
        break;
      case EpPhase::discard:
        for (int c : s.hand.cards) out.push_back({{"discard", card_no(c)}});
        break;
      case EpPhase::contact:
        out.push_back({{"contact"}});
        break;
      case EpPhase::fire:
        fire_moves(s, out);
        out.push_back({{"end"}});
        break;
      case EpPhase::attrition:
        if (s.avoidable > 0)
          for (int c : s.hand.cards)
            if (rules_.gi[size_t(c)].dodge) out.push_back({{"dodge", card_no(c)}});
        out.push_back({{"end"}});
        break;
    }
    // FAQ 6: L may be played at any time.
    for (int c : s.hand.cards)
      if (rules_.gi[size_t(c)].look) {
        out.push_back({{"look", "gi", card_no(c)}});
        out.push_back({{"look", "patrol", card_no(c)}});
      }
    return out;
  }

  /// The player sees the hand, the cards in play and the discards; the decks
  /// only as counts (in virtual mode the companion alone knows their order).
  std::unique_ptr<GameState> view(const GameState& base, int /*seat*/) const override {
    auto copy = std::make_unique<EpState>(static_cast<const EpState&>(base));
    copy->gi_deck = copy->gi_deck.hidden();
    copy->patrol_deck = copy->patrol_deck.hidden();
    return copy;
  }

  CommandHelp command_help(const std::string& name, Lang lang) const override {
    auto t = [&](const char* ja, const char* en) { return tr(lang, ja, en); };
    if (name == "deal")
      return {"deal", "deal",
              t("最初の手札 4 枚の番号を答える（テーブル・モード、初期配置）",
                "say the numbers of the 4 GI cards dealt (table mode, set-up)")};
    if (name == "draw")
      return {"draw", "draw", t("GIカードを引く（補給フェイズ）", "draw GI cards (supply phase)")};
    if (name == "discard")
      return {"discard", "discard GI",
              t("上限を超えた手札を捨てる（補給フェイズ）",
                "discard down to the hand limit (supply phase)")};
    if (name == "contact")
      return {"contact", "contact",
              t("パトロールカードを表にする（接触フェイズ）",
                "turn over a patrol card (contact phase)")};
    if (name == "fire")
      return {"fire", "fire PATROL GI...",
              t("GIカードを出してパトロールカードを撃破（射撃フェイズ）",
                "play GI cards to defeat a patrol card (fire phase)")};
    if (name == "end")
      return {"end", "end",
              t("射撃フェイズを終えて損耗フェイズへ／損耗フェイズを終える",
                "end the fire phase (attrition follows) or the attrition phase")};
    if (name == "look")
      return {"look", "look gi|patrol GI",
              t("L のカードで一方のデッキの上 5 枚を見て 1 枚引く（いつでも）",
                "play an L card: look at the top 5 of one deck, draw 1 (any time)")};
    return {"dodge", "dodge GI",
            t("D のカードで今の損耗を 1 つ回避して 1 枚引く（損耗フェイズ）",
              "play a D card: cancel an attrition just taken, draw 1 (attrition phase)")};
  }

  std::optional<Outcome> outcome(const GameState& base) const override {
    const auto& s = static_cast<const EpState&>(base);
    if (s.end == EpEnd::none) return std::nullopt;
    const bool won = s.end == EpEnd::patrol_exhausted;
    return Outcome{won, won ? 0 : -1, won ? "patrol-exhausted" : "squad-lost"};
  }

  std::string describe(const Outcome& o, Lang lang) const override {
    if (o.reason == "patrol-exhausted")
      return tr(lang, "パトロールデッキを使い切りました", "the patrol deck is used up");
    if (o.reason == "squad-lost")
      return tr(lang, "分隊の全員が損耗しました", "the whole squad is lost");
    return o.reason;
  }

 private:
  /// Every shot that defeats a card in play: one AT card alone, or each
  /// smallest set of cards with ammo that reaches its number (check_fire).
  void fire_moves(const EpState& s, std::vector<Move>& out) const {
    std::vector<int> hand = s.hand.cards;
    std::sort(hand.begin(), hand.end(),
              [&](int a, int b) { return rules_.gi[size_t(a)].no < rules_.gi[size_t(b)].no; });
    const size_t n = std::min<size_t>(hand.size(), 16);
    for (int target : s.in_play.cards)
      for (unsigned mask = 1; mask < (1u << n); ++mask) {
        std::vector<int> gi;
        for (size_t i = 0; i < n; ++i)
          if (mask & (1u << i)) gi.push_back(hand[i]);
        if (check_fire(rules_, target, gi).result != EpFireCheck::Result::defeats) continue;
        Move m{{"fire", num(rules_.patrol[size_t(target)].no)}};
        for (int g : gi) m.words.push_back(num(rules_.gi[size_t(g)].no));
        out.push_back(std::move(m));
      }
  }

  EpRules rules_;
  GameOptions options_;
  bool virtual_;
};

}  // namespace

std::unique_ptr<GameModule> make_ep_module(EpRules rules, const std::vector<std::string>& options,
                                           std::string* error) {
  GameOptions chosen;
  if (!parse_game_options(rules.options, options, "endless-patrol", chosen, error)) return nullptr;
  return std::make_unique<EpModule>(std::move(rules), std::move(chosen));
}

}  // namespace bocage
