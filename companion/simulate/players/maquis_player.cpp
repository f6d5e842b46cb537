#include "maquis_player.h"

#include <algorithm>
#include <memory>

#include "companion/games/maquis/mq_play.h"
#include "core/diagnostic.h"

namespace bocage {

namespace {

struct MqKnowledge {
  MqRules rules;
  MqSetup setup;
  std::vector<int> exposure;  // by location: the patrol cards naming it
  std::vector<int> distance;  // by location: roads to the safe house
};

class MaquisPlayer final : public Player {
 public:
  explicit MaquisPlayer(std::shared_ptr<const MqKnowledge> k) : k_(std::move(k)), R(k_->rules) {}

  size_t choose(const GameState& base, const std::vector<Move>& moves, Rng&) override {
    const auto& s = static_cast<const MqState&>(base);
    if (moves.size() == 1) return 0;
    size_t best = 0;
    double best_score = -1e18;
    for (size_t i = 0; i < moves.size(); ++i) {
      const MqAction a = mq_action(moves[i]);
      double v;
      if (s.phase == MqPhase::placement) {
        v = place_value(s, a.location);
      } else {
        v = after(s, a);
      }
      if (v > best_score) best_score = v, best = i;
    }
    return best;
  }

  std::string answer(const Question& q, Rng& rng) override {
    return q.choices[size_t(rng.roll(int(q.choices.size())) - 1)];
  }

 private:
  /// What the missions still need of each resource, beyond what is in hand;
  /// the next box counts double.
  std::vector<double> need(const MqState& s) const {
    std::vector<double> n(R.resources.size(), 0.0);
    for (int e = 0; e < 2; ++e) {
      const int m = s.missions[size_t(e)];
      if (m < 0) continue;
      const auto& boxes = R.missions[size_t(m)].boxes;
      for (size_t b = size_t(s.boxes[size_t(e)]); b < boxes.size(); ++b)
        for (size_t k = 0; k < n.size(); ++k)
          n[k] += boxes[b].pay[k] * (b == size_t(s.boxes[size_t(e)]) ? 2.0 : 1.0);
    }
    return n;
  }

  /// The hand once the agents already placed today have acted, each taking
  /// its location's first choice that pays.
  std::vector<int> projected_hand(const MqState& s) const {
    std::vector<int> hand = s.hand;
    for (size_t l = 0; l < s.piece.size(); ++l) {
      if (s.piece[l] != MqPiece::agent) continue;
      for (const auto& ch : mq_choices(R, s, int(l))) {
        bool pays = true;
        for (size_t k = 0; k < hand.size(); ++k) pays = pays && hand[k] >= ch.pay[k];
        if (!pays) continue;
        for (size_t k = 0; k < hand.size(); ++k) hand[k] += ch.gain[k] - ch.pay[k];
        break;
      }
      if (s.drops[l].kind >= 0) hand[size_t(s.drops[l].kind)] += s.drops[l].count;
    }
    return hand;
  }

  double place_value(const MqState& s, int loc) const {
    const MqLocation& L = R.locations[size_t(loc)];
    const auto n = need(s);
    double v = 0;
    if (L.kind == MqLocation::Kind::exit) {
      // Payable with what is in hand and what today's agents will bring.
      MqState projected = s;
      projected.hand = projected_hand(s);
      const MqBox* box = mq_next_box(R, s, L.exit);
      v = box && mq_can_pay(projected, box->pay) && mq_box_day_ok(*box, s.day) ? 60 : -20;
      // Exits are named on no patrol card: keep them for last.
      if (v > 0 && s.to_place > 1) v = 5;
    } else if (L.kind == MqLocation::Kind::field) {
      v = 25;
    } else if (L.kind == MqLocation::Kind::cafe) {
      v = s.agents_in_play() < 4 ? 18 : 4;
    } else if (L.kind == MqLocation::Kind::spare_room && s.tile[size_t(loc)] < 0) {
      v = 0;
    } else {
      MqState projected = s;
      projected.hand = projected_hand(s);
      for (const auto& ch : mq_choices(R, s, loc)) {
        double c = 0;
        if (!mq_can_pay(projected, ch.pay)) continue;
        for (size_t k = 0; k < n.size(); ++k)
          c += ch.gain[k] * std::max(0.0, n[k] - projected.hand[k]) * 6 - ch.pay[k] * 2;
        c += ch.morale * (s.morale.value <= 3 ? 30 : 8);
        if (ch.special == MqChoice::Special::drop) c += 20;
        v = std::max(v, c);
      }
    }
    // Cut off already by the patrols placed: an arrest waiting to happen (B-04).
    if (mq_escape_route(R, s, loc).empty()) v -= 80;
    return v - 4.0 * k_->exposure[size_t(loc)] - 5.0 * k_->distance[size_t(loc)];
  }

