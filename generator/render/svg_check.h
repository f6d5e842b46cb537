// Checks on SVG icons that validation reports before anything is drawn.
#pragma once

#include <filesystem>

namespace bocage {

/// True when the SVG has a <text> element. librsvg draws SVG text through its
/// own Pango context, and with Cairo 1.16 that corrupts the PDF text drawn
/// after it; icons must have their lettering converted to paths.
bool svg_has_text(const std::filesystem::path& path);

}  // namespace bocage
