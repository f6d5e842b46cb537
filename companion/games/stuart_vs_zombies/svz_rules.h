// Stuart vs Zombies as the companion reads it from data/stuart-vs-zombies/:
// the counters (counters.toml: zombie values, equipment bonuses, infantry),
// the hex map (map.toml) and the phases, tracks, action costs and the AP and
// event tables (companion.toml). Edit a zombie's value and both the printed
// counter and the companion's hit rolls follow.
#pragma once

#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "companion/engine/game_basics.h"
#include "companion/engine/vocabulary.h"
#include "companion/pieces/game_options.h"
#include "core/diagnostic.h"
#include "core/hex_board.h"
#include "core/hex_map.h"
#include "core/localized.h"

namespace bocage {

struct SvzCounter {
  std::string id;
  Localized name;
  enum class Kind { zombie, equipment, infantry, event } kind = Kind::equipment;
  int value = 0;        // zombies: a hit must beat it
  int shoot_bonus = 0;  // equipment
  int ram_bonus = 0;    // equipment
  /// The answer that names it when revealed ("zombie3", "infantry", "m8-turret"):
  /// identical counters share one.
  std::string token;
};

struct SvzApRow {
  int from = 1, to = 1;
  bool end_turn = false;
  bool gives_ap = false;
  int counterattack = 0;  // hexes the zombies move; 0: none
};

struct SvzEventRow {
  int from = 1, to = 1;
  enum class Event { counterattack, recon, zombification, chaos } event = Event::recon;
  int hexes = 0;
  Localized name;
};

/// The actions of 7.0, for reading their costs and ranges without a string lookup.
enum class SvzAction { move, recon, shoot, ram, repair };

struct SvzRules {
  /// What a player may type for the hexes (coordinate; label; the name of a
  /// terrain of one hex, カランタン), the counters (their printed names,
  /// ゾンビ2) and the words of companion.toml's [[word]].
  Vocabulary vocabulary;
  Vocabulary commands;  // the commands by their printed names ([[command]])
  HexMap map;
  HexBoard board;  // the map by dense index (coordinates, labels, neighbours)
  std::string tank_id;
  Localized tank_name;
  std::vector<SvzCounter> counters;  // the face-down ones, in data order
  /// By counter: the first counter with the same token, the number a typed
  /// move names a token by (svz_moves.h).
  std::vector<int> token_of;
  HexCoord start;
  std::vector<HexCoord> hidden;  // hexes 1..8, in order
  std::vector<std::string> hidden_labels;
  int target_face_down = 5;
  int kill_bonus = 2;
  GameBasics
      basics;  // phases ap, actions; tracks turn, ap; actions move, recon, shoot, ram, repair
  std::vector<SvzApRow> ap_table;
  std::vector<SvzEventRow> event_table;
  std::vector<OptionDef> options;  // mode, hit, breakdowns, rescue ([[option]])

  const TrackDef& turns() const { return basics.tracks.at("turn"); }
  const ActionDef& action(SvzAction a) const { return actions[size_t(a)]; }
  const ActionDef& action(const std::string& id) const { return basics.actions.at(id); }
  std::array<ActionDef, 5> actions;  // basics.actions by SvzAction, copied at load
  int zombie_count() const;
  int infantry_count() const;
  const SvzApRow* ap_row(int roll) const;
  /// The row for `roll`, clamped to the table's range.
  const SvzEventRow& event_row(int roll) const;
};

/// Loads the rules from `data_root/stuart-vs-zombies` (or another folder with
/// the same files); every problem goes to `diags` with file, line and column.
std::optional<SvzRules> load_svz_rules(const std::filesystem::path& data_root,
                                       const std::string& game_id, Diagnostics& diags);

}  // namespace bocage
