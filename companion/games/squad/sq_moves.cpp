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

Move play_move(int card, int trait, int letter) {
  return Move(uint8_t(SqCommand::play), {card, trait, letter});
}

/// Why an attack card cannot be played by `actor` on `target` now, as a
/// refusal; nullopt when it can.
std::optional<Refusal> attack_refusal(const SqRules& R, const SqState& s, int actor, int target,
                                      const SqCard& c, Lang lang) {
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
  if (c.no_move && actor == s.active && s.t.moving)
    return Refusal{tr(lang, msg::sq::rule_fixed),
                   tr(lang, msg::sq::refuse_no_move, "card"_a = c.name.in(lang_name(lang)))};
  if (c.pinned_only && !s.squads[size_t(target)].pinned)
    return Refusal{fire_rule,
                   tr(lang, msg::sq::refuse_pinned_only, "card"_a = c.name.in(lang_name(lang)))};
  if (s.map && sq_range_between(R, s, actor, target) < 0)
    return Refusal{tr(lang, msg::sq::rule_map),
                   tr(lang, msg::sq::refuse_out_of_range,
                      "hexes"_a = R.board.hexes.distance(s.squads[size_t(actor)].hex,
                                                         s.squads[size_t(target)].hex))};
  if (!sq_range_modifier(R, s, actor, target, c))
    return Refusal{fire_rule,
                   tr(lang, msg::sq::refuse_range, "card"_a = c.name.in(lang_name(lang)),
                      "range"_a = sq_range_text(sq_range_between(R, s, actor, target), lang))};
  return std::nullopt;
}

/// attack_refusal without words (the simulator's hot path).
bool attack_allowed(const SqRules& R, const SqState& s, int actor, int target, const SqCard& c) {
  if (c.phase == "covering" && s.step != SqStep::covering) return false;
  if (c.phase == "fixed" && s.step != SqStep::fixed) return false;
  if (c.no_move && actor == s.active && s.t.moving) return false;
  if (c.pinned_only && !s.squads[size_t(target)].pinned) return false;
  return sq_range_modifier(R, s, actor, target, c).has_value();
}

/// Whether the effect `c` may be played by `actor` on `target` in the current step.
bool effect_playable(const SqRules& R, const SqState& s, int actor, int target, const SqCard& c) {
  const bool own = s.side_of(actor) == s.active_side();
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
      // 側面のバリエーション: Flanking Fire right after the mover's sideways move.
      if (s.flanking_variant && R.is_flanking(c))
        return s.t.moved_sideways && !s.t.flanking_played && s.side_of(actor) == s.active_side();
      return (c.mission && !s.t.mission_played) || c.attach == "own";
    default:
      break;
  }
  if (!fire_step(s.step)) return false;
  if (sq_needs_target(s, c) && (target < 0 || !s.in_play(target))) return false;
  if (c.attack()) return attack_allowed(R, s, actor, target, c);
  // Smoke: its -2 is on all of this turn's covering fire (SQ-6), so it is
  // played before the first of it.
  if (c.opportunity != 0) return s.step == SqStep::covering && own && s.t.covering_attacks == 0;
  if (c.ambush > 0) return s.step == SqStep::opportunity;
  if (s.flanking_variant && R.is_flanking(c)) return false;  // only after a sideways move
  if (c.type != 'T' && (c.all_attacks > 0 || c.mg_bonus > 0)) return true;
  if (c.attach == "enemy") return s.squads[size_t(target)].pinned;
  if (c.soldiers > 0) return s.squads[size_t(actor)].soldiers < R.max_soldiers;
  if (c.peek > 0 || c.draw > 0) return true;
  if (c.hand < 0)
    return s.t.last_kill_seat == s.side_of(actor) && s.t.last_kill_actor == actor &&
           s.t.last_kill_target == target && !s.squads[size_t(target)].commander_hit;
  return false;
}

/// "German squad B" (the hex-map variant's name of a squad).
std::string squad_label(const SqRules& R, const SqSquad& q, Lang lang) {
  return R.nations[size_t(q.nation)].name.in(lang_name(lang)) + (lang == Lang::en ? " " : "") +
         char('A' + q.letter);
}

