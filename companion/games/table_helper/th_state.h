// The table helper's state: the turn track, the phase and the seat whose
// turn it is, the decks with their discard piles, each seat's hand, the cards
// face up on the table and the tracks' markers. Plain data.
#pragma once

#include <memory>
#include <vector>

#include "companion/engine/game_module.h"
#include "companion/pieces/cards.h"

namespace bocage {

struct ThDeckState {
  CardDeck deck;
  CardPile discards;  // face up, everybody sees them
};

struct ThState final : GameState {
  int turn = 1;
  int phase = 0;  // index in ThRules::phases (0 when there are none)
  int seat = 0;   // whose turn it is
  bool dealt = false;
  /// Ended: by `end` (winner: a seat or -1) or when the last turn of the
  /// turn track is over.
  bool over = false;
  bool track_ran_out = false;
  int winner = -1;
  std::vector<ThDeckState> decks;
  std::vector<CardPile> hands;  // one a seat
  CardPile table;               // cards face up in play
  std::vector<int> tracks;      // each track's marker

  std::unique_ptr<GameState> clone() const override { return std::make_unique<ThState>(*this); }
};

}  // namespace bocage
