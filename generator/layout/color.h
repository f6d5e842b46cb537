// Colours as written in templates: "#rgb", "#rrggbb", "#rrggbbaa" or "none".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace bocage {

struct Color {
  double r = 0, g = 0, b = 0, a = 1;
  bool set = false;  // false: "none", nothing is drawn
  bool operator==(const Color&) const = default;
};

/// Parses a colour; empty optional when the text is not one of the forms above.
std::optional<Color> parse_color(std::string_view text);

/// "#rrggbb", as a message shows a colour (its opacity left out).
std::string hex_colour(const Color& c);

}  // namespace bocage
