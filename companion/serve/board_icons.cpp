#include "board_icons.h"

#include <algorithm>
#include <fstream>
#include <iterator>

#include "core/ids.h"
#include "core/limits.h"
#include "core/safe_path.h"

namespace bocage {

namespace fs = std::filesystem;

std::vector<std::string> board_icon_names(const BoardView& board) {
  std::vector<std::string> names;
  for (const auto& s : board.shapes) {
    if (!s.icon.empty()) names.push_back(s.icon);
    for (const auto& part : s.action)
      if (!part.icon.empty()) names.push_back(part.icon);
  }
  for (const auto& l : board.legend)
    if (!l.icon.empty()) names.push_back(l.icon);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

namespace {

std::optional<std::string> read_icon_file(const fs::path& folder, const std::string& name) {
  if (folder.empty()) return std::nullopt;
  const auto path = resolve_inside(folder, name + ".svg");
  std::error_code ec;
  if (!path || !fs::is_regular_file(*path, ec)) return std::nullopt;
  const auto size = fs::file_size(*path, ec);
  if (ec || size > kMaxIconBytes) return std::nullopt;
  std::ifstream in(*path, std::ios::binary);
  std::string body(std::istreambuf_iterator<char>(in), {});
  if (!in && !in.eof()) return std::nullopt;
  if (body.size() > kMaxIconBytes) return std::nullopt;  // grew since it was measured
  return body;
}

}  // namespace

std::optional<std::string> read_board_icon(const std::string& name, const fs::path& game_dir,
                                           const fs::path& templates) {
  if (!is_valid_id(name)) return std::nullopt;
  // The game's own icon wins, as in the generator; one there that cannot be
  // read is not replaced by the shared one of the same name.
  std::error_code ec;
  if (!game_dir.empty()) {
    const fs::path own = game_dir / "icons" / (name + ".svg");
    if (fs::exists(own, ec)) return read_icon_file(game_dir / "icons", name);
  }
  return templates.empty() ? std::nullopt : read_icon_file(templates / "icons", name);
}

std::string board_icon_url(const std::string& name) {
  return "/icons/" + name + ".svg";
}

}  // namespace bocage
