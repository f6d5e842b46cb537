// A number as data writes it ("%g": 63, 0.5, 2.75), for messages that quote
// a length or size back to the user.
#pragma once

#include <cstdio>
#include <string>

namespace bocage {

inline std::string format_g(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace bocage
