// Where the shell's lines come from: the terminal through libedit (prompt,
// history, Tab completion), or a stream (a script on standard input), whose
// lines are echoed so the output reads as a transcript.
#pragma once

#include <filesystem>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bocage {

class LineSource {
 public:
  virtual ~LineSource() = default;
  /// The next line, or nullopt at the end of input.
  virtual std::optional<std::string> read(const std::string& prompt) = 0;
  /// A player at a keyboard (a refused command is then no failure of the program).
  virtual bool interactive() const { return false; }
};

/// Completions for the word being typed, given the words before it.
using Completer = std::function<std::vector<std::string>(const std::vector<std::string>&)>;

/// libedit on the terminal; `completer` is asked on Tab. The line history is
/// read from and kept in `history_file` (the last 1000 lines) when it is not empty.
/// Ctrl-C at the prompt drops the line being typed and prompts again, as a
/// shell does (while a command runs it is ignored: the command ends and is
/// logged); Ctrl-D ends the input on a line of its own.
std::unique_ptr<LineSource> terminal_source(Completer completer,
                                            const std::filesystem::path& history_file = {});

/// Lines from `in`; each is echoed to `echo` after the prompt. Blank lines
/// and lines starting with '#' are skipped.
std::unique_ptr<LineSource> stream_source(std::istream& in, std::ostream& echo);

}  // namespace bocage
