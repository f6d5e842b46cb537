#include "th_module.h"

#include <algorithm>
#include <charconv>

#include "bocage/msg/th.h"
#include "th_moves.h"
#include "th_state.h"

namespace bocage {

const std::vector<ThCommandText>& th_command_catalog() {
#define BOTH_OF(m)                   \
  Localized {                        \
    tr(Lang::ja, m), tr(Lang::en, m) \
  }
  static const std::vector<ThCommandText> list = {
      {"deal", BOTH_OF(msg::th::cmd_deal), BOTH_OF(msg::th::help_deal)},
      {"next", BOTH_OF(msg::th::cmd_next), BOTH_OF(msg::th::help_next)},
      {"roll", BOTH_OF(msg::th::cmd_roll), BOTH_OF(msg::th::help_roll)},
      {"draw", BOTH_OF(msg::th::cmd_draw), BOTH_OF(msg::th::help_draw)},
      {"play", BOTH_OF(msg::th::cmd_play), BOTH_OF(msg::th::help_play)},
      {"discard", BOTH_OF(msg::th::cmd_discard), BOTH_OF(msg::th::help_discard)},
      {"shuffle", BOTH_OF(msg::th::cmd_shuffle), BOTH_OF(msg::th::help_shuffle)},
      {"peek", BOTH_OF(msg::th::cmd_peek), BOTH_OF(msg::th::help_peek)},
      {"set", BOTH_OF(msg::th::cmd_set), BOTH_OF(msg::th::help_set)},
      {"end", BOTH_OF(msg::th::cmd_end), BOTH_OF(msg::th::help_end)},
  };
#undef BOTH_OF
  return list;
}

namespace {

std::optional<int> plain_number(const std::string& text) {
  int n = 0;
  const char* first = text.data() + (!text.empty() && text[0] == '+' ? 1 : 0);
  auto [end, ec] = std::from_chars(first, text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || first == end) return std::nullopt;
  return n;
}

class ThModule final : public GameModule {
 public:
  ThModule(ThRules rules, bool virtual_cards) : R(std::move(rules)), virtual_(virtual_cards) {}

  std::string id() const override { return R.game; }
  const Vocabulary& vocabulary() const override { return R.vocabulary; }
  const Vocabulary& command_words() const override { return R.commands; }
  std::vector<std::string> command_names() const override {
    return {std::begin(kThCommands), std::end(kThCommands)};
  }
  std::vector<std::string> seats() const override {
    std::vector<std::string> out;
    for (const auto& s : R.seats) out.push_back(s.id);
    return out;
  }
  int seat_to_act(const GameState& base) const override {
    const auto& s = static_cast<const ThState&>(base);
    return s.over ? -1 : s.seat;
  }
  int turn(const GameState& base) const override { return static_cast<const ThState&>(base).turn; }

  std::string argument_kind(const std::vector<std::string>& words, size_t i) const override {
    if (words.empty()) return {};
    const std::string& c = words[0];
    if (c == "roll") return kThRollKind;
    if (c == "draw" || c == "shuffle" || c == "peek") return kThDeckKind;
    if (c == "play" || c == "discard") return kThCardKind;
    if (c == "set") return i == 1 ? kThTrackKind : "";
    if (c == "end") return kThSeatKind;
    return {};
  }

  std::unique_ptr<GameState> setup(PlayContext& ctx) const override {
    auto s = std::make_unique<ThState>();
    for (const auto& d : R.decks) {
      std::vector<int> cards;
      for (int c = d.first; c < d.first + d.count; ++c)
        for (int k = 0; k < R.cards[size_t(c)].copies; ++k) cards.push_back(c);
      ThDeckState ds{CardDeck(virtual_ ? CardDeck::Mode::virtual_cards : CardDeck::Mode::table,
                              std::move(cards)),
                     {}};
      ds.deck.shuffle(ctx);
      s->decks.push_back(std::move(ds));
    }
    s->hands.resize(R.seats.size());
    for (const auto& t : R.tracks) s->tracks.push_back(t.start);
    s->dealt = !R.deals();
    // The game by its printed name, as the page's header shows it.
    const std::string& title = R.title.in(lang_name(ctx.lang()));
    BOCAGE_SAY(ctx, ctx.m(msg::th::setup, "game"_a = title.empty() ? R.game : title));
    if (!R.decks.empty())
      BOCAGE_SAY(ctx, virtual_ ? ctx.m(msg::th::setup_virtual) : ctx.m(msg::th::setup_table));
    if (!s->dealt) BOCAGE_SAY(ctx, ctx.m(msg::th::setup_deal));
    BOCAGE_SAY(ctx, position(*s, ctx.lang()));
    return s;
  }

