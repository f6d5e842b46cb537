// A place in a source file (1-based line and column), carried by every value
// loaded from TOML so that diagnostics can point at it.
#pragma once

#include <string>

namespace bocage {

struct SourcePos {
  std::string file;
  int line = 0;
  int column = 0;
};

}  // namespace bocage
