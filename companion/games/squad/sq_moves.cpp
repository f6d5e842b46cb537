// Which commands are legal now in SQUAD: the one source of legality, which
// the refusals (sq_check), help, Tab completion and the simulator share.
#include <algorithm>

#include "bocage/msg/sq.h"
#include "sq_play.h"

namespace bocage {

namespace {

bool fire_step(SqStep s) {
  return s == SqStep::covering || s == SqStep::opportunity || s == SqStep::fixed ||
         s == SqStep::response;
}

/// The cards of `hand`, each design once, in hand order.
std::vector<int> distinct(const CardPile& hand) {
  std::vector<int> out;
  for (int c : hand.cards)
    if (c >= 0 && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  return out;
}

int hand_limit(const SqRules& R, const SqSquad& q) {
  return std::max(0, R.nations[size_t(q.nation)].hand - q.hand_penalty);
}

Move play_move(int card, int trait) {
  return Move(uint8_t(SqCommand::play), {card, trait});
}

/// Why an attack card cannot be played by `seat` now, as a refusal; nullopt
/// when it can.
std::optional<Refusal> attack_refusal(const SqRules& R, const SqState& s, int seat, const SqCard& c,
                                      Lang lang) {
  const SqStep st = s.step;
  const std::string fire_rule = tr(lang, msg::sq::rule_fire);
  if (!c.phase.empty()) {
    if ((c.phase == "covering" && st != SqStep::covering) ||
        (c.phase == "fixed" && st != SqStep::fixed))
      return Refusal{
          c.phase == "covering" ? tr(lang, msg::sq::rule_covering) : tr(lang, msg::sq::rule_fixed),
          tr(lang, msg::sq::refuse_phase_only, "card"_a = c.name.in(lang_name(lang)),
             "phase"_a = c.phase == "covering" ? tr(lang, msg::sq::phase_covering)
                                               : tr(lang, msg::sq::phase_fixed))};
  }
  if (c.no_move && seat == s.active && s.t.moving)
    return Refusal{tr(lang, msg::sq::rule_fixed),
                   tr(lang, msg::sq::refuse_no_move, "card"_a = c.name.in(lang_name(lang)))};
  if (c.pinned_only && !s.squads[size_t(1 - seat)].pinned)
    return Refusal{fire_rule,
                   tr(lang, msg::sq::refuse_pinned_only, "card"_a = c.name.in(lang_name(lang)))};
  if (!sq_range_modifier(R, s, seat, c))
    return Refusal{fire_rule, tr(lang, msg::sq::refuse_range, "card"_a = c.name.in(lang_name(lang)),
                                 "range"_a = sq_range_text(s.range, lang))};
  return std::nullopt;
}

/// attack_refusal without words (the simulator's hot path).
bool attack_allowed(const SqRules& R, const SqState& s, int seat, const SqCard& c) {
  if (c.phase == "covering" && s.step != SqStep::covering) return false;
  if (c.phase == "fixed" && s.step != SqStep::fixed) return false;
  if (c.no_move && seat == s.active && s.t.moving) return false;
  if (c.pinned_only && !s.squads[size_t(1 - seat)].pinned) return false;
  return sq_range_modifier(R, s, seat, c).has_value();
}

/// Whether the effect `c` may be played by `seat` in the current step.
bool effect_playable(const SqRules& R, const SqState& s, int seat, const SqCard& c) {
  const bool own = seat == s.active;
  const SqSquad& enemy = s.squads[size_t(1 - seat)];
  switch (s.step) {
    case SqStep::setup_terrain:
      return c.type == 'T';
    case SqStep::morale_own:
      return c.morale < 0;
    case SqStep::morale_enemy:
      return c.morale > 0;
    case SqStep::rally_own:
      return c.rally > 0;
    case SqStep::rally_enemy:
      return c.rally < 0;
    case SqStep::obstacle:
      return c.obstacle;
    case SqStep::engineer:
      return c.cancels_obstacle;
    case SqStep::after_move:
      return (c.mission && !s.t.mission_played) || c.attach == "own";
    default:
      break;
  }
  if (!fire_step(s.step)) return false;
  if (c.attack()) return attack_allowed(R, s, seat, c);
  if (c.opportunity != 0) return s.step == SqStep::covering && own;  // Smoke
  if (c.ambush > 0) return s.step == SqStep::opportunity;
  if (c.type != 'T' && (c.all_attacks > 0 || c.mg_bonus > 0)) return true;
  if (c.attach == "enemy") return enemy.pinned;
  if (c.peek > 0 || c.draw > 0 || c.soldiers > 0) return true;
  if (c.hand < 0) return s.t.last_kill_seat == seat && !enemy.commander_hit;
  return false;
}

}  // namespace

int sq_seat_of_step(const SqState& s) {
  switch (s.step) {
    case SqStep::start:
      return 0;
    case SqStep::setup_terrain:
      return s.setup_seat;
    case SqStep::morale_enemy:
    case SqStep::opportunity:
    case SqStep::obstacle:
    case SqStep::response:
    case SqStep::rally_enemy:
      return 1 - s.active;
    case SqStep::over:
      return -1;
    default:
      return s.active;
  }
}

std::optional<int> sq_range_modifier(const SqRules& R, const SqState& s, int seat,
                                     const SqCard& card, bool* jp_exception) {
  (void)R;
  // 臨機射撃フェイズ: the range of the turn before (note 4); the range only
  // changes in the movement phase, which comes after it.
  const auto& at = card.range[size_t(s.range)];
  if (at) return *at;
  // 全ての射撃フェイズ: a Japanese squad may, once a turn, attack at S with a PB card.
  if (s.range == 1 && card.range[0] && !s.t.jp_pb_at_s[size_t(seat)] &&
      R.nations[size_t(s.squads[size_t(seat)].nation)].id == "jp") {
    if (jp_exception) *jp_exception = true;
    return *card.range[0];
  }
  return std::nullopt;
}

bool sq_card_playable(const SqRules& R, const SqState& s, int seat, int card, int trait) {
  const int nation = s.squads[size_t(seat)].nation;
  if (card == R.trait_card) {
    if (trait < 0 || trait / SqRules::kTraitsPerNation != nation ||
        size_t(trait % SqRules::kTraitsPerNation) >= R.nations[size_t(nation)].traits.size())
      return false;
  } else if (trait >= 0) {
    return false;
  }
  return effect_playable(R, s, seat, R.effect(card, trait));
}

std::vector<Move> sq_legal_moves(const SqRules& R, const SqState& s) {
  std::vector<Move> out;
  if (s.step == SqStep::over) return out;
  const int seat = sq_seat_of_step(s);
  const SqSquad& q = s.squads[size_t(seat)];
  const auto cards = distinct(q.hand);
  if (s.step == SqStep::start) {
    out.push_back(Move(uint8_t(SqCommand::start), {}));
    return out;
  }
  if (s.step == SqStep::declare) {
    out.push_back(Move(uint8_t(SqCommand::declare), {0}));
    if (!q.pinned) {
      out.push_back(Move(uint8_t(SqCommand::declare), {1}));
      out.push_back(Move(uint8_t(SqCommand::declare), {2}));
    }
    return out;
  }
  if (s.step == SqStep::discard) {
    if (int(q.hand.size()) > hand_limit(R, q)) {
      for (int c : cards) out.push_back(Move(uint8_t(SqCommand::discard), {c}));
      return out;
    }
  }
  if (s.step == SqStep::movement) {
    for (int c : cards)
      for (int d = 0; d < 3; ++d) {
        if (d == int(SqDir::closer) && s.range == 0) continue;
        if (d == int(SqDir::farther) && s.range == kSqLong) continue;
        if (R.cards[size_t(c)].type == 'T')
          out.push_back(Move(uint8_t(SqCommand::move), {d, c, 0}));
        out.push_back(Move(uint8_t(SqCommand::move), {d, c, 1}));
      }
  }
  for (int c : cards) {
    if (c == R.trait_card) {
      const auto& traits = R.nations[size_t(q.nation)].traits;
      for (size_t t = 0; t < traits.size(); ++t) {
        const int code = q.nation * SqRules::kTraitsPerNation + int(t);
        if (sq_card_playable(R, s, seat, c, code)) out.push_back(play_move(c, code));
      }
    } else if (sq_card_playable(R, s, seat, c, -1)) {
      out.push_back(play_move(c, -1));
    }
  }
  out.push_back(Move(uint8_t(SqCommand::done), {}));
  return out;
}

std::optional<Refusal> sq_check(const SqRules& R, const SqState& s, const Move& m, Lang lang) {
  const auto legal = sq_legal_moves(R, s);
  if (std::find(legal.begin(), legal.end(), m) != legal.end()) return std::nullopt;
  if (s.step == SqStep::over)
    return Refusal{tr(lang, msg::sq::rule_victory), tr(lang, msg::sq::refuse_over)};
  const int seat = sq_seat_of_step(s);
  const SqSquad& q = s.squads[size_t(seat)];
  const SqCommand cmd = SqCommand(m.command);
  const auto step_rule = [&]() -> std::string {
    switch (s.step) {
      case SqStep::start:
      case SqStep::setup_terrain:
        return tr(lang, msg::sq::rule_setup);
      case SqStep::morale_own:
      case SqStep::morale_enemy:
        return tr(lang, msg::sq::rule_morale);
      case SqStep::declare:
      case SqStep::covering:
        return tr(lang, msg::sq::rule_covering);
      case SqStep::opportunity:
        return tr(lang, msg::sq::rule_opportunity);
      case SqStep::movement:
      case SqStep::obstacle:
      case SqStep::engineer:
      case SqStep::after_move:
        return tr(lang, msg::sq::rule_movement);
      case SqStep::fixed:
        return tr(lang, msg::sq::rule_fixed);
      case SqStep::response:
        return tr(lang, msg::sq::rule_response);
      case SqStep::rally_own:
      case SqStep::rally_enemy:
        return tr(lang, msg::sq::rule_rally);
      case SqStep::discard:
        return tr(lang, msg::sq::rule_discard);
      case SqStep::over:
        break;
    }
    return tr(lang, msg::sq::rule_victory);
  };
  const std::string rule = step_rule();
  if (s.step == SqStep::start)
    return Refusal{tr(lang, msg::sq::rule_setup), tr(lang, msg::sq::refuse_start_first)};
  switch (cmd) {
    case SqCommand::start:
      return Refusal{tr(lang, msg::sq::rule_setup), tr(lang, msg::sq::refuse_started)};
    case SqCommand::declare:
      if (s.step != SqStep::declare)
        return Refusal{tr(lang, msg::sq::rule_covering), tr(lang, msg::sq::refuse_not_declare)};
      return Refusal{tr(lang, msg::sq::rule_morale), tr(lang, msg::sq::refuse_pinned_move)};
    case SqCommand::move:
      if (s.step != SqStep::movement)
        return Refusal{tr(lang, msg::sq::rule_movement), tr(lang, msg::sq::refuse_not_movement)};
      if (!q.hand.contains(m.arg(1)))
        return Refusal{rule, tr(lang, msg::sq::refuse_not_in_hand,
                                "card"_a = R.cards[size_t(m.arg(1))].name.in(lang_name(lang)))};
      if (m.arg(2) == 0 && R.cards[size_t(m.arg(1))].type != 'T')
        return Refusal{rule, tr(lang, msg::sq::refuse_not_terrain,
                                "card"_a = R.cards[size_t(m.arg(1))].name.in(lang_name(lang)))};
      return Refusal{rule, tr(lang, msg::sq::refuse_range_end)};
    case SqCommand::discard:
      if (s.step != SqStep::discard)
        return Refusal{tr(lang, msg::sq::rule_discard), tr(lang, msg::sq::refuse_not_discard)};
      if (!q.hand.contains(m.arg(0)))
        return Refusal{rule, tr(lang, msg::sq::refuse_not_in_hand,
                                "card"_a = R.cards[size_t(m.arg(0))].name.in(lang_name(lang)))};
      return Refusal{rule, tr(lang, msg::sq::refuse_within_limit)};
    case SqCommand::done:
      if (s.step == SqStep::declare) return Refusal{rule, tr(lang, msg::sq::refuse_declare_first)};
      return Refusal{rule, tr(lang, msg::sq::refuse_discard_first, "limit"_a = hand_limit(R, q))};
    case SqCommand::play:
      break;
  }
  const int card = m.arg(0), trait = m.arg(1);
  const std::string name = R.cards[size_t(card)].name.in(lang_name(lang));
  if (!q.hand.contains(card))
    return Refusal{rule, tr(lang, msg::sq::refuse_not_in_hand, "card"_a = name)};
  if (card == R.trait_card && trait < 0)
    return Refusal{tr(lang, msg::sq::rule_trait), tr(lang, msg::sq::refuse_trait_effect)};
  if (card == R.trait_card && trait / SqRules::kTraitsPerNation != q.nation)
    return Refusal{tr(lang, msg::sq::rule_trait),
                   tr(lang, msg::sq::refuse_trait_nation, "effect"_a = R.effect(card, trait).id,
                      "nation"_a = R.nations[size_t(q.nation)].name.in(lang_name(lang)))};
  const SqCard& c = R.effect(card, trait);
  if (fire_step(s.step) && c.attack())
    if (auto r = attack_refusal(R, s, seat, c, lang)) return r;
  if (c.hand < 0 && fire_step(s.step))
    return Refusal{tr(lang, msg::sq::rule_commander), tr(lang, msg::sq::refuse_commander)};
  if (c.attach == "enemy" && fire_step(s.step))
    return Refusal{rule, tr(lang, msg::sq::refuse_encircled)};
  if (c.mission)
    return Refusal{tr(lang, msg::sq::rule_movement), tr(lang, msg::sq::refuse_mission)};
  return Refusal{rule, tr(lang, msg::sq::refuse_not_now, "card"_a = name)};
}

}  // namespace bocage