  std::optional<Refusal> parse(const std::vector<std::string>& words, Lang lang,
                               Move& move) const override {
    const std::string c = words.empty() ? std::string() : words[0];
    const auto* found = std::find(std::begin(kThCommands), std::end(kThCommands), c);
    if (found == std::end(kThCommands))
      return Refusal{"", tr(lang, msg::th::unknown_command, "command"_a = c)};
    const auto command = static_cast<ThCommand>(found - std::begin(kThCommands));
    const size_t args = words.size() - 1;
    auto usage = [&]() {
      return Refusal{"", tr(lang, msg::th::usage, "usage"_a = command_help(c, lang).usage)};
    };
    // The index of words[i] among `count` things of `kind` named by `word_of`.
    auto thing = [&](size_t i, const char* kind, auto what, size_t count, auto word_of,
                     int& out) -> std::optional<Refusal> {
      for (size_t k = 0; k < count; ++k)
        if (word_of(k) == words[i]) {
          out = int(k);
          return std::nullopt;
        }
      std::vector<std::string> ids;
      for (size_t k = 0; k < count; ++k) ids.push_back(word_of(k));
      return Refusal{"", tr(lang, msg::th::unknown_thing, "word"_a = words[i], "what"_a = what,
                            "list"_a = R.vocabulary.shown_list(ids, lang, kind))};
    };
    int a = 0;
    switch (command) {
      case ThCommand::deal:
      case ThCommand::next:
        if (args != 0) return usage();
        move = th_move(command);
        return std::nullopt;
      case ThCommand::roll:
        if (args != 1) return usage();
        if (auto r = thing(
                1, kThRollKind, tr(lang, msg::th::what_roll), R.rolls.size(),
                [&](size_t k) { return R.rolls[k].id; }, a))
          return r;
        move = th_move(command, {a});
        return std::nullopt;
      case ThCommand::draw:
      case ThCommand::shuffle:
      case ThCommand::peek:
        if (args != 1) return usage();
        if (auto r = thing(
                1, kThDeckKind, tr(lang, msg::th::what_deck), R.decks.size(),
                [&](size_t k) { return R.decks[k].id; }, a))
          return r;
        move = th_move(command, {a});
        return std::nullopt;
      case ThCommand::play:
      case ThCommand::discard:
        if (args != 1) return usage();
        if (auto r = thing(
                1, kThCardKind, tr(lang, msg::th::what_card), R.cards.size(),
                [&](size_t k) { return R.cards[k].word; }, a))
          return r;
        move = th_move(command, {a});
        return std::nullopt;
      case ThCommand::set: {
        if (args != 2) return usage();
        if (auto r = thing(
                1, kThTrackKind, tr(lang, msg::th::what_track), R.tracks.size(),
                [&](size_t k) { return R.tracks[k].id; }, a))
          return r;
        const auto value = plain_number(words[2]);
        if (!value) return Refusal{"", tr(lang, msg::th::not_a_number, "word"_a = words[2])};
        const ThTrack& t = R.tracks[size_t(a)];
        if (*value < t.min || *value > t.max)
          return Refusal{t.rule,
                         tr(lang, msg::th::out_of_track, "track"_a = t.name.in(lang_name(lang)),
                            "min"_a = t.min, "max"_a = t.max)};
        move = th_move(command, {a, *value});
        return std::nullopt;
      }
      case ThCommand::end:
        if (args > 1) return usage();
        if (args == 0) {
          move = th_move(command);
          return std::nullopt;
        }
        if (auto r = thing(
                1, kThSeatKind, tr(lang, msg::th::what_seat), R.seats.size(),
                [&](size_t k) { return R.seats[k].id; }, a))
          return r;
        move = th_move(command, {a});
        return std::nullopt;
    }
    return usage();
  }

