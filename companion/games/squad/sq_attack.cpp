// SQUAD's attack roll (全ての射撃フェイズ): kills = 1D6 - 1D6 + the card's
// modifier at the range + cover + the phase's modifiers (ruling 12).
#include <algorithm>

#include "bocage/msg/sq.h"
#include "sq_play.h"

namespace bocage {

void SqPlay::attack(int actor, int target, const SqCard& c) {
  SqSquad& them = S.squads[size_t(target)];
  const SqSquad& us = S.squads[size_t(actor)];
  const int seat = us.side;
  const SqNation& nation = R.nations[size_t(us.nation)];
  bool jp = false;
  const int card_mod = sq_range_modifier(R, S, actor, target, c, &jp).value_or(0);
  if (jp) S.t.jp_pb_at_s[size_t(seat)] = true;

  int cover = 0;
  // The target's terrain: its T card, or on the map its hex's (ruling 25).
  const int terrain = S.map ? R.board.card[size_t(them.hex)] : them.terrain;
  const bool fortified = terrain >= 0 && std::find(R.fortifications.begin(), R.fortifications.end(),
                                                   terrain) != R.fortifications.end();
  // The bazooka ignores cover only against a fortification ("Else no
  // modifier", SQ-12); the grenade and the flame thrower against any.
  const bool ignores_cover = c.ignore_cover && (c.fortification == 0 || fortified);
  if (terrain >= 0) {
    const SqCard& t = R.cards[size_t(terrain)];
    if (!ignores_cover) cover += t.cover;
    cover += t.all_attacks;  // the hill: every attack -1 (README)
    if (c.fortification && fortified) cover += c.fortification;
  }
  if (!ignores_cover) cover += them.own_cover;  // Concealment
  cover += them.enemy_cover;                    // Encircled

  int phase = 0;
  switch (S.step) {
    case SqStep::covering:  // moving and firing; smoke on your own fire
      phase = nation.moving_fire + S.t.smoke_covering;
      break;
    case SqStep::opportunity:
      phase = (S.t.covering_attacks > 0 ? -1 : 0) + S.t.smoke_opportunity + S.t.ambush;
      break;
    case SqStep::fixed:
      if (S.t.moving)
        phase = -1 + (S.t.moved_sideways && S.t.opportunity_attacks == 0 ? 1 : 0);
      else if (them.flanked)
        phase = -1;
      break;
    default:
      break;
  }
  const int pinned = us.pinned ? -1 : 0;
  // 側面のバリエーション: the attacker's Flanking Fire in play counts too.
  const int cards = S.t.flanking[size_t(seat)] + sq_flanking_bonus(R, us) +
                    (c.machine_gun ? S.t.enfilade[size_t(seat)] : 0);
  const int mods = card_mod + cover + phase + pinned + cards;

  const int a = ctx.roll(6, ctx.m(msg::sq::what_attack));
  const int b = ctx.roll(6, ctx.m(msg::sq::what_defence));
  int kills = std::max(0, a - b + mods);
  if (c.max_kill > 0) kills = std::min(kills, c.max_kill);
  if (S.step == SqStep::opportunity && S.t.pointman)  // ruling 7
    kills = std::min(kills, std::max(0, 1 - S.t.opportunity_kills));
  kills = std::min(kills, them.soldiers);
  BOCAGE_SAY(
      ctx,
      ctx.m(msg::sq::attack_roll, "a"_a = a, "b"_a = b, "card"_a = card_mod, "cover"_a = cover,
            "phase"_a = phase, "pinned"_a = pinned, "cards"_a = cards, "total"_a = a - b + mods),
      Line::Kind::dice);

  S.t.attacked[size_t(seat)] = true;
  them.fired_at = true;
  them.casualties += kills;
  if (S.step == SqStep::covering) ++S.t.covering_attacks;
  if (S.step == SqStep::opportunity) {
    ++S.t.opportunity_attacks;
    S.t.opportunity_kills += kills;
    if (S.t.pointman && kills > 0) S.t.move_skipped = true;
  }
  S.t.last_kill_seat = kills > 0 ? seat : -1;
  S.t.last_kill_actor = kills > 0 ? actor : -1;
  S.t.last_kill_target = kills > 0 ? target : -1;
  if (kills > 0)
    BOCAGE_SAY(ctx,
               ctx.m(msg::sq::kills, "nation"_a = nation_name(target), "count"_a = kills,
                     "left"_a = them.soldiers - kills),
               Line::Kind::result);
  else
    BOCAGE_SAY(ctx, ctx.m(msg::sq::no_kills), Line::Kind::result);
  lose(target, kills);
}

}  // namespace bocage
