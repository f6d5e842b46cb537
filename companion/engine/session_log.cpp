#include "session_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "bocage/msg/engine.h"
#include "companion/text/input_text.h"
#include "core/fnv1a.h"
#include "core/message_catalog.h"
#include "core/system_error.h"
#include "session_file_io.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

constexpr const char* kMagicPrefix = "bocage-session ";
constexpr const char* kMagic = "bocage-session 2";
constexpr int kVersion = 2;

/// A seed as written by create(): decimal digits, 0 to 2^64-1, nothing else.
std::optional<uint64_t> parse_seed(const std::string& text) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - digit) / 10) return std::nullopt;
    v = v * 10 + digit;
  }
  return v;
}

}  // namespace

SessionLog::SessionLog(fs::path path, int fd, bool writable, SessionHeader header,
                       std::vector<std::string> commands)
    : path_(std::move(path)),
      fd_(fd),
      writable_(writable),
      header_(std::move(header)),
      commands_(std::move(commands)) {}

SessionLog::SessionLog(SessionLog&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(other.fd_),
      writable_(other.writable_),
      header_(std::move(other.header_)),
      commands_(std::move(other.commands_)),
      first_command_line_(other.first_command_line_),
      tail_(std::move(other.tail_)),
      tail_offset_(other.tail_offset_),
      keep_tail_(other.keep_tail_),
      header_unterminated_(other.header_unterminated_),
      dropped_tail_(std::move(other.dropped_tail_)),
      open_(std::move(other.open_)),
      cancelled_(std::move(other.cancelled_)) {
  other.fd_ = -1;
}

SessionLog::~SessionLog() {
  if (fd_ >= 0) ::close(fd_);  // releases the lock
}

std::optional<SessionLog> SessionLog::create(const fs::path& path, const SessionHeader& header,
                                             SessionError* error, Lang lang) {
  if (header.lang != "ja" && header.lang != "en") {
    if (error) *error = {0, tr(lang, msg::engine::bad_language, "lang"_a = printable(header.lang))};
    return std::nullopt;
  }
  std::string head = std::string(kMagicPrefix) + std::to_string(kVersion) + "\ngame " +
                     header.game + "\ndigest " + header.digest + "\nseed " +
                     std::to_string(header.seed) + "\nlang " + header.lang + "\noptions";
  for (const auto& o : header.options) head += " " + o;
  head += "\n";
  std::string why;
  int fd = create_session_file(path, head, &why, lang);
  if (fd < 0) {
    std::error_code ec;
    if (error) *error = {0, why, fs::exists(fs::symlink_status(path, ec))};
    return std::nullopt;
  }
  return SessionLog(path, fd, true, header, {});
}

std::optional<SessionLog> SessionLog::open(const fs::path& path, SessionError* error, Lang lang) {
  return load(path, true, error, lang);
}

std::optional<SessionLog> SessionLog::read(const fs::path& path, SessionError* error, Lang lang) {
  return load(path, false, error, lang);
}

std::optional<SessionLog> SessionLog::load(const fs::path& path, bool write, SessionError* error,
                                           Lang lang) {
  auto fail = [&](int line, std::string message) -> std::optional<SessionLog> {
    if (error) *error = {line, std::move(message)};
    return std::nullopt;
  };
  std::string why;
  int fd = open_session_file(path, write, &why, lang);
  if (fd < 0) return fail(0, why);
  SessionLog log(path, fd, write, {}, {});  // closes fd on every return below
  std::string text;
  if (!read_session_text(fd, path, text, &why, lang)) return fail(0, why);
  if (text.empty())
    return fail(1, tr(lang, msg::engine::empty_file, "file"_a = path.string(), "magic"_a = kMagic));
  // Lines end with LF or, from an editor on another system, CRLF; a byte
  // order mark before the header is not part of it.
  auto strip_cr = [](std::string s) {
    if (!s.empty() && s.back() == '\r') s.pop_back();
    return s;
  };
  std::vector<std::string> lines;
  size_t start = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) break;  // a last line without its newline: the tail
    lines.push_back(strip_cr(text.substr(start, nl - start)));
    start = nl + 1;
  }
  // A last line without its newline is a command cut short (the tail, kept or
  // dropped) only past the header: a header line (its `options` line too) is
  // the header's, whatever its ending, and is never dropped.
  bool header_tail = false;
  if (start < text.size()) {
    const std::string tail = strip_cr(text.substr(start));
    if (lines.size() < 5 ||
        (lines.size() == 5 && (tail == "options" || tail.rfind("options ", 0) == 0))) {
      lines.push_back(tail);
      header_tail = true;
    }
  }
  if (lines.empty() || lines[0].rfind(kMagicPrefix, 0) != 0)
    return fail(1,
                tr(lang, msg::engine::not_a_session, "file"_a = path.string(), "magic"_a = kMagic));
  const std::string version = lines[0].substr(std::strlen(kMagicPrefix));
  if (version != "1" && version != "2")
    return fail(1, tr(lang, msg::engine::newer_format, "file"_a = path.string(),
                      "format"_a = printable(version), "version"_a = BOCAGE_VERSION));
  for (size_t i = 0; i < lines.size(); ++i)
    if (auto problem = input_problem(lines[i], lang))
      return fail(static_cast<int>(i) + 1, *problem);
  SessionHeader header;
  header.version = version == "1" ? 1 : 2;
  const char* keys[] = {"game ", "digest ", "seed ", "lang "};
  for (int k = 0; k < 4; ++k) {
    size_t i = static_cast<size_t>(k) + 1;
    if (i >= lines.size() || lines[i].rfind(keys[k], 0) != 0)
      return fail(static_cast<int>(i) + 1,
                  tr(lang, msg::engine::header_key_missing, "key"_a = std::string(keys[k])));
    std::string value = lines[i].substr(std::strlen(keys[k]));
    if (k == 0) header.game = value;
    if (k == 1) header.digest = value;
    if (k == 2) {
      auto seed = parse_seed(value);
      if (!seed) return fail(4, tr(lang, msg::engine::bad_seed, "seed"_a = value));
      header.seed = *seed;
    }
    if (k == 3) {
      if (value != "ja" && value != "en")
        return fail(5, tr(lang, msg::engine::bad_header_language, "lang"_a = value));
      header.lang = value;
    }
  }
  size_t first = 5;
  if (first < lines.size() &&
      (lines[first] == "options" || lines[first].rfind("options ", 0) == 0)) {
    std::istringstream words(lines[first].substr(7));
    for (std::string w; words >> w;) header.options.push_back(w);
    ++first;
  }
  std::vector<std::string> commands;
  std::optional<std::string> open;
  size_t counted = 0;
  for (size_t i = first; i < lines.size(); ++i) {
    const int line = static_cast<int>(i) + 1;
    // An open command (the input ended at its question): it counts only as
    // the file's last word, and a command after it supersedes it.
    if (lines[i].rfind("open ", 0) == 0 && lines[i].size() > 5) {
      open = lines[i].substr(5);
      continue;
    }
    open.reset();
    if (lines[i].rfind("cancelled ", 0) == 0 && lines[i].size() > 10) {
      log.cancelled_.emplace_back(commands.size(), lines[i].substr(10));
      continue;
    }
    if (lines[i].rfind("cmd ", 0) != 0 || lines[i].size() == 4)
      return fail(line, tr(lang, msg::engine::not_a_command_line, "line"_a = lines[i]));
    std::string command = lines[i].substr(4);
    if (is_undo(command)) {
      if (auto problem = undo_problem(command, counted, lang); !problem.empty())
        return fail(line, problem);
      counted -= static_cast<size_t>(parse_undo(command)->count);
    } else {
      ++counted;
    }
    commands.push_back(std::move(command));
  }
  log.header_ = std::move(header);
  log.commands_ = std::move(commands);
  log.open_ = std::move(open);
  log.first_command_line_ = static_cast<int>(first) + 1;
  log.tail_ = header_tail ? std::string() : strip_cr(text.substr(start));
  log.tail_offset_ = start;
  log.header_unterminated_ = header_tail;
  return log;
}

