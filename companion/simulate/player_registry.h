// The automatic players by name: `random` for every game, `heuristic` for the
// games that have one (a game without gets `random`, and the note says so).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "player.h"

namespace bocage {

/// Makes one player (one per seat and per thread: players keep state).
using PlayerFactory = std::function<std::unique_ptr<Player>()>;

/// The names --player accepts.
std::vector<std::string> player_names();

/// The factory for player `name` in `game` (its data in `data_root/<game>/`,
/// played with `options`). `note` tells when the game has no heuristic
/// player and `random` plays instead. Null with `error` set for an unknown
/// name (with a suggestion) or game data that does not load.
PlayerFactory make_player_factory(const std::string& name, const std::string& game,
                                  const std::filesystem::path& data_root,
                                  const std::vector<std::string>& options, std::string* note,
                                  std::string* error, Lang lang = Lang::en);

}  // namespace bocage
