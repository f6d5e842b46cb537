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

/// What one wait() saw.
struct WatchEvents {
  std::vector<std::filesystem::path> changed;  // files saved, sorted
  /// Watched roots (watch_tree()) moved away or deleted, and roots that were
  /// gone and are folders again (watched anew, under their own path).
  std::vector<std::filesystem::path> gone, back;
  bool empty() const { return changed.empty() && gone.empty() && back.empty(); }
};

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
  /// `root` cannot be watched. A root moved away or deleted later is
  /// reported (WatchEvents::gone) and watched again once a folder is back at
  /// its path, however it came back (moved, copied, made anew).
  bool watch_tree(const std::filesystem::path& root, const std::filesystem::path& skip = {});

  /// Blocks until a file whose extension is in `extensions` changes (or a
  /// root goes or comes back), then until nothing has changed for
  /// `quiet_ms`. Returns early, with what it has, once `stop` is set (a signal).
  WatchEvents wait(const std::set<std::string>& extensions, int quiet_ms,
                   const std::atomic<bool>& stop);

 private:
  void add_folder(const std::filesystem::path& dir);
  /// Watches `dir` and the folders under it.
  bool add_tree(const std::filesystem::path& dir);
  /// Stops watching `dir` and every folder under it (moved away: its events
  /// would otherwise be reported under its old path).
  void drop_tree(const std::filesystem::path& dir);
  /// Roots gone that are folders again: watched anew, added to `back`.
  int check_gone(std::vector<std::filesystem::path>& back);
  /// Reads the pending events; adds the changed files to `changed` and
  /// returns how many events concerned them.
  int read_events(const std::set<std::string>& extensions, std::set<std::filesystem::path>& changed,
                  std::vector<std::filesystem::path>& gone);

  int fd_ = -1;
  Text error_;
  std::filesystem::path skip_;
  std::map<int, std::filesystem::path> folders_;  // watch descriptor -> folder
  struct Root {
    std::filesystem::path path;
    bool present = true;
  };
  std::vector<Root> roots_;
};

}  // namespace bocage
