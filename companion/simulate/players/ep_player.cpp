#include "ep_player.h"

#include <memory>

#include "companion/games/endless_patrol/ep_moves.h"
#include "companion/games/endless_patrol/ep_rules.h"
#include "companion/games/endless_patrol/ep_state.h"
#include "core/diagnostic.h"

namespace bocage {

namespace {

// The policy, move by move (the first that applies):
//  1. An L card in the hand is played at once (look at the patrol deck): it
//     discards a card that fights nothing and draws one that may. What it
//     shows is not used (narration is off; the order is the companion's).
//  2. In the attrition phase, every hit a D card can cancel is cancelled:
//     a soldier kept and a card drawn.
//  3. In the fire phase, the shot with the best worth is fired, again and
//     again, while one is worth more than its cards: a shot is worth what
//     its target would still cost (a card that attacks every turn:
//     kKeepsAttacking; an I card that attacks once: kAttacksOnce; an N
//     card's draws: kDraws each) less what its GI cards are worth in the
//     hand (card_worth()). So the shot with the fewest cards is fired first,
//     and of those the one with the least ammo to spare. Then end.
//  4. Over the hand limit, the card worth least is discarded (D cards are
//     kept above all: each is a soldier).
//  5. Otherwise the one move there is (deal, draw, contact, end).
// The weights were tuned on 2000 games of another seed (7): a card in hand
// is worth little (kCard), an AT card a little more (kAt: weighting it as the
// only answer to the vehicles, 2.5 or 4, lost 11 and 37 points; likely
// because cards held back are lost to the hand limit), ammo less (kAmmo;
// 0 lost 5 points, as ties no longer go to the least ammo spent; 1 lost 34).
// Over 10,000 virtual games (seed 1) it wins 98 %, the random player 6 %
// (README.md, data/endless-patrol/README.md).
constexpr double kKeepsAttacking = 8.0;
constexpr double kAttacksOnce = 3.0;
constexpr double kDraws = 1.5;
constexpr double kCard = 1.0;
constexpr double kAt = 1.0;
constexpr double kAmmo = 0.25;
constexpr double kDodge = 5.0;

class EpPlayer final : public Player {
 public:
  explicit EpPlayer(std::shared_ptr<const EpRules> rules) : rules_(std::move(rules)), R(*rules_) {}

  size_t choose(const GameState& base, const std::vector<Move>& moves, Rng& /*rng*/) override {
    const auto& s = static_cast<const EpState&>(base);
    if (moves.size() == 1) return 0;
    for (size_t i = 0; i < moves.size(); ++i)
      if (moves[i].command == ep_look && moves[i].arg(0) == kEpLookPatrol) return i;
    for (size_t i = 0; i < moves.size(); ++i)
      if (moves[i].command == ep_dodge) return i;
    std::optional<size_t> best;
    double best_worth = 0;
    for (size_t i = 0; i < moves.size(); ++i) {
      const Move& m = moves[i];
      if (m.command == ep_fire) {
        const double w = shot_worth(m);
        if (w > best_worth) best_worth = w, best = i;
      }
    }
    if (best) return *best;
    if (s.phase == EpPhase::discard) {
      double least = 1e9;
      for (size_t i = 0; i < moves.size(); ++i)
        if (moves[i].command == ep_discard && card_worth(moves[i].arg(0)) < least)
          least = card_worth(moves[i].arg(0)), best = i;
      if (best) return *best;
    }
    for (size_t i = 0; i < moves.size(); ++i)
      if (moves[i].command != ep_look && moves[i].command != ep_fire &&
          moves[i].command != ep_dodge)
        return i;  // end (or the one phase move)
    return 0;
  }

  size_t answer(const Question& q, Rng& rng) override {
    // Virtual mode asks nothing; table mode's questions are the cards drawn.
    return size_t(rng.roll(int(q.choices.size())) - 1);
  }

 private:
  /// What a GI card is worth kept in the hand: D cards most (each is a
  /// soldier), then AT, then ammo.
  double card_worth(int card) const {
    const EpGiCard& g = R.gi[size_t(card)];
    double w = kCard + kAmmo * g.ammo;
    if (g.at) w += kAt;
    if (g.dodge) w += kDodge;
    return w;
  }

  /// What defeating the target of `fire` saves, less what its cards are worth.
  double shot_worth(const Move& fire) const {
    const EpPatrolCard& p = R.patrol[size_t(fire.arg(0))];
    double gain = p.no_attrition ? kDraws * p.draw : p.instant ? kAttacksOnce : kKeepsAttacking;
    for (size_t i = 1; i < fire.count; ++i) gain -= card_worth(fire.arg(i));
    return gain;
  }

  std::shared_ptr<const EpRules> rules_;
  const EpRules& R;
};

}  // namespace

PlayerFactory ep_player_factory(const std::filesystem::path& data_root, std::string* error) {
  Diagnostics diags;
  auto rules = load_ep_rules(data_root, "endless-patrol", diags);
  if (!rules) {
    if (error) *error = diags.format_all();
    return nullptr;
  }
  std::shared_ptr<const EpRules> shared = std::make_shared<EpRules>(std::move(*rules));
  return [shared] { return std::make_unique<EpPlayer>(shared); };
}

}  // namespace bocage
