#include "mq_module.h"

#include <algorithm>

#include "bocage/msg/mq.h"
#include "mq_play.h"

namespace bocage {

namespace {

class MqModule final : public GameModule {
 public:
  MqModule(MqRules rules, GameOptions options)
      : rules_(std::move(rules)), options_(std::move(options)) {
    setup_.virtual_mode = options_.is("mode", "virtual");
    setup_.grouped = options_.is("missions", "grouped");
    setup_.level = &rules_.level(options_.get("level"), options_.get("levels"));
  }
  MqModule(const MqModule&) = delete;

  std::string id() const override { return "maquis"; }
  const Vocabulary& vocabulary() const override { return rules_.vocabulary; }
  const Vocabulary& command_words() const override { return rules_.commands; }

  std::vector<std::string> command_names() const override {
    return {std::begin(kMqCommands), std::end(kMqCommands)};
  }

  std::unique_ptr<GameState> setup(PlayContext& ctx) const override {
    auto s = std::make_unique<MqState>();
    MqPlay play(rules_, setup_, *s, ctx);
    play.setup();
    return s;
  }

  std::optional<Refusal> parse(const std::vector<std::string>& words, Lang lang,
                               Move& move) const override {
    MqAction action;
    std::string usage, bad;
    if (!parse_mq_action(rules_, words, action, usage, bad)) {
      const std::string command = words.empty() ? std::string() : words[0];
      if (!bad.empty()) return Refusal{"", tr(lang, msg::mq::unknown_word, "word"_a = bad)};
      if (usage.empty())
        return Refusal{"", tr(lang, msg::mq::unknown_command, "command"_a = command)};
      return Refusal{"", tr(lang, msg::mq::usage, "usage"_a = usage)};
    }
    move = mq_move(action);
    return std::nullopt;
  }

  std::vector<std::string> words(const Move& move) const override {
    return mq_words(rules_, mq_action(move));
  }

  std::optional<Refusal> apply(GameState& base, const Move& move, PlayContext& ctx) const override {
    auto& s = static_cast<MqState&>(base);
    const MqAction a = mq_action(move);
    const auto in_range = [&](int v, size_t n) { return v >= -1 && v < int(n); };
    if (!in_range(a.location, rules_.locations.size()) ||
        !in_range(a.field, rules_.locations.size()) ||
        !in_range(a.shoot, rules_.locations.size()) ||
        !in_range(a.choice, rules_.choice_words.size()) ||
        !in_range(a.resource, rules_.resources.size()) || !in_range(a.tile, rules_.tiles.size()) ||
        int(a.kind) < 0 || int(a.kind) > int(MqAction::Kind::end))
      return Refusal{"", ctx.m(msg::mq::usage, "usage"_a = std::string("?"))};
    MqPlay play(rules_, setup_, s, ctx);
    return play.act(a);
  }

  const std::vector<OptionDef>& option_defs() const override { return rules_.options; }

  std::vector<TrackView> tracks(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const MqState&>(base);
    return {
        {tr(lang, msg::mq::track_day), 1, rules_.days, std::clamp(s.day, 1, rules_.days), {}},
        {tr(lang, msg::mq::track_morale), s.morale.min, s.morale.max, s.morale.value, {}},
        {tr(lang, msg::mq::track_soldiers), s.soldiers.min, s.soldiers.max, s.soldiers.value, {}}};
  }

