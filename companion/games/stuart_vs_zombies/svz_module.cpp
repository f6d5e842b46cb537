#include "svz_module.h"

#include <algorithm>
#include <array>

#include "bocage/msg/svz.h"
#include "svz_invariants.h"
#include "svz_moves.h"
#include "svz_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

/// The stable code of an ending, for Outcome::reason.
const char* end_code(SvzEnd end) {
  switch (end) {
    case SvzEnd::none:
      break;
    case SvzEnd::zombies_cleared:
      return "zombies-cleared";
    case SvzEnd::four_zombies:
      return "four-zombies";
    case SvzEnd::destroyed:
      return "destroyed";
    case SvzEnd::overrun:
      return "overrun";
    case SvzEnd::time_out:
      return "time-out";
    case SvzEnd::rescue_failed:
      return "rescue-failed";
  }
  return "";
}

class SvzModule final : public GameModule {
 public:
  SvzModule(SvzRules rules, SvzOptions options) : rules_(std::move(rules)), options_(options) {}

  std::string id() const override { return "stuart-vs-zombies"; }
  const Vocabulary& vocabulary() const override { return rules_.vocabulary; }
  const Vocabulary& command_words() const override { return rules_.commands; }

  std::vector<std::string> command_names() const override {
    return {std::begin(kSvzCommands), std::end(kSvzCommands)};
  }

  std::unique_ptr<GameState> setup(PlayContext& ctx) const override {
    auto s = std::make_unique<SvzState>();
    s->turn = rules_.turns().min;
    s->m5 = rules_.start;
    std::vector<int> order;
    for (size_t i = 0; i < rules_.counters.size(); ++i) order.push_back(int(i));
    if (options_.virtual_counters) ctx.shuffle(order);
    for (size_t i = 0; i < order.size(); ++i) {
      SvzPiece p;
      p.card = options_.virtual_counters ? order[i] : kUnknownCard;
      if (i < rules_.hidden.size()) {
        p.hex = rules_.hidden[i];
      } else {
        p.at = SvzPiece::At::track;
      }
      s->pieces.push_back(p);
    }
    SvzPlay play(rules_, options_, *s, ctx);
    BOCAGE_SAY(
        ctx,
        options_.virtual_counters
            ? ctx.m(msg::svz::setup_virtual, "tank"_a = rules_.tank_name.in(lang_name(ctx.lang())),
                    "hex"_a = play.hex_name(rules_.start))
            : ctx.m(msg::svz::setup_table, "tank"_a = rules_.tank_name.in(lang_name(ctx.lang())),
                    "hex"_a = play.hex_name(rules_.start)));
    BOCAGE_SAY(ctx, ctx.m(msg::svz::roll_to_begin));
    return s;
  }

  std::optional<Refusal> parse(const std::vector<std::string>& words, Lang lang,
                               Move& move) const override {
    return parse_svz_move(rules_, words, lang, move);
  }

  std::vector<std::string> words(const Move& move) const override {
    return svz_move_words(rules_, move);
  }

  std::optional<Refusal> apply(GameState& base, const Move& m, PlayContext& ctx) const override {
    auto& s = static_cast<SvzState&>(base);
    SvzPlay play(rules_, options_, s, ctx);
    std::optional<Refusal> r;
    switch (SvzCommand(m.command)) {
      case svz_roll:
        r = play.roll_ap();
        break;
      case svz_move:
        r = play.move(m);
        break;
      case svz_recon:
        r = play.recon(m.arg(0));
        break;
      case svz_shoot:
      case svz_ram:
        r = play.attack(m.command == svz_shoot, m);
        break;
      case svz_repair:
        r = play.repair(m.arg(0), m.arg(1));
        break;
      case svz_end:
        r = play.end_actions();
        break;
    }
    if (r) return r;
    play.check_end();
    return std::nullopt;
  }

  const std::vector<OptionDef>& option_defs() const override { return rules_.options; }

  std::vector<TrackView> tracks(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const SvzState&>(base);
    const TrackDef& turn = rules_.turns();
    const TrackDef& ap = rules_.basics.tracks.at("ap");
    return {{turn.name.in(lang_name(lang)),
             turn.min,
             turn.max,
             std::clamp(s.turn, turn.min, turn.max),
             {}},
            {ap.name.in(lang_name(lang)), ap.min, ap.max, std::clamp(s.ap, ap.min, ap.max), {}}};
  }

