#include "atomic_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <vector>

#include "bocage/msg/gen.h"
#include "core/system_error.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

// The live temporaries, for the signal handler: a fixed table of C strings,
// each slot marked used only once its path is complete (async-signal-safe:
// the handler reads flags and strings and calls unlink(2) and raise(3)).
constexpr int kSlots = 256;
constexpr size_t kPathMax = 4096;
char g_paths[kSlots][kPathMax];
std::atomic<bool> g_used[kSlots];
// A slot taken by a thread that is writing its path (games are built side
// by side: two threads never take one slot).
std::atomic<bool> g_taken[kSlots];

void on_fatal_signal(int sig) {
  for (int i = 0; i < kSlots; ++i)
    if (g_used[i].load()) unlink(g_paths[i]);
  // SA_RESETHAND restored the default action, SA_NODEFER lets it act now.
  raise(sig);
}

void install_handlers() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;  // nohup
    if (old.sa_handler != SIG_DFL) continue;  // someone else's handler: leave it
    struct sigaction sa {};
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    sigaction(sig, &sa, nullptr);
  }
}

int register_temp(const std::string& path) {
  if (path.size() >= kPathMax) return -1;
  for (int i = 0; i < kSlots; ++i) {
    bool free = false;
    if (!g_taken[i].compare_exchange_strong(free, true)) continue;
    std::memcpy(g_paths[i], path.c_str(), path.size() + 1);
    g_used[i].store(true);
    return i;
  }
  return -1;  // more than kSlots files at once: still removed by the next build
}

void unregister_temp(int slot) {
  if (slot < 0) return;
  g_used[slot].store(false);
  g_taken[slot].store(false);
}

}  // namespace

AtomicFile::AtomicFile(fs::path destination) : destination_(std::move(destination)) {
  install_handlers();
  std::error_code ec;
  if (destination_.has_parent_path()) fs::create_directories(destination_.parent_path(), ec);
  if (ec) {
    error_ = per_lang([&](Lang l) {
      return tr(l, msg::gen::file_cannot_create_folder,
                "folder"_a = destination_.parent_path().string(),
                "why"_a = system_error_text(ec.value()).in(l));
    });
    return;
  }
  std::string pattern = destination_.string() + std::string(kTempSuffix) + "XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  // Signals are held while the file is created and registered, so that none
  // can leave it behind unregistered.
  sigset_t block, old;
  sigemptyset(&block);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&block, sig);
  sigprocmask(SIG_BLOCK, &block, &old);
  int fd = mkostemp(buf.data(), O_CLOEXEC);
  int err = errno;
  if (fd >= 0) slot_ = register_temp(buf.data());
  sigprocmask(SIG_SETMASK, &old, nullptr);
  if (fd < 0) {
    error_ = per_lang([&](Lang l) {
      return tr(l, msg::gen::file_cannot_write_in, "folder"_a = destination_.parent_path().string(),
                "why"_a = system_error_text(err).in(l));
    });
    return;
  }
  fd_ = fd;
  temp_ = buf.data();
  // The lock tells a later build that this temporary is not stale.
  flock(fd_, LOCK_EX | LOCK_NB);
  // mkstemp creates the file 0600; give it the permissions a new file gets.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd_, 0666 & ~mask);
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) close(fd_);
  if (!committed_ && !temp_.empty()) unlink(temp_.c_str());
  unregister_temp(slot_);
}

bool AtomicFile::fail(Text why) {
  error_ = std::move(why);
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  if (!temp_.empty()) unlink(temp_.c_str());
  return false;
}

namespace {

/// "cannot write 'x.pdf': " and the reason, or the failed rename's sentence.
Text cannot(const std::string& path, int err, bool renaming = false) {
  return per_lang([&](Lang l) {
    const std::string why = system_error_text(err).in(l);
    return renaming ? tr(l, msg::gen::file_cannot_rename, "path"_a = path, "why"_a = why)
                    : tr(l, msg::gen::file_cannot_write, "path"_a = path, "why"_a = why);
  });
}

}  // namespace

bool AtomicFile::write(std::string_view bytes) {
  const std::string path = destination_.string();
  if (fd_ < 0 || written_) {
    if (error_.empty()) error_ = both(msg::gen::file_cannot_write_plain, "path"_a = path);
    return false;
  }
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(cannot(path, errno));
    }
    if (n == 0)
      return fail(per_lang([&](Lang l) {
        return tr(l, msg::gen::file_cannot_write, "path"_a = path,
                  "why"_a = tr(l, msg::gen::file_disk_accepts_no_more));
      }));
    done += static_cast<size_t>(n);
  }
  if (fsync(fd_) != 0) return fail(cannot(path, errno));
  written_ = true;
  return true;
}

bool AtomicFile::publish() {
  const std::string path = destination_.string();
  if (fd_ < 0 || !written_) {
    if (error_.empty()) error_ = both(msg::gen::file_cannot_write_plain, "path"_a = path);
    return false;
  }
  int fd = fd_;
  fd_ = -1;
  if (close(fd) != 0) {
    int err = errno;
    return fail(cannot(path, err));
  }
  if (rename(temp_.c_str(), destination_.c_str()) != 0) return fail(cannot(path, errno, true));
  committed_ = true;
  unregister_temp(slot_);
  slot_ = -1;
  // Make the rename itself durable; a failure here loses nothing written.
  fs::path dir = destination_.has_parent_path() ? destination_.parent_path() : fs::path(".");
  int dfd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    fsync(dfd);
    close(dfd);
  }
  return true;
}

bool PendingFiles::publish(Text* error) {
  bool ok = true;
  Text errors;
  for (auto& file : files_) {
    if (file->publish()) continue;
    ok = false;
    const Text& one = file->error();
    errors = per_lang([&](Lang l) {
      return errors.empty() ? one.in(l) : errors.in(l) + "\nerror: " + one.in(l);
    });
  }
  files_.clear();
  if (!ok && error) *error = errors;
  return ok;
}

std::vector<fs::path> remove_stale_temporaries(
    const fs::path& folder, const std::function<bool(const std::string&)>& ours) {
  std::vector<fs::path> removed;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    const size_t at = name.rfind(kTempSuffix);
    if (at == std::string::npos || at == 0 || name.size() != at + kTempSuffix.size() + 6) continue;
    bool random_ok = true;
    for (size_t i = at + kTempSuffix.size(); i < name.size(); ++i)
      random_ok = random_ok && (std::isalnum(static_cast<unsigned char>(name[i])) != 0);
    if (!random_ok || !ours(name.substr(0, at))) continue;
    std::error_code sec;
    if (!fs::is_regular_file(fs::symlink_status(entry.path(), sec))) continue;
    int fd = open(entry.path().c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) continue;
    // A running build holds its temporaries locked: leave those alone.
    if (flock(fd, LOCK_EX | LOCK_NB) == 0 && unlink(entry.path().c_str()) == 0)
      removed.push_back(entry.path());
    close(fd);
  }
  return removed;
}

}  // namespace bocage
