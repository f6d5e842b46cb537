#include "random_player.h"

#include <stdexcept>

#include "companion/games/registry.h"

namespace bocage::test {

std::shared_ptr<const GameModule> svz_module(const std::vector<std::string>& options) {
  std::string why;
  auto m = load_game_module(std::filesystem::path(BOCAGE_TEST_SOURCE_ROOT) / "data",
                            "stuart-vs-zombies", options, &why);
  if (!m) throw std::runtime_error(why);
  return m;
}

}  // namespace bocage::test
