// The player's commands: missions (table mode), place, act, home, shoot and
// end. Each checks its rule and refuses naming the section, or acts. The
// words of every command are read here, in parse_mq_action, and nowhere else.
#include <algorithm>

#include "bocage/msg/mq.h"
#include "mq_play.h"

namespace bocage {

namespace {

int index_of(const std::vector<std::string>& v, const std::string& w) {
  auto it = std::find(v.begin(), v.end(), w);
  return it == v.end() ? -1 : int(it - v.begin());
}

}  // namespace

bool parse_mq_action(const MqRules& R, const std::vector<std::string>& words, MqAction& out,
                     std::string& usage, std::string& bad) {
  usage.clear();
  bad.clear();
  if (words.empty()) return false;
  const std::string& c = words[0];
  const size_t n = words.size();
  out = MqAction{};
  auto loc_at = [&](size_t i) {
    const int l = R.location(words[i]);
    if (l < 0) bad = words[i];
    return l;
  };
  if (c == "missions" || c == "end") {
    out.kind = c == "end" ? MqAction::Kind::end : MqAction::Kind::missions;
    usage = c;
    return n == 1;
  }
  if (c == "place" || c == "home" || c == "shoot") {
    out.kind = c == "place"  ? MqAction::Kind::place
               : c == "home" ? MqAction::Kind::home
                             : MqAction::Kind::shoot;
    usage = c + " LOCATION";
    // `place` alone: the refusal lists where an agent can go now (MqPlay::place).
    if (c == "place" && n == 1) return true;
    if (n != 2) return false;
    out.location = loc_at(1);
    return out.location >= 0;
  }
  if (c == "act") {
    out.kind = MqAction::Kind::act;
    usage = "act LOCATION [CHOICE] [RESOURCE FIELD | TILE] [shoot LOCATION]";
    if (n < 2) return false;
    out.location = loc_at(1);
    if (out.location < 0) return false;
    size_t end = n;
    if (n >= 4 && words[n - 2] == "shoot") {
      out.shoot = loc_at(n - 1);
      if (out.shoot < 0) return false;
      end = n - 2;
    }
    for (size_t i = 2; i < end; ++i) {
      const std::string& w = words[i];
      int k;
      if (out.choice < 0 && (k = index_of(R.choice_words, w)) >= 0) {
        out.choice = k;
      } else if (out.resource < 0 && (k = R.resource(w)) >= 0) {
        out.resource = k;
      } else if (out.tile < 0 && (k = R.tile(w)) >= 0) {
        out.tile = k;
      } else if (out.field < 0 && (k = R.location(w)) >= 0) {
        out.field = k;
      } else {
        bad = w;
        return false;
      }
    }
    return true;
  }
  return false;
}

std::vector<std::string> mq_words(const MqRules& R, const MqAction& a) {
  const char* name = kMqCommands[int(a.kind)];
  std::vector<std::string> w{name};
  auto loc = [&](int l) { return R.locations[size_t(l)].id; };
  switch (a.kind) {
    case MqAction::Kind::missions:
    case MqAction::Kind::end:
      break;
    case MqAction::Kind::place:
    case MqAction::Kind::home:
    case MqAction::Kind::shoot:
      if (a.location >= 0) w.push_back(loc(a.location));  // `place` alone names none
      break;
    case MqAction::Kind::act:
      w.push_back(loc(a.location));
      if (a.choice >= 0) w.push_back(R.choice_words[size_t(a.choice)]);
      if (a.resource >= 0) w.push_back(R.resources[size_t(a.resource)].id);
      if (a.field >= 0) w.push_back(loc(a.field));
      if (a.tile >= 0) w.push_back(R.tiles[size_t(a.tile)].id);
      if (a.shoot >= 0) {
        w.push_back("shoot");
        w.push_back(loc(a.shoot));
      }
      break;
  }
  return w;
}

Move mq_move(const MqAction& a) {
  return Move(uint8_t(a.kind), {a.location, a.choice, a.resource, a.field, a.tile, a.shoot});
}

MqAction mq_action(const Move& m) {
  MqAction a;
  a.kind = MqAction::Kind(m.command);
  a.location = m.arg(0);
  a.choice = m.arg(1);
  a.resource = m.arg(2);
  a.field = m.arg(3);
  a.tile = m.arg(4);
  a.shoot = m.arg(5);
  return a;
}

std::optional<Refusal> MqPlay::act(const MqAction& a) {
  if (S.end != MqEnd::none) return Refusal{rule("03"), ctx.m(msg::mq::game_over)};
  if (S.phase == MqPhase::missions && a.kind != MqAction::Kind::missions)
    return Refusal{rule("01"), ctx.m(msg::mq::missions_first)};
  switch (a.kind) {
    case MqAction::Kind::missions:
      return draw_missions();
    case MqAction::Kind::place:
      return place(a.location);
    case MqAction::Kind::act:
      return activate(a);
    case MqAction::Kind::home:
      return go_home(a.location);
    case MqAction::Kind::shoot:
      return shoot(a.location);
    case MqAction::Kind::end:
      return end_day();
  }
  return std::nullopt;
}

std::optional<Refusal> MqPlay::draw_missions() {
  if (S.phase != MqPhase::missions) return Refusal{rule("01"), ctx.m(msg::mq::missions_drawn)};
  for (int e = 0; e < 2; ++e) {
    Question q;
    q.kind = Question::Kind::reveal;
    for (size_t m = 0; m < R.missions.size(); ++m) {
      if (!mq_mission_fits(R, U, S, e, int(m))) continue;
      q.choices.push_back(R.missions[m].id);
      q.values.push_back(int(m));
    }
    q.text = ctx.m(msg::mq::ask_mission, "exit"_a = e + 1);  // the shell lists the choices
    const std::string answer = ctx.ask(q);
    ctx.revealed();
    S.missions[size_t(e)] = R.mission(answer);
    BOCAGE_SAY(ctx, ctx.m(msg::mq::mission_on_exit, "exit"_a = e + 1,
                          "mission"_a = mission_name(S.missions[size_t(e)])));
  }
  start_day();
  return std::nullopt;
}

std::optional<Refusal> MqPlay::place(int loc) {
  if (S.phase != MqPhase::placement || S.to_place == 0)
    return Refusal{rule("A-02"), ctx.m(msg::mq::not_placement)};
  if (loc < 0) {
    // `place` alone: where an agent can go now, as the legal moves list it.
    std::vector<std::string> free;
    for (size_t l = 0; l < R.locations.size(); ++l)
      if (mq_can_place(R, S, int(l))) free.push_back(R.locations[l].id);
    const std::string where = " " + R.vocabulary.shown_list(free, ctx.lang());
    return Refusal{rule("A-02"), ctx.m(msg::mq::place_where, "locations"_a = where)};
  }
  const MqLocation& L = R.locations[size_t(loc)];
  if (S.piece[size_t(loc)] != MqPiece::none)
    return Refusal{rule("A-02"), ctx.m(msg::mq::occupied, "location"_a = loc_name(loc))};
  if (!mq_can_place(R, S, loc)) {
    switch (L.kind) {
      case MqLocation::Kind::safe_house:
        return Refusal{rule("A-02"), ctx.m(msg::mq::place_safe_house)};
      case MqLocation::Kind::field:
        return Refusal{rule("B-02"), ctx.m(msg::mq::place_field, "location"_a = loc_name(loc))};
      case MqLocation::Kind::exit:
        return Refusal{rule("B-03"), ctx.m(msg::mq::place_exit_done)};
      case MqLocation::Kind::cafe:
        return Refusal{rule("B-02"), ctx.m(msg::mq::place_cafe_empty)};
      default:
        return Refusal{rule("A-02"), ctx.m(msg::mq::occupied, "location"_a = loc_name(loc))};
    }
  }
  S.piece[size_t(loc)] = MqPiece::agent;
  --S.home;
  --S.to_place;
  BOCAGE_SAY(ctx, ctx.m(msg::mq::agent_placed, "location"_a = loc_name(loc)));
  after_placement();
  return std::nullopt;
}

std::optional<Refusal> MqPlay::activate(const MqAction& a) {
  if (S.phase != MqPhase::action) return Refusal{rule("B-01"), ctx.m(msg::mq::not_action)};
  const int loc = a.location;
  if (S.piece[size_t(loc)] != MqPiece::agent)
    return Refusal{rule("B-01"), ctx.m(msg::mq::no_agent, "location"_a = loc_name(loc))};
  // A quiet trial first: the command is checked whole, and where the agent
  // stands afterwards says whether it gets away (B-04, B-05).
  MqState trial = S;
  GameDice dice(0);
  PlayContext quiet(ctx.lang(), dice, false, {}, nullptr, false);
  MqPlay tp(R, U, trial, quiet);
  if (auto r = tp.perform(a)) return r;
  const bool away = trial.end != MqEnd::none || !mq_escape_route(R, trial, loc).empty();
  if (away) {
    perform(a);
  } else if (R.locations[size_t(loc)].starred) {
    // B-05: arrested on a starred shield, the action still counts; a shot
    // with it would not have opened a route (the trial fired it): not fired
    // (MQ-20), as from any other location.
    MqAction without_shot = a;
    without_shot.shoot = -1;
    perform(without_shot);
    if (a.shoot >= 0)
      BOCAGE_SAY(ctx, ctx.m(msg::mq::shot_withheld, "location"_a = loc_name(a.shoot)));
  } else {
    // B-05: arrested away from a starred shield, the action is void.
    // A shot with it would not have opened a route (the trial fired it): not fired.
    BOCAGE_SAY(ctx, ctx.m(msg::mq::action_void, "location"_a = loc_name(loc)), Line::Kind::warning);
  }
  if (S.end != MqEnd::none) return std::nullopt;
  if (escape(loc)) check_win();
  return std::nullopt;
}

std::optional<Refusal> MqPlay::perform(const MqAction& a) {
  const int loc = a.location;
  const MqLocation& L = R.locations[size_t(loc)];
  if (L.kind == MqLocation::Kind::exit) {
    // B-03: the mission's next box, left to right.
    if (a.choice >= 0 || a.resource >= 0 || a.field >= 0 || a.tile >= 0)
      return Refusal{rule("B-03"), ctx.m(msg::mq::extra_words)};
    const MqBox* box = mq_next_box(R, S, L.exit);
    if (!box) return Refusal{rule("B-03"), ctx.m(msg::mq::place_exit_done)};
    if (!mq_box_day_ok(*box, S.day))
      return Refusal{rule("B-03"),
                     ctx.m(msg::mq::box_days, "from"_a = box->day_from, "to"_a = box->day_to)};
    if (!mq_can_pay(S, box->pay))
      return Refusal{rule("B-03"), ctx.m(msg::mq::cannot_pay, "cost"_a = res_list(box->pay))};
    for (size_t k = 0; k < box->pay.size(); ++k) S.hand[k] -= box->pay[k];
    const size_t e = size_t(L.exit);
    ++S.boxes[e];
    BOCAGE_SAY(ctx, ctx.m(msg::mq::box_marked, "mission"_a = mission_name(S.missions[e]),
                          "done"_a = S.boxes[e],
                          "boxes"_a = int(R.missions[size_t(S.missions[e])].boxes.size())));
  } else {
    // B-02: the location's action, one of its choices.
    const auto& choices = mq_choices(R, S, loc);
    const MqChoice* ch = nullptr;
    if (a.choice >= 0) {
      for (const auto& c : choices)
        if (c.id == R.choice_words[size_t(a.choice)]) ch = &c;
    } else if (choices.size() == 1) {
      ch = &choices[0];
    }
    // The tiles not laid yet, as printed: what a spare room may still lay.
    auto free_tiles = [&] {
      return " " + R.vocabulary.shown_list(mq_free_tiles(R, S), ctx.lang());
    };
    if (!ch && choices.size() == 1) {
      // One action here: a choice word is not wanted (act spare-room-1 forger).
      const bool room_here = choices[0].special == MqChoice::Special::spare_room;
      return Refusal{
          rule("B-02"),
          ctx.m(msg::mq::one_action, "location"_a = loc_name(loc),
                "word"_a = R.vocabulary.shown(R.choice_words[size_t(a.choice)], ctx.lang())) +
              (room_here ? ctx.m(msg::mq::tile_usage, "tiles"_a = free_tiles()) : "")};
    }
    if (!ch) {
      std::vector<std::string> ids;
      for (const auto& c : choices) ids.push_back(c.id);
      const std::string listed = " " + R.vocabulary.shown_list(ids, ctx.lang());
      return Refusal{rule("B-02"), ctx.m(msg::mq::which_choice, "location"_a = loc_name(loc),
                                         "choices"_a = listed)};
    }
    const bool drop = ch->special == MqChoice::Special::drop;
    const bool room = ch->special == MqChoice::Special::spare_room;
    if ((!drop && (a.resource >= 0 || a.field >= 0)) || (!room && a.tile >= 0))
      return Refusal{rule("B-02"), ctx.m(msg::mq::extra_words)};
    if (drop && (a.resource < 0 || a.field < 0))
      return Refusal{rule("B-02"), ctx.m(msg::mq::drop_usage)};
    if (room && a.tile < 0)
      return Refusal{rule("B-02"), ctx.m(msg::mq::tile_usage, "tiles"_a = free_tiles())};
    if (!mq_can_pay(S, ch->pay))
      return Refusal{rule("B-02"), ctx.m(msg::mq::cannot_pay, "cost"_a = res_list(ch->pay))};
    if (ch->special == MqChoice::Special::recruit && S.cafe == 0)
      return Refusal{rule("B-02"), ctx.m(msg::mq::place_cafe_empty)};
    if (room && std::find(S.tile.begin(), S.tile.end(), a.tile) != S.tile.end())
      return Refusal{rule("B-02"), ctx.m(msg::mq::tile_used, "tiles"_a = free_tiles())};
    for (size_t k = 0; k < ch->pay.size(); ++k) S.hand[k] -= ch->pay[k];
    bool moved = false;
    for (size_t k = 0; k < ch->gain.size(); ++k) {
      const int got = std::min(ch->gain[k], mq_supply_left(R, S, int(k)));
      S.hand[k] += got;
      moved = moved || ch->gain[k] > 0 || ch->pay[k] > 0;
      if (got < ch->gain[k])
        BOCAGE_SAY(ctx,
                   ctx.m(msg::mq::supply_short, "resource"_a = res_name(int(k)), "got"_a = got,
                         "wanted"_a = ch->gain[k]),
                   Line::Kind::warning);
    }
    if (moved)
      BOCAGE_SAY(
          ctx, ctx.m(msg::mq::exchanged, "location"_a = loc_name(loc), "hand"_a = res_list(S.hand)),
          Line::Kind::result);
    switch (ch->special) {
      case MqChoice::Special::none:
      case MqChoice::Special::mission:
        break;
      case MqChoice::Special::drop: {
        const int amount = U.level->drop[size_t(a.resource)];
        if (amount <= 0) return Refusal{rule("B-02"), ctx.m(msg::mq::drop_kind)};
        const MqLocation& F = R.locations[size_t(a.field)];
        if (F.kind != MqLocation::Kind::field || S.drops[size_t(a.field)].kind >= 0 ||
            S.piece[size_t(a.field)] != MqPiece::none)
          return Refusal{rule("B-02"),
                         ctx.m(msg::mq::drop_field, "location"_a = loc_name(a.field))};
        const int got = std::min(amount, mq_supply_left(R, S, a.resource));
        if (got == 0)
          return Refusal{rule("B-01"),
                         ctx.m(msg::mq::supply_empty, "resource"_a = res_name(a.resource))};
        S.drops[size_t(a.field)] = MqDrop{int8_t(a.resource), int8_t(got), int8_t(S.day)};
        BOCAGE_SAY(ctx,
                   ctx.m(msg::mq::dropped, "count"_a = got, "resource"_a = res_name(a.resource),
                         "location"_a = loc_name(a.field)),
                   Line::Kind::result);
        break;
      }
      case MqChoice::Special::collect: {
        MqDrop& d = S.drops[size_t(loc)];
        if (d.kind >= 0) {
          S.hand[size_t(d.kind)] += d.count;
          BOCAGE_SAY(
              ctx,
              ctx.m(msg::mq::collected, "count"_a = int(d.count), "resource"_a = res_name(d.kind)),
              Line::Kind::result);
          d = MqDrop{};
        }
        break;
      }
      case MqChoice::Special::recruit:
        --S.cafe;
        ++S.home;
        BOCAGE_SAY(ctx, ctx.m(msg::mq::recruited), Line::Kind::result);
        break;
      case MqChoice::Special::spare_room:
        S.tile[size_t(loc)] = a.tile;
        BOCAGE_SAY(ctx,
                   ctx.m(msg::mq::room_activated, "location"_a = loc_name(loc),
                         "tile"_a = R.tiles[size_t(a.tile)].name.in(lang_name(ctx.lang()))),
                   Line::Kind::result);
        break;
    }
    if (ch->morale) morale(ch->morale);
  }
  // B-06: a shot after the action, before the escape route.
  if (a.shoot >= 0 && S.end == MqEnd::none)
    if (auto r = shoot(a.shoot)) return r;
  return std::nullopt;
}

std::optional<Refusal> MqPlay::go_home(int loc) {
  if (S.phase != MqPhase::action) return Refusal{rule("B-01"), ctx.m(msg::mq::not_action)};
  if (S.piece[size_t(loc)] != MqPiece::agent)
    return Refusal{rule("B-01"), ctx.m(msg::mq::no_agent, "location"_a = loc_name(loc))};
  escape(loc);
  return std::nullopt;
}

std::optional<Refusal> MqPlay::shoot(int loc) {
  if (S.phase != MqPhase::action) return Refusal{rule("B-06"), ctx.m(msg::mq::not_action)};
  if (S.shot) return Refusal{rule("B-06"), ctx.m(msg::mq::shot_today)};
  const int weapons = R.resource("weapons");
  if (weapons < 0 || S.hand[size_t(weapons)] == 0)
    return Refusal{rule("B-06"), ctx.m(msg::mq::no_weapon)};
  if (S.piece[size_t(loc)] == MqPiece::soldier)
    return Refusal{rule("B-06"), ctx.m(msg::mq::shoot_soldier)};
  if (S.piece[size_t(loc)] != MqPiece::milice)
    return Refusal{rule("B-06"), ctx.m(msg::mq::no_milice, "location"_a = loc_name(loc))};
  --S.hand[size_t(weapons)];
  S.piece[size_t(loc)] = MqPiece::none;
  S.shot = true;
  ++S.shots;
  S.soldiers.add_clamped(1);
  BOCAGE_SAY(ctx,
             ctx.m(msg::mq::shot, "location"_a = loc_name(loc), "soldiers"_a = S.soldiers.value));
  morale(-1);
  return std::nullopt;
}

std::optional<Refusal> MqPlay::end_day() {
  if (S.phase != MqPhase::action) return Refusal{rule("A-02"), ctx.m(msg::mq::place_first)};
  for (size_t l = 0; l < S.piece.size() && S.end == MqEnd::none; ++l)
    if (S.piece[l] == MqPiece::agent) escape(int(l));
  if (S.end == MqEnd::none) upkeep();
  return std::nullopt;
}

}  // namespace bocage