  /// The two missions drawn, face up at their exits as the board has them:
  /// each its achievement boxes, the marked ones ticked (B-03).
  std::vector<HandCard> table_cards(const GameState& base, Lang lang) const override {
    MqState s = static_cast<const MqState&>(base);
    GameDice dice(0);
    PlayContext quiet(lang, dice, false, {}, nullptr, false);
    MqPlay play(rules_, setup_, s, quiet);
    std::vector<HandCard> out;
    for (int e = 0; e < 2; ++e) {
      const int card = s.missions[size_t(e)];
      if (card < 0) continue;
      const auto& m = rules_.missions[size_t(card)];
      std::string boxes;
      for (size_t b = 0; b < m.boxes.size(); ++b) {
        std::string days;
        if (m.boxes[b].day_from > 0)
          days = tr(lang, msg::mq::box_day_note, "from"_a = m.boxes[b].day_from,
                    "to"_a = m.boxes[b].day_to);
        if (!boxes.empty()) boxes += tr(lang, msg::mq::mission_box_separator);
        // An empty box is an agent's visit alone, printed 訪問.
        const bool visit =
            std::all_of(m.boxes[b].pay.begin(), m.boxes[b].pay.end(), [](int n) { return n == 0; });
        const std::string pay =
            visit ? tr(lang, msg::mq::mission_box_visit) : play.res_list(m.boxes[b].pay);
        boxes += int(b) < s.boxes[size_t(e)]
                     ? tr(lang, msg::mq::mission_box_done, "pay"_a = pay, "days"_a = days)
                     : tr(lang, msg::mq::mission_box_open, "pay"_a = pay, "days"_a = days);
      }
      out.push_back(
          {tr(lang, msg::mq::mission_card, "exit"_a = e + 1, "mission"_a = play.mission_name(card)),
           boxes});
    }
    return out;
  }

  std::string brief(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const MqState&>(base);
    if (s.end != MqEnd::none) return tr(lang, msg::mq::brief_over);
    return tr(lang, msg::mq::brief, "day"_a = s.day, "morale"_a = s.morale.value,
              "phase"_a = s.phase == MqPhase::placement ? tr(lang, msg::mq::brief_placement)
                          : s.phase == MqPhase::action  ? tr(lang, msg::mq::brief_action)
                                                        : std::string());
  }

  void summary(const GameState& base, PlayContext& ctx) const override {
    const auto& s = static_cast<const MqState&>(base);
    MqState copy = s;
    MqPlay play(rules_, setup_, copy, ctx);
    BOCAGE_SAY(ctx, ctx.m(msg::mq::summary, "day"_a = s.day, "days"_a = rules_.days,
                          "morale"_a = s.morale.value, "soldiers"_a = s.soldiers.value,
                          "agents"_a = s.agents_in_play(), "hand"_a = play.res_list(s.hand),
                          "boxes"_a = boxes_text(s)));
  }

