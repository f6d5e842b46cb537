// What the game does by itself: deals the grid (2; virtual from the deck,
// table by asking each front), turns cards over (5, 10; table mode asks the
// back among those still possible), hurts the squad, ends an assault phase
// (7, 8: the far row slides, the rest is reshuffled) and ends the game
// (終了: DEAD, blocked). Rulings: data/omaha-beach/README.md.
#include <algorithm>

#include "bocage/msg/ob.h"
#include "ob_play.h"

namespace bocage {

void ObPlay::deal_grid() {
  for (int r = 1; r <= kObFarRow; ++r)
    for (int c = 0; c < kObColumns; ++c) {
      ObCell& cell = S.at(r, c);
      cell = ObCell{};
      int card = kUnknownCard;
      if (virtual_mode) {
        card = S.deck.draw(ctx, DrawQuestion{});
      } else {
        // Table: the player says the front, among the fronts still in the deck.
        Question q;
        q.kind = Question::Kind::reveal;
        for (size_t f = 0; f < R.fronts.size(); ++f)
          for (int k : S.deck.cards())
            if (R.cards[size_t(k)].front == int(f)) {
              q.choices.push_back(R.fronts[f].answer);
              q.values.push_back(k);
              break;
            }
        // The choices follow as printed (平地, 対戦車障害X型（視界制限）, ...).
        q.text = ctx.m(msg::ob::ask_front, "place"_a = place_name({r, c}));
        if (q.choices.empty()) continue;  // the deck is too small (the rules loader refuses it)
        const std::string answer = ctx.ask(q);
        ctx.revealed();
        for (size_t i = 0; i < q.choices.size(); ++i)
          if (q.choices[i] == answer) card = q.values[i];
        S.deck.take(card);
      }
      if (card == kUnknownCard) continue;
      cell.card = card;
      cell.front = R.cards[size_t(card)].front;
    }
  S.dealt = true;
  BOCAGE_SAY(ctx, ctx.m(msg::ob::grid_dealt, "assault"_a = S.assault));
  if (ctx.narrating()) ctx.say_drawing(grid_text());
  if (S.assault == 1 && !S.landed)
    BOCAGE_SAY(ctx, ctx.m(msg::ob::land_hint));
  else if (S.assault == R.grids && !S.nest_placed)
    BOCAGE_SAY(ctx, ctx.m(msg::ob::nest_hint, "last"_a = R.grids));
}

bool ObPlay::turn_card(ObPlace p) {
  ObCell& cell = S.at(p.row, p.column);
  if (!virtual_mode) {
    // Table: which copy of this front lies here is known only from its back.
    // The backs still possible: the copies in the deck or face up on the grid.
    std::vector<int> pool{cell.card};
    for (int k : S.deck.cards())
      if (R.cards[size_t(k)].front == cell.front) pool.push_back(k);
    for (int r = 0; r <= kObFarRow; ++r)
      for (int c = 0; c < kObColumns; ++c) {
        const ObCell& o = S.at(r, c);
        if (&o != &cell && !o.turned && !o.nest && o.front == cell.front) pool.push_back(o.card);
      }
    Question q;
    q.kind = Question::Kind::reveal;
    for (bool mine : {true, false})
      for (int k : pool)
        if (R.cards[size_t(k)].mine == mine) {
          q.choices.push_back(mine ? "mine" : "clear");
          q.values.push_back(k);
          break;
        }
    // Asked even when one back is left (the player confirms what the card
    // shows), but then the question names that back and offers only it.
    const std::string place = place_name(p), card = front_name(cell.front);
    if (q.choices.size() == 1 && q.choices[0] == "mine")
      q.text = ctx.m(msg::ob::ask_back_only_mine, "place"_a = place, "card"_a = card);
    else if (q.choices.size() == 1)
      q.text = ctx.m(msg::ob::ask_back_only_clear, "place"_a = place, "card"_a = card);
    else
      q.text = ctx.m(msg::ob::ask_back, "place"_a = place, "card"_a = card);
    int chosen = q.values.front();
    const std::string answer = ctx.ask(q);
    for (size_t i = 0; i < q.choices.size(); ++i)
      if (q.choices[i] == answer) chosen = q.values[i];
    if (chosen != cell.card) {
      // Swap identities with the copy that has this back (same front: nothing seen changes).
      if (S.deck.contains(chosen)) {
        S.deck.take(chosen);
        S.deck.put(cell.card);
      } else {
        for (auto& row : S.grid)
          for (auto& o : row)
            if (&o != &cell && o.card == chosen) o.card = cell.card;
      }
      cell.card = chosen;
    }
  }
  ctx.revealed();
  cell.turned = true;
  const bool mine = R.cards[size_t(cell.card)].mine;
  BOCAGE_SAY(ctx, mine ? ctx.m(msg::ob::back_mine, "place"_a = place_name(p))
                       : ctx.m(msg::ob::back_clear, "place"_a = place_name(p)));
  return mine;
}

void ObPlay::hurt(int hits) {
  S.squad.add_clamped(-hits);
  BOCAGE_SAY(ctx, ctx.m(msg::ob::squad_now, "squad"_a = track_text(S.squad, true)));
  if (S.squad.at_min()) {
    S.end = ObEnd::squad_dead;
    BOCAGE_SAY(ctx, ctx.m(msg::ob::squad_dead), Line::Kind::warning);
  }
}

void ObPlay::tracker_moved(const TrackDef& def, const BoundedTrack& track, int before, bool squad) {
  if (virtual_mode || track.value >= before) return;
  const std::string card = def.name.in(lang_name(ctx.lang()));
  const std::string value = track_text(track, squad);
  // The card's front shows 8 7 6 5, its back 4 3 2 and DEAD or LAST; a
  // charge or round after LAST leaves nothing to show (trackers.toml).
  if (!squad && track.value == 0) {
    BOCAGE_SAY(ctx, ctx.m(msg::ob::tracker_spent, "card"_a = card));
  } else if (before > 4 && track.value == 4) {
    BOCAGE_SAY(ctx, ctx.m(msg::ob::tracker_flip, "card"_a = card, "value"_a = value));
  } else if (before > 4 && track.value < 4) {
    BOCAGE_SAY(ctx, ctx.m(msg::ob::tracker_flip_turn, "card"_a = card, "value"_a = value,
                          "quarters"_a = 4 - track.value));
  } else {
    BOCAGE_SAY(ctx, ctx.m(msg::ob::tracker_turn, "card"_a = card, "value"_a = value,
                          "quarters"_a = before - track.value));
  }
}

void ObPlay::next_assault() {
  BOCAGE_SAY(ctx, ctx.m(msg::ob::assault_over, "assault"_a = S.assault, "next"_a = S.assault + 1),
             Line::Kind::result);
  // 7, 8, 注4: every card but the far row goes back into the deck, shuffled.
  std::vector<int> back;
  for (int r = 0; r < kObFarRow; ++r)
    for (int c = 0; c < kObColumns; ++c) {
      if (S.at(r, c).card != kUnknownCard) back.push_back(S.at(r, c).card);
      S.at(r, c) = ObCell{};
    }
  S.grid[0] = S.grid[size_t(kObFarRow)];
  for (int r = 1; r <= kObFarRow; ++r) S.grid[size_t(r)] = {};
  S.row = 0;
  S.deck.refill(back, ctx);
  ++S.assault;
  S.dealt = false;
  if (virtual_mode) {
    deal_grid();
    after_command();
  } else {
    BOCAGE_SAY(ctx,
               ctx.m(msg::ob::turn_phase_card, "assault"_a = S.assault - 1, "next"_a = S.assault));
    BOCAGE_SAY(ctx, ctx.m(msg::ob::deal_next, "count"_a = int(S.deck.size())));
  }
}

void ObPlay::after_command() {
  if (S.end != ObEnd::none || !S.dealt) return;
  const int cost = ob_charges_to_advance(R, S);
  if (cost < 0 || cost > S.charges.value - 1) {
    S.end = ObEnd::blocked;
    BOCAGE_SAY(ctx, ctx.m(msg::ob::blocked), Line::Kind::warning);
  }
}

}  // namespace bocage
