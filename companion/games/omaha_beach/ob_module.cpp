#include "ob_module.h"

#include <algorithm>
#include <cstdlib>

#include "bocage/msg/ob.h"
#include "ob_play.h"

namespace bocage {

namespace {

class ObModule final : public GameModule {
 public:
  ObModule(ObRules rules, GameOptions options)
      : rules_(std::move(rules)),
        options_(std::move(options)),
        virtual_(options_.is("mode", "virtual")) {}

  std::string id() const override { return "omaha-beach"; }
  const Vocabulary& vocabulary() const override { return rules_.vocabulary; }
  const Vocabulary& command_words() const override { return rules_.commands; }

  std::vector<std::string> command_names() const override {
    return {std::begin(kObCommands), std::end(kObCommands)};
  }

  std::unique_ptr<GameState> setup(PlayContext& ctx) const override {
    auto s = std::make_unique<ObState>();
    s->squad = BoundedTrack::of(rules_.squad(), rules_.squad().max);
    s->charges = BoundedTrack::of(rules_.charges(), rules_.charges().max);
    s->sniper = BoundedTrack::of(rules_.sniper(), rules_.sniper().max);
    std::vector<int> cards;
    for (size_t i = 0; i < rules_.cards.size(); ++i) cards.push_back(int(i));
    s->deck = CardDeck(virtual_ ? CardDeck::Mode::virtual_cards : CardDeck::Mode::table, cards);
    s->deck.shuffle(ctx);  // 1: shuffled without looking at the backs
    ObPlay play(rules_, virtual_, *s, ctx);
    BOCAGE_SAY(ctx, ctx.m(msg::ob::setup, "squad"_a = s->squad.value,
                          "charges"_a = s->charges.value, "sniper"_a = s->sniper.value));
    if (virtual_) {
      BOCAGE_SAY(ctx, ctx.m(msg::ob::setup_virtual, "count"_a = int(s->deck.size())));
      play.deal_grid();
      play.after_command();
    } else {
      BOCAGE_SAY(ctx, ctx.m(msg::ob::setup_table, "count"_a = int(s->deck.size())));
    }
    return s;
  }

  std::optional<Refusal> parse(const std::vector<std::string>& words, Lang lang,
                               Move& move) const override {
    ObAction action;
    std::string usage;
    if (!parse_ob_action(words, action, usage)) {
      const std::string command = words.empty() ? std::string() : words[0];
      if (usage.empty())
        return Refusal{"", tr(lang, msg::ob::unknown_command, "command"_a = command)};
      return Refusal{"", tr(lang, msg::ob::usage, "usage"_a = usage)};
    }
    move = ob_move(action);
    return std::nullopt;
  }

  std::vector<std::string> words(const Move& move) const override {
    return ob_words(ob_action(move));
  }

  std::optional<Refusal> apply(GameState& base, const Move& move, PlayContext& ctx) const override {
    auto& s = static_cast<ObState&>(base);
    ObPlay play(rules_, virtual_, s, ctx);
    return play.act(ob_action(move));
  }

  const std::vector<OptionDef>& option_defs() const override { return rules_.options; }

  std::vector<TrackView> tracks(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const ObState&>(base);
    TrackView assault{tr(lang, msg::ob::track_assault),
                      1,
                      rules_.grids,
                      std::clamp(s.assault, 1, rules_.grids),
                      {}};
    for (int a = 1; a <= rules_.grids; ++a) assault.labels.push_back("A" + std::to_string(a));
    auto track = [&](const TrackDef& def, const BoundedTrack& t) {
      return TrackView{def.name.in(lang_name(lang)), t.min, t.max, t.value, {}};
    };
    return {assault, track(rules_.squad(), s.squad), track(rules_.charges(), s.charges),
            track(rules_.sniper(), s.sniper)};
  }

  std::string brief(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const ObState&>(base);
    if (s.end != ObEnd::none) return tr(lang, msg::ob::brief_over, "assault"_a = s.assault);
    return tr(lang, msg::ob::brief, "assault"_a = s.assault, "squad"_a = s.squad.value,
              "charges"_a = s.charges.value, "sniper"_a = s.sniper.value);
  }

  void status(const GameState& base, PlayContext& ctx) const override {
    ObState s = static_cast<const ObState&>(base);
    ObPlay play(rules_, virtual_, s, ctx);
    BOCAGE_SAY(ctx, ctx.m(msg::ob::status_line, "assault"_a = s.assault, "last"_a = rules_.grids,
                          "squad"_a = play.track_text(s.squad, true),
                          "charges"_a = play.track_text(s.charges, false),
                          "sniper"_a = play.track_text(s.sniper, false)));
    // The end of the game: the engine adds its line (勝利: / 敗北:) after the status.
    if (ctx.narrating() && (s.dealt || s.assault > 1)) ctx.say_drawing(play.grid_text());
    BOCAGE_SAY(ctx, ctx.m(msg::ob::status_deck, "count"_a = int(s.deck.size())));
    if (virtual_) BOCAGE_SAY(ctx, ctx.m(msg::ob::status_virtual));
    if (s.end == ObEnd::none) {
      std::string moves;
      for (const auto& c : legal_commands(*this, base, ctx.lang())) moves += " " + c.usage;
      BOCAGE_SAY(ctx, ctx.m(msg::ob::status_now, "moves"_a = moves));
    }
  }

  std::optional<BoardView> board_view(const GameState& base, int seat, Lang lang) const override {
    // Drawn from what the seat may see: a back still face down is unknown there.
    const auto seen = view(base, seat);
    ObState s = static_cast<const ObState&>(*seen);
    GameDice dice(0);  // drawing rolls nothing
    PlayContext ctx(lang, dice, false, {}, nullptr);
    ObPlay play(rules_, virtual_, s, ctx);
    return play.board();
  }

