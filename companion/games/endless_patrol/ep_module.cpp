#include "ep_module.h"

#include <algorithm>

#include "bocage/msg/ep.h"
#include "ep_play.h"

namespace bocage {

namespace {

class EpModule final : public GameModule {
 public:
  EpModule(EpRules rules, GameOptions options)
      : rules_(std::move(rules)),
        options_(std::move(options)),
        virtual_(options_.is("mode", "virtual")) {}

  std::string id() const override { return "endless-patrol"; }

  const Vocabulary& vocabulary() const override { return rules_.vocabulary; }
  const Vocabulary& command_words() const override { return rules_.commands; }

  /// `fire`'s first card is a patrol card; every other card is a GI card
  /// (`look`'s first word is which deck, no card).
  std::string argument_kind(const std::vector<std::string>& words, size_t i) const override {
    if (words.empty() || i == 0) return {};
    if (words[0] == "fire" && i == 1) return kEpPatrolKind;
    if (words[0] == "look" && i == 1) return {};
    return kEpGiKind;
  }

  std::vector<std::string> command_names() const override {
    return {std::begin(kEpCommands), std::end(kEpCommands)};
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
    if (virtual_) {
      BOCAGE_SAY(ctx, ctx.m(msg::ep::setup_virtual, "squad"_a = s->squad.value));
      play.deal_hand();
      BOCAGE_SAY(ctx, play.hand_text());
      BOCAGE_SAY(ctx, ctx.m(msg::ep::next_turn, "turn"_a = s->turn));
    } else {
      BOCAGE_SAY(ctx, ctx.m(msg::ep::setup_table, "squad"_a = s->squad.value));
      BOCAGE_SAY(ctx, ctx.m(msg::ep::deal_yourself, "count"_a = rules_.start_hand));
    }
    return s;
  }

  std::optional<Refusal> parse(const std::vector<std::string>& words, Lang lang,
                               Move& move) const override {
    return parse_ep_move(rules_, words, lang, move);
  }

  /// The GI cards in hand: number and name, then ammo, AT, L and D as printed.
  std::vector<HandCard> hand(const GameState& base, int seat, Lang lang) const override {
    const auto& s = static_cast<const EpState&>(base);
    std::vector<HandCard> out;
    if (seat != 0) return out;
    for (int c : s.hand.cards) {
      if (c == kUnknownCard) continue;
      const EpGiCard& g = rules_.gi[size_t(c)];
      std::string note;
      auto add = [&](const std::string& mark) { note += (note.empty() ? "" : " ") + mark; };
      if (g.ammo) add(tr(lang, msg::ep::mark_ammo, "ammo"_a = g.ammo));
      if (g.at) add("AT");
      if (g.look) add("L");
      if (g.dodge) add("D");
      out.push_back({std::to_string(g.no) + " " + g.name.in(lang_name(lang)), note,
                     std::to_string(g.no), kEpGiKind});
    }
    return out;
  }

  /// The patrol cards in play, face up, in the order they came.
  std::vector<HandCard> table_cards(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const EpState&>(base);
    std::vector<HandCard> out;
    GameDice dice(0);
    PlayContext quiet(lang, dice, false, {}, nullptr, false);
    EpState copy = s;
    EpPlay play(rules_, virtual_, copy, quiet);
    for (int c : s.in_play.cards)
      if (c != kUnknownCard) out.push_back({play.patrol_name(c), {}});
    return out;
  }

  std::vector<std::string> words(const Move& move) const override {
    return ep_move_words(rules_, move);
  }

  std::optional<Refusal> apply(GameState& base, const Move& m, PlayContext& ctx) const override {
    auto& s = static_cast<EpState&>(base);
    EpPlay play(rules_, virtual_, s, ctx);
    switch (EpCommand(m.command)) {
      case ep_deal:
        return play.deal();
      case ep_draw:
        return play.supply();
      case ep_discard:
        return play.discard(m.arg(0));
      case ep_contact:
        return play.contact();
      case ep_fire:
        return play.fire(m);
      case ep_end:
        return play.end_phase();
      case ep_look:
        return play.look(m.arg(0), m.arg(1));
      case ep_dodge:
        return play.dodge(m.arg(0));
    }
    return Refusal{"", ctx.m(msg::ep::unknown_command, "command"_a = std::to_string(m.command))};
  }

