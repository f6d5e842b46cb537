// The one way Bocage reads a data file whole (TOML, spreadsheets, workbooks):
// only a regular file (a symlink followed), its type checked before it is
// opened so that a FIFO never blocks, checked again once open (the name may
// have been swapped), and at most its limit read, plus one byte to know it
// is over: /dev/zero, a FIFO or a growing file never hangs nor fills memory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace bocage {

struct BoundedRead {
  enum class Problem { none, missing, not_regular, too_large, unreadable };
  Problem problem = Problem::none;
  std::string bytes;        // the file, when there is no problem
  std::uintmax_t size = 0;  // too_large: its size (at least max + 1)
  int error = 0;            // unreadable (and missing): errno
};

BoundedRead read_bounded(const std::filesystem::path& path, std::uintmax_t max);

}  // namespace bocage