  std::string brief(const GameState& base, Lang lang) const override {
    const auto& s = static_cast<const SvzState&>(base);
    if (s.end != SvzEnd::none) return turn_brief(s.turn, lang, true);
    return s.phase == SvzState::Phase::ap
               ? tr(lang, msg::svz::brief_roll, "turn"_a = s.turn)
               : tr(lang, msg::svz::brief_ap, "turn"_a = s.turn, "ap"_a = s.ap);
  }

  void status(const GameState& base, PlayContext& ctx) const override {
    SvzState s = static_cast<const SvzState&>(base);  // SvzPlay works on a state it may change
    SvzPlay play(rules_, options_, s, ctx);
    const auto& phase = rules_.basics.phases.at(s.phase == SvzState::Phase::ap ? "ap" : "actions");
    std::string line =
        s.end != SvzEnd::none
            ? ctx.m(msg::svz::status_turn_over, "turn"_a = s.turn, "turns"_a = rules_.turns().max,
                    "outcome"_a = describe(*outcome(base), ctx.lang()))
            : ctx.m(msg::svz::status_turn, "turn"_a = s.turn, "turns"_a = rules_.turns().max,
                    "phase"_a = phase.name.in(lang_name(ctx.lang())), "rule"_a = phase.rule);
    if (s.end == SvzEnd::none && s.phase == SvzState::Phase::actions)
      line = ctx.m(msg::svz::status_item, "line"_a = line, "item"_a = "AP " + num(s.ap));
    BOCAGE_SAY(ctx, line);
    std::string m5 = "M5: " + play.hex_name(s.m5);
    if (s.damaged)
      m5 = ctx.m(msg::svz::status_item, "line"_a = m5, "item"_a = ctx.m(msg::svz::status_damaged));
    if (s.no_ammo)
      m5 = ctx.m(msg::svz::status_item, "line"_a = m5,
                 "item"_a = ctx.m(msg::svz::status_out_of_ammo));
    if (s.broken_track)
      m5 = ctx.m(msg::svz::status_item, "line"_a = m5,
                 "item"_a = ctx.m(msg::svz::status_track_broken));
    for (const auto& p : s.pieces)
      if (p.at == SvzPiece::At::attached)
        m5 = ctx.m(
            msg::svz::status_item, "line"_a = m5,
            "item"_a = ctx.m(msg::svz::status_fitted, "equipment"_a = play.counter_name(p.card)));
    if (int n = play.riders())
      m5 = ctx.m(msg::svz::status_item, "line"_a = m5,
                 "item"_a = ctx.m(msg::svz::status_riders, "count"_a = n));
    BOCAGE_SAY(ctx, m5);
    std::string killed =
        ctx.m(msg::svz::status_killed, "count"_a = s.killed.size(), "of"_a = rules_.zombie_count());
    for (int k : s.killed) killed += " " + play.counter_name(k);
    BOCAGE_SAY(ctx, killed);
    // In the order the map numbers its hexes (1-8, then by coordinate), the
    // turn track last: the same order however the counters were swapped.
    std::vector<const SvzPiece*> listed;
    for (const auto& p : s.pieces)
      if (p.at == SvzPiece::At::hex || p.at == SvzPiece::At::track) listed.push_back(&p);
    auto rank = [&](const SvzPiece* p) {
      if (p->at == SvzPiece::At::track) return 1 << 20;
      const auto& h = rules_.hidden;
      auto it = std::find(h.begin(), h.end(), p->hex);
      return it != h.end() ? int(it - h.begin()) : (1 << 10) + rules_.board.index(p->hex);
    };
    std::stable_sort(listed.begin(), listed.end(),
                     [&](const SvzPiece* a, const SvzPiece* b) { return rank(a) < rank(b); });
    for (const SvzPiece* p : listed) {
      if (p->at == SvzPiece::At::hex)
        BOCAGE_SAY(
            ctx, "  " + play.hex_name(p->hex) + ": " +
                     (p->face_up ? play.counter_name(p->card) : ctx.m(msg::svz::status_face_down)));
      else
        BOCAGE_SAY(ctx, ctx.m(msg::svz::status_track_counter));
    }
    std::vector<std::string> opts;
    if (options_.virtual_counters) opts.push_back(ctx.m(msg::svz::status_virtual));
    if (options_.at_or_above) opts.push_back(ctx.m(msg::svz::status_at_or_above));
    if (options_.no_breakdowns) opts.push_back(ctx.m(msg::svz::status_no_breakdowns));
    if (options_.rescue)
      opts.push_back(ctx.m(msg::svz::status_rescue, "count"_a = options_.rescue));
    if (!opts.empty()) {
      std::string list;
      for (const auto& x : opts) list += " " + x;
      BOCAGE_SAY(ctx, ctx.m(msg::svz::status_options, "options"_a = list));
    }
    if (s.end == SvzEnd::none) {
      std::string list;
      for (const auto& c : legal_commands(*this, base, ctx.lang())) list += " " + c.usage;
      BOCAGE_SAY(ctx, ctx.m(msg::svz::status_now, "commands"_a = list));
    }
  }

