// The game's side of Stuart vs Zombies: revealing counters (7.2), the zombie
// counterattack (6.0), events (7.2), damage to the M5 (6.1), the end of a
// turn and of the game (4.0, 4.1, 5.0).
#include <algorithm>
#include <climits>
#include <deque>

#include "bocage/msg/svz.h"
#include "svz_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

}  // namespace

std::string SvzPlay::hex_name(HexCoord h) const {
  return R.map.grid.in_bounds(h) ? R.board.name(R.board.index(h)) : R.map.coordinate(h);
}

std::optional<HexCoord> SvzPlay::parse_hex(const std::string& text) const {
  const int i = R.board.find(text);
  if (i < 0) return std::nullopt;
  return R.board.at(i);
}

std::string SvzPlay::counter_name(int counter) const {
  const SvzCounter& c = R.counters[counter];
  std::string name = c.name.in(lang_name(ctx.lang()));
  if (c.kind == SvzCounter::Kind::zombie)
    name = ctx.m(msg::svz::zombie_with_value, "name"_a = name, "value"_a = c.value);
  return name;
}

std::vector<int> SvzPlay::pieces_at(HexCoord h) const {
  std::vector<int> out;
  for (size_t i = 0; i < S.pieces.size(); ++i)
    if (S.pieces[i].at == SvzPiece::At::hex && S.pieces[i].hex == h) out.push_back(int(i));
  return out;
}

SvzPlay::Distances SvzPlay::distances_to(HexCoord goal) const {
  const HexGrid& g = R.map.grid;
  Distances d{g.rows(), std::vector<int>(size_t(g.columns() * g.rows()), INT_MAX)};
  std::deque<HexCoord> queue{goal};
  d(goal) = 0;
  while (!queue.empty()) {
    HexCoord h = queue.front();
    queue.pop_front();
    for (int i : R.board.neighbours(R.board.index(h)))
      if (const HexCoord n = R.board.at(i); d(n) == INT_MAX) {
        d(n) = d(h) + 1;
        queue.push_back(n);
      }
  }
  return d;
}

bool SvzPlay::overrun() {
  int zombies = 0;
  for (int i : pieces_at(S.m5))
    zombies += S.pieces[size_t(i)].face_up && is_zombie(S.pieces[size_t(i)]);
  if (zombies >= 2) S.end = SvzEnd::overrun;
  return zombies >= 2;
}

int SvzPlay::riders() const {
  int n = 0;
  for (const auto& p : S.pieces) n += p.at == SvzPiece::At::riding;
  return n;
}

void SvzPlay::reveal(int index, Cause cause) {
  SvzPiece& p = S.pieces[index];
  // Table mode: the player turns the counter over and says what it is,
  // among the counters not seen yet.
  std::vector<int> unseen;
  if (p.card == kUnknownCard) {
    std::vector<bool> known(R.counters.size(), false);
    for (const auto& q : S.pieces)
      if (q.card >= 0) known[size_t(q.card)] = true;
    for (size_t c = 0; c < R.counters.size(); ++c)
      if (!known[c]) unseen.push_back(int(c));
  }
  p.reveal(ctx,
           DrawQuestion{ctx.m(msg::svz::turn_counter_over, "hex"_a = hex_name(p.hex)),
                        [this](int c) { return R.counters[size_t(c)].token; }},
           unseen);
  const SvzCounter& c = R.counters[size_t(p.card)];
  BOCAGE_SAY(ctx, hex_name(p.hex) + ": " + counter_name(p.card), Line::Kind::result);
  if (cause == Cause::final) return;
  if (cause == Cause::shot || cause == Cause::rammed) {
    const bool shot = cause == Cause::shot;
    switch (c.kind) {
      case SvzCounter::Kind::zombie:
        p.at = SvzPiece::At::gone;
        S.killed.push_back(p.card);
        BOCAGE_SAY(ctx, ctx.m(msg::svz::zombies_destroyed, "count"_a = S.killed.size()),
                   Line::Kind::result);
        return;
      case SvzCounter::Kind::infantry:
        p.at = SvzPiece::At::gone;
        ++S.infantry_lost;
        BOCAGE_SAY(ctx, shot ? ctx.m(msg::svz::friendly_fire) : ctx.m(msg::svz::ran_over_infantry),
                   Line::Kind::warning);
        return;
      case SvzCounter::Kind::equipment:
        p.at = SvzPiece::At::gone;
        BOCAGE_SAY(ctx, shot ? ctx.m(msg::svz::equipment_shot) : ctx.m(msg::svz::equipment_rammed),
                   Line::Kind::warning);
        return;
      case SvzCounter::Kind::event:
        BOCAGE_SAY(ctx, ctx.m(msg::svz::event_counter_hit));
        event(index);
        return;
    }
  }
  switch (c.kind) {
    case SvzCounter::Kind::zombie:
      BOCAGE_SAY(ctx, ctx.m(msg::svz::revealed_zombie), Line::Kind::warning);
      break;
    case SvzCounter::Kind::equipment:
      BOCAGE_SAY(ctx, ctx.m(msg::svz::revealed_equipment));
      break;
    case SvzCounter::Kind::infantry:
      if (p.hex == S.m5) {
        p.at = SvzPiece::At::riding;
        BOCAGE_SAY(ctx, ctx.m(msg::svz::infantry_climbs_on), Line::Kind::result);
      } else {
        BOCAGE_SAY(ctx, ctx.m(msg::svz::revealed_infantry));
      }
      break;
    case SvzCounter::Kind::event:
      event(index);
      break;
  }
}