/// The hex-map variant: why the squad whose turn it is cannot move to `hex`
/// (ruling 26).
Refusal move_refusal(const SqRules& R, const SqState& s, int hex, Lang lang) {
  const std::string rule = tr(lang, msg::sq::rule_map_movement);
  const std::string where = R.board.hexes.coordinate(hex);
  const int from = s.own().hex;
  if (hex == from) return Refusal{rule, tr(lang, msg::sq::refuse_move_here, "hex"_a = where)};
  if (const int other = sq_squad_on(s, hex); other >= 0) {
    const SqSquad& o = s.squads[size_t(other)];
    return Refusal{rule, tr(lang, msg::sq::refuse_move_occupied, "hex"_a = where,
                            "squad"_a = squad_label(R, o, lang))};
  }
  const int d = R.board.hexes.distance(from, hex);
  if (d > 2)
    return Refusal{rule, tr(lang, msg::sq::refuse_move_far, "hex"_a = where, "hexes"_a = d)};
  if (!R.board.open(hex))
    return Refusal{rule,
                   tr(lang, msg::sq::refuse_move_terrain, "hex"_a = where,
                      "terrain"_a = sq_plain(
                          R.cards[size_t(R.board.card[size_t(hex)])].name.in(lang_name(lang))))};
  return Refusal{rule, tr(lang, msg::sq::refuse_move_blocked, "hex"_a = where)};
}

}  // namespace

int sq_flanking_bonus(const SqRules& R, const SqSquad& q) {
  int bonus = 0;
  for (int c : q.flanking_cards) bonus += R.cards[size_t(c)].all_attacks;
  return bonus;
}

std::vector<int> sq_deck_cards(const SqRules& R, bool map, bool flanking) {
  std::vector<int> cards = map ? R.map_deck : R.deck;
  if (flanking)
    for (int& c : cards)
      if (c == R.flanking_replaces) c = R.flanking_card;
  return cards;
}

bool sq_window_open(const SqRules& R, const SqState& s) {
  const int seat = sq_seat_of_step(s);
  if (seat < 0) return false;
  // Each of its hands that holds a card holds, in this copy, one of each
  // card of the deck: what it could hold, as the other seat knows.
  std::vector<int> kinds = sq_deck_cards(R, s.map, s.flanking_variant);
  std::sort(kinds.begin(), kinds.end());
  kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
  SqState any = s;
  bool holds = false;
  for (auto& q : any.squads) {
    if (q.side != seat || q.hand.empty()) continue;
    q.hand.cards = kinds;
    holds = true;
  }
  if (!holds) return false;
  const auto moves = sq_legal_moves(R, any);
  return moves.size() > 1 || SqCommand(moves[0].command) != SqCommand::done;
}

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
      return 1 - s.active_side();
    case SqStep::over:
      return -1;
    default:
      return s.active_side();
  }
}

bool sq_enemy_step(const SqState& s) {
  return s.step != SqStep::setup_terrain && s.step != SqStep::start && s.step != SqStep::over &&
         sq_seat_of_step(s) != s.active_side();
}

int sq_actor(const SqState& s, int letter) {
  if (s.step == SqStep::setup_terrain) return s.squad_of(s.setup_seat, 0);
  if (!sq_enemy_step(s)) return s.active;
  if (!s.map) return 1 - s.active;
  return letter >= 0 && letter < s.per_side ? s.squad_of(1 - s.active_side(), letter) : -1;
}

int sq_target(const SqState& s, int letter) {
  if (s.step == SqStep::setup_terrain) return -1;
  if (sq_enemy_step(s)) return s.active;
  if (!s.map) return 1 - s.active;
  return letter >= 0 && letter < s.per_side ? s.squad_of(1 - s.active_side(), letter) : -1;
}

int sq_range_between(const SqRules& R, const SqState& s, int a, int b) {
  if (!s.map) return s.range;
  const int ha = s.squads[size_t(a)].hex, hb = s.squads[size_t(b)].hex;
  if (ha < 0 || hb < 0) return -1;
  const int d = R.board.hexes.distance(ha, hb);  // 1 PB, 2 S, 3 M, 4 L
  return d >= 1 && d <= kSqRanges ? d - 1 : -1;
}

int sq_squad_on(const SqState& s, int hex) {
  for (size_t i = 0; i < s.squads.size(); ++i)
    if (s.squads[i].hex == hex && s.squads[i].soldiers > 0) return int(i);
  return -1;
}

std::vector<int> sq_reachable(const SqRules& R, const SqState& s, int squad) {
  // 移動フェイズ (ruling 26): one hex of any terrain, or two of open ground;
  // never into or through a hex with a squad.
  std::vector<int> out;
  const int from = s.squads[size_t(squad)].hex;
  if (from < 0) return out;
  auto add = [&](int h) {
    if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
  };
  for (int n : R.board.hexes.neighbours(from)) {
    if (sq_squad_on(s, n) >= 0) continue;
    add(n);
    if (!R.board.open(n)) continue;
    for (int m : R.board.hexes.neighbours(n))
      if (m != from && R.board.open(m) && sq_squad_on(s, m) < 0) add(m);
  }
  std::sort(out.begin(), out.end());
  return out;
}

