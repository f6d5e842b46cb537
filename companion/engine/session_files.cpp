#include "session_files.h"

#include <algorithm>
#include <cstdlib>
#include <ctime>

namespace bocage {

namespace fs = std::filesystem;

fs::path sessions_dir() {
  // A relative XDG_DATA_HOME is ignored, as the XDG base directory
  // specification says.
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && *xdg && fs::path(xdg).is_absolute()) return fs::path(xdg) / "bocage" / "sessions";
  const char* home = std::getenv("HOME");
  return fs::path(home && *home ? home : ".") / ".local" / "share" / "bocage" / "sessions";
}

fs::path new_session_path(const fs::path& dir, const std::string& game) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  fs::path path = dir / (game + "-" + stamp + ".session");
  std::error_code ec;
  for (int n = 2; fs::exists(path, ec) && n < 10000; ++n)
    path = dir / (game + "-" + stamp + "-" + std::to_string(n) + ".session");
  return path;
}

std::vector<fs::path> saved_sessions(const fs::path& dir) {
  std::vector<std::pair<fs::file_time_type, fs::path>> found;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".session")
      found.push_back({e.last_write_time(ec), e.path()});
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second > b.second;
  });
  std::vector<fs::path> out;
  for (auto& f : found) out.push_back(f.second);
  return out;
}

}  // namespace bocage
