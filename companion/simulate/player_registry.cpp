#include "player_registry.h"

#include <algorithm>

#include "bocage/msg/sim.h"
#include "core/did_you_mean.h"
#include "players/ep_player.h"
#include "players/maquis_player.h"
#include "players/omaha_player.h"
#include "players/squad_player.h"
#include "players/svz_player.h"

namespace bocage {

std::vector<std::string> player_names() {
  return {"heuristic", "random"};
}

PlayerFactory make_player_factory(const std::string& name, const std::string& game,
                                  const std::filesystem::path& data_root,
                                  const std::vector<std::string>& options, std::string* note,
                                  std::string* error, Lang lang) {
  const auto names = player_names();
  if (std::find(names.begin(), names.end(), name) == names.end()) {
    if (error) {
      std::string hint = did_you_mean(name, names).in(lang);
      *error = tr(lang, msg::sim::unknown_player, "name"_a = name,
                  "hint"_a = hint.empty() ? std::string() : " (" + hint + ")");
    }
    return nullptr;
  }
  if (name == "heuristic") {
    if (game == "stuart-vs-zombies") return svz_player_factory(data_root, options, error);
    if (game == "endless-patrol") return ep_player_factory(data_root, error);
    if (game == "omaha-beach") return omaha_player_factory(data_root, options, error);
    if (game == "maquis") return maquis_player_factory(data_root, options, error);
    if (game == "squad") return squad_player_factory(data_root, error);
    if (note) *note = tr(lang, msg::sim::no_heuristic_player, "game"_a = game);
  }
  return [] { return std::make_unique<RandomPlayer>(); };
}

}  // namespace bocage
