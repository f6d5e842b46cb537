// Reads and parses one TOML file; a missing file or a syntax error becomes a
// diagnostic with the file, line and column toml++ reports.
#pragma once

#include <toml++/toml.h>

#include <filesystem>
#include <optional>

#include "diagnostic.h"

namespace bocage {

std::optional<toml::table> parse_toml_file(const std::filesystem::path& path, Diagnostics& diags,
                                           const SourcePos& referenced_from = {});

}  // namespace bocage
