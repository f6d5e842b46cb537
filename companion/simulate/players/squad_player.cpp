#include "squad_player.h"

#include <memory>

#include "companion/games/squad/sq_play.h"
#include "core/diagnostic.h"

namespace bocage {

namespace {

class SquadPlayer final : public Player {
 public:
  explicit SquadPlayer(std::shared_ptr<const SqRules> rules) : R_(std::move(rules)), R(*R_) {}

  size_t choose(const GameState& base, const std::vector<Move>& moves, Rng&) override {
    const auto& s = static_cast<const SqState&>(base);
    size_t best = 0;
    double best_score = -1e9;
    for (size_t i = 0; i < moves.size(); ++i) {
      const double score = value(s, moves[i], moves);
      if (score > best_score) {
        best_score = score;
        best = i;
      }
    }
    return best;
  }

  size_t answer(const Question& q, Rng& rng) override {
    return size_t(rng.roll(int(q.choices.size())) - 1);
  }

 private:
  /// What a card is worth keeping (the discard phase throws the least).
  double keep_value(int card) const {
    const SqCard& c = R.cards[size_t(card)];
    if (c.mission) return 10;
    if (c.type == 'N') return 6;
    if (c.attack()) {
      int best = -9;
      for (const auto& r : c.range)
        if (r) best = std::max(best, *r);
      return 4 + best;
    }
    if (c.type == 'T') return 2 - c.cover;
    return 3;
  }

  double value(const SqState& s, const Move& m, const std::vector<Move>& moves) const {
    const int seat = sq_seat_of_step(s);
    const SqSquad& me = s.squads[size_t(seat)];
    const SqSquad& them = s.squads[size_t(1 - seat)];
    auto has_attack = [&] {
      for (const auto& o : moves)
        if (SqCommand(o.command) == SqCommand::play && R.effect(o.arg(0), o.arg(1)).attack())
          return true;
      return false;
    };
    switch (SqCommand(m.command)) {
      case SqCommand::start:
      case SqCommand::done:
        return 0;
      case SqCommand::discard:
        return -keep_value(m.arg(0));
      case SqCommand::declare: {
        bool mission = false, terrain = false;
        for (int c : me.hand.cards) {
          if (c < 0) continue;
          mission = mission || R.cards[size_t(c)].mission;
          terrain = terrain || R.cards[size_t(c)].type == 'T';
        }
        const bool want = mission || (me.terrain < 0 && terrain);
        if (m.arg(0) == 0) return want ? 0 : 1;
        return want ? (m.arg(0) == 2 ? 1.5 : 1) : -1;
      }
      case SqCommand::move: {
        const SqCard& c = R.cards[size_t(m.arg(1))];
        double v = m.arg(2) ? -2 - keep_value(m.arg(1)) : 5 - 2 * c.cover;
        if (SqDir(m.arg(0)) == SqDir::sideways) v += 1;
        if (SqDir(m.arg(0)) == SqDir::closer && s.range > 1) v += 0.5;
        return v;
      }
      case SqCommand::play:
        break;
    }
    const SqCard& c = R.effect(m.arg(0), m.arg(1));
    if (c.mission) return 30;
    if (c.hand < 0) return 25;
    if (c.attack()) {
      int cover = them.terrain >= 0 && !c.ignore_cover ? R.cards[size_t(them.terrain)].cover : 0;
      return 10 + sq_range_modifier(R, s, seat, c).value_or(0) + cover + (c.max_kill ? -2 : 0);
    }
    if (c.type == 'T') return 8 - c.cover;
    if (c.morale != 0 || c.rally != 0 || c.obstacle || c.cancels_obstacle || c.attach == "own" ||
        c.attach == "enemy" || c.soldiers > 0)
      return 15;
    if (c.ambush > 0 || c.all_attacks > 0 || c.mg_bonus > 0) return has_attack() ? 20 : -1;
    if (c.draw > 0) return 5;
    return -1;  // smoke, a look at the deck: kept
  }

  std::shared_ptr<const SqRules> R_;
  const SqRules& R;
};

}  // namespace

PlayerFactory squad_player_factory(const std::filesystem::path& data_root, std::string* error) {
  Diagnostics diags;
  auto rules = load_sq_rules(data_root, "squad", diags);
  if (!rules) {
    if (error) *error = diags.format_all();
    return nullptr;
  }
  std::shared_ptr<const SqRules> shared = std::make_shared<SqRules>(std::move(*rules));
  return [shared] { return std::make_unique<SquadPlayer>(shared); };
}

}  // namespace bocage
