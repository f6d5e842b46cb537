// Plays Stuart vs Zombies through a real session from a script (scripted_game.h),
// with helpers to find its pieces.
#pragma once

#include <string>

#include "companion/games/stuart_vs_zombies/svz_state.h"
#include "scripted_game.h"

namespace bocage::test {

/// "0306" → the hex (columns and rows counted from 01).
inline HexCoord hex(const std::string& xxyy) {
  return HexCoord{std::stoi(xxyy.substr(0, 2)) - 1, std::stoi(xxyy.substr(2, 2)) - 1};
}

/// A copy of the game's data in a scratch folder, to edit one file of it.
struct DataCopy : GameDataCopy {
  DataCopy() : GameDataCopy("stuart-vs-zombies") {}
};

struct SvzGame : ScriptedGame<SvzState> {
  /// A new game; table mode with manual dice unless `options` say otherwise.
  explicit SvzGame(std::vector<std::string> options = {"manual-dice"}, uint64_t seed = 1,
                   std::string lang = "ja", std::filesystem::path root = data_root())
      : ScriptedGame("stuart-vs-zombies", std::move(options), seed, std::move(lang),
                     std::move(root)) {}

  /// The piece lying face up on `xxyy`, or -1.
  int piece_at(const std::string& xxyy) const {
    for (size_t i = 0; i < state().pieces.size(); ++i) {
      const auto& p = state().pieces[i];
      if (p.at == SvzPiece::At::hex && p.hex == hex(xxyy)) return int(i);
    }
    return -1;
  }
  int count(SvzPiece::At at) const {
    int n = 0;
    for (const auto& p : state().pieces) n += p.at == at;
    return n;
  }
};

}  // namespace bocage::test