  void status(const GameState& base, PlayContext& ctx) const override {
    MqState s = static_cast<const MqState&>(base);
    MqPlay play(rules_, setup_, s, ctx);
    BOCAGE_SAY(ctx, ctx.m(msg::mq::status_day, "day"_a = s.day, "days"_a = rules_.days,
                          "level"_a = rules_.vocabulary.shown(setup_.level->id, ctx.lang()),
                          "phase"_a = phase_text(s, ctx)));
    BOCAGE_SAY(ctx, ctx.m(msg::mq::status_tracks, "morale"_a = s.morale.value,
                          "red"_a = s.morale.value > 0 ? rules_.red[size_t(s.morale.value)] : 0,
                          "soldiers"_a = s.soldiers.value));
    std::string supply;
    for (size_t k = 0; k < rules_.resources.size(); ++k)
      supply += ctx.m(msg::mq::status_resource, "resource"_a = play.res_name(int(k)),
                      "hand"_a = s.hand[k], "supply"_a = mq_supply_left(rules_, s, int(k)));
    BOCAGE_SAY(ctx, ctx.m(msg::mq::status_resources, "list"_a = supply));
    BOCAGE_SAY(ctx, ctx.m(msg::mq::status_agents, "home"_a = s.home, "cafe"_a = s.cafe,
                          "arrested"_a = s.arrests, "shot"_a = s.shot ? 1 : 0));
    for (size_t l = 0; l < s.piece.size(); ++l) {
      const int loc = int(l);
      if (s.piece[l] == MqPiece::agent)
        BOCAGE_SAY(ctx, ctx.m(msg::mq::status_agent_at, "location"_a = play.loc_name(loc)));
      else if (s.piece[l] == MqPiece::milice)
        BOCAGE_SAY(ctx, ctx.m(msg::mq::status_milice_at, "location"_a = play.loc_name(loc)));
      else if (s.piece[l] == MqPiece::soldier)
        BOCAGE_SAY(ctx, ctx.m(msg::mq::status_soldier_at, "location"_a = play.loc_name(loc)));
      if (s.drops[l].kind >= 0)
        BOCAGE_SAY(ctx, ctx.m(msg::mq::status_drop, "location"_a = play.loc_name(loc),
                              "count"_a = int(s.drops[l].count),
                              "resource"_a = play.res_name(s.drops[l].kind),
                              "day"_a = int(s.drops[l].day)));
      if (s.tile[l] >= 0)
        BOCAGE_SAY(
            ctx, ctx.m(msg::mq::status_room, "location"_a = play.loc_name(loc),
                       "tile"_a = rules_.tiles[size_t(s.tile[l])].name.in(lang_name(ctx.lang()))));
    }
    // The tiles a spare room may still lay (B-02), as printed.
    const std::vector<std::string> left = mq_free_tiles(rules_, s);
    if (!left.empty())
      BOCAGE_SAY(ctx, ctx.m(msg::mq::status_tiles_left,
                            "tiles"_a = " " + rules_.vocabulary.shown_list(left, ctx.lang())));
    for (int e = 0; e < 2; ++e) {
      if (s.missions[size_t(e)] < 0) continue;
      const auto& m = rules_.missions[size_t(s.missions[size_t(e)])];
      std::string boxes;
      for (size_t b = 0; b < m.boxes.size(); ++b) {
        boxes += int(b) < s.boxes[size_t(e)] ? " [x]" : " [ ]";
        boxes += play.res_list(m.boxes[b].pay);
        if (m.boxes[b].day_from > 0)
          boxes += ctx.m(msg::mq::box_day_note, "from"_a = m.boxes[b].day_from,
                         "to"_a = m.boxes[b].day_to);
      }
      BOCAGE_SAY(ctx,
                 ctx.m(msg::mq::status_mission, "exit"_a = e + 1,
                       "mission"_a = play.mission_name(s.missions[size_t(e)]), "boxes"_a = boxes));
    }
    std::string discard;
    for (int c : s.patrol_discard.cards)
      discard += (discard.empty() ? "" : " ") +
                 rules_.vocabulary.shown(rules_.patrols[size_t(c)].id, ctx.lang());
    BOCAGE_SAY(ctx, ctx.m(msg::mq::status_deck, "count"_a = int(s.patrol_deck.size()),
                          "discard"_a = discard.empty() ? ctx.m(msg::mq::nothing) : discard));
    if (s.end == MqEnd::none) {
      const auto commands = legal_commands(*this, base, ctx.lang());
      std::string moves;
      for (const auto& c : commands) moves += " " + c.usage;
      BOCAGE_SAY(ctx, ctx.m(msg::mq::status_now, "moves"_a = moves));
      // Where each command can go now (`place` with its free locations, ...).
      for (const auto& c : commands) {
        const std::vector<std::string> words = complete_move(*this, base, {c.name});
        const std::string where =
            words.empty() ? std::string() : " " + rules_.vocabulary.shown_list(words, ctx.lang());
        if (!where.empty())
          BOCAGE_SAY(ctx, ctx.m(msg::mq::status_targets, "command"_a = c.title, "where"_a = where));
      }
    }
  }

