#include "session_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace bocage {

namespace fs = std::filesystem;

namespace {

constexpr const char* kMagic = "bocage-session 1";

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

}  // namespace

SessionLog::SessionLog(fs::path path, int fd, SessionHeader header,
                       std::vector<std::string> commands)
    : path_(std::move(path)), fd_(fd), header_(std::move(header)), commands_(std::move(commands)) {}

SessionLog::SessionLog(SessionLog&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(other.fd_),
      header_(std::move(other.header_)),
      commands_(std::move(other.commands_)) {
  other.fd_ = -1;
}

SessionLog::~SessionLog() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<SessionLog> SessionLog::create(const fs::path& path, const SessionHeader& header,
                                             SessionError* error) {
  std::error_code ec;
  if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    if (error)
      *error = {0, errno == EEXIST
                       ? "'" + path.string() + "' already exists; a session is never overwritten"
                       : "cannot create '" + path.string() + "': " + std::strerror(errno)};
    return std::nullopt;
  }
  std::string head = std::string(kMagic) + "\ngame " + header.game + "\ndigest " + header.digest +
                     "\nseed " + std::to_string(header.seed) + "\nlang " + header.lang +
                     "\noptions";
  for (const auto& o : header.options) head += " " + o;
  head += "\n";
  if (!write_all(fd, head) || ::fsync(fd) != 0) {
    if (error) *error = {0, "cannot write '" + path.string() + "': " + std::strerror(errno)};
    ::close(fd);
    return std::nullopt;
  }
  return SessionLog(path, fd, header, {});
}

std::optional<SessionLog> SessionLog::open(const fs::path& path, SessionError* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = {0, "cannot read '" + path.string() + "'"};
    return std::nullopt;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) break;  // cut short by a crash: never acknowledged
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  auto fail = [&](int line, std::string message) -> std::optional<SessionLog> {
    if (error) *error = {line, std::move(message)};
    return std::nullopt;
  };
  if (lines.empty() || lines[0] != kMagic)
    return fail(1, "'" + path.string() + "' is not a Bocage session (expected \"" + kMagic +
                       "\" on its first line)");
  SessionHeader header;
  const char* keys[] = {"game ", "digest ", "seed ", "lang "};
  for (int k = 0; k < 4; ++k) {
    size_t i = static_cast<size_t>(k) + 1;
    if (i >= lines.size() || lines[i].rfind(keys[k], 0) != 0)
      return fail(static_cast<int>(i) + 1,
                  std::string("expected \"") + keys[k] + "...\" in the session header");
    std::string value = lines[i].substr(std::strlen(keys[k]));
    if (k == 0) header.game = value;
    if (k == 1) header.digest = value;
    if (k == 2) {
      char* end = nullptr;
      header.seed = std::strtoull(value.c_str(), &end, 10);
      if (value.empty() || *end)
        return fail(4, "the seed must be a whole number, found '" + value + "'");
    }
    if (k == 3) header.lang = value;
  }
  size_t first = 5;
  if (first < lines.size() &&
      (lines[first] == "options" || lines[first].rfind("options ", 0) == 0)) {
    std::istringstream words(lines[first].substr(7));
    for (std::string w; words >> w;) header.options.push_back(w);
    ++first;
  }
  std::vector<std::string> commands;
  for (size_t i = first; i < lines.size(); ++i) {
    if (lines[i].rfind("cmd ", 0) != 0)
      return fail(static_cast<int>(i) + 1, "expected \"cmd ...\", found '" + lines[i] + "'");
    commands.push_back(lines[i].substr(4));
  }
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0)
    return fail(0, "cannot open '" + path.string() + "' for writing: " + std::strerror(errno));
  // Drop a line cut short by a crash, so the next command starts on its own line.
  if (start < text.size() && ::ftruncate(fd, static_cast<off_t>(start)) != 0) {
    ::close(fd);
    return fail(0, "cannot repair '" + path.string() + "': " + std::strerror(errno));
  }
  return SessionLog(path, fd, header, std::move(commands));
}

bool SessionLog::append(const std::string& command, SessionError* error) {
  if (command.find('\n') != std::string::npos) {
    if (error) *error = {0, "a command is one line"};
    return false;
  }
  if (!write_all(fd_, "cmd " + command + "\n") || ::fsync(fd_) != 0) {
    if (error) *error = {0, "cannot write '" + path_.string() + "': " + std::strerror(errno)};
    return false;
  }
  commands_.push_back(command);
  return true;
}

bool is_undo(const std::string& c) {
  return c == "undo" || c.rfind("undo ", 0) == 0;
}

std::vector<size_t> effective_indices(const std::vector<std::string>& log) {
  std::vector<size_t> out;
  for (size_t i = 0; i < log.size(); ++i) {
    const std::string& c = log[i];
    if (is_undo(c)) {
      long n = c == "undo" ? 1 : std::strtol(c.c_str() + 5, nullptr, 10);
      if (n < 1) n = 1;
      out.resize(out.size() - std::min(out.size(), static_cast<size_t>(n)));
      continue;
    }
    out.push_back(i);
  }
  return out;
}

std::vector<std::string> effective_commands(const std::vector<std::string>& log) {
  std::vector<std::string> out;
  for (size_t i : effective_indices(log)) out.push_back(log[i]);
  return out;
}

std::string data_digest(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(dir, ec))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  uint64_t h = 1469598103934665603ULL;
  auto mix = [&](const std::string& bytes) {
    for (unsigned char c : bytes) {
      h ^= c;
      h *= 1099511628211ULL;
    }
  };
  for (const auto& f : files) {
    mix(fs::relative(f, dir).generic_string());
    std::ifstream in(f, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    mix(s.str());
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace bocage
