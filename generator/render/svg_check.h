// Checks on icon files that validation reports before anything is drawn:
// size, that librsvg can read and draw them, and no SVG text.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/diagnostic.h"

namespace bocage {

/// What is wrong with an icon file. `code` is the part after "data/",
/// "template/" or "layout/": "missing-icon", "bad-icon" or "svg-text".
struct IconProblem {
  std::string code;
  Text message;  // in both languages
  Text hint;
};

/// True when librsvg draws text for the SVG (checked on what it draws: an
/// entity, an XInclude, UTF-16 or gzip cannot hide a <text>, and one in a
/// comment is none). librsvg draws SVG text through its own Pango context, and
/// with Cairo 1.16 that corrupts the PDF text drawn after it; icons and SVG
/// pictures must have their lettering converted to paths.
bool svg_has_text(const std::filesystem::path& path);

/// Reads (at most kMaxIconBytes, plain files only) and draws the icon once:
/// missing, not a regular file, too large, empty, not an SVG librsvg can
/// draw, with text, or drawing nothing at all. Nothing when it is fine.
std::optional<IconProblem> check_icon_file(const std::filesystem::path& path);

}  // namespace bocage
