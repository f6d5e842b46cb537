#include "sq_module.h"

#include <algorithm>

#include "bocage/msg/sq.h"
#include "companion/engine/game_core.h"
#include "core/did_you_mean.h"
#include "sq_play.h"

namespace bocage {

namespace {

std::string lower(std::string s) {
  for (char& ch : s)
    if (ch >= 'A' && ch <= 'Z') ch = char(ch - 'A' + 'a');
  return s;
}

int word_index(const std::string& w, const char* const* words, int n) {
  for (int i = 0; i < n; ++i)
    if (w == words[i]) return i;
  return -1;
}

class SqModule final : public GameModule {
 public:
  SqModule(SqRules rules, GameOptions options, int first_nation, int second_nation)
      : R(std::move(rules)),
        options_(std::move(options)),
        virtual_(options_.is("mode", "virtual")),
        map_(options_.is("variant", "map")),
        flanking_(options_.is("flanking", "on")),
        windows_always_(options_.is("windows", "always")),
        per_side_(map_ ? std::stoi(options_.get("squads")) : 1),
        nations_{first_nation, second_nation} {}

  std::string id() const override { return "squad"; }
  const Vocabulary& vocabulary() const override { return R.vocabulary; }
  const Vocabulary& command_words() const override { return R.commands; }

  std::vector<std::string> command_names() const override {
    return {std::begin(kSqCommands), std::end(kSqCommands)};
  }

  std::vector<std::string> hot_seat_options() const override { return {"windows=always"}; }

  /// Each squad's name as printed (SqPlay::nation_name: 「アメリカ軍分隊A」 on the map).
  std::vector<std::string> squad_names(const SqState& s, Lang lang) const {
    GameDice dice(0);
    PlayContext quiet(lang, dice, false, {}, nullptr, false);
    SqState copy = s;
    SqPlay play(R, copy, quiet);
    std::vector<std::string> names;
    for (int i = 0; i < int(s.squads.size()); ++i) names.push_back(play.nation_name(i));
    return names;
  }

  /// The hex-map variant: the printed map with each squad in play on its hex
  /// (its name and soldiers); the card game has no board.
  std::optional<BoardView> board_view(const GameState& base, int seat, Lang lang) const override {
    const auto& s = static_cast<const SqState&>(base);
    if (!s.map) return std::nullopt;
    BoardView v = hex_board_view(R.board.map, R.board.hexes, lang_name(lang));
    const std::vector<std::string> names = squad_names(s, lang);
    for (int i = 0; i < int(s.squads.size()); ++i) {
      const SqSquad& q = s.squads[size_t(i)];
      if (q.hex < 0 || q.soldiers == 0) continue;
      v.pieces.push_back({R.board.hexes.coordinate(q.hex),
                          names[size_t(i)] + " " + std::to_string(q.soldiers),
                          seat < 0         ? "neutral"
                          : q.side == seat ? "own"
                                           : "enemy"});
    }
    return v;
  }

  /// Every card in the hands of `seat`'s squads, with its ranges' modifiers
  /// as the card prints them (PB+2 S+1).
  std::vector<HandCard> hand(const GameState& base, int seat, Lang lang) const override {
    const auto& s = static_cast<const SqState&>(base);
    std::vector<HandCard> out;
    if (seat < 0 || s.step == SqStep::over) return out;
    static const char* const kRangeNames[kSqRanges] = {"PB", "S", "M", "L"};
    // The map variant: a hand per squad, each under the squad's name.
    const std::vector<std::string> names =
        s.map ? squad_names(s, lang) : std::vector<std::string>{};
    for (size_t i = 0; i < s.squads.size(); ++i) {
      const SqSquad& q = s.squads[i];
      if (q.side != seat) continue;
      const std::string group = s.map ? names[i] : std::string();
      for (int c : q.hand.cards) {
        if (c == kUnknownCard) continue;
        const SqCard& card = R.cards[size_t(c)];
        std::string note;
        for (size_t r = 0; r < kSqRanges; ++r)
          if (card.range[r])
            note += (note.empty() ? "" : " ") + std::string(kRangeNames[r]) +
                    (*card.range[r] >= 0 ? "+" : "") + std::to_string(*card.range[r]);
        out.push_back({R.vocabulary.shown(card.id, lang), note, card.id, {}, group});
      }
    }
    return out;
  }

