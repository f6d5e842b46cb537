// Resolves a relative path written in data or templates against its root and
// refuses any path that leaves the root (absolute paths, "..", symlinks out).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace bocage {

/// `root / relative`, normalised, or empty when the result is not inside `root`.
std::optional<std::filesystem::path> resolve_inside(const std::filesystem::path& root,
                                                    const std::string& relative);

}  // namespace bocage
