// The table helper: the companion of a game that has no rules module, read
// from its companion.toml alone (docs/companion.md#a-designers-own-game). It
// keeps the turn track and the phases, rolls the named dice rolls, deals,
// draws, shuffles and peeks the game's decks and keeps its tracks; it
// enforces no rule of the game itself: that is a rules module's work.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "companion/dice/dice_expression.h"
#include "companion/engine/vocabulary.h"
#include "companion/pieces/game_options.h"
#include "core/diagnostic.h"
#include "core/localized.h"

namespace bocage {

/// The vocabulary kinds of the table helper's things (Term::kind).
inline constexpr const char* kThSeatKind = "seat";
inline constexpr const char* kThRollKind = "roll";
inline constexpr const char* kThDeckKind = "deck";
inline constexpr const char* kThCardKind = "card";
inline constexpr const char* kThTrackKind = "track";

struct ThSeat {
  std::string id;  // "allies", "player1"
  Localized name;
};

struct ThPhase {
  std::string id;
  std::string rule;  // the rules' section, may be empty
  Localized name;
};

/// A row of a named roll's table: the totals it covers and what they mean.
struct ThRollResult {
  int from = 0, to = 0;
  Localized text;
};

struct ThRoll {
  std::string id;  // "attack"
  std::string rule;
  Localized name;
  DiceExpression dice;  // any notation of `bocage-play roll`: 2d6, d66, 4d6kh3, 1d6-1d6
  std::vector<ThRollResult> results;  // may be empty: the total alone
};

struct ThDeck {
  std::string id;            // the game's deck (deck.toml [deck] id)
  Localized name;            // as printed: the deck's own name unless companion.toml gives one
  int hand = 0;              // cards dealt to each seat by `deal`
  bool to_hand = true;       // draw into the hand of the seat to act; false: face up on the table
  int peek = 0;              // cards `peek` shows (virtual mode); 0: no peek
  int first = 0, count = 0;  // its cards: ThRules::cards[first, first + count)
};

/// One card of a deck (its copies share it): the index the state keeps.
struct ThCard {
  int deck = 0;
  std::string word;  // the card's id, "deck.card" when two decks share the id
  Localized name;
  int copies = 1;
};

struct ThTrack {
  std::string id;
  std::string rule;
  Localized name;
  int min = 0, max = 0, start = 0;
};

struct ThRules {
  std::string game;
  Localized title;  // the game's printed name (game.toml's name)
  std::vector<ThSeat> seats;
  int turns = 0;  // the turn track's last turn; 0: no last turn
  std::vector<ThPhase> phases;
  std::vector<ThRoll> rolls;
  std::vector<ThDeck> decks;
  std::vector<ThCard> cards;
  std::vector<ThTrack> tracks;
  std::vector<OptionDef> options;
  Vocabulary vocabulary;  // seats, rolls, decks, cards, tracks by their printed names
  Vocabulary commands;    // the helper's commands by their names in both languages

  bool has_hands() const;
  bool deals() const;  // a deck deals a starting hand
};

/// Limits on what a companion.toml may declare (sized for real games).
inline constexpr int kThMaxSeats = 8;
inline constexpr int kThMaxTurns = 999;
inline constexpr int kThMaxItems = 64;       // phases, rolls, decks, tracks each
inline constexpr int kThMaxTrackSpan = 200;  // max - min
inline constexpr int kThMaxCards = 10000;    // copies over every deck
inline constexpr int kThMaxHand = 50;
inline constexpr int kThMaxPeek = 10;
inline constexpr int kThMaxResults = 100;

/// Reads data/<game>/companion.toml and the game's decks; nullopt once an
/// error is in `diags` (file:line:col).
std::optional<ThRules> load_th_rules(const std::filesystem::path& data_root,
                                     const std::string& game, Diagnostics& diags);

}  // namespace bocage