  std::vector<std::string> seats() const override {
    return {R.nations[size_t(nations_[0])].word, R.nations[size_t(nations_[1])].word};
  }

  std::unique_ptr<GameState> setup(PlayContext& ctx) const override {
    auto s = std::make_unique<SqState>();
    s->map = map_;
    s->per_side = per_side_;
    s->squads.assign(size_t(2 * per_side_), SqSquad{});
    for (int side = 0; side < 2; ++side)
      for (int l = 0; l < per_side_; ++l) {
        SqSquad& q = s->squads[size_t(s->squad_of(side, l))];
        q.side = side;
        q.letter = l;
        q.nation = nations_[size_t(side)];
        q.soldiers = R.nations[size_t(q.nation)].soldiers;
        if (map_) q.hex = R.board.start[size_t(side)][size_t(l)];  // ruling 20
      }
    s->flanking_variant = flanking_;
    s->windows_always = windows_always_;
    s->deck =
        CardDeck(virtual_ ? CardDeck::Mode::virtual_cards : CardDeck::Mode::table, deck_cards());
    SqPlay play(R, *s, ctx);
    if (map_) {
      std::string where;
      for (int i = 0; i < int(s->squads.size()); ++i)
        where += (where.empty() ? "" : ctx.m(msg::sq::list_separator)) + play.nation_name(i) + " " +
                 play.hex_name(s->squads[size_t(i)].hex);
      BOCAGE_SAY(ctx, ctx.m(msg::sq::setup_map, "squads"_a = per_side_, "where"_a = where,
                            "count"_a = int(R.map_deck.size())));
      BOCAGE_SAY(ctx, virtual_ ? ctx.m(msg::sq::setup_virtual) : ctx.m(msg::sq::setup_table));
      BOCAGE_SAY(ctx, ctx.m(msg::sq::setup_start));
      return s;
    }
    BOCAGE_SAY(ctx, ctx.m(msg::sq::setup, "a"_a = play.nation_name(0),
                          "sa"_a = s->squads[0].soldiers, "b"_a = play.nation_name(1),
                          "sb"_a = s->squads[1].soldiers, "count"_a = int(R.deck.size())));
    BOCAGE_SAY(ctx, virtual_ ? ctx.m(msg::sq::setup_virtual) : ctx.m(msg::sq::setup_table));
    BOCAGE_SAY(ctx, ctx.m(msg::sq::setup_start));
    return s;
  }

  /// `play national-trait EFFECT`: the effect is a trait (待伏せ the trait,
  /// not the card); every other word is a card, a nation or a word.
  std::string argument_kind(const std::vector<std::string>& words, size_t i) const override {
    if (i == 2 && words.size() > 2 && words[0] == "play" && R.trait_card >= 0 &&
        words[1] == R.cards[size_t(R.trait_card)].id)
      return kSqTraitKind;
    return {};
  }

  /// The card a word names: its id, or what the vocabulary reads as one
  /// (its printed name in either language).
  int card_of(const std::string& word) const {
    const Vocabulary::Match m = R.vocabulary.resolve(word);
    const std::string id = m.id ? *m.id : word;
    for (size_t i = 0; i < R.cards.size(); ++i)
      if (R.cards[i].id == id) return int(i);
    return -1;
  }

  std::optional<Refusal> card_refusal(const std::string& word, Lang lang) const {
    const std::string hint = closest_name(word, R.vocabulary.forms(lang));
    return Refusal{"",
                   tr(lang, msg::sq::unknown_card, "word"_a = word,
                      "hint"_a = hint.empty() ? std::string()
                                              : tr(lang, msg::sq::did_you_mean, "name"_a = hint))};
  }

  /// The squad letter a word names ("a", "B"), or -1.
  int letter_of(const std::string& word) const {
    if (!map_ || word.size() != 1) return -1;
    const char ch = char(lower(word)[0]);
    return ch >= 'a' && ch < 'a' + per_side_ ? ch - 'a' : -1;
  }

