// SQUAD's commands on the state: playing a card for what it does in the
// current step, moving, discarding, ending a step.
#include <algorithm>

#include "bocage/msg/sq.h"
#include "sq_play.h"

namespace bocage {

void SqPlay::act(const Move& m) {
  const int last_kill = S.t.last_kill_seat;
  const int last_actor = S.t.last_kill_actor, last_target = S.t.last_kill_target;
  S.t.last_kill_seat = -1;  // Commander Killed only right after a kill
  S.t.last_kill_actor = S.t.last_kill_target = -1;
  const int seat_before = sq_seat_of_step(S);
  switch (SqCommand(m.command)) {
    case SqCommand::start:
      setup();
      return;
    case SqCommand::play:
      if (R.effect(m.arg(0), m.arg(1)).hand < 0) {
        S.t.last_kill_seat = last_kill;
        S.t.last_kill_actor = last_actor;
        S.t.last_kill_target = last_target;
      }
      play(sq_actor(S, m.arg(2)), sq_target(S, m.arg(2)), m.arg(0), m.arg(1));
      break;
    case SqCommand::declare:
      S.t.moving = m.arg(0) > 0;
      S.t.pointman = m.arg(0) == 2;
      BOCAGE_SAY(ctx,
                 S.t.moving
                     ? (S.t.pointman
                            ? ctx.m(msg::sq::declared_pointman, "nation"_a = nation_name(S.active))
                            : ctx.m(msg::sq::declared_move, "nation"_a = nation_name(S.active)))
                     : ctx.m(msg::sq::declared_stay, "nation"_a = nation_name(S.active)));
      S.step = S.t.moving ? SqStep::covering : SqStep::fixed;
      break;
    case SqCommand::move:
      if (S.map)
        move_to(m.arg(0));
      else
        move(SqDir(m.arg(0)), m.arg(1), m.arg(2) != 0);
      break;
    case SqCommand::discard:
      S.own().hand.take(m.arg(0));
      S.discard.add(m.arg(0));
      BOCAGE_SAY(ctx, ctx.m(msg::sq::discarded, "card"_a = card_name(m.arg(0))));
      break;
    case SqCommand::done:
      finish_step();
      break;
  }
  // A card played leaves its player's step open until that player's `done`.
  settle(SqCommand(m.command) == SqCommand::play ? seat_before : -1);
}

void SqPlay::discard_card(int card) {
  S.discard.add(card);
}

void SqPlay::clear_terrain(int squad) {
  SqSquad& q = S.squads[size_t(squad)];
  if (q.terrain >= 0) discard_card(q.terrain);
  for (int c : q.attached_own) discard_card(c);
  for (int c : q.attached_enemy) discard_card(c);
  q.terrain = -1;
  q.attached_own.clear();
  q.attached_enemy.clear();
  q.own_cover = 0;
  q.enemy_cover = 0;
}

void SqPlay::play(int actor, int target, int card, int trait) {
  const int seat = actor;  // the squad that plays (the card game: its seat)
  SqSquad& q = S.squads[size_t(actor)];
  q.hand.take(card);
  const SqCard& c = R.effect(card, trait);
  const std::string name = R.play_name(card, trait, ctx.lang());
  BOCAGE_SAY(ctx, ctx.m(msg::sq::plays, "nation"_a = nation_name(seat), "card"_a = name));
  switch (S.step) {
    case SqStep::setup_terrain:
      q.terrain = card;
      BOCAGE_SAY(ctx, ctx.m(msg::sq::terrain_now, "nation"_a = nation_name(seat),
                            "terrain"_a = card_name(card), "cover"_a = c.cover));
      finish_step();
      return;
    case SqStep::morale_own:
    case SqStep::morale_enemy:
      S.t.morale_mod += c.morale;
      discard_card(card);
      return;
    case SqStep::rally_own:
    case SqStep::rally_enemy:
      S.t.rally_mod += c.rally;
      discard_card(card);
      return;
    case SqStep::obstacle:
      S.t.obstacle_card = card;
      S.t.obstacle_trait = trait;
      S.step = SqStep::engineer;
      return;
    case SqStep::engineer:  // 戦闘工兵: the obstacle is cleared
      discard_card(card);
      discard_card(S.t.obstacle_card);
      S.t.obstacle_card = -1;
      BOCAGE_SAY(ctx, ctx.m(msg::sq::obstacle_cleared));
      S.step = SqStep::obstacle;  // resolve_move: the move goes ahead
      resolve_move();
      return;
    case SqStep::after_move:
      if (S.flanking_variant && R.is_flanking(c)) {  // 側面のバリエーション: stays in play
        q.flanking_cards.push_back(card);
        S.t.flanking_played = true;
        BOCAGE_SAY(
            ctx,
            ctx.m(msg::sq::flanking_stays, "nation"_a = nation_name(actor),
                  "count"_a = int(q.flanking_cards.size()), "bonus"_a = sq_flanking_bonus(R, q)),
            Line::Kind::result);
        return;
      }
      if (c.mission) {
        ++q.objectives;
        S.t.mission_played = true;
        discard_card(card);  // note 5
        int count = 0;       // a side's squads add up (ruling 29)
        for (const auto& o : S.squads)
          if (o.side == q.side) count += o.objectives;
        BOCAGE_SAY(ctx,
                   ctx.m(msg::sq::objective, "nation"_a = side_name(q.side), "count"_a = count,
                         "needed"_a = R.objectives),
                   Line::Kind::result);
        if (count >= R.objectives) {
          S.winner = q.side;
          S.reason = "objectives";
          S.step = SqStep::over;
        }
      } else {
        q.attached_own.push_back(card);
        q.own_cover += c.cover;
        BOCAGE_SAY(ctx, ctx.m(msg::sq::concealed, "nation"_a = nation_name(seat)));
      }
      return;
    default:
      break;
  }
  // A fire phase.
  if (c.attack()) {
    discard_card(card);
    attack(actor, target, c);
  } else if (c.opportunity != 0) {  // Smoke
    S.t.smoke_covering += c.covering;
    S.t.smoke_opportunity += c.opportunity;
    discard_card(card);
  } else if (c.ambush > 0) {
    S.t.ambush += c.ambush;
    discard_card(card);
  } else if (c.type != 'T' && (c.all_attacks > 0 || c.mg_bonus > 0)) {
    S.t.flanking[size_t(q.side)] += c.all_attacks;
    S.t.enfilade[size_t(q.side)] += c.mg_bonus;
    discard_card(card);
  } else if (c.attach == "enemy") {
    SqSquad& enemy = S.squads[size_t(target)];
    enemy.attached_enemy.push_back(card);
    enemy.enemy_cover += c.cover;
  } else if (c.hand < 0) {  // Commander Killed (note 6)
    SqSquad& enemy = S.squads[size_t(target)];
    enemy.hand_penalty -= c.hand;
    enemy.commander_hit = true;
    S.aside.add(card);
    BOCAGE_SAY(ctx, ctx.m(msg::sq::commander, "nation"_a = nation_name(target),
                          "limit"_a = R.nations[size_t(enemy.nation)].hand - enemy.hand_penalty));
  } else {
    discard_card(card);
    if (c.peek > 0) {
      ctx.revealed();
      if (S.deck.virtual_cards()) {
        std::string list;
        for (int k : S.deck.peek(size_t(c.peek))) list += (list.empty() ? "" : ", ") + card_name(k);
        // The Scout's player alone sees them (a log shows them to no one else).
        if (ctx.narrating()) ctx.say_to(q.side, ctx.m(msg::sq::peek_virtual, "cards"_a = list));
      } else {
        BOCAGE_SAY(ctx, ctx.m(msg::sq::peek_table, "count"_a = c.peek));
      }
    }
    if (c.draw > 0) {
      // The cards drawn are the drawing player's to see (virtual mode: the
      // companion names them to that seat alone; table mode: they are in hand).
      const size_t before = q.hand.size();
      draw(seat, c.draw);
      if (S.deck.virtual_cards() && ctx.narrating() && q.hand.size() > before) {
        std::string list;
        for (size_t k = before; k < q.hand.size(); ++k)
          list += (list.empty() ? "" : ", ") + card_name(q.hand.cards[k]);
        ctx.say_to(q.side,
                   ctx.m(msg::sq::drew_cards, "nation"_a = nation_name(seat), "cards"_a = list));
      }
    }
    if (c.soldiers > 0) {
      const int before = q.soldiers;
      q.soldiers = std::min(R.max_soldiers, q.soldiers + c.soldiers);
      BOCAGE_SAY(ctx, ctx.m(msg::sq::reinforced, "nation"_a = nation_name(seat),
                            "added"_a = q.soldiers - before, "count"_a = q.soldiers));
    }
  }
}

void SqPlay::move(SqDir dir, int card, bool open) {
  S.own().hand.take(card);
  S.t.dir = dir;
  S.t.move_card = card;
  S.t.to_open = open;
  BOCAGE_SAY(ctx, ctx.m(msg::sq::moving, "nation"_a = nation_name(S.active),
                        "dir"_a = dir == SqDir::closer    ? ctx.m(msg::sq::dir_closer)
                                  : dir == SqDir::farther ? ctx.m(msg::sq::dir_farther)
                                                          : ctx.m(msg::sq::dir_sideways),
                        "terrain"_a = open ? ctx.m(msg::sq::open_ground) : card_name(card)));
  S.step = SqStep::obstacle;  // the enemy may stop it
}

void SqPlay::move_to(int hex) {
  S.t.move_hex = hex;
  BOCAGE_SAY(ctx, ctx.m(msg::sq::moving_to, "nation"_a = nation_name(S.active),
                        "hex"_a = hex_name(hex), "terrain"_a = hex_terrain(hex)));
  S.step = SqStep::obstacle;  // the enemy may stop it
}

void SqPlay::resolve_move() {
  if (S.t.obstacle_card >= 0) {
    // Stopped: the new terrain is discarded and the squad stays (移動フェイズ).
    const int obstacle = S.t.obstacle_card;
    const SqCard& o = R.effect(obstacle, S.t.obstacle_trait);
    discard_card(obstacle);
    if (S.t.move_card >= 0) discard_card(S.t.move_card);
    S.t.obstacle_card = -1;
    S.t.move_card = -1;
    BOCAGE_SAY(ctx, ctx.m(msg::sq::move_stopped, "nation"_a = nation_name(S.active)),
               Line::Kind::result);
    if (o.mine != 0) {
      const int a = ctx.roll(6, ctx.m(msg::sq::what_attack));
      const int b = ctx.roll(6, ctx.m(msg::sq::what_defence));
      const int kills = std::min(std::max(0, a - b + o.mine), S.own().soldiers);
      BOCAGE_SAY(
          ctx, ctx.m(msg::sq::mine_roll, "a"_a = a, "b"_a = b, "mod"_a = o.mine, "kills"_a = kills),
          Line::Kind::dice);
      S.own().fired_at = true;
      S.own().casualties += kills;
      lose(S.active, kills);
    }
    enter(SqStep::fixed);
    return;
  }
  clear_terrain(S.active);
  if (S.map) {
    // ruling 27: sideways when the nearest enemy is as far as before.
    const int side = S.active_side();
    S.t.moved_sideways =
        sq_nearest_enemy(R, S, side, S.own().hex) == sq_nearest_enemy(R, S, side, S.t.move_hex);
    S.own().hex = S.t.move_hex;
    BOCAGE_SAY(ctx,
               ctx.m(msg::sq::moved_to, "nation"_a = nation_name(S.active),
                     "hex"_a = hex_name(S.t.move_hex), "terrain"_a = hex_terrain(S.t.move_hex),
                     "flank"_a = S.t.moved_sideways ? ctx.m(msg::sq::flanking) : std::string()),
               Line::Kind::result);
    S.t.move_hex = -1;
    discard_enemy_flanking();
    if (S.step != SqStep::over) S.step = SqStep::after_move;
    return;
  }
  if (S.t.to_open)
    discard_card(S.t.move_card);
  else
    S.own().terrain = S.t.move_card;
  if (S.t.dir == SqDir::closer) --S.range;
  if (S.t.dir == SqDir::farther) ++S.range;
  if (S.t.dir == SqDir::sideways) S.t.moved_sideways = true;
  BOCAGE_SAY(
      ctx,
      ctx.m(msg::sq::moved, "nation"_a = nation_name(S.active),
            "terrain"_a = S.t.to_open ? ctx.m(msg::sq::open_ground) : card_name(S.t.move_card),
            "range"_a = range_name(S.range)),
      Line::Kind::result);
  S.t.move_card = -1;
  discard_enemy_flanking();
  if (S.step != SqStep::over) S.step = SqStep::after_move;
}

void SqPlay::discard_flanking(SqSquad& q) {
  for (int c : q.flanking_cards) discard_card(c);
  q.flanking_cards.clear();
}

void SqPlay::discard_enemy_flanking() {
  // 側面のバリエーション: "the other side moved (successfully): all the
  // Flanking Fire it played is discarded".
  for (int i = 0; i < int(S.squads.size()); ++i) {
    SqSquad& e = S.squads[size_t(i)];
    if (e.side == S.active_side() || e.flanking_cards.empty()) continue;
    BOCAGE_SAY(ctx, ctx.m(msg::sq::flanking_discarded_enemy, "nation"_a = nation_name(i),
                          "count"_a = int(e.flanking_cards.size())));
    discard_flanking(e);
  }
}

}  // namespace bocage