  std::vector<std::string> words(const Move& m) const override {
    std::vector<std::string> w{kThCommands[m.command]};
    switch (th_command(m)) {
      case ThCommand::deal:
      case ThCommand::next:
        break;
      case ThCommand::roll:
        w.push_back(R.rolls[size_t(m.arg(0))].id);
        break;
      case ThCommand::draw:
      case ThCommand::shuffle:
      case ThCommand::peek:
        w.push_back(R.decks[size_t(m.arg(0))].id);
        break;
      case ThCommand::play:
      case ThCommand::discard:
        w.push_back(R.cards[size_t(m.arg(0))].word);
        break;
      case ThCommand::set:
        w.push_back(R.tracks[size_t(m.arg(0))].id);
        w.push_back(std::to_string(m.arg(1)));
        break;
      case ThCommand::end:
        if (m.count > 0) w.push_back(R.seats[size_t(m.arg(0))].id);
        break;
    }
    return w;
  }

  std::optional<Refusal> apply(GameState& base, const Move& m, PlayContext& ctx) const override;

  const std::vector<OptionDef>& option_defs() const override { return R.options; }

  std::vector<TrackView> tracks(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const ThState&>(base);
    std::vector<TrackView> out;
    for (size_t t = 0; t < R.tracks.size() && t < s.tracks.size(); ++t)
      out.push_back({R.tracks[t].name.in(lang_name(lang)),
                     R.tracks[t].min,
                     R.tracks[t].max,
                     std::clamp(s.tracks[t], R.tracks[t].min, R.tracks[t].max),
                     {}});
    return out;
  }

  std::string brief(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const ThState&>(base);
    if (s.over) return turn_brief(s.turn, lang, true);
    std::string b = turn_brief(s.turn, lang);
    if (!R.phases.empty()) b += " " + R.phases[size_t(s.phase)].name.in(lang_name(lang));
    if (R.seats.size() > 1) b += " " + R.seats[size_t(s.seat)].name.in(lang_name(lang));
    return b;
  }

  void status(const GameState& base, PlayContext& ctx) const override {
    const auto& s = static_cast<const ThState&>(base);
    const Lang lang = ctx.lang();
    BOCAGE_SAY(ctx, position(s, lang));
    if (!R.tracks.empty()) BOCAGE_SAY(ctx, tracks_text(s, lang));
    for (size_t d = 0; d < R.decks.size(); ++d)
      BOCAGE_SAY(ctx, ctx.m(msg::th::deck_status, "deck"_a = R.decks[d].name.in(lang_name(lang)),
                            "left"_a = int(s.decks[d].deck.size()),
                            "discards"_a = int(s.decks[d].discards.size())));
    if (!s.table.empty())
      BOCAGE_SAY(ctx, ctx.m(msg::th::on_table, "cards"_a = cards_text(s.table.cards, lang)));
    if (R.has_hands()) {
      std::string counts;
      for (size_t k = 0; k < R.seats.size(); ++k)
        counts += (counts.empty() ? "" : tr(lang, msg::th::separator)) +
                  ctx.m(msg::th::hand_count, "seat"_a = seat_name(int(k), lang),
                        "count"_a = int(s.hands[k].size()));
      if (R.seats.size() > 1) BOCAGE_SAY(ctx, ctx.m(msg::th::hands, "list"_a = counts));
      // Each seat's own cards, for that seat alone.
      if (ctx.narrating())
        for (size_t k = 0; k < R.seats.size(); ++k)
          ctx.say_to(int(k), ctx.m(msg::th::hand_of, "seat"_a = seat_name(int(k), lang),
                                   "cards"_a = cards_text(s.hands[k].cards, lang)));
    }
    if (virtual_ && !R.decks.empty()) BOCAGE_SAY(ctx, ctx.m(msg::th::mode_virtual));
    if (!s.over) {
      std::string moves;
      for (const auto& c : legal_commands(*this, base, lang)) moves += " " + c.usage;
      // What the seat to act can do, for that seat (the others wait).
      if (ctx.narrating()) ctx.say_to(s.seat, ctx.m(msg::th::now, "moves"_a = moves));
    }
  }