  std::vector<Move> legal_moves(const GameState& base) const override {
    const auto& s = static_cast<const ObState&>(base);
    std::vector<Move> out;
    if (s.end != ObEnd::none) return out;
    auto add = [&](const ObAction& a) { out.push_back(ob_move(a)); };
    if (!s.dealt) {
      if (!virtual_) add({ObAction::Kind::deal});
      return out;
    }
    if (s.assault == 1 && !s.landed) {
      for (int c = 0; c < kObColumns; ++c) add({ObAction::Kind::land, c});
      return out;
    }
    if (s.assault == rules_.grids && !s.nest_placed) {
      for (int c = 0; c < kObColumns; ++c)
        if (std::abs(c - s.column) == 1) add({ObAction::Kind::nest, c});
      return out;
    }
    for (ObDir d : {ObDir::forward, ObDir::left, ObDir::right}) {
      auto p = ob_target(s, d);
      if (!p) continue;
      if (ob_enterable(rules_, s, *p)) {
        add({ObAction::Kind::move, 0, d, false});
        if (ob_sniper_allowed(rules_, s, *p, d)) add({ObAction::Kind::move, 0, d, true});
      }
      if (ob_blowable(rules_, s, *p) && s.charges.value > 0)
        add({ObAction::Kind::blow, 0, d, false, s.charges.value == 1});
    }
    return out;
  }

  /// The player sees every front and the backs of turned cards; the deck only
  /// as a count, and in virtual mode not which copy lies face up.
  std::unique_ptr<GameState> view(const GameState& base, int /*seat*/) const override {
    auto copy = std::make_unique<ObState>(static_cast<const ObState&>(base));
    copy->deck = copy->deck.hidden();
    for (auto& row : copy->grid)
      for (auto& cell : row)
        if (!cell.turned) cell.card = kUnknownCard;
    return copy;
  }

  /// A command given without its answers, as the player may type it ahead.
  std::string answers_example(Lang) const override {
    return virtual_ ? std::string() : "move forward -- clear";
  }

  /// Why `name` cannot be played now: the refusal of a try on a copy.
  std::string unavailable(const GameState& base, const std::string& name,
                          Lang lang) const override {
    ObState s = static_cast<const ObState&>(base);
    if (s.end != ObEnd::none) return {};
    GameDice dice(0);
    PlayContext ctx(lang, dice, false, {}, nullptr);
    ObPlay play(rules_, virtual_, s, ctx);
    ObAction a;
    std::string usage;
    std::vector<std::string> words{name};
    if (name == "land") words.push_back("centre");
    if (name == "nest") words.push_back(ob_column_word((s.column + 1) % kObColumns));
    if (name == "move" || name == "blow") words.push_back("forward");
    if (!parse_ob_action(words, a, usage)) return {};
    try {
      if (auto refusal = play.act(a))
        return refusal->rule.empty() ? refusal->message : refusal->rule + ": " + refusal->message;
    } catch (const AnswerMismatch&) {
    } catch (const CommandCancelled&) {
    }
    return {};
  }

  CommandHelp command_help(const std::string& name, Lang lang) const override {
    if (name == "deal") return {"deal", "deal", tr(lang, msg::ob::help_deal)};
    // The words as printed in the session's language: "land 左|中央|右".
    const Vocabulary& v = rules_.vocabulary;
    const std::string columns = v.alternatives({"left", "centre", "right"}, lang);
    const std::string directions = v.alternatives({"forward", "left", "right"}, lang);
    if (name == "land") return {"land", "land " + columns, tr(lang, msg::ob::help_land)};
    if (name == "nest") return {"nest", "nest " + columns, tr(lang, msg::ob::help_nest)};
    if (name == "move")
      return {"move", "move " + directions + " [" + v.shown("sniper", lang) + "]",
              tr(lang, msg::ob::help_move)};
    return {"blow", "blow " + directions + " [" + v.shown("last", lang) + "]",
            tr(lang, msg::ob::help_blow)};
  }

  std::optional<Outcome> outcome(const GameState& base) const override {
    const auto& s = static_cast<const ObState&>(base);
    switch (s.end) {
      case ObEnd::none:
        return std::nullopt;
      case ObEnd::nest_destroyed:
        return Outcome{true, 0, "nest-destroyed"};
      case ObEnd::squad_dead:
        return Outcome{false, -1, "squad-dead"};
      case ObEnd::out_of_charges:
        return Outcome{false, -1, "out-of-charges"};
      case ObEnd::blocked:
        return Outcome{false, -1, "blocked"};
    }
    return std::nullopt;
  }

  std::string describe(const Outcome& o, Lang lang) const override {
    if (o.reason == "nest-destroyed") return tr(lang, msg::ob::outcome_nest_destroyed);
    if (o.reason == "squad-dead") return tr(lang, msg::ob::outcome_squad_dead);
    if (o.reason == "out-of-charges") return tr(lang, msg::ob::outcome_out_of_charges);
    if (o.reason == "blocked") return tr(lang, msg::ob::outcome_blocked);
    return o.reason;
  }

  int turn(const GameState& base) const override {
    return static_cast<const ObState&>(base).assault;
  }

  std::string check_invariants(const GameState& base) const override {
    return ob_check_invariants(rules_, virtual_, base);
  }

 private:
  ObRules rules_;
  GameOptions options_;
  bool virtual_;
};

}  // namespace

std::unique_ptr<GameModule> make_ob_module(ObRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang) {
  GameOptions chosen;
  if (!parse_game_options(rules.options, options, "omaha-beach", chosen, error, lang))
    return nullptr;
  return std::make_unique<ObModule>(std::move(rules), std::move(chosen));
}

}  // namespace bocage
