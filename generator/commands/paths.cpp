#include <algorithm>

#include "commands.h"
#include "core/did_you_mean.h"
#include "core/game_loader.h"

namespace bocage {

namespace fs = std::filesystem;

Roots resolve_roots(const Roots& given) {
  Roots r = given;
  const fs::path source = BOCAGE_SOURCE_ROOT;
  if (r.data.empty()) r.data = !list_games("data").empty() ? fs::path("data") : source / "data";
  if (r.templates.empty()) {
    if (!given.data.empty() && fs::is_directory(given.data.parent_path() / "templates"))
      r.templates = given.data.parent_path() / "templates";
    else if (!given.data.empty() &&
             fs::is_directory(fs::absolute(given.data).parent_path() / "templates"))
      r.templates = fs::absolute(given.data).parent_path() / "templates";
    else
      r.templates = fs::is_directory("templates") && fs::is_directory("data")
                        ? fs::path("templates")
                        : source / "templates";
  }
  return r;
}

bool select_games(const std::vector<std::string>& names, bool all, const Roots& roots,
                  std::vector<std::string>& games, std::ostream& err) {
  if (all) {
    games = list_game_folders(roots.data);
    if (games.empty()) {
      err << "error: no games in '" << roots.data.string()
          << "' (a game is a folder with a game.toml)\n";
      return false;
    }
    return true;
  }
  if (names.empty()) {
    err << "error: name a game or use --all (games: ";
    auto known = list_games(roots.data);
    for (size_t i = 0; i < known.size(); ++i) err << (i ? ", " : "") << known[i];
    err << ")\n";
    return false;
  }
  games = names;
  return true;
}

}  // namespace bocage
