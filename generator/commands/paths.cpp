#include <algorithm>

#include "bocage/msg/core.h"
#include "bocage/msg/gen.h"
#include "commands.h"
#include "core/data_folders.h"
#include "core/did_you_mean.h"
#include "core/game_loader.h"
#include "core/ids.h"

namespace bocage {

namespace fs = std::filesystem;

Roots resolve_roots(const Roots& given) {
  const DataFolders found = find_data_folders(given.data, given.templates);
  // Nothing found anywhere: ./data and ./templates, so the errors name them.
  return Roots{found.data.empty() ? fs::path("data") : found.data,
               found.templates.empty() ? fs::path("templates") : found.templates, found.games};
}

Roots Roots::of(const std::string& id) const {
  for (const auto& g : games)
    if (g.id == id) return Roots{g.data, g.templates.empty() ? templates : g.templates, games};
  return *this;
}

std::vector<std::string> Roots::game_ids() const {
  if (games.empty()) return list_games(data);
  std::vector<std::string> ids;
  for (const auto& g : games) ids.push_back(g.id);
  return ids;
}

int run_paths(const PathsOptions& o, std::ostream& out) {
  out << describe_data_folders(find_data_folders(o.roots.data, o.roots.templates), o.lang);
  return kExitOk;
}

bool game_exists(const std::string& id, const Roots& roots, Lang lang, std::ostream& err) {
  std::error_code ec;
  if (!is_valid_id(id) || fs::is_directory(roots.of(id).data / id, ec))
    return true;  // load_game says
  const auto known = roots.game_ids();
  std::string names;
  for (const auto& k : known) names += (names.empty() ? "" : ", ") + k;
  err << "error: "
      << (known.empty()
              ? tr(lang, msg::core::unknown_game, "id"_a = id, "root"_a = roots.data.string())
              : tr(lang, msg::core::unknown_game_listed, "id"_a = id,
                   "root"_a = roots.data.string(), "known"_a = names))
      << "\n";
  if (Text hint = did_you_mean(id, known); !hint.in(lang).empty())
    err << "  hint: " << hint.in(lang) << "\n";
  return false;
}

bool select_games(const std::vector<std::string>& names, bool all, const Roots& roots,
                  std::vector<std::string>& games, Lang lang, std::ostream& err) {
  if (all) {
    games = list_game_folders(roots.data);  // folders without a game.toml too, to say so
    for (const auto& id : roots.game_ids())
      if (std::find(games.begin(), games.end(), id) == games.end()) games.push_back(id);
    std::sort(games.begin(), games.end());
    if (games.empty()) {
      err << "error: " << tr(lang, msg::gen::no_games, "root"_a = roots.data.string()) << "\n";
      return false;
    }
    return true;
  }
  if (names.empty()) {
    std::string known;
    for (const auto& id : roots.game_ids()) known += (known.empty() ? "" : ", ") + id;
    err << "error: " << tr(lang, msg::gen::name_a_game, "games"_a = known) << "\n";
    return false;
  }
  for (const auto& id : names)
    if (!game_exists(id, roots, lang, err)) return false;
  games = names;
  return true;
}

}  // namespace bocage
