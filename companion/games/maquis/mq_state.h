// The state of a game of Maquis: the day and its phase, morale and soldiers,
// what stands on each location (an agent, a milice, a soldier), the drops on
// the fields, the spare rooms' tiles, the resources in hand, the agents, the
// patrol deck and its discard, the two missions and their boxes, the end.
// Locations, cards, missions and tiles are indices into MqRules.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "companion/engine/game_module.h"
#include "companion/pieces/bounded_track.h"
#include "companion/pieces/cards.h"

namespace bocage {

enum class MqPiece : int8_t { none, agent, milice, soldier };
enum class MqPhase : int8_t { missions, placement, action, over };
enum class MqEnd : int8_t { none, won, arrested, morale, days };

struct MqDrop {
  int8_t kind = -1;  // resource kind; -1: no drop here
  int8_t count = 0;
  int8_t day = 0;  // the day it was dropped
};

struct MqState final : GameState {
  int day = 1;
  MqPhase phase = MqPhase::missions;
  BoundedTrack morale;         // 0 is Fail
  BoundedTrack soldiers;       // A-04, B-06
  std::vector<MqPiece> piece;  // by location
  std::vector<MqDrop> drops;   // by location (fields)
  std::vector<int> tile;       // by location: the spare-room tile laid there, -1 none
  std::vector<int> hand;       // resources in hand, by kind
  int home = 0;                // agents in the safe house
  int cafe = 0;                // agents waiting at the cafe
  int to_place = 0;            // agents still to place today
  int patrols_due = 0;         // patrols of the day
  int patrols_drawn = 0;       // of them, drawn so far
  bool shot = false;           // B-06 done today
  CardDeck patrol_deck;
  CardPile patrol_discard;
  std::array<int, 2> missions{-1, -1};     // by exit: the mission card, -1 not drawn yet
  std::array<int, 2> boxes{0, 0};          // achievement boxes marked, left to right
  int arrests = 0, shots = 0, cycles = 0;  // cycles: very easy's days after wrapping
  MqEnd end = MqEnd::none;

  int agents_in_play() const;
  std::unique_ptr<GameState> clone() const override { return std::make_unique<MqState>(*this); }
};

inline int MqState::agents_in_play() const {
  int n = home;
  for (MqPiece p : piece) n += p == MqPiece::agent;
  return n;
}

}  // namespace bocage