  std::optional<Refusal> parse(const std::vector<std::string>& words, Lang lang,
                               Move& move) const override {
    const std::string command = words.empty() ? std::string() : words[0];
    const int cmd = word_index(command, kSqCommands, kSqCommandCount);
    if (cmd < 0) return Refusal{"", tr(lang, msg::sq::unknown_command, "command"_a = command)};
    auto usage = [&] {
      return Refusal{"", tr(lang, msg::sq::usage, "usage"_a = command_help(command, lang).usage)};
    };
    move = Move(uint8_t(cmd), {});
    switch (SqCommand(cmd)) {
      case SqCommand::play: {
        // The hex-map variant: a squad letter last (ruling 24).
        int letter = -1;
        std::vector<std::string> w = words;
        if (w.size() >= 3 && map_) {
          letter = letter_of(w.back());
          if (letter >= 0) {
            w.pop_back();
          } else if (w.back().size() == 1) {
            return Refusal{tr(lang, msg::sq::rule_map),
                           tr(lang, msg::sq::refuse_no_letter, "word"_a = w.back(),
                              "last"_a = std::string(1, char('A' + per_side_ - 1)))};
          }
        }
        if (w.size() < 2 || w.size() > 3) return usage();
        const int card = card_of(w[1]);
        if (card < 0) return card_refusal(w[1], lang);
        int code = -1;
        if (card == R.trait_card) {
          if (w.size() != 3)
            return Refusal{tr(lang, msg::sq::rule_trait), tr(lang, msg::sq::refuse_trait_effect)};
          for (size_t n = 0; n < R.nations.size() && code < 0; ++n)
            for (size_t t = 0; t < R.nations[n].traits.size(); ++t)
              if (R.nations[n].traits[t].id == lower(w[2]))
                code = int(n) * SqRules::kTraitsPerNation + int(t);
          if (code < 0)
            return Refusal{tr(lang, msg::sq::rule_trait),
                           tr(lang, msg::sq::unknown_effect, "word"_a = w[2])};
        } else if (w.size() != 2) {
          return usage();
        }
        move.push(card);
        move.push(code);
        move.push(letter);
        return std::nullopt;
      }
      case SqCommand::declare: {
        const int d = words.size() == 2 ? word_index(lower(words[1]), kSqDeclareWords, 3) : -1;
        if (d < 0) return usage();
        move.push(d);
        return std::nullopt;
      }
      case SqCommand::move: {
        if (map_) {  // move HEX (ruling 26)
          if (words.size() != 2) return usage();
          const int hex = R.board.hexes.find_coordinate(words[1]);
          if (hex < 0)
            return Refusal{tr(lang, msg::sq::rule_map_movement),
                           tr(lang, msg::sq::refuse_off_map, "hex"_a = words[1],
                              "first"_a = R.board.hexes.coordinate(0),
                              "last"_a = R.board.hexes.coordinate(R.board.hexes.size() - 1))};
          move.push(hex);
          return std::nullopt;
        }
        if (words.size() < 3 || words.size() > 4) return usage();
        const int dir = word_index(lower(words[1]), kSqDirWords, 3);
        if (dir < 0) return usage();
        const bool open = words.size() == 4;
        if (open && lower(words[2]) != "open") return usage();
        const int card = card_of(words.back());
        if (card < 0) return card_refusal(words.back(), lang);
        move.push(dir);
        move.push(card);
        move.push(open ? 1 : 0);
        return std::nullopt;
      }
      case SqCommand::discard: {
        if (words.size() != 2) return usage();
        const int card = card_of(words[1]);
        if (card < 0) return card_refusal(words[1], lang);
        move.push(card);
        return std::nullopt;
      }
      case SqCommand::start:
      case SqCommand::done:
        if (words.size() != 1) return usage();
        return std::nullopt;
    }
    return usage();
  }

