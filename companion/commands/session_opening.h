// How new, resume and serve begin: a new session from the command line's game
// and options, or a saved one opened with its lock (cmd_session.cpp). Errors
// are printed to `err`, and `status` is then the exit status (commands.h).
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>

#include "commands.h"
#include "companion/engine/session.h"

namespace bocage {

/// `new`'s session: created, its path and setup printed to `out`; its file
/// in `created` if given.
std::optional<Session> create_session(const PlayOptions& o, std::ostream& out, std::ostream& err,
                                      int& status, std::filesystem::path* created = nullptr);
/// A saved session, opened for writing (its lock held).
std::optional<Session> open_saved_session(const std::filesystem::path& path, const PlayOptions& o,
                                          std::ostream& err, int& status);

}  // namespace bocage