void SvzPlay::counterattack(int hexes) {
  std::vector<int> zombies;
  for (size_t i = 0; i < S.pieces.size(); ++i) {
    const SvzPiece& p = S.pieces[i];
    if (p.at == SvzPiece::At::hex && p.face_up && is_zombie(p)) zombies.push_back(int(i));
  }
  if (zombies.empty()) {
    int roll = ctx.roll(6, ctx.m(msg::svz::counterattack_what));
    int bonus = S.killed.empty() ? 0 : R.kill_bonus;
    int n = roll + bonus;
    BOCAGE_SAY(ctx,
               ctx.m(msg::svz::no_zombie_face_up, "roll"_a = roll,
                     "bonus"_a = bonus ? " +" + num(bonus) + " = " + num(n) : std::string()),
               Line::Kind::dice);
    if (n < 1 || n > int(R.hidden.size())) {
      BOCAGE_SAY(ctx, ctx.m(msg::svz::no_hex_numbered));
      return;
    }
    for (int i : pieces_at(R.hidden[size_t(n - 1)]))
      if (!S.pieces[size_t(i)].face_up) {
        reveal(i, Cause::counterattack);
        return;
      }
    BOCAGE_SAY(ctx, ctx.m(msg::svz::no_face_down_counter_nothing_happens,
                          "hex"_a = hex_name(R.hidden[size_t(n - 1)])));
    return;
  }
  // Every face-up zombie moves `hexes` hexes towards the M5, the nearest first,
  // along paths of existing hexes, never into a hex held by another counter
  // except the M5's (6.0). Ties go to the first neighbour clockwise.
  const Distances d = distances_to(S.m5);
  std::stable_sort(zombies.begin(), zombies.end(), [&](int a, int b) {
    return d(S.pieces[size_t(a)].hex) < d(S.pieces[size_t(b)].hex);
  });
  BOCAGE_SAY(ctx, ctx.m(msg::svz::zombies_move, "hexes"_a = hexes));
  for (int z : zombies) {
    SvzPiece& p = S.pieces[size_t(z)];
    if (p.hex == S.m5) {
      BOCAGE_SAY(ctx, ctx.m(msg::svz::zombie_in_m5_hex, "zombie"_a = counter_name(p.card)),
                 Line::Kind::warning);
      damage(1);
      if (over()) return;
      continue;
    }
    std::string path = hex_name(p.hex);
    bool moved = false;
    for (int step = 0; step < hexes && p.hex != S.m5; ++step) {
      std::optional<HexCoord> best;
      for (int i : R.board.neighbours(R.board.index(p.hex))) {
        const HexCoord n = R.board.at(i);
        if (d(n) >= d(p.hex)) continue;
        if (n != S.m5 && !pieces_at(n).empty()) continue;
        if (!best || d(n) < d(*best)) best = n;
      }
      if (!best) break;
      p.hex = *best;
      path = ctx.m(msg::svz::path_step, "path"_a = path, "hex"_a = hex_name(p.hex));
      moved = true;
    }
    BOCAGE_SAY(ctx, moved ? ctx.m(msg::svz::zombie_path, "zombie"_a = counter_name(p.card),
                                  "path"_a = path)
                          : ctx.m(msg::svz::zombie_blocked, "zombie"_a = counter_name(p.card),
                                  "path"_a = path));
    if (moved && p.hex == S.m5) {
      if (overrun()) return;
      BOCAGE_SAY(ctx, ctx.m(msg::svz::zombie_enters_m5_hex), Line::Kind::warning);
      damage(1);
      if (over()) return;
    }
  }
}

