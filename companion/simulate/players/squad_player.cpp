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

  /// The hex-map variant: what a hex is worth to `side`'s squad there:
  /// cover first, then an enemy within long range (not point blank).
  double hex_value(const SqState& s, int side, int hex) const {
    const int card = R.board.card[size_t(hex)];
    double v = card >= 0 ? -2.0 * R.cards[size_t(card)].cover : 0;
    const int d = sq_nearest_enemy(R, s, side, hex);
    if (d > kSqRanges) v -= 2 * (d - kSqRanges);
    if (d >= 2 && d <= kSqRanges) v += 1;
    return v;
  }

  double value(const SqState& s, const Move& m, const std::vector<Move>& moves) const {
    const bool play = SqCommand(m.command) == SqCommand::play;
    const int actor = play ? sq_actor(s, m.arg(2)) : s.active;
    const int target = play ? sq_target(s, m.arg(2)) : -1;
    const SqSquad& me = s.squads[size_t(actor < 0 ? s.active : actor)];
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
        bool want = mission || (me.terrain < 0 && terrain);
        if (s.map) {  // toward cover and range (ruling 26)
          const double here = hex_value(s, me.side, me.hex);
          want = mission;
          for (int h : sq_reachable(R, s, s.active)) want = want || hex_value(s, me.side, h) > here;
        }
        if (m.arg(0) == 0) return want ? 0 : 1;
        return want ? (m.arg(0) == 2 ? 1.5 : 1) : -1;
      }
      case SqCommand::move: {
        if (s.map) return 5 + hex_value(s, me.side, m.arg(0)) - hex_value(s, me.side, me.hex);
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
    if (c.attack() && target >= 0) {
      const SqSquad& them = s.squads[size_t(target)];
      const int terrain = s.map ? R.board.card[size_t(them.hex)] : them.terrain;
      int cover = terrain >= 0 && !c.ignore_cover ? R.cards[size_t(terrain)].cover : 0;
      return 10 + sq_range_modifier(R, s, actor, target, c).value_or(0) + cover +
             (c.max_kill ? -2 : 0);
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
