// Attack on Omaha Beach's data for the companion, read from data/omaha-beach/:
// the beach cards (terrain, eye, mine, how many) from the deck file they are
// printed from, and from companion.toml the assault phases, the squad, charge
// and sniper tracks, what each terrain does, and the options.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/game_basics.h"
#include "companion/pieces/game_options.h"
#include "core/diagnostic.h"
#include "core/localized.h"
#include "core/units.h"

namespace bocage {

/// What a terrain does (companion.toml [[terrain]] kind): 4a open ground is
/// entered under fire; 4b wire only once blown; 4c/4d obstacles carefully
/// (a mine check, no fire) or blown first.
enum class ObTerrainKind { open, wire, obstacle };

/// A card's front as the player sees it when it is dealt: its terrain and
/// whether it carries the limited-view eye. Named "flat", "delta-eye".
struct ObFront {
  std::string id;  // the answer that names it: terrain id, "-eye" when it has the eye
  std::string terrain;
  ObTerrainKind kind = ObTerrainKind::open;
  std::string rule;  // "4a"
  bool eye = false;
  Localized name;                 // the terrain's name (game.toml's symbol)
  std::string answer;             // the short answer that names it in table mode: "x", "x-eye"
  std::vector<std::string> also;  // [[terrain]] also: other short answers ("x型")
};

/// One printed card: its front and whether its back shows a mine.
struct ObCard {
  std::string id;  // the deck entry's id ("delta-eye-mine"); copies share it
  int front = 0;   // index into ObRules::fronts
  bool mine = false;
};

struct ObRules {
  /// What a player may type: each front by its terrain's printed name (with
  /// （視界制限） for an eye card), its short answers, and companion.toml's
  /// [[word]]s (左 中央 右, 前進, 地雷 and 地雷なし, 狙撃兵).
  Vocabulary vocabulary;
  Vocabulary commands;             // the commands by their printed names ([[command]])
  std::vector<ObFront> fronts;     // the distinct fronts, in the deck file's order
  std::vector<ObCard> cards;       // every printed card (copies expanded); a card is its index here
  GameBasics basics;               // the phase; the squad, charges and sniper tracks
  std::vector<OptionDef> options;  // mode = table | virtual
  int grids = 4;                   // 9: assault phases A1-A4
  SizeMm card_size;                // the beach deck's printed size (the page's board)
  std::string front_fill, back_fill, nest_fill;  // the page's board: "#rrggbb"

  const TrackDef& squad() const { return basics.tracks.at("squad"); }
  const TrackDef& charges() const { return basics.tracks.at("charges"); }
  const TrackDef& sniper() const { return basics.tracks.at("sniper"); }
  const ObFront& front_of(int card) const { return fronts[size_t(cards[size_t(card)].front)]; }
};

/// Reads the beach deck and companion.toml; nullopt with the problems
/// (file:line:col) in `diags`.
std::optional<ObRules> load_ob_rules(const std::filesystem::path& data_root,
                                     const std::string& game_id, Diagnostics& diags);

}  // namespace bocage
