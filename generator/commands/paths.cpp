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
               found.templates.empty() ? fs::path("templates") : found.templates};
}

int run_paths(const PathsOptions& o, std::ostream& out) {
  out << describe_data_folders(find_data_folders(o.roots.data, o.roots.templates), o.lang);
  return kExitOk;
}

bool game_exists(const std::string& id, const Roots& roots, Lang lang, std::ostream& err) {
  std::error_code ec;
  if (!is_valid_id(id) || fs::is_directory(roots.data / id, ec)) return true;  // load_game says
  const auto known = list_games(roots.data);
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
  for (const auto& id : names)
    if (!game_exists(id, roots, lang, err)) return false;
  games = names;
  return true;
}

}  // namespace bocage