  void summary(const GameState& base, PlayContext& ctx) const override {
    SvzState s = static_cast<const SvzState&>(base);
    SvzPlay play(rules_, options_, s, ctx);
    auto item = [&](std::string line, std::string more) {
      return ctx.m(msg::svz::status_item, "line"_a = line, "item"_a = more);
    };
    std::string line = ctx.m(msg::svz::summary_turn, "turn"_a = s.turn);
    line = item(line, s.end == SvzEnd::none && s.phase == SvzState::Phase::actions
                          ? "AP " + num(s.ap)
                          : ctx.m(msg::svz::summary_no_ap));
    line = item(line,
                s.damaged ? ctx.m(msg::svz::status_damaged) : ctx.m(msg::svz::summary_undamaged));
    line =
        item(line, s.no_ammo ? ctx.m(msg::svz::status_out_of_ammo) : ctx.m(msg::svz::summary_ammo));
    if (s.broken_track) line = item(line, ctx.m(msg::svz::status_track_broken));
    std::string fitted;
    for (const auto& p : s.pieces)
      if (p.at == SvzPiece::At::attached)
        fitted += (fitted.empty() ? "" : ctx.m(msg::svz::summary_and)) + play.counter_name(p.card);
    line = item(line, fitted.empty() ? ctx.m(msg::svz::summary_no_equipment)
                                     : ctx.m(msg::svz::status_fitted, "equipment"_a = fitted));
    if (int n = play.riders()) line = item(line, ctx.m(msg::svz::status_riders, "count"_a = n));
    line = item(line, ctx.m(msg::svz::status_killed, "count"_a = s.killed.size(),
                            "of"_a = rules_.zombie_count()));
    BOCAGE_SAY(ctx, ctx.m(msg::svz::summary, "line"_a = line));
  }

  std::string unavailable(const GameState& base, const std::string& name,
                          Lang lang) const override {
    const auto& s = static_cast<const SvzState&>(base);
    if (name == "roll")
      return s.phase == SvzState::Phase::ap ? std::string()
                                            : tr(lang, msg::svz::ap_left, "ap"_a = s.ap);
    if (s.phase != SvzState::Phase::actions) return tr(lang, msg::svz::roll_for_ap_first);
    SvzAction a = name == "move"    ? SvzAction::move
                  : name == "recon" ? SvzAction::recon
                  : name == "shoot" ? SvzAction::shoot
                  : name == "ram"   ? SvzAction::ram
                                    : SvzAction::repair;
    const ActionDef& def = rules_.action(a);
    const bool crippled = options_.no_breakdowns && s.damaged;
    if ((a == SvzAction::move || a == SvzAction::ram) && s.broken_track)
      return tr(lang, msg::svz::status_track_broken);
    if (a == SvzAction::shoot && s.no_ammo) return tr(lang, msg::svz::status_out_of_ammo);
    if (crippled && a != SvzAction::recon && a != SvzAction::repair)
      return tr(lang, msg::svz::status_damaged);
    if (s.ap < std::max(def.cost, 1))
      return tr(lang, msg::svz::action_needs_ap, "action"_a = def.name.in(lang_name(lang)),
                "cost"_a = std::max(def.cost, 1), "ap"_a = s.ap);
    if (a == SvzAction::repair) return tr(lang, msg::svz::summary_nothing_to_repair);
    if (a != SvzAction::move) return tr(lang, msg::svz::summary_no_target);
    return {};
  }

  std::string answers_example(Lang lang) const override {
    return "shoot 6 -- " + rules_.vocabulary.shown("zombie3", lang);
  }