  std::vector<std::string> words(const Move& m) const override {
    std::vector<std::string> w{kSqCommands[m.command]};
    switch (SqCommand(m.command)) {
      case SqCommand::play:
        w.push_back(R.cards[size_t(m.arg(0))].id);
        if (m.arg(1) >= 0)
          w.push_back(R.nations[size_t(m.arg(1) / SqRules::kTraitsPerNation)]
                          .traits[size_t(m.arg(1) % SqRules::kTraitsPerNation)]
                          .id);
        if (m.arg(2) >= 0) w.push_back(std::string(1, char('A' + m.arg(2))));
        break;
      case SqCommand::declare:
        w.push_back(kSqDeclareWords[m.arg(0)]);
        break;
      case SqCommand::move:
        if (map_) {
          w.push_back(R.board.hexes.coordinate(m.arg(0)));
          break;
        }
        w.push_back(kSqDirWords[m.arg(0)]);
        if (m.arg(2)) w.push_back("open");
        w.push_back(R.cards[size_t(m.arg(1))].id);
        break;
      case SqCommand::discard:
        w.push_back(R.cards[size_t(m.arg(0))].id);
        break;
      case SqCommand::start:
      case SqCommand::done:
        break;
    }
    return w;
  }

  std::optional<Refusal> apply(GameState& base, const Move& move, PlayContext& ctx) const override {
    auto& s = static_cast<SqState&>(base);
    if (auto refusal = sq_check(R, s, move, ctx.lang())) return refusal;
    SqPlay play(R, s, ctx);
    play.act(move);
    return std::nullopt;
  }

  std::string phase_name(const SqState& s, Lang lang) const {
    switch (s.step) {
      case SqStep::start:
      case SqStep::setup_terrain:
        return tr(lang, msg::sq::phase_setup);
      case SqStep::morale_own:
      case SqStep::morale_enemy:
        return tr(lang, msg::sq::phase_morale);
      case SqStep::declare:
      case SqStep::covering:
        return tr(lang, msg::sq::phase_covering);
      case SqStep::opportunity:
        return tr(lang, msg::sq::phase_opportunity);
      case SqStep::movement:
        return tr(lang, msg::sq::phase_movement);
      case SqStep::obstacle:
        return tr(lang, msg::sq::phase_obstacle);
      case SqStep::engineer:
        return tr(lang, msg::sq::phase_engineer);
      case SqStep::after_move:
        return tr(lang, msg::sq::phase_after_move);
      case SqStep::fixed:
        return tr(lang, msg::sq::phase_fixed);
      case SqStep::response:
        return tr(lang, msg::sq::phase_response);
      case SqStep::rally_own:
      case SqStep::rally_enemy:
        return tr(lang, msg::sq::phase_rally);
      case SqStep::discard:
        return tr(lang, msg::sq::phase_discard);
      case SqStep::over:
        break;
    }
    return tr(lang, msg::sq::phase_over);
  }

  const std::vector<OptionDef>& option_defs() const override { return R.options; }

  std::vector<TrackView> tracks(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const SqState&>(base);
    std::vector<TrackView> out;
    // The card game's range track (the map variant's ranges are the map's).
    if (!s.map) {
      TrackView range{tr(lang, msg::sq::track_range), 0, 3, std::clamp(s.range, 0, 3), {}};
      for (int r = 0; r <= 3; ++r) range.labels.push_back(sq_range_text(r, lang));
      out.push_back(std::move(range));
    }
    const std::vector<std::string> names = squad_names(s, lang);
    for (size_t i = 0; i < s.squads.size(); ++i)
      out.push_back({tr(lang, msg::sq::track_soldiers, "squad"_a = names[i]),
                     0,
                     R.max_soldiers,
                     std::clamp(s.squads[i].soldiers, 0, R.max_soldiers),
                     {}});
    return out;
  }

  std::string brief(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const SqState&>(base);
    if (s.step == SqStep::over) return turn_brief(s.turn, lang, true);
    const int seat = sq_seat_of_step(s);
    return tr(lang, msg::sq::brief, "turn"_a = s.turn,
              "nation"_a = R.nations[size_t(s.squads[size_t(s.squad_of(seat, 0))].nation)].name.in(
                  lang_name(lang)));
  }

