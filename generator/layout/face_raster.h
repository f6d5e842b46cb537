// What a face's background and shapes paint, as pixels: for checks that need
// the colour under a text (text_contrast.h) or along a piece's edges (where
// a mis-cut shows its neighbour). Rects, rounded rects, circles and lines are
// painted; pictures, icons, maps, boards and texts are not.
#pragma once

#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "color.h"
#include "face_layout.h"

namespace bocage {

struct FaceRaster {
  int width = 0, height = 0;
  std::vector<uint32_t> rgb;  // row by row, opaque, 0xRRGGBB: the bytes name a colour
  /// Pixel `i` as a colour (each channel its byte / 255).
  Color colour(size_t i) const {
    const uint32_t v = rgb[i];
    return {((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0, 1, true};
  }
};

/// The face's background and its shapes before `items[before]` over `region`
/// (mm on the face), at `px_per_mm`, on white paper.
FaceRaster paint_face_shapes(const Face& face, size_t before, RectMm region, double px_per_mm);

bool is_shape(const Element& e);

/// The mean colour of a strip kEdgeStripMm wide inside each edge of the
/// face (top, right, bottom, left): what a cut a little off shows of it.
std::array<Color, 4> edge_colours(const Face& face);
inline constexpr double kEdgeStripMm = 0.8;

/// Appends to `key` what the face's background and its shapes before
/// `items[before]` paint: faces alike in it are painted alike by
/// paint_face_shapes.
void append_shapes_key(std::string& key, const Face& face, size_t before);

/// Whether some edges of `faces` differ in colour (any two edges, of one
/// piece or of two: any piece may stand beside any other on a sheet).
bool unlike_edges(const std::vector<const Face*>& faces);

/// unlike_edges, one face at a time: the faces need not be held together.
class EdgeSurvey {
 public:
  void add(const Face& face);
  bool unlike() const { return unlike_; }

 private:
  std::set<std::string> seen_;  // faces alike in their shapes have the same edges
  std::vector<Color> colours_;
  bool unlike_ = false;
};

/// Whether two colours differ enough for a sliver of one beside the other to
/// be seen (a distance in RGB above kUnlikeEdgeDistance).
bool unlike_colours(const Color& a, const Color& b);
inline constexpr double kUnlikeEdgeDistance = 0.12;

}  // namespace bocage
