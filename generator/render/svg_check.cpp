#include "svg_check.h"

#include <fstream>
#include <sstream>

namespace bocage {

bool svg_has_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string svg = buffer.str();
  for (size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at + 1)) {
    char next = at + 5 < svg.size() ? svg[at + 5] : ' ';
    if (next == ' ' || next == '>' || next == '\n' || next == '\t' || next == '/') return true;
  }
  return false;
}

}  // namespace bocage