  /// The hex-map variant's line for one squad: hex, terrain, soldiers,
  /// pinned, and the range to each enemy squad.
  std::string map_squad_line(const SqState& s, int i, PlayContext& ctx) const {
    SqState copy = s;
    SqPlay play(R, copy, ctx);
    const SqSquad& q = s.squads[size_t(i)];
    if (q.soldiers == 0)
      return ctx.m(msg::sq::status_squad_out, "nation"_a = play.nation_name(i),
                   "objectives"_a = q.objectives);
    const int card = R.board.card[size_t(q.hex)];
    int cover = card >= 0 ? R.cards[size_t(card)].cover : 0;
    cover += q.own_cover + q.enemy_cover;
    std::string ranges;
    for (int j = 0; j < int(s.squads.size()); ++j) {
      if (s.squads[size_t(j)].side == q.side || !s.in_play(j)) continue;
      const int d = R.board.hexes.distance(q.hex, s.squads[size_t(j)].hex);
      const int r = sq_range_between(R, s, i, j);
      ranges += (ranges.empty() ? "" : ctx.m(msg::sq::list_separator)) +
                ctx.m(msg::sq::status_range, "nation"_a = play.nation_name(j), "hexes"_a = d,
                      "range"_a = r >= 0 ? play.range_name(r) : ctx.m(msg::sq::out_of_range));
    }
    const int limit = std::max(0, R.nations[size_t(q.nation)].hand - q.hand_penalty);
    return ctx.m(msg::sq::status_squad_map, "nation"_a = play.nation_name(i),
                 "hex"_a = play.hex_name(q.hex), "terrain"_a = play.hex_terrain(q.hex),
                 "cover"_a = cover, "soldiers"_a = q.soldiers,
                 "state"_a = q.pinned ? ctx.m(msg::sq::state_pinned) : ctx.m(msg::sq::state_ready),
                 "hand"_a = int(q.hand.size()), "limit"_a = limit, "ranges"_a = ranges) +
           flanking_text(q, ctx);
  }

  std::string squad_line(const SqState& s, int seat, PlayContext& ctx) const {
    if (s.map) return map_squad_line(s, seat, ctx);
    SqState copy = s;
    SqPlay play(R, copy, ctx);
    const SqSquad& q = s.squads[size_t(seat)];
    std::string terrain = q.terrain >= 0 ? play.card_name(q.terrain) : ctx.m(msg::sq::open_ground);
    int cover = q.terrain >= 0 ? R.cards[size_t(q.terrain)].cover : 0;
    cover += q.own_cover + q.enemy_cover;
    const int limit = std::max(0, R.nations[size_t(q.nation)].hand - q.hand_penalty);
    return ctx.m(msg::sq::status_squad, "nation"_a = play.nation_name(seat),
                 "soldiers"_a = q.soldiers,
                 "state"_a = q.pinned ? ctx.m(msg::sq::state_pinned) : ctx.m(msg::sq::state_ready),
                 "terrain"_a = terrain, "cover"_a = cover, "objectives"_a = q.objectives,
                 "needed"_a = R.objectives, "hand"_a = int(q.hand.size()), "limit"_a = limit) +
           flanking_text(q, ctx);
  }

  /// The flanking variant's cards in play beside a squad, or "".
  std::string flanking_text(const SqSquad& q, PlayContext& ctx) const {
    if (q.flanking_cards.empty()) return {};
    return ctx.m(msg::sq::status_flanking, "count"_a = int(q.flanking_cards.size()),
                 "bonus"_a = sq_flanking_bonus(R, q));
  }

