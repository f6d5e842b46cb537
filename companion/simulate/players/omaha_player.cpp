#include "omaha_player.h"

#include <algorithm>
#include <array>
#include <limits>
#include <memory>

#include "companion/games/omaha_beach/ob_play.h"
#include "core/diagnostic.h"

namespace bocage {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

/// What the player knows besides the view: the rules, and how likely a
/// face-up card of each front hides a mine (its share of the printed cards).
struct ObKnowledge {
  ObRules rules;
  std::vector<double> mine_chance;  // by front
};

class OmahaPlayer final : public Player {
 public:
  explicit OmahaPlayer(std::shared_ptr<const ObKnowledge> k) : k_(std::move(k)), R(k_->rules) {}

  size_t choose(const GameState& base, const std::vector<Move>& moves, Rng&) override {
    const auto& s = static_cast<const ObState&>(base);
    if (moves.size() == 1) return 0;
    auto find = [&](const ObAction& wanted) -> std::optional<size_t> {
      const Move m = ob_move(wanted);
      for (size_t i = 0; i < moves.size(); ++i)
        if (moves[i] == m) return i;
      return std::nullopt;
    };
    using K = ObAction::Kind;
    // The landing or the nest: wherever the way across is cheapest.
    const K first_kind = ob_action(moves[0]).kind;
    if (first_kind == K::land || first_kind == K::nest) {
      size_t best = 0;
      double best_cost = kNever;
      for (size_t i = 0; i < moves.size(); ++i) {
        ObState t = s;
        const ObAction a = ob_action(moves[i]);
        if (a.kind == K::land) {
          t.landed = true;
          t.row = kObLcRow;
          t.column = a.column;
        } else {
          t.at(kObFarRow, a.column) = ObCell{};
          t.at(kObFarRow, a.column).nest = true;
          t.nest_placed = true;
        }
        const double c = plan(t).cost;
        if (c < best_cost) best_cost = c, best = i;
      }
      return best;
    }
    const Plan p = plan(s);
    if (p.first) {
      const ObDir d = *p.first;
      const ObPlace to = *ob_target(s, d);
      if (ob_blowable(R, s, to) && !ob_enterable(R, s, to)) {
        if (auto i = find({K::blow, 0, d})) return *i;
      }
      if (auto i = find({K::move, 0, d, true})) return *i;
      if (auto i = find({K::move, 0, d, false})) return *i;
      if (auto i = find({K::blow, 0, d})) return *i;
    }
    // No plan (nothing leads on): any move but spending the last charge.
    for (size_t i = 0; i < moves.size(); ++i)
      if (ob_action(moves[i]).kind == K::move) return i;
    return 0;
  }

  size_t answer(const Question& q, Rng& rng) override {
    return size_t(rng.roll(int(q.choices.size())) - 1);
  }

 private:
  struct Plan {
    double cost = kNever;
    std::optional<ObDir> first;  // the first step of the cheapest way
  };

  /// The cheapest way from the squad to the far row (A1-A3) or onto the nest
  /// (A4): Dijkstra over the grid's places, each step priced by expected
  /// hits, charges and sniper rounds.
  Plan plan(const ObState& s) const {
    const int spare = s.charges.value - 1;  // one charge stays for the nest
    const double charge_price = spare <= 0 ? kNever : spare <= 2 ? 2.0 : 0.9;
    const double round_price = 0.6;
    std::array<std::array<double, kObColumns>, kObFarRow + 1> dist;
    std::array<std::array<std::optional<ObDir>, kObColumns>, kObFarRow + 1> first{};
    std::array<std::array<bool, kObColumns>, kObFarRow + 1> done{};
    for (auto& row : dist) row.fill(kNever);
    dist[size_t(s.row)][size_t(s.column)] = 0;
    Plan best;
    for (;;) {
      int r = -1, c = -1;
      double d = kNever;
      for (int i = 0; i <= kObFarRow; ++i)
        for (int j = 0; j < kObColumns; ++j)
          if (!done[size_t(i)][size_t(j)] && dist[size_t(i)][size_t(j)] < d)
            d = dist[size_t(i)][size_t(j)], r = i, c = j;
      if (r < 0) break;
      done[size_t(r)][size_t(c)] = true;
      const ObCell& here = s.at(r, c);
      const bool at_start = r == s.row && c == s.column;
      if (!at_start && (here.nest || (r == kObFarRow && s.assault < R.grids))) {
        if (d < best.cost) best = Plan{d, first[size_t(r)][size_t(c)]};
        continue;  // a goal: the way ends here
      }
      if (here.nest) continue;
      ObState from = s;
      from.row = r;
      from.column = c;
      for (ObDir dir : {ObDir::forward, ObDir::left, ObDir::right}) {
        auto to = ob_target(from, dir);
        if (!to) continue;
        const ObCell& cell = s.at(to->row, to->column);
        double cost = 0;
        ObState entering = from;
        if (!ob_enterable(R, s, *to)) {
          if (!ob_blowable(R, s, *to)) continue;
          cost += charge_price;
          entering.at(to->row, to->column).turned = true;  // blown: entered like flat ground
        } else if (!cell.nest && !cell.turned) {
          cost += k_->mine_chance[size_t(cell.front)];
        }
        if (ob_move_under_fire(R, entering, *to, dir)) {
          const bool sniper = s.sniper.value > 0 && !ob_behind_eye(R, from);
          cost += sniper ? round_price : 1.0;
        }
        const double nd = d + cost;
        double& slot = dist[size_t(to->row)][size_t(to->column)];
        if (nd < slot) {
          slot = nd;
          first[size_t(to->row)][size_t(to->column)] =
              at_start ? std::optional<ObDir>(dir) : first[size_t(r)][size_t(c)];
        }
      }
    }
    return best;
  }

  std::shared_ptr<const ObKnowledge> k_;
  const ObRules& R;
};

}  // namespace

PlayerFactory omaha_player_factory(const std::filesystem::path& data_root,
                                   const std::vector<std::string>& options, std::string* error) {
  Diagnostics diags;
  auto rules = load_ob_rules(data_root, "omaha-beach", diags);
  if (!rules) {
    if (error) *error = diags.format_all();
    return nullptr;
  }
  (void)options;  // the mode changes nothing the player sees
  auto k = std::make_shared<ObKnowledge>();
  k->rules = std::move(*rules);
  std::vector<int> mines(k->rules.fronts.size(), 0), all(k->rules.fronts.size(), 0);
  for (const auto& c : k->rules.cards) {
    ++all[size_t(c.front)];
    mines[size_t(c.front)] += c.mine ? 1 : 0;
  }
  for (size_t f = 0; f < all.size(); ++f)
    k->mine_chance.push_back(all[f] ? double(mines[f]) / all[f] : 0.0);
  std::shared_ptr<const ObKnowledge> shared = k;
  return [shared] { return std::make_unique<OmahaPlayer>(shared); };
}

}  // namespace bocage