  double score(const MqState& s) const {
    if (s.end == MqEnd::won) return 1e9;
    if (s.end != MqEnd::none) return -1e9;
    const auto n = need(s);
    double v =
        100.0 * (s.boxes[0] + s.boxes[1]) + 60.0 * s.agents_in_play() + 25.0 * s.morale.value;
    for (size_t k = 0; k < n.size(); ++k)
      v += 8.0 * std::min<double>(s.hand[k], n[k]) + 0.5 * s.hand[k];
    for (const auto& d : s.drops)
      if (d.kind >= 0)
        v += 6.0 * std::min<double>(d.count,
                                    std::max(0.0, n[size_t(d.kind)] - s.hand[size_t(d.kind)])) +
             1.0 * d.count;
    for (int t : s.tile) v += t >= 0 ? 4 : 0;
    v -= 12.0 * s.soldiers.value;
    return v;
  }

  double after(const MqState& s, const MqAction& a) const {
    MqState trial = s;
    GameDice dice(0);
    PlayContext quiet(Lang::en, dice, false, {}, nullptr, false);
    MqPlay play(R, k_->setup, trial, quiet);
    if (a.kind == MqAction::Kind::end) {
      // Ending the day with agents out: their routes home as they stand.
      double v = score(s) - 1;
      for (size_t l = 0; l < s.piece.size(); ++l)
        if (s.piece[l] == MqPiece::agent) v -= 1000;  // act or go home first
      return v;
    }
    if (play.act(a)) return -1e18;
    double v = score(trial);
    if (a.kind == MqAction::Kind::home) v -= 0.5;  // acting beats going home, when equal
    return v;
  }

  std::shared_ptr<const MqKnowledge> k_;
  const MqRules& R;
};

}  // namespace

PlayerFactory maquis_player_factory(const std::filesystem::path& data_root,
                                    const std::vector<std::string>& options, std::string* error) {
  Diagnostics diags;
  auto rules = load_mq_rules(data_root, "maquis", diags);
  if (!rules) {
    if (error) *error = diags.format_all();
    return nullptr;
  }
  auto k = std::make_shared<MqKnowledge>();
  k->rules = std::move(*rules);
  GameOptions chosen;
  std::vector<std::string> game_options;
  for (const auto& o : options)
    if (o != "manual-dice") game_options.push_back(o);
  if (!parse_game_options(k->rules.options, game_options, "maquis", chosen, error)) return nullptr;
  k->setup.virtual_mode = chosen.is("mode", "virtual");
  k->setup.grouped = chosen.is("missions", "grouped");
  const MqRules& R = k->rules;
  k->setup.level = &R.level(chosen.get("level"));
  k->exposure.assign(R.locations.size(), 0);
  for (const auto& p : R.patrols)
    for (int l : p.locations) ++k->exposure[size_t(l)];
  for (const auto& L : R.locations)
    k->distance.push_back(
        std::max(0, R.board.distance(L.id, R.locations[size_t(R.safe_house)].id)));
  std::shared_ptr<const MqKnowledge> shared = k;
  return [shared] { return std::make_unique<MaquisPlayer>(shared); };
}

}  // namespace bocage
