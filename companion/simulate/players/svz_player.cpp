#include "svz_player.h"

#include <algorithm>
#include <climits>
#include <memory>

#include "companion/games/stuart_vs_zombies/svz_module.h"
#include "companion/games/stuart_vs_zombies/svz_moves.h"
#include "companion/games/stuart_vs_zombies/svz_rules.h"
#include "companion/games/stuart_vs_zombies/svz_state.h"
#include "core/diagnostic.h"

namespace bocage {

namespace {

/// What the player knows of the game besides the view: the map and the counters.
struct SvzKnowledge {
  SvzRules rules;
  SvzOptions options;
  std::vector<std::vector<int>> steps;  // path lengths between hexes by dense index
};

void compute_steps(SvzKnowledge& k) {
  const HexBoard& b = k.rules.board;
  const size_t n = size_t(b.size());
  k.steps.assign(n, std::vector<int>(n, INT_MAX));
  for (size_t from = 0; from < n; ++from) {
    if (!b.exists(int(from))) continue;
    std::vector<size_t> queue{from};
    k.steps[from][from] = 0;
    for (size_t q = 0; q < queue.size(); ++q)
      for (int nb : b.neighbours(int(queue[q]))) {
        const size_t i = size_t(nb);
        if (k.steps[from][i] != INT_MAX) continue;
        k.steps[from][i] = k.steps[from][queue[q]] + 1;
        queue.push_back(i);
      }
  }
}

class SvzPlayer final : public Player {
 public:
  explicit SvzPlayer(std::shared_ptr<const SvzKnowledge> k) : k_(std::move(k)), R(k_->rules) {}

  void new_game() override { m5_ = R.start; }

  size_t choose(const GameState& base, const std::vector<Move>& moves, Rng& rng) override {
    const auto& s = static_cast<const SvzState&>(base);
    m5_ = s.m5;
    if (moves.size() == 1) return 0;
    auto find = [&](auto&& wanted) -> std::optional<size_t> {
      for (size_t i = 0; i < moves.size(); ++i)
        if (wanted(moves[i])) return i;
      return std::nullopt;
    };
    const int shoot_bonus = bonus(s, true), ram_bonus = bonus(s, false);
    const int buffer = protection(s);

    // A crippled M5 (8.0) or a damaged one with nothing left to lose:
    // repair with every AP when nothing can be destroyed first.
    const bool crippled = k_->options.no_breakdowns && s.damaged;
    // The attack likeliest to destroy a zombie (shots and rams alike).
    double best = 0;
    std::optional<size_t> attack;
    for (size_t i = 0; i < moves.size(); ++i) {
      const Move& w = moves[i];
      if (w.command != svz_shoot && w.command != svz_ram) continue;
      const bool shoot = w.command == svz_shoot;
      const HexCoord h = shoot ? hex(w.arg(0)) : s.m5;
      const size_t named = shoot ? 1 : 0;  // the target's argument, if named
      int value = -1;                      // the zombie's value; -1: a face-down counter
      for (const auto& p : s.pieces)
        if (p.at == SvzPiece::At::hex && p.hex == h && p.face_up && zombie(p) &&
            (w.count <= named || R.token_of[size_t(p.card)] == w.arg(named)))
          value = std::max(value, R.counters[size_t(p.card)].value);
      if (value < 0) continue;
      const double p = hit_chance(value, shoot ? shoot_bonus : ram_bonus);
      // A tie goes to the ram: a broken track is repaired anywhere, ammunition only at Carentan.
      if (p > best || (p == best && !shoot && attack)) best = p, attack = i;
    }
    if (crippled || (s.damaged && buffer == 0 && !attack && s.ap >= 3))
      if (auto r = repair(moves, kSvzRepairDamage)) return *r;
    if (attack) return *attack;
    if (s.broken_track)
      if (auto r = repair(moves, kSvzRepairTrack)) return *r;
    // Out of ammunition: back to Carentan, and repair there.
    if (s.no_ammo && s.m5 == R.start)
      if (auto r = repair(moves, kSvzRepairAmmo)) return *r;
    // Equipment where the M5 stands: fit it (7.5).
    for (const auto& p : s.pieces)
      if (p.at == SvzPiece::At::hex && p.hex == s.m5 && p.face_up &&
          R.counters[size_t(p.card)].kind == SvzCounter::Kind::equipment && s.ap >= 3)
        if (auto r = repair(moves, R.token_of[size_t(p.card)])) return *r;
    // Infantry to rescue (4.1): drive onto it.
    if (k_->options.rescue > riders(s)) {
      std::vector<HexCoord> infantry;
      for (const auto& p : s.pieces)
        if (p.at == SvzPiece::At::hex && p.face_up &&
            R.counters[size_t(p.card)].kind == SvzCounter::Kind::infantry)
          infantry.push_back(p.hex);
      if (auto m = step_toward(s, moves, infantry, 0)) return *m;
    }
    // Face-down counters: scout them when infantry may be among them and is
    // wanted, else shoot them (a hit destroys whatever it is).
    const bool scout = k_->options.rescue > 0;
    if (scout) {
      if (auto r = find([](const Move& w) { return w.command == svz_recon; })) return *r;
    } else if (auto r = find([&](const Move& w) {
                 return w.command == svz_ram && (w.count == 0 || w.arg(0) == kSvzHidden);
               })) {
      return *r;
    } else if (auto r = find([&](const Move& w) {
                 return w.command == svz_shoot && (w.count == 1 || w.arg(1) == kSvzHidden);
               })) {
      return *r;
    }
    // Drive toward the nearest target: a zombie to shoot, a counter to turn.
    std::vector<HexCoord> targets;
    for (const auto& p : s.pieces)
      if (p.at == SvzPiece::At::hex && (!p.face_up || zombie(p))) targets.push_back(p.hex);
    const int reach = scout ? R.action(SvzAction::recon).range : R.action(SvzAction::shoot).range;
    if (auto m = step_toward(s, moves, targets, s.no_ammo ? 0 : reach)) return *m;
    if (s.no_ammo)
      if (auto m = step_toward(s, moves, {R.start}, 0)) return *m;
    if (auto r = find([](const Move& w) { return w.command == svz_end; })) return *r;
    return size_t(rng.roll(int(moves.size())) - 1);
  }

