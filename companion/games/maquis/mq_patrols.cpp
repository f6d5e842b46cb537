// What the game does by itself: setup (01), the start of a day, the
// patrols drawn and placed, escape routes and arrests (B-04,
// B-05), morale, the upkeep (C) and the end (03); and the questions the
// rules and the players both ask (where an agent may go, what it costs).
// Rulings: data/maquis/README.md.
#include <algorithm>

#include "bocage/msg/mq.h"
#include "mq_play.h"

namespace bocage {

bool mq_can_place(const MqRules& R, const MqState& s, int loc) {
  if (s.piece[size_t(loc)] != MqPiece::none) return false;
  const MqLocation& L = R.locations[size_t(loc)];
  switch (L.kind) {
    case MqLocation::Kind::safe_house:
      return false;
    case MqLocation::Kind::field: {
      const MqDrop& d = s.drops[size_t(loc)];
      return d.kind >= 0 && d.day != s.day;
    }
    case MqLocation::Kind::exit:
      return mq_next_box(R, s, L.exit) != nullptr;
    case MqLocation::Kind::cafe:
      return s.cafe > 0;
    default:
      return true;
  }
}

const std::vector<MqChoice>& mq_choices(const MqRules& R, const MqState& s, int loc) {
  static const std::vector<MqChoice> none;
  const MqLocation& L = R.locations[size_t(loc)];
  if (L.kind == MqLocation::Kind::exit) return none;
  if (L.kind == MqLocation::Kind::spare_room && s.tile[size_t(loc)] >= 0)
    return R.tiles[size_t(s.tile[size_t(loc)])].choices;
  return L.choices;
}

std::vector<std::string> mq_escape_route(const MqRules& R, const MqState& s, int loc, int ignore) {
  std::vector<std::string> blocked;
  for (size_t l = 0; l < s.piece.size(); ++l)
    if ((s.piece[l] == MqPiece::milice || s.piece[l] == MqPiece::soldier) && int(l) != ignore)
      blocked.push_back(R.locations[l].id);
  const std::string& from = R.locations[size_t(loc)].id;
  // An activated spare room is a safe house (B-02): an agent on it is home.
  if (s.tile[size_t(loc)] >= 0) return {from};
  std::vector<std::string> best = R.board.path(from, R.locations[size_t(R.safe_house)].id, blocked);
  for (size_t l = 0; l < s.tile.size(); ++l) {
    if (s.tile[l] < 0 || s.piece[l] == MqPiece::milice || s.piece[l] == MqPiece::soldier) continue;
    auto p = R.board.path(from, R.locations[l].id, blocked);
    if (!p.empty() && (best.empty() || p.size() < best.size())) best = std::move(p);
  }
  return best;
}

bool mq_can_pay(const MqState& s, const std::vector<int>& pay) {
  for (size_t k = 0; k < pay.size(); ++k)
    if (s.hand[k] < pay[k]) return false;
  return true;
}

int mq_supply_left(const MqRules& R, const MqState& s, int k) {
  int out = R.resources[size_t(k)].supply - s.hand[size_t(k)];
  for (const auto& d : s.drops)
    if (d.kind == k) out -= d.count;
  return std::max(out, 0);
}

bool mq_mission_fits(const MqRules& R, const MqSetup& U, const MqState& s, int exit, int mission) {
  if (mission == s.missions[0]) return false;
  return !(U.grouped && exit == 1 && s.missions[0] >= 0 &&
           R.missions[size_t(mission)].group == R.missions[size_t(s.missions[0])].group);
}

std::vector<std::string> mq_free_tiles(const MqRules& R, const MqState& s) {
  std::vector<std::string> ids;
  for (size_t t = 0; t < R.tiles.size(); ++t)
    if (std::find(s.tile.begin(), s.tile.end(), int(t)) == s.tile.end() &&
        std::find(ids.begin(), ids.end(), R.tiles[t].id) == ids.end())
      ids.push_back(R.tiles[t].id);
  return ids;
}

const MqBox* mq_next_box(const MqRules& R, const MqState& s, int exit) {
  const int m = s.missions[size_t(exit)];
  if (m < 0) return nullptr;
  const auto& boxes = R.missions[size_t(m)].boxes;
  const int done = s.boxes[size_t(exit)];
  return done < int(boxes.size()) ? &boxes[size_t(done)] : nullptr;
}

bool mq_box_day_ok(const MqBox& box, int day) {
  if (box.day_from > 0 && day < box.day_from) return false;
  if (box.day_to > 0 && day > box.day_to) return false;
  return true;
}

int mq_missions_done(const MqRules& R, const MqState& s) {
  int n = 0;
  for (int e = 0; e < 2; ++e)
    if (s.missions[size_t(e)] >= 0 && !mq_next_box(R, s, e)) ++n;
  return n;
}

void MqPlay::setup() {
  const size_t n = R.locations.size();
  S.piece.assign(n, MqPiece::none);
  S.drops.assign(n, MqDrop{});
  S.tile.assign(n, -1);
  S.hand.assign(R.resources.size(), 0);
  S.morale = BoundedTrack{0, R.morale_max(), std::min(R.morale_start, R.morale_max())};
  S.soldiers = BoundedTrack{0, R.soldiers_max, 0};
  S.home = U.level->agents;
  S.cafe = U.level->cafe;
  std::vector<int> cards;
  for (size_t i = 0; i < R.patrols.size(); ++i) cards.push_back(int(i));
  S.patrol_deck =
      CardDeck(U.virtual_mode ? CardDeck::Mode::virtual_cards : CardDeck::Mode::table, cards);
  S.patrol_deck.shuffle(ctx);
  BOCAGE_SAY(ctx, ctx.m(msg::mq::setup, "agents"_a = S.home, "cafe"_a = S.cafe,
                        "morale"_a = S.morale.value));
  if (!U.virtual_mode) {
    BOCAGE_SAY(ctx, ctx.m(msg::mq::setup_table));
    return;
  }
  // Virtual: two missions drawn from the seed (01-8, or one per group: 05).
  std::vector<int> pool;
  for (size_t m = 0; m < R.missions.size(); ++m) pool.push_back(int(m));
  ctx.shuffle(pool);
  // The first two of the shuffled missions; 05: the first of each group,
  // in the order the shuffle turned them up, so either group may take exit 1.
  for (int e = 0; e < 2; ++e) {
    for (int m : pool)
      if (mq_mission_fits(R, U, S, e, m)) {
        S.missions[size_t(e)] = m;
        break;
      }
    BOCAGE_SAY(ctx, ctx.m(msg::mq::mission_on_exit, "exit"_a = e + 1,
                          "mission"_a = mission_name(S.missions[size_t(e)])));
  }
  start_day();
}

void MqPlay::start_day() {
  S.phase = MqPhase::placement;
  S.shot = false;
  S.to_place = S.home;
  S.patrols_due = std::max(R.red[size_t(S.morale.value)], S.home);
  S.patrols_drawn = 0;
  BOCAGE_SAY(ctx,
             ctx.m(msg::mq::day_starts, "day"_a = S.day, "patrols"_a = S.patrols_due,
                   "agents"_a = S.home, "soldiers"_a = std::min(S.soldiers.value, S.patrols_due)));
  // An agent with nowhere to go stays home (ruling on A-02).
  if (S.to_place > 0) {
    bool any = false;
    for (size_t l = 0; l < S.piece.size() && !any; ++l) any = mq_can_place(R, S, int(l));
    if (!any) {
      BOCAGE_SAY(ctx, ctx.m(msg::mq::nowhere), Line::Kind::warning);
      S.to_place = 0;
      after_placement();
    }
  }
}

void MqPlay::place_patrol() {
  if (S.patrol_deck.empty()) {
    // the discard, shuffled, is the new deck.
    BOCAGE_SAY(ctx, ctx.m(msg::mq::reshuffle, "count"_a = int(S.patrol_discard.size())));
    S.patrol_deck.refill(S.patrol_discard.cards, ctx);
    S.patrol_discard.cards.clear();
  }
  DrawQuestion q;
  q.text = ctx.m(msg::mq::ask_patrol);  // the shell lists the cards left
  q.answer = [this](int card) { return R.patrols[size_t(card)].id; };
  const int card = S.patrol_deck.draw(ctx, q);
  const int index = S.patrols_drawn++;
  if (card == kUnknownCard) return;
  S.patrol_discard.add(card);
  // the last `soldiers` patrols of the day are soldiers.
  const bool soldier = index >= S.patrols_due - S.soldiers.value;
  const MqPiece piece = soldier ? MqPiece::soldier : MqPiece::milice;
  const auto& locs = R.patrols[size_t(card)].locations;
  int at = -1;
  for (int l : locs)
    if (at < 0 && S.piece[size_t(l)] == MqPiece::none) at = l;
  bool arrest_here = false;
  if (at < 0)
    for (int l : locs)
      if (at < 0 && S.piece[size_t(l)] == MqPiece::agent) {
        at = l;
        arrest_here = true;
      }
  BOCAGE_SAY(ctx, ctx.m(msg::mq::patrol_card, "card"_a = card_text(card)));
  if (at < 0) {
    BOCAGE_SAY(ctx, ctx.m(msg::mq::patrol_none));
    return;
  }
  if (arrest_here) arrest(at);
  S.piece[size_t(at)] = piece;
  BOCAGE_SAY(ctx,
             soldier ? ctx.m(msg::mq::soldier_placed, "location"_a = loc_name(at))
                     : ctx.m(msg::mq::milice_placed, "location"_a = loc_name(at)),
             Line::Kind::result);
}

void MqPlay::after_placement() {
  if (S.end != MqEnd::none) return;
  if (S.patrols_drawn < S.patrols_due) place_patrol();
  if (S.to_place > 0) {
    // the next agent, unless none can go anywhere.
    bool any = false;
    for (size_t l = 0; l < S.piece.size() && !any; ++l) any = mq_can_place(R, S, int(l));
    if (any || S.end != MqEnd::none) return;
    BOCAGE_SAY(ctx, ctx.m(msg::mq::nowhere), Line::Kind::warning);
    S.to_place = 0;
  }
  while (S.end == MqEnd::none && S.patrols_drawn < S.patrols_due) place_patrol();
  if (S.end != MqEnd::none) return;
  S.phase = MqPhase::action;
  BOCAGE_SAY(ctx, ctx.m(msg::mq::action_phase));
}

void MqPlay::arrest(int loc) {
  S.piece[size_t(loc)] = MqPiece::none;
  ++S.arrests;
  BOCAGE_SAY(ctx, ctx.m(msg::mq::arrested, "location"_a = loc_name(loc)), Line::Kind::warning);
  if (U.level->arrest_morale) morale(-1);
  if (S.end == MqEnd::none && S.agents_in_play() == 0) {
    S.end = MqEnd::arrested;
    S.phase = MqPhase::over;
  }
}

void MqPlay::morale(int delta) {
  S.morale.add_clamped(delta);
  BOCAGE_SAY(ctx, ctx.m(msg::mq::morale_now, "morale"_a = S.morale.value),
             delta < 0 ? Line::Kind::warning : Line::Kind::result);
  if (S.morale.value == 0 && S.end == MqEnd::none) {
    S.end = MqEnd::morale;
    S.phase = MqPhase::over;
  }
}

bool MqPlay::escape(int loc, int ignore) {
  auto route = mq_escape_route(R, S, loc, ignore);
  if (route.empty()) {
    arrest(loc);
    return false;
  }
  S.piece[size_t(loc)] = MqPiece::none;
  ++S.home;
  if (ctx.narrating()) {
    std::string path;
    for (const auto& id : route) {
      if (!path.empty()) path += ctx.m(msg::mq::route_step);
      path += loc_name(R.location(id));
    }
    ctx.say(ctx.m(msg::mq::went_home, "route"_a = path));
  }
  return true;
}

void MqPlay::upkeep() {
  // C-1: the patrols leave.
  for (auto& p : S.piece)
    if (p == MqPiece::milice || p == MqPiece::soldier) p = MqPiece::none;
  // C-2: the day marker moves on.
  if (S.day == R.days) {
    if (!U.level->wrap) {
      S.end = MqEnd::days;
      S.phase = MqPhase::over;
      return;
    }
    S.day = 1;
    ++S.cycles;
  } else {
    ++S.day;
  }
  BOCAGE_SAY(ctx, ctx.m(msg::mq::upkeep, "day"_a = S.day));
  if (U.level->lose_on_day > 0 && S.day >= U.level->lose_on_day && !U.level->wrap) {
    S.end = MqEnd::days;
    S.phase = MqPhase::over;
    return;
  }
  const bool hurt = U.level->starred_days ? R.starred[size_t(S.day)] : R.orange[size_t(S.day)];
  if (hurt) morale(-1);
  if (S.end == MqEnd::none) start_day();
}

void MqPlay::check_win() {
  if (S.end == MqEnd::none && mq_missions_done(R, S) == 2) {
    S.end = MqEnd::won;
    S.phase = MqPhase::over;
  }
}

// Things are named as printed, in the session's language (the vocabulary's
// shown form, which a player can type back).
std::string MqPlay::loc_name(int loc) const {
  return R.vocabulary.shown(R.locations[size_t(loc)].id, ctx.lang());
}

std::string MqPlay::res_name(int k) const {
  return R.resources[size_t(k)].name.in(lang_name(ctx.lang()));
}

std::string MqPlay::res_list(const std::vector<int>& amounts) const {
  std::string out;
  for (size_t k = 0; k < amounts.size(); ++k)
    if (amounts[k] > 0) {
      if (!out.empty()) out += ctx.m(msg::mq::list_separator);
      out += ctx.m(msg::mq::amount, "resource"_a = res_name(int(k)), "n"_a = amounts[k]);
    }
  return out.empty() ? ctx.m(msg::mq::nothing) : out;
}

std::string MqPlay::mission_name(int m) const {
  if (m < 0) return "?";
  return R.vocabulary.shown(R.missions[size_t(m)].id, ctx.lang());
}

std::string MqPlay::rule(const char* section) const {
  return section;
}

std::string MqPlay::card_text(int card) const {
  std::string out = R.vocabulary.shown(R.patrols[size_t(card)].id, ctx.lang()) + ":";
  for (int l : R.patrols[size_t(card)].locations) out += " " + loc_name(l);
  return out;
}

}  // namespace bocage
