// A reference from data to a template, icon or file, with where it was written.
#pragma once

#include <string>

#include "source_pos.h"

namespace bocage {

struct Ref {
  std::string name;
  SourcePos pos;
  bool empty() const { return name.empty(); }
};

}  // namespace bocage
