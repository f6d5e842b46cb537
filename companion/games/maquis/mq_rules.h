// Maquis's data for the companion, read from data/maquis/: the board (its
// locations, white roads and tracks: morale with its red patrol numbers,
// soldiers, days with the orange and starred days), the patrol, mission and
// spare-room decks as bocage-gen prints them, and from companion.toml what
// each location's action does, the resources and their supply, the levels
// and the options. Rulings: data/maquis/README.md.
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/vocabulary.h"
#include "companion/pieces/game_options.h"
#include "core/board.h"
#include "core/diagnostic.h"
#include "core/localized.h"

namespace bocage {

/// One choice of a location's action (B-02): pay the resources left of the
/// arrow, gain those right of it, move morale; or one of the special actions.
struct MqChoice {
  enum class Special { none, drop, collect, recruit, spare_room, mission };
  std::string id;        // the word that names it ("intel", "drop"); "" when alone
  std::vector<int> pay;  // per resource kind
  std::vector<int> gain;
  int morale = 0;
  Special special = Special::none;
};

struct MqLocation {
  enum class Kind { plain, safe_house, cafe, field, spare_room, exit };
  std::string id;  // the board's location id
  Localized name;
  Kind kind = Kind::plain;
  bool starred = false;  // B-05: the starred orange shield, its reward counts on an arrest
  int exit = -1;         // a mission exit: 0 or 1
  std::vector<MqChoice> choices;
};

/// An achievement box of a mission (B-03): its requirement and, for some, the
/// days it can be done on.
struct MqBox {
  std::vector<int> pay;
  int day_from = 0, day_to = 0;  // 0: any day
};

struct MqMission {
  std::string id;
  Localized name;
  int group = 0;  // 05: 1 or 2
  std::vector<MqBox> boxes;
};

struct MqTile {
  std::string id;
  Localized name;
  std::vector<MqChoice> choices;
};

struct MqPatrolCard {
  std::string id;
  std::array<int, 3> locations{};  // in order
};

struct MqResource {
  std::string id;  // "weapons"
  Localized name;
  int supply = 4;
};

/// A difficulty level (04), companion.toml [[level]].
struct MqLevel {
  std::string id;  // "normal"
  /// Which set it belongs to: "rules" (04 as written, the default) or
  /// another named set (the `levels` option: "tuned").
  std::string set = "rules";
  int agents = 3, cafe = 2;
  int lose_on_day = 0;        // the day marker reaching it loses (12); 0: none
  bool wrap = false;          // very easy: after the last day, back to day 1
  bool starred_days = false;  // morale -1 on starred days instead of orange
  bool arrest_morale = false;
  std::vector<int> drop;  // per resource kind: what an air drop of that kind brings (0: none)
};

struct MqRules {
  /// What a player may type: the locations, resources and icons, missions,
  /// tiles and patrol cards by their printed names and numbers (医者, 3,
  /// パトロール3), and companion.toml's [[word]]s.
  Vocabulary vocabulary;
  Vocabulary commands;  // the commands by their printed names ([[command]])
  Board board;
  std::vector<MqLocation> locations;  // by the board's location_order
  std::vector<MqResource> resources;
  std::vector<MqPatrolCard> patrols;
  std::vector<MqMission> missions;
  std::vector<MqTile> tiles;
  std::vector<MqLevel> levels;
  std::vector<OptionDef> options;         // mode, level, missions
  std::vector<std::string> choice_words;  // every choice's word, once: MqAction::choice
  std::vector<int> red;  // red[m]: the fewest patrols at morale m (m >= 1); 0 is Fail
  int morale_start = 6, soldiers_max = 5, days = 15;
  std::vector<bool> orange, starred;  // by day (1-based; [0] unused)
  int safe_house = -1, cafe = -1;
  std::array<int, 2> exits{-1, -1};

  int morale_max() const { return int(red.size()) - 1; }
  int location(const std::string& id) const;  // -1 when unknown
  int resource(const std::string& id) const;  // -1 when unknown
  int tile(const std::string& id) const;
  int mission(const std::string& id) const;
  /// The level `id` of the set `set`; a set that does not change a level
  /// plays it as the rules' set does.
  const MqLevel& level(const std::string& id, const std::string& set = "rules") const;
};

/// Reads the board, the decks and companion.toml; nullopt with the problems
/// (file:line:col) in `diags`.
std::optional<MqRules> load_mq_rules(const std::filesystem::path& data_root,
                                     const std::string& game_id, Diagnostics& diags);

}  // namespace bocage
