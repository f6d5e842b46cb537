// Loads a game from data/<game>/: game.toml (name, fonts, symbols, the list of
// component files) and each deck file, into the typed model, validating as it
// goes. Every problem is a diagnostic; loading goes on to report them all.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "diagnostic.h"
#include "model.h"

namespace bocage {

constexpr int kMaxCardCount = 10000;

/// Loads `data_root/<game_id>/game.toml`. The returned game holds whatever could
/// be read; check `diags.has_errors()`.
Game load_game(const std::filesystem::path& data_root, const std::string& game_id,
               Diagnostics& diags);

/// The games under `data_root`: folders that hold a game.toml, sorted by id.
std::vector<std::string> list_games(const std::filesystem::path& data_root);

/// Every folder under `data_root` that is not hidden (no leading '.'), sorted:
/// what `--all` acts on, so that a game folder without game.toml is reported
/// instead of skipped.
std::vector<std::string> list_game_folders(const std::filesystem::path& data_root);

}  // namespace bocage
