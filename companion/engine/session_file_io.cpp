#include "session_file_io.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "bocage/msg/engine.h"
#include "core/message_catalog.h"
#include "core/system_error.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

std::string kind_of(mode_t mode, Lang lang) {
  if (S_ISFIFO(mode)) return tr(lang, msg::engine::kind_fifo);
  if (S_ISCHR(mode) || S_ISBLK(mode)) return tr(lang, msg::engine::kind_device);
  if (S_ISDIR(mode)) return tr(lang, msg::engine::kind_folder);
  if (S_ISSOCK(mode)) return tr(lang, msg::engine::kind_socket);
  return tr(lang, msg::engine::kind_other);
}

std::string in_use_message(const fs::path& path, int fd, Lang lang) {
  auto pid = lock_holder(fd);
  return tr(lang, msg::engine::in_use, "file"_a = path.string(),
            "process"_a = pid ? tr(lang, msg::engine::in_use_by, "pid"_a = *pid) : std::string());
}

}  // namespace

bool write_all(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

int open_session_file(const fs::path& path, bool write, std::string* error, Lang lang) {
  auto fail = [&](std::string message) {
    if (error) *error = std::move(message);
    return -1;
  };
  // O_NONBLOCK: opening a FIFO must not wait for a writer; cleared below.
  const int flags = (write ? O_RDWR | O_APPEND : O_RDONLY) | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
  int fd = ::open(path.c_str(), flags);
  if (fd < 0) {
    if (errno == EISDIR)
      return fail(tr(lang, msg::engine::file_is_folder, "file"_a = path.string()));
    const std::string why = system_error_text(errno).in(lang);
    return fail(write
                    ? tr(lang, msg::engine::cannot_open, "file"_a = path.string(), "why"_a = why)
                    : tr(lang, msg::engine::cannot_read, "file"_a = path.string(), "why"_a = why));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const std::string kind =
        ::fstat(fd, &st) == 0 ? kind_of(st.st_mode, lang) : tr(lang, msg::engine::kind_unreadable);
    ::close(fd);
    return fail(
        tr(lang, msg::engine::not_a_regular_file, "file"_a = path.string(), "kind"_a = kind));
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  if (write && ::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    std::string message = errno == EWOULDBLOCK
                              ? in_use_message(path, fd, lang)
                              : tr(lang, msg::engine::cannot_lock, "file"_a = path.string(),
                                   "why"_a = system_error_text(errno).in(lang));
    ::close(fd);
    return fail(message);
  }
  return fd;
}

bool read_session_text(int fd, const fs::path& path, std::string& text, std::string* error,
                       Lang lang) {
  text.clear();
  char buf[65536];
  off_t at = 0;
  while (true) {
    ssize_t n = ::pread(fd, buf, sizeof buf, at);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (error)
        *error = tr(lang, msg::engine::cannot_read, "file"_a = path.string(),
                    "why"_a = system_error_text(errno).in(lang));
      return false;
    }
    if (n == 0) return true;
    if (text.size() + static_cast<size_t>(n) > kMaxSessionBytes) {
      if (error)
        *error = tr(lang, msg::engine::file_too_large, "file"_a = path.string(),
                    "mib"_a = kMaxSessionBytes / 1048576);
      return false;
    }
    text.append(buf, static_cast<size_t>(n));
    at += n;
  }
}

int create_session_file(const fs::path& path, const std::string& contents, std::string* error,
                        Lang lang) {
  auto fail = [&](std::string message) {
    if (error) *error = std::move(message);
    return -1;
  };
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (fs::exists(fs::symlink_status(path, ec)))
    return fail(tr(lang, msg::engine::never_overwritten, "file"_a = path.string()));
  std::string pattern = (dir / ("." + path.filename().string() + ".new-XXXXXX")).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkostemp(name.data(), O_CLOEXEC | O_APPEND);
  if (fd < 0)
    return fail(tr(lang, msg::engine::cannot_create, "file"_a = path.string(),
                   "why"_a = system_error_text(errno).in(lang)));
  const std::string temp = name.data();
  auto give_up = [&](std::string message) {
    ::unlink(temp.c_str());
    ::close(fd);
    return fail(std::move(message));
  };
  // The lock is on the file, so it holds once the file has its real name.
  if (::fchmod(fd, 0644) != 0 || ::flock(fd, LOCK_EX | LOCK_NB) != 0 || !write_all(fd, contents) ||
      ::fsync(fd) != 0)
    return give_up(tr(lang, msg::engine::cannot_write, "file"_a = path.string(),
                      "why"_a = system_error_text(errno).in(lang)));
  // Linked in place complete: a kill leaves either no session or its whole header.
  if (::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
    if (errno == EEXIST)
      return give_up(tr(lang, msg::engine::never_overwritten, "file"_a = path.string()));
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
      return give_up(tr(lang, msg::engine::cannot_create, "file"_a = path.string(),
                        "why"_a = system_error_text(errno).in(lang)));
    // A file system without RENAME_NOREPLACE: link (never replaces), then unlink.
    if (::link(temp.c_str(), path.c_str()) != 0)
      return give_up(errno == EEXIST
                         ? tr(lang, msg::engine::never_overwritten, "file"_a = path.string())
                         : tr(lang, msg::engine::cannot_create, "file"_a = path.string(),
                              "why"_a = system_error_text(errno).in(lang)));
    ::unlink(temp.c_str());
  }
  int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return fd;
}

std::optional<pid_t> lock_holder(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return std::nullopt;
  std::ifstream locks("/proc/locks");
  // "1: FLOCK  ADVISORY  WRITE 12345 08:01:654321 0 EOF" (device in hex, inode in decimal);
  // waiting locks have "->" after the number.
  for (std::string line; std::getline(locks, line);) {
    std::istringstream in(line);
    std::string number, type, advisory, mode, file;
    long pid = 0;
    if (!(in >> number >> type) || type == "->" || type != "FLOCK") continue;
    if (!(in >> advisory >> mode >> pid >> file)) continue;
    unsigned major_no = 0, minor_no = 0;
    unsigned long long inode = 0;
    if (std::sscanf(file.c_str(), "%x:%x:%llu", &major_no, &minor_no, &inode) != 3) continue;
    if (major_no == major(st.st_dev) && minor_no == minor(st.st_dev) && inode == st.st_ino &&
        pid > 0)
      return static_cast<pid_t>(pid);
  }
  return std::nullopt;
}

}  // namespace bocage
