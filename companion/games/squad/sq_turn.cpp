// The flow of SQUAD's turn (ターンの順番): the nine phases in order, each
// step waiting only where a player has something to decide; the draws, the
// morale check and the rally roll on the way.
#include <algorithm>

#include "bocage/msg/sq.h"
#include "sq_play.h"

namespace bocage {

void SqPlay::setup() {
  // 準備: the higher die starts (ruling 1).
  for (;;) {
    const int a = ctx.roll(6, side_name(0));
    const int b = ctx.roll(6, side_name(1));
    BOCAGE_SAY(ctx,
               ctx.m(msg::sq::first_roll, "a"_a = side_name(0), "da"_a = a, "b"_a = side_name(1),
                     "db"_a = b),
               Line::Kind::dice);
    if (a == b) continue;
    S.first = a > b ? 0 : 1;
    break;
  }
  BOCAGE_SAY(ctx, ctx.m(msg::sq::first_player, "nation"_a = side_name(S.first)),
             Line::Kind::result);
  S.deck.shuffle(ctx);
  // Five cards each; on the map each squad its own hand (ruling 22).
  for (int side : {S.first, 1 - S.first})
    for (int l = 0; l < S.per_side; ++l) draw(S.squad_of(side, l), R.start_hand);
  S.active = S.squad_of(S.first, 0);
  S.setup_seat = S.first;
  S.step = SqStep::setup_terrain;
  settle();
}

void SqPlay::draw(int squad, int n) {
  const int seat = squad;
  SqSquad& q = S.squads[size_t(squad)];
  int drawn = 0;
  for (int i = 0; i < n; ++i) {
    if (S.deck.empty()) {
      if (S.discard.empty()) break;
      S.deck.refill(S.discard.cards, ctx);  // ドローフェイズ: reshuffle the discards
      S.discard.cards.clear();
      BOCAGE_SAY(ctx, ctx.m(msg::sq::reshuffled, "count"_a = int(S.deck.size())));
    }
    DrawQuestion q_draw;
    if (ctx.narrating() || !S.deck.virtual_cards())
      q_draw.text =
          ctx.m(msg::sq::draw_which, "nation"_a = nation_name(seat), "n"_a = i + 1, "count"_a = n);
    q_draw.answer = [this](int card) { return R.cards[size_t(card)].id; };
    q_draw.seat = q.side;
    q_draw.secret = true;  // the card goes into the hand: no other seat reads it
    q_draw.group = [this, lang = ctx.lang()](int card) {
      return R.cards[size_t(card)].type_name.in(lang_name(lang));
    };
    // Table mode: the other side's hands may hold any card this side drew,
    // as far as it knows (a card's copies share its index).
    if (!S.deck.virtual_cards()) {
      for (const auto& other : S.squads)
        if (other.side != q.side)
          q_draw.unseen_elsewhere.insert(q_draw.unseen_elsewhere.end(), other.hand.cards.begin(),
                                         other.hand.cards.end());
    }
    const int card = S.deck.draw(ctx, q_draw);
    if (card == kUnknownCard) break;
    q.hand.add(card);
    ++drawn;
  }
  BOCAGE_SAY(ctx, ctx.m(msg::sq::drew, "nation"_a = nation_name(seat), "count"_a = drawn,
                        "hand"_a = int(q.hand.size())));
}

void SqPlay::settle(int keep_seat) {
  while (S.step != SqStep::over) {
    if (S.map && S.turn > 0 && !S.in_play(S.active)) {  // out during its own turn
      end_turn();
      continue;
    }
    const auto moves = sq_legal_moves(R, S);
    if (moves.size() != 1 || SqCommand(moves[0].command) != SqCommand::done) break;
    if (keep_seat >= 0 && sq_seat_of_step(S) == keep_seat) break;
    if (S.windows_always && sq_window_open(R, S)) break;  // SQ-31
    finish_step();
  }
  if (S.step == SqStep::setup_terrain)
    BOCAGE_SAY(ctx, ctx.m(msg::sq::setup_terrain_now, "nation"_a = side_name(S.setup_seat)));
}

void SqPlay::enter(SqStep step) {
  if (S.step == SqStep::over) return;
  S.step = step;
  if (S.map && !S.in_play(S.active)) return;  // its turn ends (settle)
  SqSquad& own = S.own();
  switch (step) {
    case SqStep::morale_own:
      S.t.morale_mod = 0;
      if (!own.fired_at) {
        own.casualties = 0;
        enter(SqStep::declare);
      }
      return;
    case SqStep::declare:
      if (own.pinned) {
        BOCAGE_SAY(ctx, ctx.m(msg::sq::pinned_stays, "nation"_a = nation_name(S.active)));
        enter(SqStep::fixed);
      }
      return;
    case SqStep::rally_own:
      S.t.rally_mod = 0;
      if (!own.pinned) enter(SqStep::discard);
      return;
    case SqStep::discard:
      // 捨て札フェイズ: an extra card for a squad that neither moved nor attacked.
      if (!S.t.moving && !S.t.attacked[size_t(S.active_side())]) {
        BOCAGE_SAY(ctx, ctx.m(msg::sq::extra_card, "nation"_a = nation_name(S.active)));
        draw(S.active, 1);
      }
      return;
    default:
      return;
  }
}

void SqPlay::finish_step() {
  switch (S.step) {
    case SqStep::start:
      return;
    case SqStep::setup_terrain:
      if (S.setup_seat == S.first) {
        S.setup_seat = 1 - S.first;
      } else {
        S.turn = 0;
        S.active = S.first;
        end_turn();  // begins the first turn
      }
      return;
    case SqStep::morale_own:
      return enter(SqStep::morale_enemy);
    case SqStep::morale_enemy:
      roll_morale();
      return enter(SqStep::declare);
    case SqStep::declare:
      return;
    case SqStep::covering:
      return enter(SqStep::opportunity);
    case SqStep::opportunity:
      if (S.t.move_skipped) {
        BOCAGE_SAY(ctx, ctx.m(msg::sq::pointman_stopped, "nation"_a = nation_name(S.active)));
        return enter(SqStep::fixed);
      }
      return enter(SqStep::movement);
    case SqStep::movement:
      BOCAGE_SAY(ctx, ctx.m(msg::sq::no_move, "nation"_a = nation_name(S.active)));
      return enter(SqStep::fixed);
    case SqStep::obstacle:
      return resolve_move();
    case SqStep::engineer:
      return resolve_move();
    case SqStep::after_move:
      // 側面のバリエーション: moved and played no Flanking Fire: all of it goes.
      if (S.flanking_variant && !S.t.flanking_played && !S.own().flanking_cards.empty()) {
        BOCAGE_SAY(ctx, ctx.m(msg::sq::flanking_discarded_moved, "nation"_a = nation_name(S.active),
                              "count"_a = int(S.own().flanking_cards.size())));
        discard_flanking(S.own());
      }
      return enter(SqStep::fixed);
    case SqStep::fixed:
      return enter(SqStep::response);
    case SqStep::response:
      return enter(SqStep::rally_own);
    case SqStep::rally_own:
      return enter(SqStep::rally_enemy);
    case SqStep::rally_enemy:
      roll_rally();
      return enter(SqStep::discard);
    case SqStep::discard:
      return end_turn();
    case SqStep::over:
      return;
  }
}

void SqPlay::end_turn() {
  if (S.step == SqStep::over) return;
  if (S.turn > 0) {
    S.own().flanked = S.t.moved_sideways;
    // 士気フェイズ: "casualties of the turn just before" are the enemy's last
    // turn's; what the squad lost in its own turn (opportunity and response
    // fire) is not counted at its next check (SQ-2, the tracker's
    // "lost last turn").
    S.own().casualties = 0;
    if (S.map)
      S.active = next_squad(1 - S.active_side());
    else
      S.active = 1 - S.active;
  } else if (S.map) {
    S.active = next_squad(S.first);
  }
  ++S.turn;
  S.t = SqTurn{};
  BOCAGE_SAY(ctx,
             ctx.m(msg::sq::turn_begins, "turn"_a = S.turn, "nation"_a = nation_name(S.active)));
  draw(S.active, R.nations[size_t(S.own().nation)].draw);  // ドローフェイズ
  enter(SqStep::morale_own);
}

void SqPlay::roll_morale() {
  SqSquad& own = S.own();
  const SqNation& n = R.nations[size_t(own.nation)];
  const int die = ctx.roll(6, ctx.m(msg::sq::what_morale));
  const int total = die + n.morale + own.casualties + S.t.morale_mod;
  BOCAGE_SAY(ctx,
             ctx.m(msg::sq::morale_roll, "die"_a = die, "nation_mod"_a = n.morale,
                   "casualties"_a = own.casualties, "cards"_a = S.t.morale_mod, "total"_a = total),
             Line::Kind::dice);
  own.fired_at = false;
  own.casualties = 0;
  if (total < 5) {
    BOCAGE_SAY(ctx, ctx.m(msg::sq::morale_held), Line::Kind::result);
    return;
  }
  if (!own.pinned) {
    own.pinned = true;
    BOCAGE_SAY(ctx, ctx.m(msg::sq::now_pinned, "nation"_a = nation_name(S.active)),
               Line::Kind::result);
    return;
  }
  // Already pinned: the squad routs (ruling 4).
  const int a = ctx.roll(6, ctx.m(msg::sq::what_rout));
  const int b = ctx.roll(6, ctx.m(msg::sq::what_rout));
  const int loss = std::max(0, a - b);
  BOCAGE_SAY(ctx,
             ctx.m(msg::sq::rout, "nation"_a = nation_name(S.active), "a"_a = a, "b"_a = b,
                   "loss"_a = loss),
             Line::Kind::result);
  lose(S.active, loss);
}

void SqPlay::roll_rally() {
  SqSquad& own = S.own();
  const SqNation& n = R.nations[size_t(own.nation)];
  const int die = ctx.roll(6, ctx.m(msg::sq::what_rally));
  const int total = die + n.rally + S.t.rally_mod;
  BOCAGE_SAY(ctx,
             ctx.m(msg::sq::rally_roll, "die"_a = die, "nation_mod"_a = n.rally,
                   "cards"_a = S.t.rally_mod, "total"_a = total),
             Line::Kind::dice);
  if (total >= 5) {
    own.pinned = false;
    BOCAGE_SAY(ctx, ctx.m(msg::sq::rallied, "nation"_a = nation_name(S.active)),
               Line::Kind::result);
  } else {
    BOCAGE_SAY(ctx, ctx.m(msg::sq::still_pinned, "nation"_a = nation_name(S.active)),
               Line::Kind::result);
  }
}

int SqPlay::next_squad(int side) {
  for (int k = 0; k < S.per_side; ++k) {
    const int letter = (S.next_letter[size_t(side)] + k) % S.per_side;
    const int squad = S.squad_of(side, letter);
    if (S.in_play(squad)) {
      S.next_letter[size_t(side)] = (letter + 1) % S.per_side;
      return squad;
    }
  }
  return S.active;  // none left: the game is over
}

void SqPlay::lose(int squad, int n) {
  SqSquad& q = S.squads[size_t(squad)];
  q.soldiers -= std::min(n, q.soldiers);
  if (q.soldiers > 0 || S.step == SqStep::over) return;
  if (S.map) {
    // Out (ruling 29): off the map, its cards to the discard pile.
    BOCAGE_SAY(ctx, ctx.m(msg::sq::squad_out, "nation"_a = nation_name(squad)), Line::Kind::result);
    clear_terrain(squad);
    for (int c : q.hand.cards) discard_card(c);
    q.hand.cards.clear();
    q.pinned = false;
    q.hex = -1;
    for (int l = 0; l < S.per_side; ++l)
      if (S.in_play(S.squad_of(q.side, l))) return;
  }
  S.winner = 1 - q.side;
  S.reason = "annihilated";
  S.step = SqStep::over;
}

}  // namespace bocage
