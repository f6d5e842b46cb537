// Watches folders for saved files with inotify, for `bocage-gen watch`:
// waits for a change, then lets an editor's burst of writes, renames and
// deletes settle before reporting the files that changed.
#pragma once

#include <atomic>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace bocage {

class FileWatcher {
 public:
  FileWatcher();
  ~FileWatcher();
  FileWatcher(const FileWatcher&) = delete;
  FileWatcher& operator=(const FileWatcher&) = delete;

  /// False when inotify is not available (error() says why).
  bool ok() const { return fd_ >= 0; }
  const Text& error() const { return error_; }

  /// Watches `root` and every folder under it (folders created later too),
  /// except those under `skip` (the output folder). False with error() when
  /// `root` cannot be watched.
  bool watch_tree(const std::filesystem::path& root, const std::filesystem::path& skip = {});

  /// Blocks until a file whose extension is in `extensions` changes, then
  /// until nothing has changed for `quiet_ms`; returns the changed files,
  /// sorted. Returns early, with what it has, once `stop` is set (a signal).
  std::vector<std::filesystem::path> wait(const std::set<std::string>& extensions, int quiet_ms,
                                          const std::atomic<bool>& stop);

 private:
  void add_folder(const std::filesystem::path& dir);
  /// Reads the pending events; adds the changed files to `changed` and
  /// returns how many events concerned them.
  int read_events(const std::set<std::string>& extensions,
                  std::set<std::filesystem::path>& changed);

  int fd_ = -1;
  Text error_;
  std::filesystem::path skip_;
  std::map<int, std::filesystem::path> folders_;  // watch descriptor -> folder
};

}  // namespace bocage