  const std::vector<OptionDef>& option_defs() const override { return rules_.options; }

  std::vector<TrackView> tracks(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const EpState&>(base);
    return {{rules_.squad().name.in(lang_name(lang)), s.squad.min, s.squad.max, s.squad.value, {}}};
  }

  std::string brief(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const EpState&>(base);
    if (s.end != EpEnd::none) return turn_brief(s.turn, lang, true);
    return tr(lang, msg::ep::brief, "turn"_a = s.turn, "stage"_a = stage_name(s, lang),
              "squad"_a = rules_.squad().name.in(lang_name(lang)), "value"_a = s.squad.value);
  }

  void status(const GameState& base, PlayContext& ctx) const override {
    EpState s = static_cast<const EpState&>(base);
    EpPlay play(rules_, virtual_, s, ctx);
    const std::string stage = stage_name(s, ctx.lang());
    BOCAGE_SAY(ctx, ctx.m(msg::ep::status_turn, "turn"_a = s.turn, "stage"_a = stage,
                          "squad"_a = rules_.squad().name.in(lang_name(ctx.lang())),
                          "value"_a = s.squad.value, "max"_a = rules_.squad().max));
    BOCAGE_SAY(ctx, play.hand_text());
    if (s.in_play.empty()) {
      BOCAGE_SAY(ctx, ctx.m(msg::ep::in_play_none));
    } else {
      std::string in_play = ctx.m(msg::ep::in_play);
      for (int c : s.in_play.cards) in_play += "\n  " + play.patrol_name(c);
      BOCAGE_SAY(ctx, in_play);
    }
    BOCAGE_SAY(
        ctx, ctx.m(msg::ep::status_decks, "gi"_a = int(s.gi_deck.size()),
                   "discards"_a = int(s.gi_discard.size()), "patrol"_a = int(s.patrol_deck.size()),
                   "defeated"_a = s.defeated, "attrition"_a = s.attrition));
    if (s.bonus_draws)
      BOCAGE_SAY(ctx, ctx.m(msg::ep::status_extra_draws, "count"_a = s.bonus_draws));
    if (virtual_) BOCAGE_SAY(ctx, ctx.m(msg::ep::status_virtual));
    if (s.end == EpEnd::none) {
      std::string moves;
      for (const auto& c : legal_commands(*this, base, ctx.lang())) moves += " " + c.usage;
      BOCAGE_SAY(ctx, ctx.m(msg::ep::status_now, "moves"_a = moves));
    }
  }

  void summary(const GameState& base, PlayContext& ctx) const override {
    const auto& s = static_cast<const EpState&>(base);
    const std::string stage = stage_name(s, ctx.lang());
    BOCAGE_SAY(ctx, ctx.m(msg::ep::summary, "turn"_a = s.turn, "stage"_a = stage,
                          "squad"_a = rules_.squad().name.in(lang_name(ctx.lang())),
                          "value"_a = s.squad.value, "max"_a = rules_.squad().max,
                          "hand"_a = int(s.hand.size()), "limit"_a = rules_.hand_limit,
                          "in_play"_a = int(s.in_play.size())));
  }

  std::string answers_example(Lang) const override { return "deal -- 3 12 21 27"; }

  /// The phase a command belongs to, when it is given in another one.
  std::string unavailable(const GameState& base, const std::string& name,
                          Lang lang) const override {
    EpState s = static_cast<const EpState&>(base);
    GameDice dice(0);
    PlayContext ctx(lang, dice, false, {}, nullptr);
    EpPlay play(rules_, virtual_, s, ctx);
    std::optional<EpPhase> want;
    if (name == "deal") want = EpPhase::deal;
    if (name == "draw" || name == "discard") want = EpPhase::supply;
    if (name == "contact") want = EpPhase::contact;
    if (name == "fire") want = EpPhase::fire;
    if (name == "dodge") want = EpPhase::attrition;
    if (!want || *want == s.phase) return {};
    return ctx.m(msg::ep::wrong_phase, "command"_a = name, "phase"_a = play.phase_name(*want),
                 "now"_a = play.phase_name(s.phase));
  }

