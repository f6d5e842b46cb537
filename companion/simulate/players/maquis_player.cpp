#include "maquis_player.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "companion/games/maquis/mq_play.h"
#include "core/diagnostic.h"

namespace bocage {

namespace {

/// What the player knows of the game before it starts: the rules and, for
/// speed, the board's roads and the patrol cards as small integer tables.
struct MqKnowledge {
  MqRules rules;
  MqSetup setup;
  std::vector<int> exposure;        // by location: the patrol cards naming it
  std::vector<uint64_t> road_mask;  // by location: its neighbours, one bit each
};

/// Patrol cards, a few: a deck or a discard pile, without allocations.
struct Cards {
  std::array<int8_t, 32> card{};
  int n = 0;
  bool empty() const { return n == 0; }
  void push(int c) { card[size_t(n++)] = int8_t(c); }
  int pop() { return card[size_t(--n)]; }
};

/// The patrol cards a day's placement may still draw, in one order the
/// player imagines (determinization): the deck it cannot see is every card
/// not in the discard, in an unknown order.
struct ImaginedDeck {
  Cards deck;     // the top is the last
  Cards discard;  // the discard pile, then the cards drawn since
};

constexpr double kBox = 100;    // an achievement box marked
constexpr double kAgent = 60;   // an agent in play
constexpr double kMorale = 25;  // a point of morale
constexpr double kToken = 10;   // a resource a mission needs, in hand
constexpr double kIdle = 20;    // an agent whose action brings nothing
constexpr double kDropped = 5;  // a needed resource on a drop field, to collect
constexpr int kSamples = 12;    // imagined deck orders per placement

class MaquisPlayer final : public Player {
 public:
  explicit MaquisPlayer(std::shared_ptr<const MqKnowledge> k) : k_(std::move(k)), R(k_->rules) {}

  size_t choose(const GameState& base, const std::vector<Move>& moves, Rng& rng) override {
    const auto& s = static_cast<const MqState&>(base);
    if (moves.size() == 1) return 0;
    if (s.phase == MqPhase::placement) return choose_place(s, moves, rng);
    size_t best = 0;
    double best_score = -1e18;
    for (size_t i = 0; i < moves.size(); ++i) {
      const double v = after(s, mq_action(moves[i]));
      if (v > best_score) best_score = v, best = i;
    }
    return best;
  }

  size_t answer(const Question& q, Rng& rng) override {
    return size_t(rng.roll(int(q.choices.size())) - 1);
  }

 private:
  // --- what the missions need ------------------------------------------------

  /// What the missions still need of each resource (the next box counts
  /// double), and what the board's exchanges need to make it: money for
  /// weapons and explosives, food for a recruit while one waits.
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
    std::vector<double> derived(n.size(), 0.0);
    for (const auto& L : R.locations)
      for (const auto& ch : L.choices) {
        double made = 0;
        for (size_t k = 0; k < n.size(); ++k)
          if (ch.gain[k] > 0) made += std::max(0.0, n[k] - s.hand[size_t(k)]);
        if (made <= 0) continue;
        for (size_t k = 0; k < n.size(); ++k)
          derived[k] = std::max(derived[k], std::min(made, 2.0) * ch.pay[k] * 0.75);
      }
    for (size_t k = 0; k < n.size(); ++k) n[k] += derived[k];
    const int food = R.resource("food");
    if (food >= 0 && s.cafe > 0 && s.agents_in_play() < 5) n[size_t(food)] += 1;
    return n;
  }

  /// How good a state is: boxes, agents, morale, the resources the missions
  /// need in hand or on a field, the rooms, the soldiers.
  double score(const MqState& s) const {
    if (s.end == MqEnd::won) return 1e9;
    if (s.end != MqEnd::none) return -1e9;
    const auto n = need(s);
    // Very Easy's days wrap (04): once they have, holding on is no longer
    // enough, and morale weighs less against the missions, each lap more
    // (else a lone agent may keep morale up for ever, and the game never ends).
    const double morale_weight = kMorale / (1 + s.cycles);
    double v = kBox * (s.boxes[0] + s.boxes[1]) + kAgent * s.agents_in_play() +
               morale_weight * s.morale.value;
    for (size_t k = 0; k < n.size(); ++k)
      v += kToken * std::min<double>(s.hand[k], n[k]) + 0.5 * s.hand[k];
    for (const auto& d : s.drops)
      if (d.kind >= 0)
        v += kDropped * std::min<double>(
                            d.count, std::max(0.0, n[size_t(d.kind)] - s.hand[size_t(d.kind)])) +
             0.5 * d.count;
    for (int t : s.tile) v += t >= 0 ? 12 : 0;
    v -= 12.0 * s.soldiers.value;
    if (s.morale.value <= 2) v -= 40.0 * (3 - s.morale.value);
    return v;
  }