int sq_nearest_enemy(const SqRules& R, const SqState& s, int side, int hex) {
  int best = -1;
  for (const auto& q : s.squads)
    if (q.side != side && q.soldiers > 0 && q.hex >= 0) {
      const int d = R.board.hexes.distance(hex, q.hex);
      if (best < 0 || d < best) best = d;
    }
  return best;
}

bool sq_needs_target(const SqState& s, const SqCard& c) {
  return fire_step(s.step) && (c.attack() || c.attach == "enemy" || c.hand < 0);
}

std::optional<int> sq_range_modifier(const SqRules& R, const SqState& s, int actor, int target,
                                     const SqCard& card, bool* jp_exception) {
  // 臨機射撃フェイズ: the range of the turn before (note 4); the range only
  // changes in the movement phase, which comes after it.
  const int range = sq_range_between(R, s, actor, target);
  if (range < 0) return std::nullopt;
  const auto& at = card.range[size_t(range)];
  if (at) return *at;
  // 全ての射撃フェイズ: a Japanese squad may, once a turn, attack at S with a PB card.
  const int side = s.side_of(actor);
  if (range == 1 && card.range[0] && !s.t.jp_pb_at_s[size_t(side)] &&
      R.nations[size_t(s.squads[size_t(actor)].nation)].id == "jp") {
    if (jp_exception) *jp_exception = true;
    return *card.range[0];
  }
  return std::nullopt;
}

bool sq_card_playable(const SqRules& R, const SqState& s, int actor, int target, int card,
                      int trait) {
  if (actor < 0 || !s.in_play(actor)) return false;
  const int nation = s.squads[size_t(actor)].nation;
  if (card == R.trait_card) {
    if (trait < 0 || trait / SqRules::kTraitsPerNation != nation ||
        size_t(trait % SqRules::kTraitsPerNation) >= R.nations[size_t(nation)].traits.size())
      return false;
  } else if (trait >= 0) {
    return false;
  }
  return effect_playable(R, s, actor, target, R.effect(card, trait));
}