  std::vector<Move> legal_moves(const GameState& base) const override {
    const auto& s = static_cast<const EpState&>(base);
    std::vector<Move> out;
    if (s.end != EpEnd::none) return out;
    switch (s.phase) {
      case EpPhase::deal:
        out.push_back(Move(ep_deal, {}));
        return out;  // no hand yet: no L to play
      case EpPhase::supply:
        out.push_back(Move(ep_draw, {}));
        break;
      case EpPhase::discard:
        for (int c : s.hand.cards) out.push_back(Move(ep_discard, {c}));
        break;
      case EpPhase::contact:
        out.push_back(Move(ep_contact, {}));
        break;
      case EpPhase::fire:
        fire_moves(s, out);
        out.push_back(Move(ep_end, {}));
        break;
      case EpPhase::attrition:
        if (s.avoidable > 0)
          for (int c : s.hand.cards)
            if (rules_.gi[size_t(c)].dodge) out.push_back(Move(ep_dodge, {c}));
        out.push_back(Move(ep_end, {}));
        break;
    }
    // FAQ 6: L may be played at any time.
    for (int c : s.hand.cards)
      if (rules_.gi[size_t(c)].look) {
        out.push_back(Move(ep_look, {kEpLookGi, c}));
        out.push_back(Move(ep_look, {kEpLookPatrol, c}));
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
    if (name == "deal") return {"deal", "deal", tr(lang, msg::ep::help_deal)};
    if (name == "draw") return {"draw", "draw", tr(lang, msg::ep::help_draw)};
    if (name == "discard") return {"discard", "discard GI", tr(lang, msg::ep::help_discard)};
    if (name == "contact") return {"contact", "contact", tr(lang, msg::ep::help_contact)};
    if (name == "fire") return {"fire", "fire PATROL GI...", tr(lang, msg::ep::help_fire)};
    if (name == "end") return {"end", "end", tr(lang, msg::ep::help_end)};
    if (name == "look") return {"look", "look gi|patrol GI", tr(lang, msg::ep::help_look)};
    return {"dodge", "dodge GI", tr(lang, msg::ep::help_dodge)};
  }

  std::optional<Outcome> outcome(const GameState& base) const override {
    const auto& s = static_cast<const EpState&>(base);
    if (s.end == EpEnd::none) return std::nullopt;
    const bool won = s.end == EpEnd::patrol_exhausted;
    return Outcome{won, won ? 0 : -1, won ? "patrol-exhausted" : "squad-lost"};
  }

  int turn(const GameState& base) const override { return static_cast<const EpState&>(base).turn; }

  std::string describe(const Outcome& o, Lang lang) const override {
    if (o.reason == "patrol-exhausted") return tr(lang, msg::ep::outcome_patrol_exhausted);
    if (o.reason == "squad-lost") return tr(lang, msg::ep::outcome_squad_lost);
    return o.reason;
  }

 private:
  /// The phase, or how the game ended.
  std::string stage_name(const EpState& s, Lang lang) const {
    return s.end == EpEnd::none ? ep_phase_name(rules_, s.phase, lang)
                                : describe(*outcome(s), lang);
  }

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
        if (gi.size() + 1 > Move::kMaxArgs) continue;  // never: a hand holds 5 cards
        Move m(ep_fire, {target});
        for (int g : gi) m.push(g);
        out.push_back(m);
      }
  }

  EpRules rules_;
  GameOptions options_;
  bool virtual_;
};

}  // namespace

std::unique_ptr<GameModule> make_ep_module(EpRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang) {
  GameOptions chosen;
  if (!parse_game_options(rules.options, options, "endless-patrol", chosen, error, lang))
    return nullptr;
  return std::make_unique<EpModule>(std::move(rules), std::move(chosen));
}

}  // namespace bocage
