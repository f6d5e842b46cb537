// Helpers the tests share: a whole file as a string, a part of a text and
// how often it occurs.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace bocage::test {

/// The whole file, byte for byte ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// How many times `part` occurs in `text` (overlapping ones too).
inline int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace bocage::test
