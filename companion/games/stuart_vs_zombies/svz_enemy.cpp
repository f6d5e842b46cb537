// The game's side of Stuart vs Zombies: revealing counters (7.2), the zombie
// counterattack (6.0), events (7.2), damage to the M5 (6.1), the end of a
// turn and of the game (4.0, 4.1, 5.0).
#include <algorithm>
#include <climits>
#include <deque>

#include "svz_play.h"

namespace bocage {

namespace {

std::string num(int n) {
  return std::to_string(n);
}

}  // namespace

std::string SvzPlay::hex_name(HexCoord h) const {
  return R.map.grid.in_bounds(h) ? R.board.name[size_t(R.board.index(h))] : R.map.coordinate(h);
}

std::optional<HexCoord> SvzPlay::parse_hex(const std::string& text) const {
  auto it = R.board.by_text.find(text);
  if (it == R.board.by_text.end()) return std::nullopt;
  return HexCoord{it->second / R.board.rows, it->second % R.board.rows};
}

std::string SvzPlay::counter_name(int counter) const {
  const SvzCounter& c = R.counters[counter];
  std::string name = c.name.in(lang_name(ctx.lang()));
  if (c.kind == SvzCounter::Kind::zombie)
    name += ctx.t("（", " (") + num(c.value) + ctx.t("）", ")");
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
    for (HexCoord n : R.board.neighbours[size_t(R.board.index(h))])
      if (d(n) == INT_MAX) {
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
  ctx.revealed();
  if (p.counter < 0) {
    // Table mode: the player turns the counter over and says what it is.
    std::vector<bool> known(R.counters.size(), false);
    for (const auto& q : S.pieces)
      if (q.counter >= 0) known[size_t(q.counter)] = true;
    Question q;
    q.text = hex_name(p.hex) +
             ctx.t(" の駒を表にしてください。何でしたか?", ": turn the counter over. What is it?");
    q.kind = Question::Kind::reveal;
    for (size_t c = 0; c < R.counters.size(); ++c)
      if (!known[c] &&
          std::find(q.choices.begin(), q.choices.end(), R.counters[c].token) == q.choices.end()) {
        q.choices.push_back(R.counters[c].token);
        q.values.push_back(int(c));
      }
    std::string token = ctx.ask(q);
    for (size_t c = 0; c < R.counters.size(); ++c)
      if (!known[c] && R.counters[c].token == token) {
        p.counter = int(c);
        break;
      }
  }
  p.face_up = true;
  const SvzCounter& c = R.counters[size_t(p.counter)];
  BOCAGE_SAY(ctx, hex_name(p.hex) + ": " + counter_name(p.counter), Line::Kind::result);
  if (cause == Cause::final) return;
  if (cause == Cause::shot || cause == Cause::rammed) {
    const bool shot = cause == Cause::shot;
    switch (c.kind) {
      case SvzCounter::Kind::zombie:
        p.at = SvzPiece::At::gone;
        S.killed.push_back(p.counter);
        BOCAGE_SAY(ctx, ctx.t("倒したゾンビ: ", "Zombies destroyed: ") + num(int(S.killed.size())),
                   Line::Kind::result);
        return;
      case SvzCounter::Kind::infantry:
        p.at = SvzPiece::At::gone;
        ++S.infantry_lost;
        BOCAGE_SAY(ctx,
                   shot ? ctx.t("味方の歩兵を撃ってしまいました（7.3）",
                                "Friendly fire: the infantry is lost (7.3)")
                        : ctx.t("味方の歩兵を踏み潰してしまいました（7.4）",
                                "The M5 ran over the infantry (7.4)"),
                   Line::Kind::warning);
        return;
      case SvzCounter::Kind::equipment:
        p.at = SvzPiece::At::gone;
        BOCAGE_SAY(
            ctx,
            shot ? ctx.t("装備を壊してしまいました（7.3）", "The equipment is destroyed (7.3)")
                 : ctx.t("装備を壊してしまいました（7.4）", "The equipment is destroyed (7.4)"),
            Line::Kind::warning);
        return;
      case SvzCounter::Kind::event:
        BOCAGE_SAY(ctx, ctx.t("イベント駒を撃破: イベント判定を行います（7.2）",
                              "The event counter is hit: roll on the event table (7.2)"));
        event(index);
        return;
    }
  }
  switch (c.kind) {
    case SvzCounter::Kind::zombie:
      BOCAGE_SAY(ctx,
                 ctx.t("ゾンビです。反撃で M5 に向かってきます（6.0）",
                       "A zombie: counterattacks will bring it towards the M5 (6.0)"),
                 Line::Kind::warning);
      break;
    case SvzCounter::Kind::equipment:
      BOCAGE_SAY(ctx, ctx.t("装備です。同じマスで修理に成功すると取り付けられます（7.5）",
                            "Equipment: fit it with a successful repair in its hex (7.5)"));
      break;
    case SvzCounter::Kind::infantry:
      if (p.hex == S.m5) {
        p.at = SvzPiece::At::riding;
        BOCAGE_SAY(
            ctx, ctx.t("歩兵が戦車に乗りました（7.2）", "The infantry climbs onto the tank (7.2)"),
            Line::Kind::result);
      } else {
        BOCAGE_SAY(ctx,
                   ctx.t("友軍の歩兵です。M5 が同じマスに入ると乗車します（7.2）",
                         "Friendly infantry: it rides the M5 once the M5 enters its hex (7.2)"));
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
    int roll = ctx.roll(6, ctx.t("反撃", "counterattack"));
    int bonus = S.killed.empty() ? 0 : R.kill_bonus;
    int n = roll + bonus;
    BOCAGE_SAY(ctx,
               ctx.t("表のゾンビがいないので、出目 ", "No zombie is face up: roll ") + num(roll) +
                   (bonus ? " +" + num(bonus) + " = " + num(n) : std::string()) +
                   ctx.t(" の番号のマスの駒を表にします（6.0）",
                         ", turn over the counter on that numbered hex (6.0)"),
               Line::Kind::dice);
    if (n < 1 || n > int(R.hidden.size())) {
      BOCAGE_SAY(ctx, ctx.t("その番号のマスはありません。何も起きません",
                            "No hex has that number: nothing happens"));
      return;
    }
    for (int i : pieces_at(R.hidden[size_t(n - 1)]))
      if (!S.pieces[size_t(i)].face_up) {
        reveal(i, Cause::counterattack);
        return;
      }
    BOCAGE_SAY(ctx, hex_name(R.hidden[size_t(n - 1)]) +
                        ctx.t(" に裏の駒はありません。何も起きません",
                              " holds no face-down counter: nothing happens"));
    return;
  }
  // Every face-up zombie moves `hexes` hexes towards the M5, the nearest first,
  // along paths of existing hexes, never into a hex held by another counter
  // except the M5's (6.0). Ties go to the first neighbour clockwise.
  const Distances d = distances_to(S.m5);
  std::stable_sort(zombies.begin(), zombies.end(), [&](int a, int b) {
    return d(S.pieces[size_t(a)].hex) < d(S.pieces[size_t(b)].hex);
  });
  BOCAGE_SAY(ctx,
             ctx.t("表のゾンビが M5 に ", "Every face-up zombie moves ") + num(hexes) +
                 ctx.t(" マス近づきます（6.0）",
                       (hexes == 1 ? " hex towards the M5 (6.0)" : " hexes towards the M5 (6.0)")));
  for (int z : zombies) {
    SvzPiece& p = S.pieces[size_t(z)];
    if (p.hex == S.m5) {
      BOCAGE_SAY(ctx,
                 counter_name(p.counter) +
                     ctx.t(" は M5 と同じマスにいるので動かず、M5 に 1 損害",
                           " shares the M5's hex: it stays, and the M5 takes 1 damage"),
                 Line::Kind::warning);
      damage(1);
      if (over()) return;
      continue;
    }
    std::string path = hex_name(p.hex);
    bool moved = false;
    for (int step = 0; step < hexes && p.hex != S.m5; ++step) {
      std::optional<HexCoord> best;
      for (HexCoord n : R.board.neighbours[size_t(R.board.index(p.hex))]) {
        if (d(n) >= d(p.hex)) continue;
        if (n != S.m5 && !pieces_at(n).empty()) continue;
        if (!best || d(n) < d(*best)) best = n;
      }
      if (!best) break;
      p.hex = *best;
      path += " → " + hex_name(p.hex);
      moved = true;
    }
    BOCAGE_SAY(
        ctx,
        counter_name(p.counter) + ": " +
            (moved ? path : path + ctx.t("（道がふさがれて動けません）", " (blocked, stays)")));
    if (moved && p.hex == S.m5) {
      if (overrun()) return;
      BOCAGE_SAY(ctx,
                 ctx.t("ゾンビが M5 のマスに入りました: M5 に 1 損害（6.0）",
                       "A zombie enters the M5's hex: the M5 takes 1 damage (6.0)"),
                 Line::Kind::warning);
      damage(1);
      if (over()) return;
    }
  }
}

void SvzPlay::event(int index) {
  int roll = ctx.roll(6, ctx.t("イベント", "event"));
  int bonus = S.killed.empty() ? 0 : R.kill_bonus;
  const SvzEventRow& row = R.event_row(roll + bonus);
  BOCAGE_SAY(ctx,
             ctx.t("イベント表: 出目 ", "Event table: roll ") + num(roll) +
                 (bonus ? " +" + num(bonus) + " = " + num(roll + bonus) : std::string()) + " → " +
                 row.name.in(lang_name(ctx.lang())),
             Line::Kind::dice);
  SvzPiece& ev = S.pieces[size_t(index)];
  switch (row.event) {
    case SvzEventRow::Event::counterattack:
      counterattack(row.hexes);
      S.pieces[size_t(index)].at = SvzPiece::At::gone;
      if (!over())
        BOCAGE_SAY(ctx, ctx.t("イベント駒を取り除いてください", "Remove the event counter"));
      return;
    case SvzEventRow::Event::recon: {
      ev.at = SvzPiece::At::gone;
      Question q{ctx.t("どのマスの駒を表にしますか?", "Which hex's counter do you turn face up?"),
                 {},
                 Question::Kind::hex,
                 0,
                 {}};
      std::vector<int> hidden;
      for (size_t i = 0; i < S.pieces.size(); ++i) {
        const SvzPiece& p = S.pieces[i];
        if (p.at != SvzPiece::At::hex || p.face_up) continue;
        const MapHex* m = R.map.hex(p.hex);
        q.choices.push_back(m && !m->label.empty() ? m->label : R.map.coordinate(p.hex));
        q.values.push_back(p.hex.col * R.map.grid.rows() + p.hex.row);
        hidden.push_back(int(i));
      }
      BOCAGE_SAY(ctx, ctx.t("イベント駒を取り除いてください", "Remove the event counter"));
      if (hidden.empty()) {
        BOCAGE_SAY(ctx,
                   ctx.t("盤上に裏の駒はありません", "No face-down counter is left on the map"));
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
        BOCAGE_SAY(
            ctx,
            ctx.t("条件を満たさない（歩兵が乗っていない、またはゾンビを倒していない）ので、"
                  "イベント駒とターン記録トラックの駒を裏のまま入れ替えてください",
                  "Not met (no infantry aboard, or no zombie destroyed): swap the event counter "
                  "with the counter on the turn track, both face down"));
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
        if (p.counter == zombie) {
          p.at = SvzPiece::At::hex;
          p.hex = S.m5;
          p.face_up = true;
        }
      BOCAGE_SAY(ctx,
                 ctx.t("歩兵が1人ゾンビになりました！倒した ",
                       "An infantryman turns into a zombie! Put the destroyed ") +
                     counter_name(zombie) +
                     ctx.t(" を歩兵と交換して M5 のマスに置き、イベント駒を取り除いてください",
                           " in the M5's hex in his place, and remove the event counter"),
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
      for (int i : hidden) counters.push_back(S.pieces[size_t(i)].counter);
      if (O.virtual_counters)
        ctx.shuffle(counters);
      else
        std::fill(counters.begin(), counters.end(), -1);  // the player shuffles: nobody knows
      std::string where;
      for (size_t k = 0; k < hidden.size(); ++k) {
        SvzPiece& p = S.pieces[size_t(hidden[k])];
        p.counter = counters[k];
        p.face_up = false;
        if (k + 1 < hidden.size() && k < R.hidden.size()) {
          p.at = SvzPiece::At::hex;
          p.hex = R.hidden[R.hidden.size() - 1 - k];
          where += (where.empty() ? "" : ", ") + R.hidden_labels[R.hidden.size() - 1 - k];
        } else {
          p.at = SvzPiece::At::track;
        }
      }
      BOCAGE_SAY(
          ctx,
          ctx.t("イベント駒を裏返し、裏の駒 ", "Turn the event counter face down, shuffle the ") +
              num(int(hidden.size())) +
              ctx.t(" 個（ターン記録トラックの駒を含む）を混ぜて、",
                    " face-down counters (with the one on the turn track) and place them on ") +
              where +
              ctx.t(" の順に1個ずつ置き、最後の1個をターン記録トラックに置いてください",
                    " in that order; the last one goes on the turn track"),
          Line::Kind::warning);
      return;
    }
  }
}

void SvzPlay::damage(int points) {
  for (int k = 0; k < points && !over(); ++k) {
    std::vector<std::string> options;
    for (const auto& p : S.pieces)
      if (p.at == SvzPiece::At::attached &&
          std::find(options.begin(), options.end(), R.counters[size_t(p.counter)].token) ==
              options.end())
        options.push_back(R.counters[size_t(p.counter)].token);
    if (riders() > 0) options.push_back("infantry");
    if (!options.empty()) {
      std::string lose =
          options.size() == 1
              ? options[0]
              : ctx.ask({ctx.t("損害: 失う装備か歩兵を選んでください（6.1）",
                               "Damage: choose the equipment or infantry to lose (6.1)"),
                         options,
                         Question::Kind::loss,
                         0,
                         {}});
      for (auto& p : S.pieces) {
        bool match = lose == "infantry" ? p.at == SvzPiece::At::riding
                                        : p.at == SvzPiece::At::attached &&
                                              R.counters[size_t(p.counter)].token == lose;
        if (!match) continue;
        p.at = SvzPiece::At::gone;
        if (lose == "infantry") ++S.infantry_lost;
        BOCAGE_SAY(ctx,
                   ctx.t("損害: ", "Damage: ") + counter_name(p.counter) +
                       ctx.t(" を失いました（6.1）", " is lost (6.1)"),
                   Line::Kind::warning);
        break;
      }
    } else if (!S.damaged) {
      S.damaged = true;
      BOCAGE_SAY(ctx,
                 ctx.t("損害: M5 が損傷しました。駒を裏返してください（6.1）",
                       "Damage: the M5 is damaged; flip its counter (6.1)"),
                 Line::Kind::warning);
    } else {
      S.end = SvzEnd::destroyed;
    }
  }
}

void SvzPlay::end_turn() {
  S.ap = 0;
  S.phase = SvzState::Phase::ap;
  if (S.turn >= R.turns().max) {
    BOCAGE_SAY(
        ctx,
        ctx.t("最終ターンが終わりました。盤上の裏の駒を表にします（5.0）",
              "The last turn is over: the face-down counters on the map are turned over (5.0)"));
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
  BOCAGE_SAY(
      ctx,
      ctx.t("ターン ", "Turn ") + num(S.turn) +
          ctx.t(" 開始。ターン・マーカーを進めてください", " begins: advance the turn marker"),
      Line::Kind::result);
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
