// Runs a shell command for a test, with text on its standard input, and
// captures its exit status and both outputs (bocage-gen's and bocage-play's
// end-to-end tests).
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "scratch_dir.h"
#include "text_helpers.h"

namespace bocage::test {

struct CommandResult {
  int status = -1;  // the exit status; -1 when the command did not exit (a signal)
  std::string out;
  std::string err;
};

/// Runs `command` (shell syntax) with `input` on its standard input.
inline CommandResult run_command(const std::string& command, const std::string& input = {}) {
  ScratchDir io(std::vector<std::pair<std::string, std::string>>{{"in", input}});
  const std::string full = command + " <'" + (io.root / "in").string() + "' >'" +
                           (io.root / "out").string() + "' 2>'" + (io.root / "err").string() + "'";
  const int raw = std::system(full.c_str());
  CommandResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(io.root / "out");
  r.err = slurp(io.root / "err");
  return r;
}

}  // namespace bocage::test
