// Fuzzes the game-data loader through the entry points the programs use: the
// first byte picks a file of a scratch copy of a shipped game (game.toml, a
// deck, a map, a board or companion.toml), the rest of the input replaces
// that file, then the game is loaded as bocage-gen loads it (load_game) and,
// for Stuart vs Zombies, as bocage-play loads it (load_game_module).
#include <cstddef>
#include <cstdint>
#include <string>

#include "companion/games/registry.h"
#include "core/game_loader.h"
#include "fuzz_scratch.h"

namespace {

namespace fs = std::filesystem;
using namespace bocage;

struct Kind {
  const char* game;
  const char* file;
};

// The input's first byte picks the file it replaces: '0' game.toml, '1' a deck...
constexpr Kind kKinds[] = {
    {"stuart-vs-zombies", "game.toml"},       // 0: game.toml
    {"stuart-vs-zombies", "counters.toml"},   // 1: a deck (any component: deck, map or board)
    {"stuart-vs-zombies", "map.toml"},        // 2: a hex map
    {"town", "board.toml"},                   // 3: a point-to-point board
    {"stuart-vs-zombies", "companion.toml"},  // 4: the companion's tables
};
constexpr size_t kKindCount = sizeof(kKinds) / sizeof(kKinds[0]);

struct ScratchGames {
  fs::path root;
  std::string original[kKindCount];
  ScratchGames() : root(fuzz::scratch_root() / "data") {
    const fs::path src = fuzz::source_root();
    fs::create_directories(root);
    fs::copy(src / "data" / "stuart-vs-zombies", root / "stuart-vs-zombies",
             fs::copy_options::recursive);
    fs::copy(src / "tests" / "fixtures" / "board" / "town", root / "town",
             fs::copy_options::recursive);
    for (size_t k = 0; k < kKindCount; ++k)
      original[k] = fuzz::read_file(root / kKinds[k].game / kKinds[k].file);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static ScratchGames games;
  if (size == 0) return 0;
  const size_t kind = static_cast<uint8_t>(data[0] - '0') % kKindCount;
  const fs::path file = games.root / kKinds[kind].game / kKinds[kind].file;
  fuzz::write_file(file, fuzz::as_text(data + 1, size - 1));

  const std::string game_id = kKinds[kind].game;
  if (game_id == "stuart-vs-zombies") {
    // The companion's loader reads the game through load_game, then its tables.
    std::string error;
    auto module = load_game_module(games.root, game_id, {}, &error);
    if (module) (void)module->command_names();
  } else {
    Diagnostics diags;
    Game game = load_game(games.root, game_id, diags);
    (void)diags.format_all();
  }

  fuzz::write_file(file, games.original[kind]);
  return 0;
}