void SvzPlay::event(int index) {
  int roll = ctx.roll(6, ctx.m(msg::svz::event_what));
  int bonus = S.killed.empty() ? 0 : R.kill_bonus;
  const SvzEventRow& row = R.event_row(roll + bonus);
  BOCAGE_SAY(
      ctx,
      ctx.m(msg::svz::event_roll, "roll"_a = roll,
            "bonus"_a = bonus ? " +" + num(bonus) + " = " + num(roll + bonus) : std::string(),
            "event"_a = row.name.in(lang_name(ctx.lang()))),
      Line::Kind::dice);
  SvzPiece& ev = S.pieces[size_t(index)];
  switch (row.event) {
    case SvzEventRow::Event::counterattack:
      counterattack(row.hexes);
      S.pieces[size_t(index)].at = SvzPiece::At::gone;
      if (!over()) BOCAGE_SAY(ctx, ctx.m(msg::svz::remove_event_counter));
      return;
    case SvzEventRow::Event::recon: {
      ev.at = SvzPiece::At::gone;
      Question q{ctx.m(msg::svz::which_hex_to_reveal), {}, Question::Kind::hex, 0, {}};
      std::vector<int> hidden;
      for (size_t i = 0; i < S.pieces.size(); ++i) {
        const SvzPiece& p = S.pieces[i];
        if (p.at != SvzPiece::At::hex || p.face_up) continue;
        const MapHex* m = R.map.hex(p.hex);
        q.choices.push_back(m && !m->label.empty() ? m->label : R.map.coordinate(p.hex));
        q.values.push_back(p.hex.col * R.map.grid.rows() + p.hex.row);
        hidden.push_back(int(i));
      }
      BOCAGE_SAY(ctx, ctx.m(msg::svz::remove_event_counter));
      if (hidden.empty()) {
        BOCAGE_SAY(ctx, ctx.m(msg::svz::no_face_down_counter_left));
        return;
      }
      std::string answer = ctx.ask(q);
      for (size_t k = 0; k < q.choices.size(); ++k)
        if (q.choices[k] == answer) reveal(hidden[k], Cause::recon);
      return;
    }
    case SvzEventRow::Event::zombification: {
      int rider = -1;
      for (size_t i = 0; i < S.pieces.size(); ++i)
        if (S.pieces[i].at == SvzPiece::At::riding) rider = int(i);
      if (rider < 0 || S.killed.empty()) {
        // Not met: swap the event with the counter on the turn track, face down.
        for (auto& p : S.pieces)
          if (p.at == SvzPiece::At::track) {
            p.at = SvzPiece::At::hex;
            p.hex = ev.hex;
            p.face_up = false;
          }
        ev.at = SvzPiece::At::track;
        ev.face_up = false;
        BOCAGE_SAY(ctx, ctx.m(msg::svz::zombification_not_met));
        return;
      }
      auto lowest = std::min_element(S.killed.begin(), S.killed.end(), [&](int a, int b) {
        return R.counters[size_t(a)].value < R.counters[size_t(b)].value;
      });
      int zombie = *lowest;
      S.killed.erase(lowest);
      S.pieces[size_t(rider)].at = SvzPiece::At::gone;
      ++S.infantry_lost;
      ev.at = SvzPiece::At::gone;
      for (auto& p : S.pieces)
        if (p.card == zombie) {
          p.at = SvzPiece::At::hex;
          p.hex = S.m5;
          p.face_up = true;
        }
      BOCAGE_SAY(ctx, ctx.m(msg::svz::zombification, "zombie"_a = counter_name(zombie)),
                 Line::Kind::warning);
      if (overrun()) return;
      counterattack(row.hexes);
      return;
    }
    case SvzEventRow::Event::chaos: {
      ev.face_up = false;
      std::vector<int> hidden;
      for (size_t i = 0; i < S.pieces.size(); ++i) {
        const SvzPiece& p = S.pieces[i];
        if ((p.at == SvzPiece::At::hex && !p.face_up) || p.at == SvzPiece::At::track)
          hidden.push_back(int(i));
      }
      std::vector<int> counters;
      for (int i : hidden) counters.push_back(S.pieces[size_t(i)].card);
      if (O.virtual_counters)
        ctx.shuffle(counters);
      else
        std::fill(counters.begin(), counters.end(), -1);  // the player shuffles: nobody knows
      std::string where;
      for (size_t k = 0; k < hidden.size(); ++k) {
        SvzPiece& p = S.pieces[size_t(hidden[k])];
        p.card = counters[k];
        p.face_up = false;
        if (k + 1 < hidden.size() && k < R.hidden.size()) {
          p.at = SvzPiece::At::hex;
          p.hex = R.hidden[R.hidden.size() - 1 - k];
          where += (where.empty() ? "" : ", ") + R.hidden_labels[R.hidden.size() - 1 - k];
        } else {
          p.at = SvzPiece::At::track;
        }
      }
      BOCAGE_SAY(ctx, ctx.m(msg::svz::chaos, "count"_a = hidden.size(), "hexes"_a = where),
                 Line::Kind::warning);
      return;
    }
  }
}