  // --- the action phase: one move tried on a copy of the view ----------------

  double after(const MqState& s, const MqAction& a) const {
    if (a.kind == MqAction::Kind::end) {
      double v = score(s) - 1;
      for (size_t l = 0; l < s.piece.size(); ++l)
        if (s.piece[l] == MqPiece::agent) v -= 1000;  // act or go home first
      return v;
    }
    MqState trial = s;
    GameDice dice(0);
    PlayContext quiet(Lang::en, dice, false, {}, nullptr, false);
    MqPlay play(R, k_->setup, trial, quiet);
    if (play.act(a)) return -1e18;
    double v = score(trial);
    if (a.kind == MqAction::Kind::home) v -= 0.5;  // acting beats going home, when equal
    return v;
  }

  // --- placement: imagined patrol draws --------------------------------------

  /// What an agent's action at each location is worth today, as the action
  /// phase's score would see it with the hand as it is (a mission exit:
  /// judged per imagined day, with what the others bring home).
  struct DayValues {
    std::vector<double> act;               // by location
    std::vector<std::vector<int>> change;  // by location: the hand's change
    std::vector<bool> open;                // an agent may go there, pieces aside
    std::vector<int> exits_pay[2];         // the exits' next boxes, empty when none or not today
    std::vector<double> quick;             // by location: the later agents' rough choice
    uint64_t open_mask = 0, exit_mask = 0;
    bool can_shoot = false;
  };

  DayValues day_values(const MqState& s) const {
    DayValues d;
    const size_t n = R.locations.size();
    d.act.assign(n, 0.0);
    d.change.assign(n, std::vector<int>(R.resources.size(), 0));
    d.open.assign(n, false);
    const double base = score(s);
    GameDice dice(0);
    PlayContext quiet(Lang::en, dice, false, {}, nullptr, false);
    MqState free = s;
    for (auto& p : free.piece) p = MqPiece::none;
    for (size_t l = 0; l < n; ++l) {
      d.open[l] = mq_can_place(R, free, int(l));
      if (!d.open[l]) continue;
      const MqLocation& L = R.locations[l];
      if (L.kind == MqLocation::Kind::exit) continue;
      double best = -kIdle;  // an agent doing nothing useful
      const auto& choices = mq_choices(R, s, int(l));
      for (const auto& ch : choices) {
        std::vector<MqAction> tries;
        MqAction a{MqAction::Kind::act, int(l)};
        if (choices.size() > 1)
          a.choice = int(std::find(R.choice_words.begin(), R.choice_words.end(), ch.id) -
                         R.choice_words.begin());
        if (ch.special == MqChoice::Special::drop) {
          // B-02: each kind the level drops, on the first field free today;
          // the drop counts at half its worth in hand (score()), as another
          // agent must still go out for it, along roads far from home.
          for (size_t f = 0; f < n; ++f) {
            if (R.locations[f].kind != MqLocation::Kind::field || s.drops[f].kind >= 0 ||
                s.piece[f] != MqPiece::none)
              continue;
            for (size_t k = 0; k < R.resources.size(); ++k)
              if (k_->setup.level->drop[k] > 0) {
                MqAction x = a;
                x.resource = int(k);
                x.field = int(f);
                tries.push_back(x);
              }
            break;
          }
        } else if (ch.special == MqChoice::Special::spare_room) {
          for (size_t t = 0; t < R.tiles.size(); ++t) {
            MqAction x = a;
            x.tile = int(t);
            tries.push_back(x);
          }
        } else {
          tries.push_back(a);
        }
        for (const auto& t : tries) {
          MqState trial = free;
          MqPlay play(R, k_->setup, trial, quiet);
          if (play.perform(t)) continue;
          const double v = score(trial) - base;
          if (v > best) {
            best = v;
            for (size_t k = 0; k < R.resources.size(); ++k)
              d.change[l][k] = trial.hand[k] - s.hand[k];
          }
        }
      }
      d.act[l] = best;
    }
    for (int e = 0; e < 2; ++e) {
      const MqBox* box = mq_next_box(R, s, e);
      if (box && mq_box_day_ok(*box, s.day)) d.exits_pay[e] = box->pay;
    }
    d.quick.assign(n, 0.0);
    for (size_t l = 0; l < n; ++l) {
      if (!d.open[l]) continue;
      d.open_mask |= uint64_t(1) << l;
      d.quick[l] = d.act[l] - 3.0 * k_->exposure[l];
      if (R.locations[l].kind == MqLocation::Kind::exit) {
        d.exit_mask |= uint64_t(1) << l;
        const auto& pay = d.exits_pay[R.locations[l].exit];
        d.quick[l] = pay.empty() ? -50 : (mq_can_pay(s, pay) ? kBox : 10);
      }
    }
    const int weapons = R.resource("weapons");
    d.can_shoot = !s.shot && weapons >= 0 && s.hand[size_t(weapons)] > 0;
    return d;
  }

