// The file-system side of a session log: opening only regular files (never a
// FIFO or a device, which would block or never end), an exclusive lock per
// writer, reading with bounded memory, and creating a file atomically with
// its header (a kill leaves either no file or a complete header).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "core/lang.h"

namespace bocage {

/// The largest session file read (a 1000-command game is about 20 KB).
constexpr size_t kMaxSessionBytes = 4 * 1024 * 1024;
// (Its lines are at most kMaxInputLineBytes, see companion/text/input_text.h.)

// Errors are said in `lang`.

/// Opens `path` (a symlink is followed) read-write with an exclusive flock, or
/// read-only without a lock. Returns the descriptor, or -1 with `error` set:
/// missing, not a regular file, or (writing) locked by another process.
int open_session_file(const std::filesystem::path& path, bool write, std::string* error,
                      Lang lang = Lang::en);

/// Reads the whole file through `fd` (from offset 0) into `text`; false with
/// `error` set when it is larger than kMaxSessionBytes or cannot be read.
bool read_session_text(int fd, const std::filesystem::path& path, std::string& text,
                       std::string* error, Lang lang = Lang::en);

/// Creates `path` holding `contents`, atomically: written and fsynced under a
/// temporary name in the same folder, then linked in place (never replacing
/// an existing file). Returns a read-write descriptor holding the exclusive
/// lock, or -1 with `error` set.
int create_session_file(const std::filesystem::path& path, const std::string& contents,
                        std::string* error, Lang lang = Lang::en);

/// The process holding a flock on the file open as `fd`, from /proc/locks, if known.
std::optional<pid_t> lock_holder(int fd);

/// Writes all of `s` to `fd`, retrying short writes and EINTR; false on any error (errno set).
bool write_all(int fd, const std::string& s);

}  // namespace bocage