  void status(const GameState& base, PlayContext& ctx) const override {
    const auto& s = static_cast<const SqState&>(base);
    SqState copy = s;
    SqPlay play(R, copy, ctx);
    const std::string who =
        s.step == SqStep::setup_terrain ? play.side_name(s.setup_seat) : play.nation_name(s.active);
    if (s.map) {
      int objectives[2] = {0, 0};
      for (const auto& q : s.squads) objectives[q.side] += q.objectives;
      BOCAGE_SAY(ctx, ctx.m(msg::sq::status_turn_map, "turn"_a = s.turn, "nation"_a = who,
                            "phase"_a = phase_name(s, ctx.lang()), "a"_a = play.side_name(0),
                            "oa"_a = objectives[0], "b"_a = play.side_name(1),
                            "ob"_a = objectives[1], "needed"_a = R.objectives));
    } else {
      BOCAGE_SAY(
          ctx, ctx.m(msg::sq::status_turn, "turn"_a = s.turn, "nation"_a = who,
                     "phase"_a = phase_name(s, ctx.lang()), "range"_a = play.range_name(s.range)));
    }
    for (int i = 0; i < int(s.squads.size()); ++i) BOCAGE_SAY(ctx, squad_line(s, i, ctx));
    BOCAGE_SAY(ctx, ctx.m(msg::sq::status_deck, "deck"_a = int(s.deck.size()),
                          "discard"_a = int(s.discard.size())));
    if (s.step == SqStep::over) return;
    const int seat = sq_seat_of_step(s);
    // The hands of the seat to act: its squad's (the hex-map variant: each
    // of its squads in play).
    for (int i = 0; i < int(s.squads.size()); ++i) {
      const SqSquad& q = s.squads[size_t(i)];
      if (s.map ? (q.side != seat || q.soldiers == 0) : i != seat) continue;
      std::string hand;
      for (int c : q.hand.cards)
        hand += (hand.empty() ? "" : ", ") +
                (c == kUnknownCard ? std::string("?")
                                   : R.vocabulary.shown(R.cards[size_t(c)].id, ctx.lang()));
      // Its seat's alone: a hot-seat screen is handed over before it.
      if (ctx.narrating())
        ctx.say_to(seat,
                   ctx.m(msg::sq::status_hand, "nation"_a = play.nation_name(i), "cards"_a = hand));
    }
    // Every legal command when they are few, else their usages.
    std::string moves;
    const auto legal = legal_moves(base);
    if (legal.size() <= 16)  // as printed: what the player types back
      for (const auto& m : legal) {
        const auto w = words(m);
        moves += " " + command_title(*this, w.front(), ctx.lang());
        for (size_t k = 1; k < w.size(); ++k) moves += " " + R.vocabulary.shown(w[k], ctx.lang());
      }
    else
      for (const auto& c : legal_commands(*this, base, ctx.lang())) moves += " " + c.usage;
    // The moves name the cards in hand: the seat's alone too.
    if (ctx.narrating())
      ctx.say_to(seat,
                 ctx.m(msg::sq::status_now, "nation"_a = play.side_name(seat), "moves"_a = moves));
  }

  void summary(const GameState& base, PlayContext& ctx) const override {
    const auto& s = static_cast<const SqState&>(base);
    SqState copy = s;
    SqPlay play(R, copy, ctx);
    if (s.map) {
      std::array<std::string, 2> sides;
      for (int i = 0; i < int(s.squads.size()); ++i) {
        const SqSquad& q = s.squads[size_t(i)];
        std::string& out = sides[size_t(q.side)];
        out += (out.empty() ? "" : " ") +
               ctx.m(msg::sq::summary_squad_map,
                     "flag"_a = R.nations[size_t(q.nation)].flag.in(lang_name(ctx.lang())),
                     "letter"_a = std::string(1, char('A' + q.letter)),
                     "hex"_a = q.soldiers > 0 ? play.hex_name(q.hex) : std::string("-"),
                     "soldiers"_a = q.soldiers,
                     "pinned"_a = q.pinned ? ctx.m(msg::sq::summary_pinned) : std::string());
      }
      if (s.step == SqStep::over)
        BOCAGE_SAY(ctx, ctx.m(msg::sq::summary_over_map, "a"_a = sides[0], "b"_a = sides[1]));
      else
        BOCAGE_SAY(
            ctx,
            ctx.m(msg::sq::summary_map, "turn"_a = s.turn, "phase"_a = phase_name(s, ctx.lang()),
                  "seat"_a = play.nation_name(s.active), "a"_a = sides[0], "b"_a = sides[1]));
      return;
    }
    auto squad = [&](int seat) {
      const SqSquad& q = s.squads[size_t(seat)];
      return ctx.m(msg::sq::summary_squad,
                   "flag"_a = R.nations[size_t(q.nation)].flag.in(lang_name(ctx.lang())),
                   "soldiers"_a = q.soldiers,
                   "pinned"_a = q.pinned ? ctx.m(msg::sq::summary_pinned) : std::string(),
                   "objectives"_a = q.objectives, "needed"_a = R.objectives);
    };
    if (s.step == SqStep::over) {
      BOCAGE_SAY(ctx, ctx.m(msg::sq::summary_over, "a"_a = squad(0), "b"_a = squad(1),
                            "range"_a = play.range_name(s.range)));
      return;
    }
    BOCAGE_SAY(ctx,
               ctx.m(msg::sq::summary, "turn"_a = s.turn, "phase"_a = phase_name(s, ctx.lang()),
                     "seat"_a = play.nation_name(sq_seat_of_step(s)), "a"_a = squad(0),
                     "b"_a = squad(1), "range"_a = play.range_name(s.range)));
  }