  /// An imagined board: which locations hold an agent, a milice, a soldier.
  struct Pieces {
    uint64_t agents = 0, milice = 0, soldiers = 0;
    uint64_t taken() const { return agents | milice | soldiers; }
  };

  static Pieces pieces_of(const MqState& s) {
    Pieces p;
    for (size_t l = 0; l < s.piece.size(); ++l) {
      const uint64_t bit = uint64_t(1) << l;
      if (s.piece[l] == MqPiece::agent) p.agents |= bit;
      if (s.piece[l] == MqPiece::milice) p.milice |= bit;
      if (s.piece[l] == MqPiece::soldier) p.soldiers |= bit;
    }
    return p;
  }

  /// The locations with a way home (B-04): reached from the safe house and
  /// the activated spare rooms free of patrols, through locations that hold
  /// no patrol. An agent there gets home; an agent on a room is home.
  uint64_t way_home(const MqState& s, const Pieces& p) const {
    const uint64_t open = ~(p.milice | p.soldiers);
    uint64_t reach = (uint64_t(1) << R.safe_house) | (rooms(s) & open);
    uint64_t frontier = reach;
    while (frontier) {
      uint64_t next = 0;
      for (uint64_t f = frontier; f; f &= f - 1) next |= k_->road_mask[size_t(std::countr_zero(f))];
      next &= open & ~reach;
      reach |= next;
      frontier = next;
    }
    return reach | rooms(s);
  }

  static uint64_t rooms(const MqState& s) {
    uint64_t r = 0;
    for (size_t l = 0; l < s.tile.size(); ++l)
      if (s.tile[l] >= 0) r |= uint64_t(1) << l;
    return r;
  }

  /// the patrol from `card`; true when it arrests an agent.
  bool put_patrol(Pieces& p, int card, bool soldier) const {
    const auto& locs = R.patrols[size_t(card)].locations;
    int at = -1;
    for (int l : locs)
      if (at < 0 && !(p.taken() >> l & 1)) at = l;
    bool arrest = false;
    for (int l : locs)
      if (at < 0 && (p.agents >> l & 1)) at = l, arrest = true;
    if (at < 0) return false;
    const uint64_t bit = uint64_t(1) << at;
    p.agents &= ~bit;
    (soldier ? p.soldiers : p.milice) |= bit;
    return arrest;
  }

  /// Where the player's later agents go in an imagined day: the best value
  /// among the open locations that still have a way home.
  int quick_place(const MqState& s, const Pieces& p, const DayValues& d) const {
    const uint64_t home = way_home(s, p);
    int best = -1;
    double best_v = -1e18;
    for (uint64_t f = d.open_mask & ~p.taken(); f; f &= f - 1) {
      const int l = std::countr_zero(f);
      double v = d.quick[size_t(l)];
      if (!(home >> l & 1)) v -= kAgent;
      if (v > best_v) best_v = v, best = l;
    }
    return best;
  }

  /// One imagined rest of the placement after the agent goes to `first`,
  /// and what the day is then worth.
  double imagine(const MqState& s, const DayValues& d, int first, ImaginedDeck deck,
                 Rng& rng) const {
    Pieces p = pieces_of(s);
    int to_place = s.to_place, drawn = s.patrols_drawn, arrested = 0;
    const int due = s.patrols_due;
    auto patrol = [&] {
      if (drawn >= due) return;
      if (deck.deck.empty()) {
        std::swap(deck.deck, deck.discard);
        shuffle(deck.deck, rng);
      }
      const int card = deck.deck.pop();
      deck.discard.push(card);
      const bool soldier = drawn >= due - s.soldiers.value;
      ++drawn;
      if (put_patrol(p, card, soldier)) ++arrested;
    };
    int at = first;
    while (at >= 0) {
      p.agents |= uint64_t(1) << at;
      --to_place;
      patrol();
      at = to_place > 0 ? quick_place(s, p, d) : -1;
    }
    while (drawn < due) patrol();
    return day_worth(s, d, p, arrested);
  }

