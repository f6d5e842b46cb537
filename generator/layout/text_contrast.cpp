#include "text_contrast.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "../text/text_block.h"
#include "face_raster.h"

namespace bocage {

namespace {

constexpr double kPixelsPerMm = 4;
// The share of the ink's pixels allowed to stand on a worse colour (a thin
// rule or an outline under a line of text).
constexpr double kIgnoredShare = 0.1;

double channel(double v) {
  return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

void append(std::string& key, double v) {
  char buf[32];
  auto [end, _] = std::to_chars(buf, buf + sizeof buf, v);
  key.append(buf, end);
  key.push_back(' ');
}

void append(std::string& key, const Color& c) {
  for (double v : {c.set ? 1.0 : 0.0, c.r, c.g, c.b, c.a}) append(key, v);
}

/// What the shapes before `item` and the background put under `ink`: the
/// colour of the pixel at the kIgnoredShare quantile of contrast with `text`.
std::pair<double, Color> measure(const Face& face, size_t item, RectMm ink, const Color& text) {
  const FaceRaster r = paint_face_shapes(face, item, ink, kPixelsPerMm);
  std::vector<std::pair<double, Color>> pixels;
  pixels.reserve(r.pixels.size());
  for (const Color& under : r.pixels) {
    // A translucent text's colour is what it makes over this pixel.
    const Color seen{text.r * text.a + under.r * (1 - text.a),
                     text.g * text.a + under.g * (1 - text.a),
                     text.b * text.a + under.b * (1 - text.a), 1, true};
    pixels.push_back({contrast_ratio(seen, under), under});
  }
  const size_t at = static_cast<size_t>(kIgnoredShare * static_cast<double>(pixels.size()));
  std::nth_element(pixels.begin(), pixels.begin() + static_cast<long>(at), pixels.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  return pixels[at];
}

}  // namespace

double relative_luminance(const Color& c) {
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

double contrast_ratio(const Color& a, const Color& b) {
  const double la = relative_luminance(a), lb = relative_luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

std::vector<LowContrast> low_contrast_texts(const Face& face, ContrastCache& cache) {
  std::vector<LowContrast> out;
  for (size_t i = 0; i < face.items.size(); ++i) {
    const PlacedElement& p = face.items[i];
    const Element& e = *p.element;
    if (e.kind != ElementKind::text || !p.block || !p.block->fits || p.block->ink.width <= 0)
      continue;
    if (e.rotate_deg != 0) continue;  // (its ink's box is the turned one: not measured)
    const double size = p.block->size_pt;
    const bool large = size >= kLargeTextPt || (e.bold && size >= kLargeBoldTextPt);
    const double needed = large ? 3 : kMinSmallTextContrast;
    const Color text = e.color.set ? e.color : Color{0, 0, 0, 1, true};
    const RectMm ink = text_block_ink(*p.block, p.box, e.valign);
    std::string key;
    for (double v : {ink.x, ink.y, ink.width, ink.height}) append(key, v);
    append(key, text);
    append_shapes_key(key, face, i);
    auto found = cache.find(key);
    if (found == cache.end()) found = cache.emplace(key, measure(face, i, ink, text)).first;
    if (found->second.first < needed) out.push_back({i, found->second.first, found->second.second});
  }
  return out;
}

}  // namespace bocage
