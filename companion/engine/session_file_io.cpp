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

namespace bocage {

namespace fs = std::filesystem;

namespace {

std::string quoted(const fs::path& p) {
  return "'" + p.string() + "'";
}

const char* kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string in_use_message(const fs::path& path, int fd) {
  auto pid = lock_holder(fd);
  return quoted(path) + " is in use by another bocage-play" +
         (pid ? " (process " + std::to_string(*pid) + ")" : std::string()) +
         "; only one program at a time may play a session (bocage-play log reads it meanwhile)";
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

int open_session_file(const fs::path& path, bool write, std::string* error) {
  auto fail = [&](std::string message) {
    if (error) *error = std::move(message);
    return -1;
  };
  // O_NONBLOCK: opening a FIFO must not wait for a writer; cleared below.
  const int flags = (write ? O_RDWR | O_APPEND : O_RDONLY) | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
  int fd = ::open(path.c_str(), flags);
  if (fd < 0) {
    if (errno == EISDIR) return fail(quoted(path) + " is a folder, not a session file");
    return fail("cannot " + std::string(write ? "open " : "read ") + quoted(path) + ": " +
                std::strerror(errno));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const std::string kind = ::fstat(fd, &st) == 0 ? kind_of(st.st_mode) : "unreadable";
    ::close(fd);
    return fail(quoted(path) + " is " + kind + ", not a session file (a regular file)");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  if (write && ::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    std::string message = errno == EWOULDBLOCK
                              ? in_use_message(path, fd)
                              : "cannot lock " + quoted(path) + ": " + std::strerror(errno);
    ::close(fd);
    return fail(message);
  }
  return fd;
}

bool read_session_text(int fd, const fs::path& path, std::string& text, std::string* error) {
  text.clear();
  char buf[65536];
  off_t at = 0;
  while (true) {
    ssize_t n = ::pread(fd, buf, sizeof buf, at);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (error) *error = "cannot read " + quoted(path) + ": " + std::strerror(errno);
      return false;
    }
    if (n == 0) return true;
    if (text.size() + static_cast<size_t>(n) > kMaxSessionBytes) {
      if (error)
        *error = quoted(path) + " is larger than " + std::to_string(kMaxSessionBytes / 1048576) +
                 " MiB, the most a session file may hold";
      return false;
    }
    text.append(buf, static_cast<size_t>(n));
    at += n;
  }
}

int create_session_file(const fs::path& path, const std::string& contents, std::string* error) {
  auto fail = [&](std::string message) {
    if (error) *error = std::move(message);
    return -1;
  };
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (fs::exists(fs::symlink_status(path, ec)))
    return fail(quoted(path) + " already exists; a session is never overwritten");
  std::string pattern = (dir / ("." + path.filename().string() + ".new-XXXXXX")).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  int fd = ::mkostemp(name.data(), O_CLOEXEC | O_APPEND);
  if (fd < 0) return fail("cannot create " + quoted(path) + ": " + std::strerror(errno));
  const std::string temp = name.data();
  auto give_up = [&](std::string message) {
    ::unlink(temp.c_str());
    ::close(fd);
    return fail(std::move(message));
  };
  // The lock is on the file, so it holds once the file has its real name.
  if (::fchmod(fd, 0644) != 0 || ::flock(fd, LOCK_EX | LOCK_NB) != 0 || !write_all(fd, contents) ||
      ::fsync(fd) != 0)
    return give_up("cannot write " + quoted(path) + ": " + std::strerror(errno));
  // Linked in place complete: a kill leaves either no session or its whole header.
  if (::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
    if (errno == EEXIST)
      return give_up(quoted(path) + " already exists; a session is never overwritten");
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
      return give_up("cannot create " + quoted(path) + ": " + std::strerror(errno));
    // A file system without RENAME_NOREPLACE: link (never replaces), then unlink.
    if (::link(temp.c_str(), path.c_str()) != 0)
      return give_up(errno == EEXIST
                         ? quoted(path) + " already exists; a session is never overwritten"
                         : "cannot create " + quoted(path) + ": " + std::strerror(errno));
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