void SvzPlay::damage(int points) {
  for (int k = 0; k < points && !over(); ++k) {
    std::vector<std::string> options;
    std::vector<int> codes;  // what each option names, for an automatic player
    for (const auto& p : S.pieces)
      if (p.at == SvzPiece::At::attached &&
          std::find(options.begin(), options.end(), R.counters[size_t(p.card)].token) ==
              options.end()) {
        options.push_back(R.counters[size_t(p.card)].token);
        codes.push_back(p.card);
      }
    if (riders() > 0) {
      options.push_back("infantry");
      codes.push_back(kSvzLossInfantry);
    }
    if (!options.empty()) {
      std::string lose =
          options.size() == 1
              ? options[0]
              : ctx.ask({ctx.m(msg::svz::choose_loss), options, Question::Kind::loss, 0, codes});
      for (auto& p : S.pieces) {
        bool match = lose == "infantry" ? p.at == SvzPiece::At::riding
                                        : p.at == SvzPiece::At::attached &&
                                              R.counters[size_t(p.card)].token == lose;
        if (!match) continue;
        p.at = SvzPiece::At::gone;
        if (lose == "infantry") ++S.infantry_lost;
        BOCAGE_SAY(ctx, ctx.m(msg::svz::lost, "what"_a = counter_name(p.card)),
                   Line::Kind::warning);
        break;
      }
    } else if (!S.damaged) {
      S.damaged = true;
      BOCAGE_SAY(ctx, ctx.m(msg::svz::m5_damaged), Line::Kind::warning);
    } else {
      S.end = SvzEnd::destroyed;
    }
  }
}

void SvzPlay::end_turn() {
  S.ap = 0;
  S.phase = SvzState::Phase::ap;
  if (S.turn >= R.turns().max) {
    BOCAGE_SAY(ctx, ctx.m(msg::svz::last_turn_over));
    for (size_t i = 0; i < S.pieces.size(); ++i)
      if (S.pieces[i].at == SvzPiece::At::hex && !S.pieces[i].face_up) reveal(int(i), Cause::final);
    bool zombie_left = false;
    for (const auto& p : S.pieces) zombie_left |= p.at == SvzPiece::At::hex && is_zombie(p);
    if (zombie_left)
      S.end = SvzEnd::time_out;
    else if (O.rescue && riders() < O.rescue)
      S.end = SvzEnd::rescue_failed;
    else
      S.end = SvzEnd::zombies_cleared;
    return;
  }
  ++S.turn;
  BOCAGE_SAY(ctx, ctx.m(msg::svz::turn_begins, "turn"_a = S.turn), Line::Kind::result);
}

void SvzPlay::check_end() {
  if (over()) return;
  if (O.rescue && R.infantry_count() - S.infantry_lost < O.rescue) {
    S.end = SvzEnd::rescue_failed;
    return;
  }
  bool hidden_left = false, zombie_left = false;
  for (const auto& p : S.pieces) {
    if (p.at != SvzPiece::At::hex) continue;
    hidden_left |= !p.face_up;
    zombie_left |= p.face_up && is_zombie(p);
  }
  bool four = int(S.killed.size()) >= R.zombie_count();
  if ((four || (!hidden_left && !zombie_left)) && (!O.rescue || riders() >= O.rescue))
    S.end = four ? SvzEnd::four_zombies : SvzEnd::zombies_cleared;
}

}  // namespace bocage
