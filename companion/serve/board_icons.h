// The printed icons a board's page draws (each terrain's in its hexes and
// legend, each location's), found as the generator finds them and read once
// when serve starts: the page asks for /icons/<name>.svg, and only the names
// the board uses are served (no path a request names is opened).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/board_view.h"

namespace bocage {

/// The icon names `board` draws (its shapes', their actions' and its legend's), each once, sorted.
std::vector<std::string> board_icon_names(const BoardView& board);

/// The SVG of icon `name` as bocage-gen draws it (TemplateLibrary::icon_path):
/// the game's own `icons/<name>.svg` in `game_dir`, else `templates/icons/<name>.svg`.
/// None when the name is not an id, or the file is missing, not a regular
/// file, outside its folder or larger than an icon may be (kMaxIconBytes).
std::optional<std::string> read_board_icon(const std::string& name,
                                           const std::filesystem::path& game_dir,
                                           const std::filesystem::path& templates);

/// The page's path of icon `name` ("/icons/<name>.svg").
std::string board_icon_url(const std::string& name);

}  // namespace bocage
