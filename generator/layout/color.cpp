#include "color.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>

namespace bocage {

std::optional<Color> parse_color(std::string_view text) {
  if (text == "none") return Color{};
  if (text.size() < 2 || text[0] != '#') return std::nullopt;
  std::string hex(text.substr(1));
  for (char c : hex)
    if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
  if (hex.size() == 3) hex = {hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]};
  if (hex.size() == 6) hex += "ff";
  if (hex.size() != 8) return std::nullopt;
  auto byte = [&](int i) { return std::stoi(hex.substr(i * 2, 2), nullptr, 16) / 255.0; };
  return Color{byte(0), byte(1), byte(2), byte(3), true};
}

std::string hex_colour(const Color& c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>(std::lround(c.r * 255)),
                static_cast<int>(std::lround(c.g * 255)), static_cast<int>(std::lround(c.b * 255)));
  return buf;
}

}  // namespace bocage
