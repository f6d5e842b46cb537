// Pictures on cards (`kind = "image"`): SVG drawn by librsvg, and raster
// pictures (PNG, JPEG, and WebP where its loader is installed) read whole
// through gdk-pixbuf once their header, read here, gives a size within the
// limit. GIF, BMP and TIFF are refused with a hint to save them as PNG. A picture that
// cannot be read is found when the game is checked, with its file and the
// reason, never printed as an empty box.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "svg_check.h"

namespace bocage {

/// The most pixels a raster picture may have: a poster of A2 at 300 ppi has
/// 35 million; a larger one is refused before it is decoded.
inline constexpr std::int64_t kMaxPicturePixels = 64'000'000;
/// The largest picture file read.
inline constexpr std::uintmax_t kMaxPictureBytes = 64 * 1024 * 1024;

/// What a raster picture's first bytes say: its format ("PNG", "JPEG",
/// "WebP"; "GIF", "BMP", "TIFF" are known but refused) and its size in
/// pixels (0 when the header does not say it within the bytes given, -1
/// when it is out of range). Read by Bocage itself, before gdk-pixbuf sees
/// the file: some of its loaders allocate for a crafted header's size first.
struct PictureHeader {
  std::string format;  // empty: not a picture format Bocage knows
  bool supported = true;
  int width = 0, height = 0;
};
PictureHeader read_picture_header(std::string_view first_bytes);
/// How much of a picture's beginning is read for its header (a JPEG's
/// start of frame may follow large EXIF and ICC segments).
inline constexpr size_t kPictureHeadBytes = 1 << 20;

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