std::optional<std::string> SessionLog::tail_command() const {
  if (tail_.rfind("cmd ", 0) != 0 || tail_.size() == 4 || input_problem(tail_)) return std::nullopt;
  std::string command = tail_.substr(4);
  if (is_undo(command)) {
    size_t counted = effective_indices(commands_).size();
    if (!undo_problem(command, counted).empty()) return std::nullopt;
  }
  return command;
}

void SessionLog::keep_tail() {
  auto command = tail_command();
  if (!command || keep_tail_) return;
  keep_tail_ = true;
  commands_.push_back(*command);
}

std::string SessionLog::take_dropped_tail() {
  return std::exchange(dropped_tail_, {});
}

bool SessionLog::prepare_append(const std::string& command, SessionError* error, Lang lang) {
  if (!writable_) {
    if (error) *error = {0, tr(lang, msg::engine::read_only, "file"_a = path_.string())};
    return false;
  }
  if (command.find('\n') != std::string::npos) {
    if (error) *error = {0, tr(lang, msg::engine::one_line)};
    return false;
  }
  if (header_unterminated_) {
    // The header's last line, completed with its newline before the first command.
    if (!write_all(fd_, "\n")) {
      if (error)
        *error = {0, tr(lang, msg::engine::cannot_repair, "file"_a = path_.string(),
                        "why"_a = system_error_text(errno).in(lang))};
      return false;
    }
    header_unterminated_ = false;
  }
  if (!tail_.empty()) {
    // Complete a kept last line, or drop one cut short, before the new line.
    bool ok =
        keep_tail_ ? write_all(fd_, "\n") : ::ftruncate(fd_, static_cast<off_t>(tail_offset_)) == 0;
    if (!ok) {
      if (error)
        *error = {0, tr(lang, msg::engine::cannot_repair, "file"_a = path_.string(),
                        "why"_a = system_error_text(errno).in(lang))};
      return false;
    }
    if (!keep_tail_) dropped_tail_ = tail_;
    tail_.clear();
  }
  return true;
}

