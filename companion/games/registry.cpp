#include "registry.h"

#include <algorithm>

#include "bocage/msg/engine.h"
#include "core/diagnostic.h"
#include "core/did_you_mean.h"
#include "core/game_loader.h"
#include "core/ids.h"
#include "core/message_catalog.h"
#include "core/toml_file.h"
#include "endless_patrol/ep_module.h"
#include "maquis/mq_module.h"
#include "omaha_beach/ob_module.h"
#include "squad/sq_module.h"
#include "stuart_vs_zombies/svz_module.h"
#include "table_helper/th_module.h"

namespace bocage {

std::vector<std::string> companion_games() {
  return {"endless-patrol", "maquis", "omaha-beach", "squad", "stuart-vs-zombies"};
}

bool has_table_helper(const std::filesystem::path& data_root, const std::string& game) {
  const auto games = companion_games();
  if (std::find(games.begin(), games.end(), game) != games.end()) return false;
  std::error_code ec;
  return is_valid_id(game) &&
         std::filesystem::is_regular_file(data_root / game / "companion.toml", ec);
}

bool is_engine_option(const std::string& option) {
  return option == "manual-dice" || option == "hot-seat";
}

void check_companion_data(const std::filesystem::path& data_root, const std::string& game,
                          Diagnostics& diags) {
  if (game == "endless-patrol")
    load_ep_rules(data_root, game, diags);
  else if (game == "omaha-beach")
    load_ob_rules(data_root, game, diags);
  else if (game == "maquis")
    load_mq_rules(data_root, game, diags);
  else if (game == "stuart-vs-zombies")
    load_svz_rules(data_root, game, diags);
  else if (game == "squad")
    load_sq_rules(data_root, game, diags);
  else if (has_table_helper(data_root, game))
    load_th_rules(data_root, game, diags);
}

std::unique_ptr<GameModule> load_game_module(const std::filesystem::path& data_root,
                                             const std::string& game,
                                             const std::vector<std::string>& options,
                                             std::string* error, Lang lang, bool* bad_option) {
  std::vector<std::string> game_options;
  for (const auto& o : options)
    if (!is_engine_option(o)) game_options.push_back(o);
  // Every game's options are declared in its data (pieces/game_options.h): its rules, then the
  // options.
  auto load = [&](auto load_rules, auto make_module) -> std::unique_ptr<GameModule> {
    Diagnostics diags;
    auto rules = load_rules(data_root, game, diags);
    if (!rules) {
      if (error) *error = diags.format_all(lang);
      return nullptr;
    }
    auto module = make_module(std::move(*rules), game_options, error, lang);
    if (!module && bad_option) *bad_option = true;  // the rules loaded: only an option can fail
    return module;
  };
  if (game == "endless-patrol") return load(load_ep_rules, make_ep_module);
  if (game == "omaha-beach") return load(load_ob_rules, make_ob_module);
  if (game == "maquis") return load(load_mq_rules, make_mq_module);
  if (game == "stuart-vs-zombies") return load(load_svz_rules, make_svz_module);
  if (game == "squad") return load(load_sq_rules, make_sq_module);
  // Any other game with a companion.toml: the table helper, from its data alone.
  if (has_table_helper(data_root, game)) return load(load_th_rules, make_th_module);
  // A game the companion does not play is a usage error, like a bad option.
  if (bad_option) *bad_option = true;
  if (error) {
    auto known = list_games(data_root);
    bool exists = std::find(known.begin(), known.end(), game) != known.end();
    // (the games with rules, and a designer's own with a companion.toml in
    // this folder: bocage-gen new writes one)
    std::vector<std::string> playable = companion_games();
    for (const auto& g : known)
      if (std::find(playable.begin(), playable.end(), g) == playable.end() &&
          has_table_helper(data_root, g))
        playable.push_back(g);
    std::sort(playable.begin(), playable.end());
    std::string list;
    for (const auto& g : playable) list += (list.empty() ? "" : ", ") + g;
    const std::string hint = closest_name(game, playable);
    *error =
        exists
            ? tr(lang, msg::engine::no_rules_yet, "game"_a = game, "games"_a = list)
            : tr(lang, msg::engine::no_such_game, "game"_a = game, "folder"_a = data_root.string(),
                 "hint"_a =
                     hint.empty() ? hint : tr(lang, msg::engine::did_you_mean, "name"_a = hint),
                 "games"_a = list);
  }
  return nullptr;
}

}  // namespace bocage