  std::vector<Move> legal_moves(const GameState& base) const override {
    const auto& s = static_cast<const MqState&>(base);
    std::vector<Move> out;
    if (s.end != MqEnd::none) return out;
    auto add = [&](const MqAction& a) { out.push_back(mq_move(a)); };
    if (s.phase == MqPhase::missions) {
      add({MqAction::Kind::missions});
      return out;
    }
    const int n = int(rules_.locations.size());
    if (s.phase == MqPhase::placement) {
      for (int l = 0; l < n; ++l)
        if (mq_can_place(rules_, s, l)) add({MqAction::Kind::place, l});
      return out;
    }
    // The action phase.
    std::vector<int> targets{-1};
    const int weapons = rules_.resource("weapons");
    if (!s.shot && weapons >= 0)
      for (int l = 0; l < n; ++l)
        if (s.piece[size_t(l)] == MqPiece::milice) {
          targets.push_back(l);
          if (s.hand[size_t(weapons)] > 0) add({MqAction::Kind::shoot, l});
        }
    GameDice dice(0);
    PlayContext quiet(Lang::en, dice, false, {}, nullptr, false);
    for (int l = 0; l < n; ++l) {
      if (s.piece[size_t(l)] != MqPiece::agent) continue;
      add({MqAction::Kind::home, l});
      std::vector<MqAction> acts;
      const MqLocation& L = rules_.locations[size_t(l)];
      if (L.kind == MqLocation::Kind::exit) {
        acts.push_back({MqAction::Kind::act, l});
      } else {
        const auto& choices = mq_choices(rules_, s, l);
        for (const auto& ch : choices) {
          MqAction a{MqAction::Kind::act, l};
          if (choices.size() > 1) a.choice = choice_index(ch.id);
          if (ch.special == MqChoice::Special::drop) {
            for (size_t k = 0; k < rules_.resources.size(); ++k)
              for (int f = 0; f < n; ++f)
                if (setup_.level->drop[k] > 0 &&
                    rules_.locations[size_t(f)].kind == MqLocation::Kind::field) {
                  MqAction d = a;
                  d.resource = int(k);
                  d.field = f;
                  acts.push_back(d);
                }
          } else if (ch.special == MqChoice::Special::spare_room) {
            for (size_t t = 0; t < rules_.tiles.size(); ++t) {
              MqAction d = a;
              d.tile = int(t);
              acts.push_back(d);
            }
          } else {
            acts.push_back(a);
          }
        }
      }
      for (const auto& a0 : acts)
        for (int t : targets) {
          MqAction a = a0;
          a.shoot = t;
          MqState trial = s;
          MqPlay play(rules_, setup_, trial, quiet);
          if (!play.perform(a)) add(a);
        }
    }
    add({MqAction::Kind::end});
    return out;
  }

  /// The player sees everything on the table; the patrol deck only as a count.
  std::optional<BoardView> board_view(const GameState& base, int, Lang lang) const override {
    const auto& s = static_cast<const MqState&>(base);
    const std::string_view code = lang_name(lang);
    // An action's icons by the names the aid prints (空中投下); the mission
    // box's icon, which no player types, by what it does.
    BoardView v = place_board_view(rules_.board, code, [&](const std::string& id) {
      if (id == "mission") return tr(lang, msg::mq::board_icon_mission);
      const std::string name = rules_.vocabulary.shown(id, lang);
      return name == id ? std::string() : name;
    });
    for (size_t l = 0; l < rules_.locations.size() && l < s.piece.size(); ++l) {
      const std::string& at = rules_.locations[l].id;
      switch (s.piece[l]) {
        case MqPiece::agent:
          v.pieces.push_back({at, tr(lang, msg::mq::board_agent), "own"});
          break;
        case MqPiece::milice:
          v.pieces.push_back({at, tr(lang, msg::mq::board_milice), "enemy"});
          break;
        case MqPiece::soldier:
          v.pieces.push_back({at, tr(lang, msg::mq::board_soldier), "enemy"});
          break;
        case MqPiece::none:
          break;
      }
      if (s.drops[l].kind >= 0)
        v.pieces.push_back(
            {at,
             tr(lang, msg::mq::board_drop,
                "resource"_a = rules_.resources[size_t(s.drops[l].kind)].name.in(code),
                "count"_a = int(s.drops[l].count)),
             "neutral"});
      if (s.tile[l] >= 0)
        v.pieces.push_back({at, rules_.tiles[size_t(s.tile[l])].name.in(code), "neutral"});
    }
    return v;
  }

  std::unique_ptr<GameState> view(const GameState& base, int /*seat*/) const override {
    auto copy = std::make_unique<MqState>(static_cast<const MqState&>(base));
    copy->patrol_deck = copy->patrol_deck.hidden();
    return copy;
  }

  std::string answers_example(Lang lang) const override {
    const Vocabulary& v = rules_.vocabulary;
    return setup_.virtual_mode
               ? std::string()
               : "place " + v.shown("doctor", lang) + " -- " + v.shown("patrol-03", lang);
  }

