#include "bounded_read.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace bocage {

BoundedRead read_bounded(const std::filesystem::path& path, std::uintmax_t max) {
  BoundedRead r;
  using Problem = BoundedRead::Problem;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    r.error = errno;
    r.problem = errno == ENOENT || errno == ENOTDIR ? Problem::missing : Problem::unreadable;
    return r;
  }
  if (!S_ISREG(st.st_mode)) {
    r.problem = S_ISDIR(st.st_mode) ? Problem::missing : Problem::not_regular;
    return r;
  }
  // O_NONBLOCK: a FIFO put in the file's place since the check does not block the open.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    r.error = errno;
    r.problem = Problem::unreadable;
    return r;
  }
  struct stat opened {};
  if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
    ::close(fd);
    r.problem = Problem::not_regular;
    return r;
  }
  if (static_cast<std::uintmax_t>(opened.st_size) > max) {
    ::close(fd);
    r.size = static_cast<std::uintmax_t>(opened.st_size);
    r.problem = Problem::too_large;
    return r;
  }
  std::string bytes(static_cast<size_t>(opened.st_size) + 1, '\0');
  size_t got = 0;
  for (;;) {
    if (got == bytes.size()) {
      if (bytes.size() > max) break;  // it grew past its limit while read
      bytes.resize(std::min<std::uintmax_t>(max + 1, bytes.size() * 2 + 4096));
    }
    const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      r.error = errno;
      ::close(fd);
      r.problem = Problem::unreadable;
      return r;
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  if (got > max) {
    r.size = got;
    r.problem = Problem::too_large;
    return r;
  }
  bytes.resize(got);
  r.bytes = std::move(bytes);
  return r;
}

}  // namespace bocage