  void summary(const GameState& base, PlayContext& ctx) const override {
    const auto& s = static_cast<const ThState&>(base);
    if (s.over) return;
    std::string line = position(s, ctx.lang());
    if (!R.tracks.empty()) line += ctx.m(msg::th::separator) + tracks_text(s, ctx.lang());
    BOCAGE_SAY(ctx, line);
  }

  std::vector<Move> legal_moves(const GameState& base) const override {
    const auto& s = static_cast<const ThState&>(base);
    std::vector<Move> out;
    if (s.over) return out;
    if (!s.dealt) {
      out.push_back(th_move(ThCommand::deal));
      return out;
    }
    out.push_back(th_move(ThCommand::next));
    for (size_t r = 0; r < R.rolls.size(); ++r) out.push_back(th_move(ThCommand::roll, {int(r)}));
    for (size_t d = 0; d < R.decks.size(); ++d)
      if (!s.decks[d].deck.empty() || !s.decks[d].discards.empty())
        out.push_back(th_move(ThCommand::draw, {int(d)}));
    const CardPile& hand = s.hands[size_t(s.seat)];
    std::vector<int> held = distinct(hand.cards);
    for (int c : held) out.push_back(th_move(ThCommand::play, {c}));
    std::vector<int> discardable = held;
    for (int c : distinct(s.table.cards))
      if (std::find(held.begin(), held.end(), c) == held.end()) discardable.push_back(c);
    for (int c : discardable) out.push_back(th_move(ThCommand::discard, {c}));
    for (size_t d = 0; d < R.decks.size(); ++d)
      if (!s.decks[d].discards.empty() || (virtual_ && s.decks[d].deck.size() > 1))
        out.push_back(th_move(ThCommand::shuffle, {int(d)}));
    if (virtual_)
      for (size_t d = 0; d < R.decks.size(); ++d)
        if (R.decks[d].peek > 0 && !s.decks[d].deck.empty())
          out.push_back(th_move(ThCommand::peek, {int(d)}));
    for (size_t t = 0; t < R.tracks.size(); ++t)
      for (int v = R.tracks[t].min; v <= R.tracks[t].max; ++v)
        if (v != s.tracks[t]) out.push_back(th_move(ThCommand::set, {int(t), v}));
    out.push_back(th_move(ThCommand::end));
    for (size_t k = 0; k < R.seats.size(); ++k) out.push_back(th_move(ThCommand::end, {int(k)}));
    return out;
  }

  /// A seat sees the discards and the cards in play, its own hand, the
  /// others' hands and the decks as counts.
  std::unique_ptr<GameState> view(const GameState& base, int seat) const override {
    auto copy = std::make_unique<ThState>(static_cast<const ThState&>(base));
    for (auto& d : copy->decks) d.deck = d.deck.hidden();
    for (size_t k = 0; k < copy->hands.size(); ++k)
      if (int(k) != seat) copy->hands[k] = copy->hands[k].hidden();
    return copy;
  }

  std::vector<HandCard> hand(const GameState& base, int seat, Lang lang) const override {
    const auto& s = static_cast<const ThState&>(base);
    std::vector<HandCard> out;
    if (seat < 0 || size_t(seat) >= s.hands.size()) return out;
    for (int c : s.hands[size_t(seat)].cards)
      out.push_back({card_name(c, lang),
                     R.decks[size_t(R.cards[size_t(c)].deck)].name.in(lang_name(lang)),
                     R.cards[size_t(c)].word, kThCardKind});
    return out;
  }

