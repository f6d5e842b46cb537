#include "player_registry.h"

#include <algorithm>

#include "core/did_you_mean.h"
#include "players/svz_player.h"

namespace bocage {

std::vector<std::string> player_names() {
  return {"heuristic", "random"};
}

PlayerFactory make_player_factory(const std::string& name, const std::string& game,
                                  const std::filesystem::path& data_root,
                                  const std::vector<std::string>& options, std::string* note,
                                  std::string* error) {
  const auto names = player_names();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    if (error) {
      *error = "unknown player '" + name + "'; expected heuristic or random";
      if (auto hint = did_you_mean(name, names).en; !hint.empty()) *error += " (" + hint + ")";
    }
    return nullptr;
  }
  if (name == "heuristic") {
    if (game == "stuart-vs-zombies") return svz_player_factory(data_root, options, error);
    if (note) *note = "no heuristic player for " + game + " yet: the random player plays";
  }
  return [] { return std::make_unique<RandomPlayer>(); };
}

}  // namespace bocage
