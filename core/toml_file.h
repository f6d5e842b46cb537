// Reads and parses one TOML file; a missing file or a syntax error becomes a
// diagnostic with the file, line and column toml++ reports.
#pragma once

#include <toml++/toml.h>

#include <filesystem>
#include <optional>

#include "bounded_read.h"
#include "diagnostic.h"

namespace bocage {

/// Says what kept `read` (bounded_read.h) from reading `path`, as an error;
/// true when nothing did.
bool report_read_problem(const BoundedRead& read, const std::filesystem::path& path,
                         const SourcePos& referenced_from, std::uintmax_t max, Diagnostics& diags);

std::optional<toml::table> parse_toml_file(const std::filesystem::path& path, Diagnostics& diags,
                                           const SourcePos& referenced_from = {});

}  // namespace bocage
