#include "seat_tokens.h"

#include <sys/stat.h>
#include <unistd.h>

#include <random>
#include <sstream>

#include "bocage/msg/serve.h"
#include "companion/engine/session_file_io.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

constexpr size_t kTokenHex = 32;

bool is_token(const std::string& t) {
  if (t.size() != kTokenHex) return false;
  for (char c : t)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

std::string new_token() {
  std::random_device random;  // the kernel's random source (getrandom, /dev/urandom)
  static const char* hex = "0123456789abcdef";
  std::string t;
  for (size_t i = 0; i < kTokenHex / 8; ++i) {
    uint32_t r = random();
    for (int k = 0; k < 8; ++k, r >>= 4) t += hex[r & 15];
  }
  return t;
}

}  // namespace

fs::path tokens_path(const fs::path& session) {
  fs::path p = session;
  p += ".tokens";
  return p;
}

namespace {

/// Writes `tokens` to `file`, replacing it whole (a temporary file renamed
/// in place): a kill leaves the old file or the new, never half of one.
bool write_tokens(const fs::path& file, const std::vector<std::string>& tokens, std::string* error,
                  Lang lang) {
  std::string text =
      "# bocage-play serve: one token per seat, then per observer; keep this file private\n";
  for (const auto& t : tokens) text += t + "\n";
  fs::path temp = file;
  temp += ".new";
  std::error_code ec;
  fs::remove(temp, ec);  // a kill's leftover
  const int fd = create_session_file(temp, text, error, lang);
  if (fd < 0) return false;
  ::fchmod(fd, 0600);
  ::close(fd);
  fs::rename(temp, file, ec);
  if (ec) {
    if (error) *error = ec.message();
    fs::remove(temp, ec);
    return false;
  }
  return true;
}

}  // namespace

std::optional<std::vector<std::string>> seat_tokens(const fs::path& file, size_t seats,
                                                    std::string* error, Lang lang,
                                                    size_t observers) {
  const size_t wanted = seats + observers;
  std::vector<std::string> tokens;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(file, ec))) {
    const int fd = open_session_file(file, false, error, lang);
    if (fd < 0) return std::nullopt;
    std::string text;
    const bool read = read_session_text(fd, file, text, error, lang);
    ::close(fd);
    if (!read) return std::nullopt;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      if (!is_token(line)) {
        if (error) *error = tr(lang, msg::serve::token_line_bad, "size"_a = int(line.size()));
        return std::nullopt;
      }
      tokens.push_back(line);
    }
    if (tokens.size() < seats) {
      if (error)
        *error = tr(lang, msg::serve::token_count, "tokens"_a = int(tokens.size()),
                    "seats"_a = int(seats));
      return std::nullopt;
    }
    if (tokens.size() >= wanted) {
      tokens.resize(wanted);
      return tokens;
    }
  }
  // New, or more observers than before: the tokens kept, new ones after.
  while (tokens.size() < wanted) tokens.push_back(new_token());
  if (!write_tokens(file, tokens, error, lang)) return std::nullopt;
  return tokens;
}

int seat_of_token(const std::vector<std::string>& tokens, const std::string& token) {
  int found = -1;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    unsigned diff = t.size() ^ token.size();
    for (size_t k = 0; k < t.size(); ++k)
      diff |= unsigned(t[k] ^ (k < token.size() ? token[k] : 0));
    if (diff == 0) found = int(i);
  }
  return found;
}

}  // namespace bocage