  std::vector<Move> legal_moves(const GameState& base) const override {
    const auto& s = static_cast<const SvzState&>(base);
    std::vector<Move> out;
    if (s.end != SvzEnd::none) return out;
    if (s.phase == SvzState::Phase::ap) {
      out.push_back(Move(svz_roll, {}));
      return out;
    }
    const bool crippled = options_.no_breakdowns && s.damaged;
    const auto& board = rules_.board;
    if (!s.broken_track && !crippled && s.ap >= rules_.action(SvzAction::move).cost)
      for (int n : board.neighbours(board.index(s.m5))) out.push_back(Move(svz_move, {n}));
    if (s.ap >= rules_.action(SvzAction::recon).cost)
      for (HexCoord h : targets(s, SvzAction::recon, true))
        out.push_back(Move(svz_recon, {board.index(h)}));
    if (!s.no_ammo && !crippled && s.ap >= rules_.action(SvzAction::shoot).cost)
      for (HexCoord h : targets(s, SvzAction::shoot, false))
        attack_moves(s, Move(svz_shoot, {board.index(h)}), h, out);
    if (!s.broken_track && !crippled && s.ap >= rules_.action(SvzAction::ram).cost &&
        !targets(s, SvzAction::ram, false).empty())
      attack_moves(s, Move(svz_ram, {}), s.m5, out);
    for (int32_t what : repairs(s))
      for (int k = 1; k <= s.ap; ++k) out.push_back(Move(svz_repair, {k, what}));
    out.push_back(Move(svz_end, {}));
    return out;
  }

  /// The player sees what is face up; the companion alone knows, in virtual
  /// mode, what the face-down counters are.
  std::optional<BoardView> board_view(const GameState& base, int seat, Lang lang) const override {
    const auto seen = view(base, seat);
    const auto& s = static_cast<const SvzState&>(*seen);
    const std::string_view code = lang_name(lang);
    BoardView v = hex_board_view(rules_.map, rules_.board, lang_name(lang));
    v.pieces.push_back({rules_.map.coordinate(s.m5), rules_.tank_name.in(code), "own"});
    for (const auto& p : s.pieces) {
      if (p.at != SvzPiece::At::hex) continue;
      if (!p.face_up || p.card < 0) {
        v.pieces.push_back({rules_.map.coordinate(p.hex), "?", "hidden"});
        continue;
      }
      const SvzCounter& c = rules_.counters[size_t(p.card)];
      v.pieces.push_back({rules_.map.coordinate(p.hex), c.name.in(code),
                          c.kind == SvzCounter::Kind::zombie ? "enemy" : "neutral"});
    }
    return v;
  }

  std::unique_ptr<GameState> view(const GameState& base, int /*seat*/) const override {
    auto copy = std::make_unique<SvzState>(static_cast<const SvzState&>(base));
    for (auto& p : copy->pieces)
      if (!p.face_up && p.at != SvzPiece::At::gone) p.card = kUnknownCard;
    return copy;
  }

  CommandHelp command_help(const std::string& name, Lang lang) const override {
    if (name == "roll") return {"roll", "roll", tr(lang, msg::svz::help_roll)};
    if (name == "move") return {"move", "move HEX", tr(lang, msg::svz::help_move)};
    if (name == "recon") return {"recon", "recon HEX", tr(lang, msg::svz::help_recon)};
    if (name == "shoot") return {"shoot", "shoot HEX", tr(lang, msg::svz::help_shoot)};
    if (name == "ram") return {"ram", "ram", tr(lang, msg::svz::help_ram)};
    if (name == "repair") return {"repair", "repair AP WHAT", tr(lang, msg::svz::help_repair)};
    return {"end", "end", tr(lang, msg::svz::help_end)};
  }

  std::optional<Outcome> outcome(const GameState& base) const override {
    const auto& s = static_cast<const SvzState&>(base);
    if (s.end == SvzEnd::none) return std::nullopt;
    const bool won = s.end == SvzEnd::zombies_cleared || s.end == SvzEnd::four_zombies;
    return Outcome{won, won ? 0 : -1, end_code(s.end)};
  }

  int turn(const GameState& base) const override { return static_cast<const SvzState&>(base).turn; }

  std::string check_invariants(const GameState& base) const override {
    return svz_invariants(rules_, options_, static_cast<const SvzState&>(base));
  }

