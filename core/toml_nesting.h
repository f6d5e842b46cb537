// A scan of TOML text, before toml++ parses it, for nesting deep enough to
// overflow the parser's stack: dotted keys and headers with many parts,
// arrays and inline tables inside one another.
#pragma once

#include <optional>
#include <string_view>

namespace bocage {

struct TextPos {
  int line = 1;
  int column = 1;
};

/// Where the nesting first exceeds `max_depth`, or nothing. Strings and
/// comments are skipped; the scan is linear and keeps no stack.
std::optional<TextPos> find_deep_nesting(std::string_view text, int max_depth);

}  // namespace bocage
