// Endless Patrol's data for the companion, read from data/endless-patrol/:
// the GI and patrol cards (number, names, ammo, symbols) from the deck files
// the cards are printed from, and from companion.toml the phases, the squad
// track, the hand size and limit, how many cards L looks at, and the options.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/game_basics.h"
#include "companion/engine/vocabulary.h"
#include "companion/pieces/game_options.h"
#include "core/diagnostic.h"
#include "core/localized.h"

namespace bocage {

/// A GI card: its ammo number (0: none) and symbols AT, L, D.
struct EpGiCard {
  std::string id;
  int no = 0;
  Localized name;
  int ammo = 0;
  bool at = false;  // defeats an AT patrol card alone (射撃フェイズ; FAQ 3 for cards with ammo too)
  bool look = false;   // L: look at the top cards of one deck, then draw
  bool dodge = false;  // D: cancel an attrition just taken, then draw
};

/// A patrol card: its ammo number (0: none), the GI cards its defeat draws
/// (N), and symbols AT, AA, I, N; Minefield and Shelling cannot be defeated.
struct EpPatrolCard {
  std::string id;
  int no = 0;
  Localized name;
  int ammo = 0;
  int draw = 0;               // N: GI cards drawn in the next supply phase when defeated
  bool at = false;            // one AT GI card defeats it
  bool aa = false;            // AT GI cards cannot be used against it
  bool instant = false;       // I: attacks once, then is discarded
  bool no_attrition = false;  // N: causes no attrition
  bool undefeatable = false;  // more FAQ 2: cannot be defeated, its attrition cannot be avoided
};

/// The vocabulary's kinds (Term::kind): the two decks number their cards alike.
inline constexpr const char* kEpGiKind = "gi";
inline constexpr const char* kEpPatrolKind = "patrol";

struct EpRules {
  std::vector<EpGiCard> gi;          // in the deck file's order; a card is its index here
  std::vector<EpPatrolCard> patrol;  // likewise
  GameBasics basics;                 // phases; the squad track
  std::vector<OptionDef> options;    // mode = table | virtual
  int start_hand = 4;                // 初期配置
  int hand_limit = 5;                // 補給フェイズ
  int supply_draws = 1;              // 補給フェイズ
  int look_cards = 5;                // L
  int look_draws = 1;                // L
  int dodge_draws = 1;               // D
  /// Each card by its printed number (its id here, kind "gi" or "patrol")
  /// and its printed names: `discard M3グリースガン` is `discard 2`.
  Vocabulary vocabulary;
  Vocabulary commands;  // the commands by their printed names ([[command]])

  const TrackDef& squad() const { return basics.tracks.at("squad"); }
  /// The card printed with number `no`, as an index; -1 if none.
  int gi_by_no(int no) const;
  int patrol_by_no(int no) const;
};

/// Reads the decks and companion.toml; nullopt with the problems (file:line:col) in `diags`.
std::optional<EpRules> load_ep_rules(const std::filesystem::path& data_root,
                                     const std::string& game_id, Diagnostics& diags);

}  // namespace bocage
