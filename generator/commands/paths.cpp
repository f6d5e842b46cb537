#include <algorithm>

#include "bocage/msg/gen.h"
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
                  std::vector<std::string>& games, Lang lang, std::ostream& err) {
  if (all) {
    games = list_game_folders(roots.data);
    if (games.empty()) {
      err << "error: " << tr(lang, msg::gen::no_games, "root"_a = roots.data.string()) << "\n";
      return false;
    }
    return true;
  }
  if (names.empty()) {
    std::string known;
    for (const auto& id : list_games(roots.data)) known += (known.empty() ? "" : ", ") + id;
    err << "error: " << tr(lang, msg::gen::name_a_game, "games"_a = known) << "\n";
    return false;
  }
  games = names;
  return true;
}

}  // namespace bocage