  std::vector<Move> legal_moves(const GameState& base) const override {
    return sq_legal_moves(R, static_cast<const SqState&>(base));
  }

  bool has_windows() const override { return true; }
  /// The enemy's windows (opportunity fire, obstacle, response, morale and
  /// rally cards against the squad whose turn it is): passed by `done`.
  std::optional<std::string> window_pass(const GameState& base) const override {
    if (sq_enemy_step(static_cast<const SqState&>(base))) return std::string("done");
    return std::nullopt;
  }

  int seat_to_act(const GameState& base) const override {
    return sq_seat_of_step(static_cast<const SqState&>(base));
  }

  /// A seat sees its own hand; the other hand only as a count, the deck
  /// only as a count.
  std::unique_ptr<GameState> view(const GameState& base, int seat) const override {
    auto copy = std::make_unique<SqState>(static_cast<const SqState&>(base));
    copy->deck = copy->deck.hidden();
    for (auto& q : copy->squads)
      if (q.side != seat) q.hand = q.hand.hidden();
    return copy;
  }

  std::string answers_example(Lang) const override {
    return virtual_ ? std::string() : "start -- knife pistol smoke ...";
  }

  std::string unavailable(const GameState& base, const std::string& /*name*/,
                          Lang lang) const override {
    const auto& s = static_cast<const SqState&>(base);
    if (s.step == SqStep::over) return {};
    GameDice dice(0);
    PlayContext ctx(lang, dice, false, {}, nullptr, false);
    SqState copy = s;
    SqPlay play(R, copy, ctx);
    return tr(lang, msg::sq::unavailable, "phase"_a = phase_name(s, lang),
              "nation"_a = play.side_name(sq_seat_of_step(s)));
  }

  CommandHelp command_help(const std::string& name, Lang lang) const override {
    if (name == "start") return {"start", "start", tr(lang, msg::sq::help_start)};
    if (name == "play")
      return map_ ? CommandHelp{"play", "play CARD [EFFECT] [SQUAD]",
                                tr(lang, msg::sq::help_play) + " " +
                                    tr(lang, msg::sq::help_play_map)}
                  : CommandHelp{"play", "play CARD [EFFECT]", tr(lang, msg::sq::help_play)};
    // The words as printed in the session's language: "declare 留まる|移動|ポイントマン".
    const Vocabulary& v = R.vocabulary;
    if (name == "declare")
      return {"declare", "declare " + v.alternatives({"stay", "move", "pointman"}, lang),
              tr(lang, msg::sq::help_declare)};
    if (name == "move" && map_) return {"move", "move HEX", tr(lang, msg::sq::help_move_map)};
    if (name == "move")
      return {"move",
              "move " + v.alternatives({"closer", "farther", "sideways"}, lang) +
                  " TERRAIN | move DIR " + v.shown("open", lang) + " CARD",
              tr(lang, msg::sq::help_move)};
    if (name == "discard") return {"discard", "discard CARD", tr(lang, msg::sq::help_discard)};
    return {"done", "done", tr(lang, msg::sq::help_done)};
  }

  std::optional<Outcome> outcome(const GameState& base) const override {
    const auto& s = static_cast<const SqState&>(base);
    if (s.step != SqStep::over) return std::nullopt;
    // A two-player game: `victory` is the first seat's win, for the
    // simulator's win rate; the reason names the winner ("germany-objectives"),
    // so the simulator's counts of causes say who won and how.
    return Outcome{s.winner == 0, s.winner,
                   R.nations[size_t(nations_[size_t(s.winner)])].word + "-" + s.reason};
  }