std::vector<Move> sq_legal_moves(const SqRules& R, const SqState& s) {
  std::vector<Move> out;
  if (s.step == SqStep::over) return out;
  if (s.step == SqStep::start) {
    out.push_back(Move(uint8_t(SqCommand::start), {}));
    return out;
  }
  const SqSquad& q = s.own();
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
      for (int c : distinct(q.hand)) out.push_back(Move(uint8_t(SqCommand::discard), {c}));
      return out;
    }
  }
  if (s.step == SqStep::movement) {
    if (s.map) {
      for (int h : sq_reachable(R, s, s.active)) out.push_back(Move(uint8_t(SqCommand::move), {h}));
    } else {
      for (int c : distinct(q.hand))
        for (int d = 0; d < 3; ++d) {
          if (d == int(SqDir::closer) && s.range == 0) continue;
          if (d == int(SqDir::farther) && s.range == kSqLong) continue;
          if (R.cards[size_t(c)].type == 'T')
            out.push_back(Move(uint8_t(SqCommand::move), {d, c, 0}));
          out.push_back(Move(uint8_t(SqCommand::move), {d, c, 1}));
        }
    }
  }
  // The squads that may play a card now: the one whose turn it is, or in the
  // enemy's steps each of the enemy's (the hex-map variant names it).
  std::vector<int> letters{-1};
  if (s.map && sq_enemy_step(s)) {
    letters.clear();
    for (int l = 0; l < s.per_side; ++l)
      if (s.in_play(s.squad_of(1 - s.active_side(), l))) letters.push_back(l);
  }
  for (int letter : letters) {
    const int actor = sq_actor(s, letter);
    const SqSquad& a = s.squads[size_t(actor)];
    auto offer = [&](int c, int code) {
      const SqCard& e = R.effect(c, code);
      if (s.map && !sq_enemy_step(s) && sq_needs_target(s, e)) {
        for (int l = 0; l < s.per_side; ++l)
          if (sq_card_playable(R, s, actor, sq_target(s, l), c, code))
            out.push_back(play_move(c, code, l));
      } else if (sq_card_playable(R, s, actor, sq_target(s, letter), c, code)) {
        out.push_back(play_move(c, code, letter));
      }
    };
    for (int c : distinct(a.hand)) {
      if (c == R.trait_card) {
        const auto& traits = R.nations[size_t(a.nation)].traits;
        for (size_t t = 0; t < traits.size(); ++t)
          offer(c, a.nation * SqRules::kTraitsPerNation + int(t));
      } else {
        offer(c, -1);
      }
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
  // The squad a command other than `play` speaks for.
  const SqSquad& q = s.map ? s.own() : s.squads[size_t(seat)];
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
      if (s.map) return move_refusal(R, s, m.arg(0), lang);
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
  const int card = m.arg(0), trait = m.arg(1), letter = m.arg(2);
  const std::string name = R.cards[size_t(card)].name.in(lang_name(lang));
  // The play as typed, for an example: the card, and a trait's effect.
  const std::string typed = R.cards[size_t(card)].id + (trait >= 0 ? " " + R.trait(trait).id : "");
  const int actor = sq_actor(s, letter);
  if (s.map && (actor < 0 || !s.in_play(actor)))  // ruling 24: which of your squads plays it
    return Refusal{tr(lang, msg::sq::rule_map),
                   actor < 0 ? tr(lang, msg::sq::refuse_which_squad, "card"_a = typed)
                             : tr(lang, msg::sq::refuse_squad_out,
                                  "letter"_a = std::string(1, char('A' + letter)))};
  const SqSquad& a = s.squads[size_t(actor)];
  if (!a.hand.contains(card))
    return Refusal{rule, s.map ? tr(lang, msg::sq::refuse_not_in_squad_hand, "card"_a = name,
                                    "squad"_a = squad_label(R, a, lang))
                               : tr(lang, msg::sq::refuse_not_in_hand, "card"_a = name)};
  if (card == R.trait_card && trait < 0)
    return Refusal{tr(lang, msg::sq::rule_trait), tr(lang, msg::sq::refuse_trait_effect)};
  if (card == R.trait_card && trait / SqRules::kTraitsPerNation != a.nation)
    return Refusal{
        tr(lang, msg::sq::rule_trait),
        tr(lang, msg::sq::refuse_trait_nation, "effect"_a = R.trait(trait).name.in(lang_name(lang)),
           "nation"_a = R.nations[size_t(a.nation)].name.in(lang_name(lang)))};
  const SqCard& c = R.effect(card, trait);
  const int target = sq_target(s, letter);
  if (s.map && !sq_enemy_step(s) && sq_needs_target(s, c)) {
    if (letter < 0)
      return Refusal{tr(lang, msg::sq::rule_map),
                     tr(lang, msg::sq::refuse_which_target, "card"_a = typed)};
    if (target < 0 || !s.in_play(target))
      return Refusal{
          tr(lang, msg::sq::rule_map),
          tr(lang, msg::sq::refuse_squad_out, "letter"_a = std::string(1, char('A' + letter)))};
  }
  if (fire_step(s.step) && c.attack() && target >= 0)
    if (auto r = attack_refusal(R, s, actor, target, c, lang)) return r;
  if (c.hand < 0 && fire_step(s.step))
    return Refusal{tr(lang, msg::sq::rule_commander), tr(lang, msg::sq::refuse_commander)};
  if (c.attach == "enemy" && fire_step(s.step))
    return Refusal{rule, tr(lang, msg::sq::refuse_encircled)};
  if (c.mission && s.step == SqStep::after_move && s.t.mission_played)
    return Refusal{tr(lang, msg::sq::rule_movement), tr(lang, msg::sq::refuse_mission_once)};
  if (c.mission)
    return Refusal{tr(lang, msg::sq::rule_movement), tr(lang, msg::sq::refuse_mission)};
  if (c.soldiers > 0 && a.soldiers >= R.max_soldiers)
    return Refusal{rule, tr(lang, msg::sq::refuse_reinforcements_full,
                            "nation"_a = R.nations[size_t(a.nation)].name.in(lang_name(lang)),
                            "max"_a = R.max_soldiers)};
  if (s.flanking_variant && R.is_flanking(c))
    return Refusal{tr(lang, msg::sq::rule_movement), tr(lang, msg::sq::refuse_flanking_variant)};
  if (c.opportunity != 0 && s.step == SqStep::covering && s.t.covering_attacks > 0)
    return Refusal{tr(lang, msg::sq::rule_covering), tr(lang, msg::sq::refuse_smoke_after_fire)};
  return Refusal{rule, tr(lang, msg::sq::refuse_not_now, "card"_a = name)};
}

}  // namespace bocage
