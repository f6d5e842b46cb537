#include "game_module.h"

#include <algorithm>

namespace bocage {

std::vector<CommandHelp> legal_commands(const GameModule& module, const GameState& state,
                                        Lang lang) {
  std::vector<std::string> names;
  for (const auto& m : module.legal_moves(state))
    if (!m.words.empty() && std::find(names.begin(), names.end(), m.words[0]) == names.end())
      names.push_back(m.words[0]);
  std::vector<CommandHelp> out;
  for (const auto& n : names) out.push_back(module.command_help(n, lang));
  return out;
}

std::vector<std::string> complete_move(const GameModule& module, const GameState& state,
                                       const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const auto& m : module.legal_moves(state)) {
    if (m.words.size() <= words.size() || !std::equal(words.begin(), words.end(), m.words.begin()))
      continue;
    const std::string& next = m.words[words.size()];
    if (std::find(out.begin(), out.end(), next) == out.end()) out.push_back(next);
  }
  return out;
}

}  // namespace bocage
