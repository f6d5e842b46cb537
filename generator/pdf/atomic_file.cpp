#include "atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace bocage {

namespace fs = std::filesystem;

AtomicFile::AtomicFile(fs::path destination) : destination_(std::move(destination)) {
  std::error_code ec;
  if (destination_.has_parent_path()) fs::create_directories(destination_.parent_path(), ec);
  if (ec) {
    error_ = "cannot create folder '" + destination_.parent_path().string() + "': " + ec.message();
    return;
  }
  std::string pattern = destination_.string() + ".tmp-XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  int fd = mkstemp(buf.data());
  if (fd < 0) {
    error_ =
        "cannot write in '" + destination_.parent_path().string() + "': " + std::strerror(errno);
    return;
  }
  // mkstemp creates the file 0600; give it the permissions a new file gets.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  close(fd);
  temp_ = buf.data();
}

AtomicFile::~AtomicFile() {
  if (!committed_ && !temp_.empty()) {
    std::error_code ec;
    fs::remove(temp_, ec);
  }
}

bool AtomicFile::commit() {
  if (temp_.empty()) return false;
  int fd = open(temp_.c_str(), O_RDONLY);
  if (fd >= 0) {
    fsync(fd);
    close(fd);
  }
  std::error_code ec;
  fs::rename(temp_, destination_, ec);
  if (ec) {
    error_ = "cannot write '" + destination_.string() + "': " + ec.message();
    return false;
  }
  committed_ = true;
  return true;
}

}  // namespace bocage
