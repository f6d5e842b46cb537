// What every game's data/<game>/companion.toml declares for the engine: its
// phases, its tracks with their bounds and its actions with their costs, and
// die-roll tables whose rows give `roll = N` or `roll = [from, to]`. A game
// module reads its own tables with these helpers and keeps its rules in C++.
#pragma once

#include <filesystem>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "core/localized.h"
#include "core/model.h"
#include "core/toml_reader.h"
#include "vocabulary.h"

namespace bocage {

struct PhaseDef {
  std::string rule;  // the rules' section, "5.0"
  Localized name;
};

struct TrackDef {
  std::string rule;
  Localized name;
  int min = 0, max = 0;
};

struct ActionDef {
  std::string rule;
  Localized name;
  int cost = 1;   // AP; 0: the player chooses
  int range = 0;  // hexes
};

struct GameBasics {
  std::map<std::string, PhaseDef> phases;
  std::map<std::string, TrackDef> tracks;
  std::map<std::string, ActionDef> actions;
};

/// What a module's rules are read from: the game as bocage-gen loads it
/// (decks, maps, boards) and the table of its data/<game>/companion.toml.
struct CompanionData {
  Game game;
  toml::table table;
  std::string file;  // the companion.toml's path, for diagnostics
};
/// Loads both; nullopt once any error is reported in `diags`.
std::optional<CompanionData> read_companion_data(const std::filesystem::path& data_root,
                                                 const std::string& game_id, Diagnostics& diags);

/// The ids a game module needs; each missing one is an error.
struct BasicsNeeded {
  std::initializer_list<const char*> phases, tracks, actions;
};

/// Calls `read` with a reader (finished afterwards) for each table of the
/// array `key` of `top`; an item that is not a table is an error.
void each_table(TomlReader& top, const char* key, const std::function<void(TomlReader&)>& read);

/// Reads the [[phase]], [[track]] and [[action]] arrays of the companion.toml
/// that `top` reads, marking them known.
GameBasics read_game_basics(TomlReader& top, const BasicsNeeded& need);

/// Reads the [[word]] array of the companion.toml that `top` reads into
/// `vocabulary`: the words a player may type that no component prints as a
/// name of its own (an answer such as 地雷なし, a direction, "face down"),
/// and more printed forms of a thing the game already names (`id` of a card
/// and `also = ["ヘッジロー・カッター"]`). Each has an `id` (the word the
/// game logs), a `name = { ja, en }` and optional `also` forms.
void read_game_words(TomlReader& top, Vocabulary& vocabulary);

/// Reads the [[command]] array of the companion.toml that `top` reads into
/// `commands`: each of the game's commands (`names`, GameModule::
/// command_names()) by its `id` with the `name = { ja, en }` a player reads
/// on a button and in help, and may type for it (置く 医者 for place doctor),
/// and optional `also` forms. A command without a [[command]], or a
/// [[command]] of no command, is an error.
void read_game_commands(TomlReader& top, Vocabulary& commands,
                        const std::vector<std::string>& names);

/// A die-table row's `roll`: a number, or [from, to] with from <= to.
bool read_roll(TomlReader& row, int& from, int& to);

/// Reports, at `pos`, each roll from `lo` to `hi` that no row or several rows give.
void check_roll_coverage(const std::vector<std::pair<int, int>>& rows, int lo, int hi,
                         const std::string& table, const SourcePos& pos, Diagnostics& diags);

}  // namespace bocage