  std::string describe(const Outcome& o, Lang lang) const override {
    const std::string& r = o.reason;
    if (r == "zombies-cleared") return tr(lang, msg::svz::end_zombies_cleared);
    if (r == "four-zombies") return tr(lang, msg::svz::end_four_zombies);
    if (r == "destroyed") return tr(lang, msg::svz::end_destroyed);
    if (r == "overrun") return tr(lang, msg::svz::end_overrun);
    if (r == "time-out") return tr(lang, msg::svz::end_time_out);
    if (r == "rescue-failed") return tr(lang, msg::svz::end_rescue_failed);
    return r;
  }

 private:
  /// Hexes with something the action can take: face-down counters for recon;
  /// zombies or face-down counters for shooting and ramming, within range.
  std::vector<HexCoord> targets(const SvzState& s, SvzAction action, bool hidden_only) const {
    std::vector<HexCoord> out;
    const int range = rules_.action(action).range;
    for (const auto& p : s.pieces) {
      if (p.at != SvzPiece::At::hex || rules_.map.grid.distance(s.m5, p.hex) > range) continue;
      bool zombie = p.face_up && p.card >= 0 &&
                    rules_.counters[size_t(p.card)].kind == SvzCounter::Kind::zombie;
      if ((!p.face_up || (!hidden_only && zombie)) &&
          std::find(out.begin(), out.end(), p.hex) == out.end())
        out.push_back(p.hex);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  /// The moves `prefix` (+ a target) against the targets in hex `h`: the
  /// bare prefix when there is one target, else one move per target named
  /// as apply() reads it (kSvzHidden or the zombie's token).
  void attack_moves(const SvzState& s, const Move& prefix, HexCoord h,
                    std::vector<Move>& out) const {
    std::array<int32_t, 16> names;
    size_t distinct = 0;
    int count = 0;
    for (const auto& p : s.pieces) {
      if (p.at != SvzPiece::At::hex || p.hex != h) continue;
      const bool zombie = p.face_up && p.card >= 0 &&
                          rules_.counters[size_t(p.card)].kind == SvzCounter::Kind::zombie;
      if (p.face_up && !zombie) continue;
      ++count;
      const int32_t name = p.face_up ? rules_.token_of[size_t(p.card)] : kSvzHidden;
      if (std::find(names.begin(), names.begin() + long(distinct), name) ==
              names.begin() + long(distinct) &&
          distinct < names.size())
        names[distinct++] = name;
    }
    if (count == 1) {
      out.push_back(prefix);
      return;
    }
    for (size_t i = 0; i < distinct; ++i) {
      Move m = prefix;
      m.push(names[i]);
      out.push_back(m);
    }
  }

  /// What may be repaired now (kSvzRepairDamage..., or an equipment's token).
  std::vector<int32_t> repairs(const SvzState& s) const {
    std::vector<int32_t> out;
    if (s.phase != SvzState::Phase::actions || s.ap < 1) return out;
    if (s.damaged) out.push_back(kSvzRepairDamage);
    if (s.no_ammo && s.m5 == rules_.start) out.push_back(kSvzRepairAmmo);
    if (s.broken_track) out.push_back(kSvzRepairTrack);
    for (const auto& p : s.pieces)
      if (p.at == SvzPiece::At::hex && p.hex == s.m5 && p.face_up &&
          rules_.counters[size_t(p.card)].kind == SvzCounter::Kind::equipment)
        out.push_back(rules_.token_of[size_t(p.card)]);
    return out;
  }

  SvzRules rules_;
  SvzOptions options_;
};

}  // namespace

bool parse_svz_options(const SvzRules& rules, const std::vector<std::string>& words, SvzOptions& o,
                       std::string* error, Lang lang) {
  GameOptions chosen;
  if (!parse_game_options(rules.options, words, "stuart-vs-zombies", chosen, error, lang))
    return false;
  o.virtual_counters = chosen.is("mode", "virtual");
  o.at_or_above = chosen.is("hit", "at-or-above");
  o.no_breakdowns = chosen.is("breakdowns", "no-breakdowns");
  // The loader allows only 0, 1 and 2 (check_option_values); no option is 0.
  const std::string& rescue = chosen.get("rescue");
  o.rescue = rescue.empty() ? 0 : rescue[0] - '0';
  return true;
}

std::unique_ptr<GameModule> make_svz_module(SvzRules rules, const std::vector<std::string>& words,
                                            std::string* error, Lang lang) {
  SvzOptions options;
  if (!parse_svz_options(rules, words, options, error, lang)) return nullptr;
  return std::make_unique<SvzModule>(std::move(rules), options);
}

}  // namespace bocage
