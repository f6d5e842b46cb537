#include "text_contrast.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <unordered_map>

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
/// The pixels are a few colours (the background, a shape or two, their
/// antialiased edges): each distinct colour's contrast is computed once and
/// the quantile found from their counts.
std::pair<double, Color> measure(const Face& face, size_t item, RectMm ink, const Color& text) {
  const FaceRaster r = paint_face_shapes(face, item, ink, kPixelsPerMm);
  struct Seen {
    double ratio;
    Color under;
    size_t count;
  };
  std::vector<Seen> colours;
  // A pixel's bytes name its colour: each colour measured once.
  // (Most pixels are their left neighbour's colour: that is tried first.)
  std::unordered_map<uint32_t, size_t> index;
  uint32_t last_rgb = 0;
  size_t last = SIZE_MAX;
  for (size_t i = 0; i < r.rgb.size(); ++i) {
    if (last != SIZE_MAX && r.rgb[i] == last_rgb) {
      ++colours[last].count;
      continue;
    }
    auto [it, fresh] = index.try_emplace(r.rgb[i], colours.size());
    last_rgb = r.rgb[i];
    last = it->second;
    if (!fresh) {
      ++colours[last].count;
      continue;
    }
    const Color under = r.colour(i);
    // A translucent text's colour is what it makes over this pixel.
    const Color seen{text.r * text.a + under.r * (1 - text.a),
                     text.g * text.a + under.g * (1 - text.a),
                     text.b * text.a + under.b * (1 - text.a), 1, true};
    colours.push_back({contrast_ratio(seen, under), under, 1});
  }
  if (colours.empty()) return {21, Color{1, 1, 1, 1, true}};  // no pixel: nothing under it
  // The pixel at position `at` of the pixels ordered by contrast.
  const size_t at = static_cast<size_t>(kIgnoredShare * static_cast<double>(r.rgb.size()));
  std::stable_sort(colours.begin(), colours.end(),
                   [](const Seen& a, const Seen& b) { return a.ratio < b.ratio; });
  size_t before = 0;
  for (const Seen& c : colours) {
    before += c.count;
    if (before > at) return {c.ratio, c.under};
  }
  return {colours.back().ratio, colours.back().under};
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
    const double size = p.block->size_pt;
    const bool large = size >= kLargeTextPt || (e.bold && size >= kLargeBoldTextPt);
    const double needed = large ? 3 : kMinSmallTextContrast;
    const Color text = e.color.set ? e.color : Color{0, 0, 0, 1, true};
    const RectMm ink = text_ink_on_piece(p);  // turned as the text is
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