  /// The day's worth once the patrols are out: each agent's action if it gets
  /// home (or stands on a starred shield), an agent lost for each that does
  /// not, the mission boxes the hand can pay after the others' actions, one
  /// shot to save the most agents.
  double day_worth(const MqState& s, const DayValues& d, Pieces p, int arrested) const {
    const double lost_agent = kAgent + (k_->setup.level->arrest_morale ? kMorale : 0);
    uint64_t home = way_home(s, p);
    double v = -lost_agent * arrested;
    int cut = std::popcount(p.agents & ~home);
    if (cut > 0 && d.can_shoot) {
      int best_cut = cut;
      uint64_t best_home = home;
      for (uint64_t f = p.milice; f; f &= f - 1) {
        Pieces q = p;
        q.milice &= ~(f & -f);
        const uint64_t h = way_home(s, q);
        const int c = std::popcount(p.agents & ~h);
        if (c < best_cut) best_cut = c, best_home = h;
      }
      if ((cut - best_cut) * lost_agent > kMorale + 12) {
        v -= kMorale + 12;
        home = best_home;
      }
    }
    v -= lost_agent * std::popcount(p.agents & ~home);
    std::vector<int> hand = s.hand;
    for (uint64_t f = p.agents & ~d.exit_mask; f; f &= f - 1) {
      const size_t l = size_t(std::countr_zero(f));
      if ((home >> l & 1) || R.locations[l].starred) {
        v += d.act[l];
        for (size_t k = 0; k < hand.size(); ++k) hand[k] += d.change[l][k];
      }
    }
    for (uint64_t f = p.agents & d.exit_mask; f; f &= f - 1) {
      const size_t l = size_t(std::countr_zero(f));
      const auto& pay = d.exits_pay[R.locations[l].exit];
      bool pays = !pay.empty() && (home >> l & 1);
      for (size_t k = 0; k < pay.size() && pays; ++k) pays = hand[k] >= pay[k];
      if (pays) {
        v += kBox;
        for (size_t k = 0; k < pay.size(); ++k) hand[k] -= pay[k];
      } else {
        v -= kAgent / 3;
      }
    }
    return v;
  }

  static void shuffle(Cards& cards, Rng& rng) {
    for (int i = cards.n; i > 1; --i)
      std::swap(cards.card[size_t(i - 1)], cards.card[size_t(rng.roll(i) - 1)]);
  }

  size_t choose_place(const MqState& s, const std::vector<Move>& moves, Rng& rng) {
    const DayValues d = day_values(s);
    // The deck it cannot see: every card not in the discard.
    ImaginedDeck known;
    const auto& discard = s.patrol_discard.cards;
    for (int c : discard) known.discard.push(c);
    for (size_t c = 0; c < R.patrols.size(); ++c)
      if (std::find(discard.begin(), discard.end(), int(c)) == discard.end())
        known.deck.push(int(c));
    std::vector<ImaginedDeck> samples(kSamples, known);
    std::vector<uint64_t> seeds;
    for (auto& sample : samples) {
      shuffle(sample.deck, rng);
      seeds.push_back(rng.next());
    }
    size_t best = 0;
    double best_v = -1e18;
    for (size_t i = 0; i < moves.size(); ++i) {
      const int loc = mq_action(moves[i]).location;
      double v = 0;
      for (size_t j = 0; j < samples.size(); ++j) {
        Rng r(seeds[j]);  // the same imagined futures for every candidate
        v += imagine(s, d, loc, samples[j], r);
      }
      v -= 0.01 * k_->exposure[size_t(loc)];  // ties: the location fewer cards name
      if (v > best_v) best_v = v, best = i;
    }
    return best;
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
  if (R.locations.size() > 64 || R.patrols.size() > 32) {
    if (error) *error = "maquis player: more than 64 locations or 32 patrol cards";
    return nullptr;
  }
  for (const auto& L : R.locations) {
    uint64_t next = 0;
    for (const auto& id : R.board.neighbours(L.id)) next |= uint64_t(1) << R.location(id);
    k->road_mask.push_back(next);
  }
  std::shared_ptr<const MqKnowledge> shared = k;
  return [shared] { return std::make_unique<MaquisPlayer>(shared); };
}

}  // namespace bocage
