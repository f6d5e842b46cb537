// The state of a game of Endless Patrol: turn, phase, the squad track, the GI
// and patrol decks with their discard piles, the hand, the patrol cards in
// play, and what the last attrition phase and the defeated N cards left due.
// Cards are indices into EpRules::gi and EpRules::patrol.
#pragma once

#include <memory>

#include "companion/engine/game_module.h"
#include "companion/pieces/bounded_track.h"
#include "companion/pieces/cards.h"

namespace bocage {

enum class EpPhase { deal, supply, discard, contact, fire, attrition };

enum class EpEnd { none, patrol_exhausted, squad_lost };

struct EpState final : GameState {
  int turn = 1;
  EpPhase phase = EpPhase::deal;
  BoundedTrack squad;  // 15 soldiers down to 0
  CardDeck gi_deck, patrol_deck;
  CardPile hand, gi_discard;
  CardPile in_play;         // patrol cards face up on the table, in the order they came
  CardPile patrol_discard;  // defeated patrol cards, and I cards after their attack
  int bonus_draws = 0;   // N cards defeated: extra GI cards in the next supply phase (more FAQ 4)
  int squad_before = 0;  // the squad when the last attrition phase began
  int hits = 0;          // attrition of the last attrition phase, after D cards
  int avoidable = 0;     // of those, how many a D card may still cancel (not Minefield, Shelling)
  int attrition = 0;     // soldiers lost over the game (after D cards)
  int defeated = 0;      // patrol cards defeated
  EpEnd end = EpEnd::none;

  std::unique_ptr<GameState> clone() const override { return std::make_unique<EpState>(*this); }
};

}  // namespace bocage
