// Pictures on cards (`kind = "image"`): SVG drawn by librsvg, and raster
// pictures (PNG, JPEG, and what else gdk-pixbuf's loaders read: GIF, TIFF,
// BMP, WebP where installed) read whole through gdk-pixbuf. A picture that
// cannot be read is found when the game is checked, with its file and the
// reason, never printed as an empty box.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <filesystem>
#include <optional>

#include "svg_check.h"

namespace bocage {

/// The most pixels a raster picture may have: a poster of A2 at 300 ppi has
/// 35 million; a larger one is refused before it is decoded.
inline constexpr std::int64_t kMaxPicturePixels = 64'000'000;
/// The largest picture file read.
inline constexpr std::uintmax_t kMaxPictureBytes = 64 * 1024 * 1024;

/// Whether `path` names an SVG picture (drawn by librsvg, without pixels).
bool is_svg_picture(const std::filesystem::path& path);

struct PictureCheck {
  int width = 0, height = 0;  // pixels; 0 for an SVG
  // What is wrong: code "missing-image", "bad-image" or "image-too-large"
  // (an SVG's, as check_icon_file says it).
  std::optional<IconProblem> problem;
};

/// Reads the picture whole (a truncated file is found): its size in pixels,
/// or what is wrong with it.
PictureCheck check_picture(const std::filesystem::path& path);

/// The raster picture decoded (a new reference; ARGB32), a JPEG carrying its
/// own bytes so that a PDF embeds them as they are; null when it cannot be read.
cairo_surface_t* picture_surface(const std::filesystem::path& path);

}  // namespace bocage
