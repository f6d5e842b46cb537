// Where sessions live: $XDG_DATA_HOME/bocage/sessions/ (else
// ~/.local/share/bocage/sessions/), one "<game>-<date>-<time>.session" file each.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace bocage {

std::filesystem::path sessions_dir();

/// A new file name for `game` in `dir`, from the local time; never an existing file.
std::filesystem::path new_session_path(const std::filesystem::path& dir, const std::string& game);

/// The session files in `dir`, newest first.
std::vector<std::filesystem::path> saved_sessions(const std::filesystem::path& dir);

}  // namespace bocage
