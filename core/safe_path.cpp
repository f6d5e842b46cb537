#include "safe_path.h"

namespace bocage {

std::optional<std::filesystem::path> resolve_inside(const std::filesystem::path& root,
                                                    const std::string& relative) {
  namespace fs = std::filesystem;
  fs::path rel(relative);
  if (relative.empty() || rel.is_absolute() || rel.has_root_name()) return std::nullopt;
  std::error_code ec;
  fs::path base = fs::weakly_canonical(root, ec);
  if (ec) return std::nullopt;
  fs::path full = fs::weakly_canonical(base / rel, ec);
  if (ec) return std::nullopt;
  auto [root_end, _] = std::mismatch(base.begin(), base.end(), full.begin(), full.end());
  if (root_end != base.end()) return std::nullopt;
  return (root / rel).lexically_normal();
}

}  // namespace bocage
