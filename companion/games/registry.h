// The games the companion can run, by id, each built from its data folder.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"

namespace bocage {

/// Games with a rules module, sorted.
std::vector<std::string> companion_games();

/// Loads `game`'s module from `data_root/<game>/` with the session's game
/// options (the engine's own, like "manual-dice", are left out). Null with
/// `error` set (data diagnostics with file:line:col, or an unknown option),
/// in `lang`; `bad_option` (if given) tells an unknown option from bad data.
std::unique_ptr<GameModule> load_game_module(const std::filesystem::path& data_root,
                                             const std::string& game,
                                             const std::vector<std::string>& options,
                                             std::string* error, Lang lang = Lang::en,
                                             bool* bad_option = nullptr);

/// What bocage-play would say of `game`'s data, into `diags`: its rules
/// module's checks (its companion.toml and what the module needs of the
/// game's components), or, for a game the companion has no module for, the
/// table helper's checks of its companion.toml when there is one. `bocage-gen validate`
/// says these too, so that one command checks every file either program reads.
void check_companion_data(const std::filesystem::path& data_root, const std::string& game,
                          Diagnostics& diags);

/// Whether `game` is played by the table helper: it has a companion.toml in
/// `data_root/<game>/` and no rules module (docs/companion.md#a-designers-own-game).
bool has_table_helper(const std::filesystem::path& data_root, const std::string& game);

/// Whether `option` belongs to the engine rather than the game.
bool is_engine_option(const std::string& option);

}  // namespace bocage