bool SessionLog::write_line(const std::string& line, SessionError* error, Lang lang) {
  if (!write_all(fd_, line + "\n") || ::fsync(fd_) != 0) {
    if (error)
      *error = {0, tr(lang, msg::engine::cannot_write, "file"_a = path_.string(),
                      "why"_a = system_error_text(errno).in(lang))};
    return false;
  }
  return true;
}

bool SessionLog::append(const std::string& command, SessionError* error, Lang lang) {
  if (!prepare_append(command, error, lang) || !write_line("cmd " + command, error, lang))
    return false;
  commands_.push_back(command);
  open_.reset();
  return true;
}

bool SessionLog::append_cancelled(const std::string& command, SessionError* error, Lang lang) {
  if (!prepare_append(command, error, lang) || !write_line("cancelled " + command, error, lang))
    return false;
  cancelled_.emplace_back(commands_.size(), command);
  open_.reset();
  return true;
}

bool SessionLog::append_open(const std::string& command, SessionError* error, Lang lang) {
  if (!prepare_append(command, error, lang) || !write_line("open " + command, error, lang))
    return false;
  open_ = command;
  return true;
}

std::optional<UndoCommand> parse_undo(const std::string& command, std::string* error, Lang lang) {
  std::istringstream in(command);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  auto bad = [&]() -> std::optional<UndoCommand> {
    if (error) *error = tr(lang, msg::engine::bad_undo, "command"_a = command);
    return std::nullopt;
  };
  if (words.empty() || words[0] != "undo") return bad();
  UndoCommand u;
  size_t next = 1;
  if (next < words.size() && words[next] == "--force") {
    u.force = true;
    ++next;
  }
  if (next < words.size()) {
    const std::string& n = words[next++];
    if (n.size() > 9 || n.find_first_not_of("0123456789") != std::string::npos || n[0] == '0')
      return bad();
    u.count = std::stol(n);
  }
  if (next != words.size()) return bad();
  return u;
}

std::string undo_problem(const std::string& command, size_t counted, Lang lang) {
  std::string why;
  auto undo = parse_undo(command, &why, lang);
  if (!undo) return why;
  if (static_cast<size_t>(undo->count) > counted)
    return tr(lang, msg::engine::undo_beyond, "command"_a = command, "count"_a = undo->count,
              "counted"_a = counted);
  return "";
}

bool is_undo(const std::string& c) {
  return c == "undo" || c.rfind("undo ", 0) == 0;
}

std::vector<size_t> effective_indices(const std::vector<std::string>& log) {
  std::vector<size_t> out;
  for (size_t i = 0; i < log.size(); ++i) {
    if (is_undo(log[i])) {
      const auto undo = parse_undo(log[i]);
      const size_t n = undo ? static_cast<size_t>(undo->count) : 1;
      out.resize(out.size() - std::min(out.size(), n));
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
  uint64_t h = kBocageDiceBasis;
  for (const auto& f : files) {
    h = fnv1a(fs::relative(f, dir).generic_string(), h);
    std::ifstream in(f, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    h = fnv1a(s.str(), h);
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace bocage