  size_t answer(const Question& q, Rng& rng) override {
    if (q.kind == Question::Kind::loss && q.values.size() == q.choices.size()) {
      // Keep the infantry when it is to be rescued, else keep the guns.
      const bool keep_infantry = k_->options.rescue > 0;
      for (size_t i = 0; i < q.values.size(); ++i)
        if ((q.values[i] == kSvzLossInfantry) != keep_infantry) return i;
    }
    if (q.kind == Question::Kind::hex && q.values.size() == q.choices.size()) {
      // The counter nearest the M5, the likeliest to be shot next.
      size_t best = 0;
      for (size_t i = 1; i < q.values.size(); ++i)
        if (steps_from(m5_, q.values[i]) < steps_from(m5_, q.values[best])) best = i;
      return best;
    }
    return size_t(rng.roll(int(q.choices.size())) - 1);
  }

 private:
  bool zombie(const SvzPiece& p) const {
    return p.card >= 0 && R.counters[size_t(p.card)].kind == SvzCounter::Kind::zombie;
  }

  HexCoord hex(int i) const { return R.board.at(i); }

  int steps_from(HexCoord from, int to) const {
    return k_->steps[size_t(R.board.index(from))][size_t(to)];
  }

  int bonus(const SvzState& s, bool shoot) const {
    int b = 0;
    for (const auto& p : s.pieces)
      if (p.at == SvzPiece::At::attached)
        b += shoot ? R.counters[size_t(p.card)].shoot_bonus : R.counters[size_t(p.card)].ram_bonus;
    return b;
  }

  int riders(const SvzState& s) const {
    return int(std::count_if(s.pieces.begin(), s.pieces.end(),
                             [](const SvzPiece& p) { return p.at == SvzPiece::At::riding; }));
  }

  /// What a damage would take before the M5 itself (6.1): equipment, infantry.
  int protection(const SvzState& s) const {
    return int(std::count_if(s.pieces.begin(), s.pieces.end(), [](const SvzPiece& p) {
      return p.at == SvzPiece::At::riding || p.at == SvzPiece::At::attached;
    }));
  }

  /// The chance that one die destroys a zombie of `value` (7.3, 7.4, 8.0).
  double hit_chance(int value, int bonus) const {
    const int need = k_->options.at_or_above ? value : value + 1;
    int faces = 0;
    for (int d = 1; d <= 6; ++d)
      faces += (d != 1 || k_->options.no_breakdowns) && d + bonus >= need;
    return faces / 6.0;
  }

  /// The repair of `what` with every AP left (the likeliest to succeed).
  std::optional<size_t> repair(const std::vector<Move>& moves, int32_t what) const {
    std::optional<size_t> best;
    int most = 0;
    for (size_t i = 0; i < moves.size(); ++i) {
      const Move& w = moves[i];
      if (w.command != svz_repair || w.arg(1) != what) continue;
      const int ap = w.arg(0);
      if (ap > most) most = ap, best = i;
    }
    return best;
  }

  /// The move that brings the M5 nearest to within `reach` hexes (as the
  /// crow flies, as shots count) of one of `goals`; none when it is there
  /// already or no move gets closer.
  std::optional<size_t> step_toward(const SvzState& s, const std::vector<Move>& moves,
                                    const std::vector<HexCoord>& goals, int reach) const {
    if (goals.empty()) return std::nullopt;
    auto gap = [&](HexCoord at) {
      int best = INT_MAX;
      for (HexCoord g : goals) {
        if (R.map.grid.distance(at, g) <= reach) return 0;
        best = std::min(best, steps_from(at, R.board.index(g)));
      }
      return best;
    };
    const int now = gap(s.m5);
    if (now == 0) return std::nullopt;
    std::optional<size_t> best;
    int best_gap = now;
    for (size_t i = 0; i < moves.size(); ++i) {
      if (moves[i].command != svz_move) continue;
      const int g = gap(hex(moves[i].arg(0)));
      if (g < best_gap) best_gap = g, best = i;
    }
    return best;
  }

  std::shared_ptr<const SvzKnowledge> k_;
  const SvzRules& R;
  HexCoord m5_;
};

}  // namespace

PlayerFactory svz_player_factory(const std::filesystem::path& data_root,
                                 const std::vector<std::string>& options, std::string* error) {
  std::vector<std::string> game_options;
  for (const auto& o : options)
    if (o != "manual-dice") game_options.push_back(o);
  Diagnostics diags;
  auto rules = load_svz_rules(data_root, "stuart-vs-zombies", diags);
  if (!rules) {
    if (error) *error = diags.format_all();
    return nullptr;
  }
  SvzOptions parsed;
  if (!parse_svz_options(*rules, game_options, parsed, error)) return nullptr;
  auto k = std::make_shared<SvzKnowledge>(SvzKnowledge{std::move(*rules), parsed, {}});
  compute_steps(*k);
  std::shared_ptr<const SvzKnowledge> shared = k;
  return [shared] { return std::make_unique<SvzPlayer>(shared); };
}

}  // namespace bocage
