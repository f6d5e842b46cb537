// The contrast of small text against what a face puts under it (WCAG 2.x:
// 4.5:1 for text below 18 pt, 14 pt bold). What lies under a text is measured
// by painting the face's background and the shapes before it (rects,
// rounded rects, circles, lines) over the text's ink, at 4 pixels a
// millimetre, where the ink lies (turned text too, text_ink_on_piece);
// pictures, icons, maps and boards under a text are not measured.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "color.h"
#include "face_layout.h"

namespace bocage {

/// WCAG 2.x relative luminance of an opaque colour (0-1).
double relative_luminance(const Color& c);
/// WCAG 2.x contrast ratio of two opaque colours (1-21).
double contrast_ratio(const Color& a, const Color& b);

/// The least contrast small text needs against what lies under it.
inline constexpr double kMinSmallTextContrast = 4.5;
/// Text this large (or kLargeBoldTextPt bold) is "large": WCAG asks 3:1 of it.
inline constexpr double kLargeTextPt = 18;
inline constexpr double kLargeBoldTextPt = 14;

struct LowContrast {
  size_t item = 0;   // index in face.items
  double ratio = 0;  // the contrast under most of its ink (the 10th percentile)
  Color background;  // the colour that gives it
};

/// Remembers what was measured, for the many cards whose text stands on the
/// same shapes.
using ContrastCache = std::map<std::string, std::pair<double, Color>>;

/// The texts of `face` below the large sizes whose contrast with what lies
/// under their ink is below kMinSmallTextContrast (3:1 for large text).
std::vector<LowContrast> low_contrast_texts(const Face& face, ContrastCache& cache);

}  // namespace bocage