  std::string answers_example(Lang lang) const override {
    for (size_t d = 0; d < R.decks.size(); ++d)
      if (!virtual_ && R.decks[d].count > 0)
        return command_title(*this, "draw", lang) + " " +
               R.vocabulary.shown(R.decks[d].id, lang, kThDeckKind) + " -- " +
               card_name(R.decks[d].first, lang);
    return {};
  }

  CommandHelp command_help(const std::string& name, Lang lang) const override {
    std::string help;
    for (const auto& c : th_command_catalog())
      if (c.id == name) help = c.help.in(lang_name(lang));
    const Vocabulary& v = R.vocabulary;
    auto ids = [](const auto& list) {
      std::vector<std::string> out;
      for (const auto& x : list) out.push_back(x.id);
      return out;
    };
    std::string usage = name;
    if (name == "roll") usage += " " + v.alternatives(ids(R.rolls), lang, kThRollKind);
    if (name == "draw" || name == "shuffle" || name == "peek")
      usage += " " + v.alternatives(ids(R.decks), lang, kThDeckKind);
    if (name == "play" || name == "discard") usage += " " + tr(lang, msg::th::usage_card);
    if (name == "set")
      usage += " " + v.alternatives(ids(R.tracks), lang, kThTrackKind) + " " +
               tr(lang, msg::th::usage_number);
    if (name == "end") usage += " [" + v.alternatives(ids(R.seats), lang, kThSeatKind) + "]";
    return {name, usage, help};
  }

  std::optional<Outcome> outcome(const GameState& base) const override {
    const auto& s = static_cast<const ThState&>(base);
    if (!s.over) return std::nullopt;
    if (s.track_ran_out) return Outcome{false, -1, "last-turn"};
    if (s.winner >= 0) return Outcome{true, s.winner, "winner"};
    return Outcome{false, -1, "no-winner"};
  }

  std::string describe(const Outcome& o, Lang lang) const override {
    if (o.reason == "last-turn") return tr(lang, msg::th::outcome_last_turn);
    if (o.reason == "winner" && o.winner >= 0 && size_t(o.winner) < R.seats.size())
      return tr(lang, msg::th::outcome_winner, "seat"_a = seat_name(o.winner, lang));
    return tr(lang, msg::th::outcome_no_winner);
  }

  std::string check_invariants(const GameState& base) const override;

 private:
  ThRules R;
  bool virtual_;

  static std::vector<int> distinct(const std::vector<int>& cards) {
    std::vector<int> out;
    for (int c : cards)
      if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    return out;
  }
  std::string seat_name(int seat, Lang lang) const {
    return R.vocabulary.shown(R.seats[size_t(seat)].id, lang, kThSeatKind);
  }
  std::string card_name(int card, Lang lang) const {
    return R.vocabulary.shown(R.cards[size_t(card)].word, lang, kThCardKind);
  }
  std::string deck_name(int deck, Lang lang) const {
    return R.decks[size_t(deck)].name.in(lang_name(lang));
  }
  std::string cards_text(const std::vector<int>& cards, Lang lang) const {
    if (cards.empty()) return tr(lang, msg::th::nothing);
    std::vector<std::string> names;
    for (int c : cards) names.push_back(card_name(c, lang));
    return join_choices(names);
  }
  /// "ターン 3/10・補給フェイズ・連合軍の番": the page's header.
  std::string position(const ThState& s, Lang lang) const {
    std::string line = R.turns > 0
                           ? tr(lang, msg::th::turn_of, "turn"_a = s.turn, "turns"_a = R.turns)
                           : tr(lang, msg::th::turn, "turn"_a = s.turn);
    if (!R.phases.empty())
      line += tr(lang, msg::th::separator) + R.phases[size_t(s.phase)].name.in(lang_name(lang));
    if (R.seats.size() > 1)
      line += tr(lang, msg::th::separator) +
              tr(lang, msg::th::seat_to_act, "seat"_a = seat_name(s.seat, lang));
    return line;
  }
  std::string tracks_text(const ThState& s, Lang lang) const {
    std::string line;
    for (size_t t = 0; t < R.tracks.size(); ++t)
      line += (line.empty() ? "" : tr(lang, msg::th::separator)) +
              tr(lang, msg::th::track_value, "track"_a = R.tracks[t].name.in(lang_name(lang)),
                 "value"_a = s.tracks[t], "min"_a = R.tracks[t].min, "max"_a = R.tracks[t].max);
    return line;
  }

