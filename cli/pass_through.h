// For a subcommand whose last positional takes a whole command of its own
// (`bocage-play exec FILE undo --force 1`): that command's words may look like
// options, which CLI11 would refuse as unknown.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

namespace bocage {

/// The command line with the options of `sub` (argv[1]) that are its own moved
/// ahead and a `--` put before its positionals, so every other word after
/// `sub` (`--force`, a second `--`) reaches its positionals as it was typed.
/// `valued` options take the next word (or `=value`), `flags` none. A `--`
/// before the two positionals (the file and the command's name) is the user's:
/// what follows is kept as it is. After them it is the game command's
/// (`exec FILE shoot 7 -- 2 --lang en`: 2 is its answer, --lang ours). Any
/// other line comes back unchanged.
inline std::vector<std::string> pass_through_words(int argc, char** argv, const std::string& sub,
                                                   const std::vector<std::string>& valued,
                                                   const std::vector<std::string>& flags) {
  std::vector<std::string> in(argv, argv + argc);
  if (in.size() < 2 || in[1] != sub) return in;
  auto named = [](const std::vector<std::string>& names, const std::string& word) {
    const std::string name = word.substr(0, word.find('='));
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  std::vector<std::string> own, words;
  for (size_t i = 2; i < in.size(); ++i) {
    if (in[i] == "--" && words.size() < 2) {
      // Before the file and the command's name it is the user's own `--`;
      // after them, the game command's (`shoot 7 -- 2`: its answers), a word.
      words.insert(words.end(), in.begin() + long(i) + 1, in.end());
      break;
    }
    if (named(valued, in[i])) {
      own.push_back(in[i]);
      if (in[i].find('=') == std::string::npos && i + 1 < in.size()) own.push_back(in[++i]);
    } else if (named(flags, in[i])) {
      own.push_back(in[i]);
    } else {
      words.push_back(in[i]);
    }
  }
  std::vector<std::string> out{in[0], in[1]};
  out.insert(out.end(), own.begin(), own.end());
  out.push_back("--");
  out.insert(out.end(), words.begin(), words.end());
  return out;
}

}  // namespace bocage
