// UTF-8 text as code points with their byte ranges, the unit every
// typesetting rule works on.
#pragma once

#include <glib.h>

#include <string>
#include <vector>

namespace bocage {

struct CodePoint {
  char32_t c;
  size_t start;  // byte range in the text
  size_t end;
};

inline std::vector<CodePoint> decode_utf8(const std::string& s) {
  std::vector<CodePoint> out;
  const char* p = s.c_str();
  const char* end = p + s.size();
  while (p < end) {
    const char* next = g_utf8_next_char(p);
    out.push_back({static_cast<char32_t>(g_utf8_get_char(p)), static_cast<size_t>(p - s.c_str()),
                   static_cast<size_t>(next - s.c_str())});
    p = next;
  }
  return out;
}

}  // namespace bocage