  /// Draws one card of deck `d` for `seat` (into its hand, or face up):
  /// an empty deck is first refilled from its discards.
  void draw_card(ThState& s, int d, int seat, PlayContext& ctx) const;
};

void ThModule::draw_card(ThState& s, int d, int seat, PlayContext& ctx) const {
  const Lang lang = ctx.lang();
  ThDeckState& ds = s.decks[size_t(d)];
  const ThDeck& def = R.decks[size_t(d)];
  if (ds.deck.empty() && !ds.discards.empty()) {
    const int n = int(ds.discards.size());
    ds.deck.refill(ds.discards.cards, ctx);
    ds.discards.cards.clear();
    BOCAGE_SAY(ctx, ctx.m(msg::th::refilled, "deck"_a = deck_name(d, lang), "count"_a = n));
    if (!virtual_) BOCAGE_SAY(ctx, ctx.m(msg::th::refilled_table));
  }
  DrawQuestion q;
  q.text =
      tr(lang, msg::th::ask_draw, "seat"_a = seat_name(seat, lang), "deck"_a = deck_name(d, lang));
  q.answer = [&](int card) { return R.cards[size_t(card)].word; };
  q.seat = seat;
  q.term_kind = kThCardKind;
  q.secret = def.to_hand;
  // Table mode: the other seats' hands may hold any card of this deck this
  // seat drew, as far as it knows (a card's copies share its index).
  if (!ds.deck.virtual_cards()) {
    for (size_t h = 0; h < s.hands.size(); ++h)
      if (int(h) != seat)
        for (int c : s.hands[h].cards)
          if (c >= 0 && R.cards[size_t(c)].deck == d) q.unseen_elsewhere.push_back(c);
  }
  const int card = ds.deck.draw(ctx, q);
  if (card == kUnknownCard) return;
  const int left = int(ds.deck.size());
  if (def.to_hand) {
    s.hands[size_t(seat)].add(card);
    if (ctx.narrating()) {
      ctx.say_to(
          seat,
          ctx.m(msg::th::drew_own, "deck"_a = deck_name(d, lang), "card"_a = card_name(card, lang)),
          Line::Kind::result);
      ctx.say(ctx.m(msg::th::drew, "seat"_a = seat_name(seat, lang), "deck"_a = deck_name(d, lang),
                    "left"_a = left));
    }
  } else {
    s.table.add(card);
    BOCAGE_SAY(ctx,
               ctx.m(msg::th::drew_face_up, "deck"_a = deck_name(d, lang),
                     "card"_a = card_name(card, lang), "left"_a = left),
               Line::Kind::result);
  }
}

std::optional<Refusal> ThModule::apply(GameState& base, const Move& m, PlayContext& ctx) const {
  auto& s = static_cast<ThState&>(base);
  const Lang lang = ctx.lang();
  const std::string me = seat_name(s.seat, lang);
  const ThCommand command = th_command(m);
  if (!s.dealt && command != ThCommand::deal && command != ThCommand::end)
    return Refusal{"", ctx.m(msg::th::deal_first)};
  switch (command) {
    case ThCommand::deal: {
      if (!R.deals()) return Refusal{"", ctx.m(msg::th::nothing_to_deal)};
      if (s.dealt) return Refusal{"", ctx.m(msg::th::already_dealt)};
      for (size_t k = 0; k < R.seats.size(); ++k)
        for (size_t d = 0; d < R.decks.size(); ++d) {
          if (R.decks[d].hand == 0) continue;
          for (int n = 0; n < R.decks[d].hand; ++n) draw_card(s, int(d), int(k), ctx);
          BOCAGE_SAY(ctx, ctx.m(msg::th::dealt, "seat"_a = seat_name(int(k), lang),
                                "deck"_a = deck_name(int(d), lang), "count"_a = R.decks[d].hand));
        }
      s.dealt = true;
      return std::nullopt;
    }
    case ThCommand::next: {
      const int phases = std::max<int>(1, int(R.phases.size()));
      if (++s.phase < phases) return std::nullopt;
      s.phase = 0;
      if (++s.seat < int(R.seats.size())) return std::nullopt;
      s.seat = 0;
      if (R.turns > 0 && s.turn == R.turns) {
        s.over = true;
        s.track_ran_out = true;
        return std::nullopt;
      }
      ++s.turn;
      BOCAGE_SAY(ctx, ctx.m(msg::th::next_turn, "turn"_a = s.turn));
      return std::nullopt;
    }
    case ThCommand::roll: {
      const ThRoll& r = R.rolls[size_t(m.arg(0))];
      const std::string name = r.name.in(lang_name(lang));
      const DiceRoll rolled = roll_dice(r.dice, [&](int faces) { return ctx.roll(faces, name); });
      const std::string dice = rolled.describe(r.dice);
      const ThRollResult* result = nullptr;
      for (const auto& row : r.results)
        if (rolled.total >= row.from && rolled.total <= row.to) result = &row;
      BOCAGE_SAY(ctx,
                 result ? ctx.m(msg::th::rolled_result, "roll"_a = name, "dice"_a = dice,
                                "result"_a = result->text.in(lang_name(lang)))
                        : ctx.m(msg::th::rolled, "roll"_a = name, "dice"_a = dice),
                 Line::Kind::dice);
      return std::nullopt;
    }
    case ThCommand::draw: {
      const int d = m.arg(0);
      if (s.decks[size_t(d)].deck.empty() && s.decks[size_t(d)].discards.empty())
        return Refusal{"", ctx.m(msg::th::deck_exhausted, "deck"_a = deck_name(d, lang))};
      draw_card(s, d, s.seat, ctx);
      return std::nullopt;
    }
    case ThCommand::play: {
      const int c = m.arg(0);
      if (!s.hands[size_t(s.seat)].take(c))
        return Refusal{"", ctx.m(msg::th::not_held, "card"_a = card_name(c, lang), "seat"_a = me)};
      s.table.add(c);
      BOCAGE_SAY(ctx, ctx.m(msg::th::played, "seat"_a = me, "card"_a = card_name(c, lang)));
      return std::nullopt;
    }
    case ThCommand::discard: {
      const int c = m.arg(0);
      // From the hand of the seat to act first, else from the table.
      if (!s.hands[size_t(s.seat)].take(c) && !s.table.take(c))
        return Refusal{
            "", ctx.m(msg::th::not_held_or_in_play, "card"_a = card_name(c, lang), "seat"_a = me)};
      const int d = R.cards[size_t(c)].deck;
      s.decks[size_t(d)].discards.add(c);
      BOCAGE_SAY(ctx, ctx.m(msg::th::discarded, "seat"_a = me, "card"_a = card_name(c, lang),
                            "deck"_a = deck_name(d, lang)));
      return std::nullopt;
    }
    case ThCommand::shuffle: {
      const int d = m.arg(0);
      ThDeckState& ds = s.decks[size_t(d)];
      if (ds.discards.empty() && (!virtual_ || ds.deck.size() < 2))
        return Refusal{"", ctx.m(msg::th::nothing_to_shuffle, "deck"_a = deck_name(d, lang))};
      const int n = int(ds.discards.size());
      ds.deck.refill(ds.discards.cards, ctx);
      ds.discards.cards.clear();
      BOCAGE_SAY(ctx, ctx.m(msg::th::shuffled, "deck"_a = deck_name(d, lang), "count"_a = n,
                            "left"_a = int(ds.deck.size())));
      if (!virtual_) BOCAGE_SAY(ctx, ctx.m(msg::th::shuffled_table));
      return std::nullopt;
    }
    case ThCommand::peek: {
      const int d = m.arg(0);
      const ThDeck& def = R.decks[size_t(d)];
      if (def.peek == 0) return Refusal{"", ctx.m(msg::th::no_peek, "deck"_a = deck_name(d, lang))};
      if (!virtual_) return Refusal{"", ctx.m(msg::th::peek_table)};
      const auto top = s.decks[size_t(d)].deck.peek(size_t(def.peek));
      if (top.empty())
        return Refusal{"", ctx.m(msg::th::deck_empty, "deck"_a = deck_name(d, lang))};
      ctx.revealed();
      if (ctx.narrating()) {
        ctx.say_to(s.seat,
                   ctx.m(msg::th::peeked_own, "deck"_a = deck_name(d, lang),
                         "count"_a = int(top.size()), "cards"_a = cards_text(top, lang)),
                   Line::Kind::result);
        ctx.say(ctx.m(msg::th::peeked, "seat"_a = me, "deck"_a = deck_name(d, lang),
                      "count"_a = int(top.size())));
      }
      return std::nullopt;
    }
    case ThCommand::set: {
      const ThTrack& t = R.tracks[size_t(m.arg(0))];
      const int value = m.arg(1);
      int& marker = s.tracks[size_t(m.arg(0))];
      if (value < t.min || value > t.max)
        return Refusal{t.rule, ctx.m(msg::th::out_of_track, "track"_a = t.name.in(lang_name(lang)),
                                     "min"_a = t.min, "max"_a = t.max)};
      if (value == marker)
        return Refusal{t.rule, ctx.m(msg::th::same_value, "track"_a = t.name.in(lang_name(lang)),
                                     "value"_a = value)};
      BOCAGE_SAY(ctx, ctx.m(msg::th::set, "track"_a = t.name.in(lang_name(lang)), "from"_a = marker,
                            "to"_a = value));
      marker = value;
      return std::nullopt;
    }
    case ThCommand::end:
      s.over = true;
      s.winner = m.count > 0 ? m.arg(0) : -1;
      return std::nullopt;
  }
  return std::nullopt;
}

std::string ThModule::check_invariants(const GameState& base) const {
  const auto& s = static_cast<const ThState&>(base);
  if (s.turn < 1 || (R.turns > 0 && s.turn > R.turns)) return "turn out of the track";
  if (s.phase < 0 || s.phase >= std::max<int>(1, int(R.phases.size()))) return "bad phase";
  if (s.seat < 0 || s.seat >= int(R.seats.size())) return "bad seat";
  for (size_t t = 0; t < R.tracks.size(); ++t)
    if (s.tracks[t] < R.tracks[t].min || s.tracks[t] > R.tracks[t].max)
      return "track " + R.tracks[t].id + " out of its bounds";
  std::vector<int> seen(R.cards.size(), 0);
  auto count = [&](const std::vector<int>& cards) {
    for (int c : cards)
      if (c >= 0 && size_t(c) < seen.size()) ++seen[size_t(c)];
  };
  for (const auto& d : s.decks) {
    count(d.deck.cards());
    count(d.discards.cards);
  }
  for (const auto& h : s.hands) count(h.cards);
  count(s.table.cards);
  for (size_t c = 0; c < R.cards.size(); ++c)
    if (seen[c] != R.cards[c].copies)
      return "card " + R.cards[c].word + ": " + std::to_string(seen[c]) + " copies found, " +
             std::to_string(R.cards[c].copies) + " printed";
  return {};
}

}  // namespace

std::unique_ptr<GameModule> make_th_module(ThRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang) {
  GameOptions chosen;
  if (!parse_game_options(rules.options, options, rules.game, chosen, error, lang)) return nullptr;
  const bool virtual_cards = chosen.is("mode", "virtual");
  return std::make_unique<ThModule>(std::move(rules), virtual_cards);
}

}  // namespace bocage