  std::string unavailable(const GameState& base, const std::string& name,
                          Lang lang) const override {
    MqState s = static_cast<const MqState&>(base);
    if (s.end != MqEnd::none) return {};
    GameDice dice(0);
    PlayContext ctx(lang, dice, false, {}, nullptr, false);
    MqPlay play(rules_, setup_, s, ctx);
    MqAction a;
    a.kind = MqAction::Kind(std::find(std::begin(kMqCommands), std::end(kMqCommands), name) -
                            std::begin(kMqCommands));
    if (name != "missions" && name != "end") a.location = rules_.safe_house;
    if (name == "act" || name == "home" || name == "shoot") {
      if (s.phase != MqPhase::action) return "B-01: " + tr(lang, msg::mq::not_action);
      return {};
    }
    if (name == "place") {
      if (s.phase != MqPhase::placement || s.to_place == 0)
        return "A-02: " + tr(lang, msg::mq::not_placement);
      return {};
    }
    try {
      if (auto refusal = play.act(a))
        return refusal->rule.empty() ? refusal->message : refusal->rule + ": " + refusal->message;
    } catch (const AnswerMismatch&) {
    } catch (const CommandCancelled&) {
    }
    return {};
  }

  CommandHelp command_help(const std::string& name, Lang lang) const override {
    if (name == "missions") return {"missions", "missions", tr(lang, msg::mq::help_missions)};
    if (name == "place") return {"place", "place LOCATION", tr(lang, msg::mq::help_place)};
    if (name == "act")
      return {"act", "act LOCATION [CHOICE] [RESOURCE FIELD | TILE] [shoot LOCATION]",
              tr(lang, msg::mq::help_act)};
    if (name == "home") return {"home", "home LOCATION", tr(lang, msg::mq::help_home)};
    if (name == "shoot") return {"shoot", "shoot LOCATION", tr(lang, msg::mq::help_shoot)};
    return {"end", "end", tr(lang, msg::mq::help_end)};
  }

  std::optional<Outcome> outcome(const GameState& base) const override {
    switch (static_cast<const MqState&>(base).end) {
      case MqEnd::none:
        return std::nullopt;
      case MqEnd::won:
        return Outcome{true, 0, "missions-complete"};
      case MqEnd::arrested:
        return Outcome{false, -1, "last-agent-arrested"};
      case MqEnd::morale:
        return Outcome{false, -1, "morale-fail"};
      case MqEnd::days:
        return Outcome{false, -1, "out-of-days"};
    }
    return std::nullopt;
  }

  std::string describe(const Outcome& o, Lang lang) const override {
    if (o.reason == "missions-complete") return tr(lang, msg::mq::outcome_won);
    if (o.reason == "last-agent-arrested") return tr(lang, msg::mq::outcome_arrested);
    if (o.reason == "morale-fail") return tr(lang, msg::mq::outcome_morale);
    if (o.reason == "out-of-days") return tr(lang, msg::mq::outcome_days);
    return o.reason;
  }

  int turn(const GameState& base) const override {
    const auto& s = static_cast<const MqState&>(base);
    return s.day + s.cycles * rules_.days;
  }

  std::string check_invariants(const GameState& base) const override {
    return mq_check_invariants(rules_, setup_.virtual_mode, base);
  }

 private:
  int choice_index(const std::string& id) const {
    for (size_t i = 0; i < rules_.choice_words.size(); ++i)
      if (rules_.choice_words[i] == id) return int(i);
    return -1;
  }
  std::string boxes_text(const MqState& s) const {
    std::string out;
    for (int e = 0; e < 2; ++e) {
      if (s.missions[size_t(e)] < 0) continue;
      if (!out.empty()) out += " ";
      out += std::to_string(s.boxes[size_t(e)]) + "/" +
             std::to_string(rules_.missions[size_t(s.missions[size_t(e)])].boxes.size());
    }
    return out;
  }
  std::string phase_text(const MqState& s, PlayContext& ctx) const {
    switch (s.phase) {
      case MqPhase::missions:
        return ctx.m(msg::mq::phase_missions);
      case MqPhase::placement:
        return ctx.m(msg::mq::phase_placement, "left"_a = s.to_place);
      case MqPhase::action:
        return ctx.m(msg::mq::phase_action);
      case MqPhase::over:
        return ctx.m(msg::mq::phase_over);
    }
    return {};
  }

  MqRules rules_;
  GameOptions options_;
  MqSetup setup_;
};

}  // namespace

std::unique_ptr<GameModule> make_mq_module(MqRules rules, const std::vector<std::string>& options,
                                           std::string* error, Lang lang) {
  GameOptions chosen;
  if (!parse_game_options(rules.options, options, "maquis", chosen, error, lang)) return nullptr;
  return std::make_unique<MqModule>(std::move(rules), std::move(chosen));
}

}  // namespace bocage