  std::string describe(const Outcome& o, Lang lang) const override {
    // The winner from the reason ("germany-objectives"): the simulator's
    // report describes a reason alone.
    int seat = o.winner;
    std::string how = o.reason;
    for (int i = 0; i < 2 && seat < 0; ++i) {
      const std::string prefix = R.nations[size_t(nations_[size_t(i)])].word + "-";
      if (o.reason.rfind(prefix, 0) == 0) seat = i;
    }
    if (seat < 0) return o.reason;
    how = o.reason.substr(R.nations[size_t(nations_[size_t(seat)])].word.size() + 1);
    const std::string winner = R.nations[size_t(nations_[size_t(seat)])].name.in(lang_name(lang));
    const std::string loser =
        R.nations[size_t(nations_[size_t(1 - seat)])].name.in(lang_name(lang));
    if (how == "objectives")
      return tr(lang, msg::sq::outcome_objectives, "winner"_a = winner, "needed"_a = R.objectives);
    return tr(lang, msg::sq::outcome_annihilated, "winner"_a = winner, "loser"_a = loser);
  }

  int turn(const GameState& base) const override { return static_cast<const SqState&>(base).turn; }

  std::string check_invariants(const GameState& base) const override {
    return sq_check_invariants(R, base);
  }

 private:
  SqRules R;
  GameOptions options_;
  bool virtual_;

  std::vector<int> deck_cards() const { return sq_deck_cards(R, map_, flanking_); }
  bool map_;
  bool flanking_;        // 側面のバリエーション
  bool windows_always_;  // every window offered, whatever the hand (hot seat)
  int per_side_;
  std::array<int, 2> nations_;
};

}  // namespace

std::string sq_check_invariants(const SqRules& R, const GameState& base) {
  const auto& s = static_cast<const SqState&>(base);
  size_t cards = s.deck.size() + s.discard.size() + s.aside.size();
  std::array<int, 2> objectives{}, alive{};
  for (const auto& q : s.squads) {
    cards +=
        q.hand.size() + q.attached_own.size() + q.attached_enemy.size() + (q.terrain >= 0 ? 1 : 0);
    if (q.soldiers < 0 || q.soldiers > R.max_soldiers)
      return "soldiers out of 0-" + std::to_string(R.max_soldiers) + ": " +
             std::to_string(q.soldiers);
    objectives[size_t(q.side)] += q.objectives;
    if (q.soldiers > 0) ++alive[size_t(q.side)];
    if (s.map && q.soldiers > 0 && (q.hex < 0 || !R.board.hexes.exists(q.hex)))
      return "a squad in play off the map";
    if (s.map && q.soldiers == 0 && (q.hex >= 0 || q.hand.size() > 0))
      return "a squad out of play with a hex or a hand";
  }
  if (s.map)
    for (size_t i = 0; i < s.squads.size(); ++i)
      for (size_t j = i + 1; j < s.squads.size(); ++j)
        if (s.squads[i].soldiers > 0 && s.squads[j].soldiers > 0 &&
            s.squads[i].hex == s.squads[j].hex)
          return "two squads on one hex";
  if (s.step != SqStep::over)
    for (int side = 0; side < 2; ++side) {
      if (objectives[size_t(side)] >= R.objectives) return "three objectives and no end";
      if (alive[size_t(side)] == 0) return "a side without soldiers and no end";
    }
  if (s.t.move_card >= 0) ++cards;
  if (s.t.obstacle_card >= 0) ++cards;
  for (const auto& q : s.squads) cards += int(q.flanking_cards.size());
  const size_t deck = s.map ? R.map_deck.size() : R.deck.size();
  if (cards != deck)
    return "cards: " + std::to_string(cards) + " in play, the deck has " + std::to_string(deck);
  if (s.range < 0 || s.range > kSqLong) return "range out of PB-L";
  return {};
}

std::unique_ptr<GameModule> make_sq_module(SqRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang) {
  GameOptions chosen;
  if (!parse_game_options(rules.options, options, "squad", chosen, error, lang)) return nullptr;
  const std::string& pair = chosen.get("nations");
  const size_t vs = pair.find("-vs-");
  const int a = vs == std::string::npos ? -1 : rules.nation_index(pair.substr(0, vs));
  const int b = vs == std::string::npos ? -1 : rules.nation_index(pair.substr(vs + 4));
  if (a < 0 || b < 0) {
    if (error) *error = tr(lang, msg::sq::bad_nations, "value"_a = pair);
    return nullptr;
  }
  return std::make_unique<SqModule>(std::move(rules), std::move(chosen), a, b);
}

}  // namespace bocage
