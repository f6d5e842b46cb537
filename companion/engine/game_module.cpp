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

namespace {

/// The next words of the legal moves that begin with `words` from `from` on.
void next_words(const std::vector<Move>& moves, const std::vector<std::string>& words, size_t from,
                std::vector<std::string>& out) {
  const size_t n = words.size() - from;
  for (const auto& m : moves) {
    if (m.words.size() <= n ||
        !std::equal(words.begin() + long(from), words.end(), m.words.begin()))
      continue;
    const std::string& next = m.words[n];
    if (std::find(out.begin(), out.end(), next) == out.end()) out.push_back(next);
  }
}

}  // namespace

std::vector<std::string> complete_move(const GameModule& module, const GameState& state,
                                       const std::vector<std::string>& words) {
  std::vector<std::string> out;
  next_words(module.legal_moves(state), words, 0, out);
  if (!out.empty() || words.size() < 2) return out;
  // A command that takes several steps ("move 0306 0405"): the words so far
  // as a move of their own, then the same command's next step from there.
  // Nothing is said, rolled or asked: a step that would is not completed.
  auto after = state.clone();
  GameDice dice(0);
  PlayContext ctx(Lang::en, dice, false, {}, nullptr, false);
  try {
    if (module.apply(*after, words, ctx) || ctx.dice_rolled() || ctx.reveals()) return out;
  } catch (const AnswerMismatch&) {
    return out;
  }
  next_words(module.legal_moves(*after), {words[0]}, 0, out);
  return out;
}

}  // namespace bocage
