#include "file_watcher.h"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

#include "core/system_error.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

constexpr uint32_t kEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE |
                             IN_DELETE_SELF | IN_MOVE_SELF;

bool under(const fs::path& p, const fs::path& root) {
  if (root.empty()) return false;
  auto [r, _] = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
  return r == root.end();
}

}  // namespace

FileWatcher::FileWatcher() {
  fd_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) error_ = path_error_text("inotify", errno);
}

FileWatcher::~FileWatcher() {
  if (fd_ >= 0) close(fd_);
}

void FileWatcher::add_folder(const fs::path& dir) {
  if (under(fs::weakly_canonical(dir), skip_)) return;
  int wd = inotify_add_watch(fd_, dir.c_str(), kEvents | IN_ONLYDIR);
  if (wd >= 0) folders_[wd] = dir;
}

bool FileWatcher::watch_tree(const fs::path& root, const fs::path& skip) {
  if (fd_ < 0) return false;
  std::error_code ec;
  if (!skip.empty()) skip_ = fs::weakly_canonical(skip, ec);
  if (!add_tree(root)) return false;
  roots_.push_back({root, true});
  return true;
}

bool FileWatcher::add_tree(const fs::path& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    error_ = path_error_text(root.string(), ENOTDIR);
    return false;
  }
  size_t before = folders_.size();
  add_folder(root);
  if (folders_.size() == before) {
    error_ = path_error_text(root.string(), errno);
    return false;
  }
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    if (it->is_directory(ec)) add_folder(it->path());
  }
  return true;
}

void FileWatcher::drop_tree(const fs::path& dir) {
  for (auto it = folders_.begin(); it != folders_.end();) {
    if (it->second == dir || under(it->second, dir)) {
      inotify_rm_watch(fd_, it->first);
      it = folders_.erase(it);
    } else {
      ++it;
    }
  }
}

int FileWatcher::check_gone(std::vector<fs::path>& back) {
  int found = 0;
  std::error_code ec;
  for (auto& r : roots_)
    if (!r.present && fs::is_directory(r.path, ec) && add_tree(r.path)) {
      r.present = true;
      back.push_back(r.path);
      ++found;
    }
  return found;
}

int FileWatcher::read_events(const std::set<std::string>& extensions, std::set<fs::path>& changed,
                             std::vector<fs::path>& gone) {
  alignas(inotify_event) char buf[16384];
  int relevant = 0;
  while (true) {
    ssize_t n = read(fd_, buf, sizeof buf);
    if (n <= 0) return relevant;  // EAGAIN: nothing more for now
    for (char* p = buf; p < buf + n;) {
      auto* ev = reinterpret_cast<inotify_event*>(p);
      p += sizeof(inotify_event) + ev->len;
      auto folder = folders_.find(ev->wd);
      if (folder == folders_.end()) continue;
      if (ev->mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) {
        const fs::path dir = folder->second;
        // Its events would now come from wherever it went: no longer watched.
        drop_tree(dir);
        for (auto& r : roots_)
          if (r.present && r.path == dir) {
            r.present = false;
            gone.push_back(dir);
            ++relevant;
          }
        continue;
      }
      if (ev->len == 0) continue;
      fs::path file = folder->second / ev->name;
      if (ev->mask & IN_ISDIR) {
        if (ev->mask & (IN_CREATE | IN_MOVED_TO)) {
          add_tree(file);
          changed.insert(file);  // a folder of art or icons moved in
          ++relevant;
        } else if (ev->mask & (IN_MOVED_FROM | IN_DELETE)) {
          drop_tree(file);
          changed.insert(file);  // a folder of art, icons or templates went
          ++relevant;
        }
        continue;
      }
      std::string name = ev->name;
      // Editors' and spreadsheets' own files: .swp, backup~, LibreOffice's
      // .~lock.cards.xlsx#, Excel's lock file ~$cards.xlsx.
      if (name.empty() || name[0] == '.' || name.back() == '~' || name.rfind("~$", 0) == 0)
        continue;
      if (!extensions.count(file.extension().string())) continue;
      changed.insert(file);
      ++relevant;
    }
  }
}

WatchEvents FileWatcher::wait(const std::set<std::string>& extensions, int quiet_ms,
                              const std::atomic<bool>& stop) {
  std::set<fs::path> changed;
  WatchEvents out;
  using clock = std::chrono::steady_clock;
  auto last = clock::now();
  bool any = false;
  while (!stop) {
    // Poll in short steps so that a signal is noticed even when poll restarts,
    // and a root that went is seen as soon as it is back.
    pollfd pfd{fd_, POLLIN, 0};
    int r = poll(&pfd, 1, any ? std::min(quiet_ms, 50) : 200);
    if (r < 0 && errno != EINTR) break;
    if (r > 0) {
      if (read_events(extensions, changed, out.gone) > 0) {
        last = clock::now();
        any = true;
      }
      continue;
    }
    if (check_gone(out.back) > 0) {
      last = clock::now();
      any = true;
      continue;
    }
    if (any && clock::now() - last >= std::chrono::milliseconds(quiet_ms)) break;
  }
  out.changed.assign(changed.begin(), changed.end());
  return out;
}

}  // namespace bocage
