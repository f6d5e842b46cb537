// The contrast of an icon against what a face puts under it: an icon the
// colour of the band it stands on (a green flag on a green header) cannot be
// seen. WCAG 2.x asks 3:1 of the graphics a reader needs (1.4.11); a
// picture's fill may be pale where its outline carries its shape (Omaha
// Beach's flat ground: 7 % of its ink at 3:1, and plain to see), so what is
// asked is that some of its ink, kMinIconContrastShare, reaches 3:1 with what
// lies under it.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "generator/layout/face_layout.h"
#include "generator/render/icon_cache.h"

namespace bocage {

/// The least 3:1 contrast an icon's ink needs against what lies under it.
inline constexpr double kMinIconContrast = 3;
/// The share of an icon's ink that must reach kMinIconContrast.
inline constexpr double kMinIconContrastShare = 0.05;

struct IconContrast {
  double share = 1;  // of the icon's ink reaching kMinIconContrast (1: no ink)
  Color background;  // the colour under most of its ink
};

/// Remembers what was measured: the same icon on the same shapes.
using IconContrastCache = std::map<std::string, IconContrast>;

/// How much of the icon `items[item]` of `face` (drawn from `svg`) stands out
/// against the face's background and the shapes before it, measured at 8
/// pixels a millimetre.
IconContrast icon_contrast(const Face& face, size_t item, const std::filesystem::path& svg,
                           IconCache& icons, IconContrastCache& cache);

}  // namespace bocage
