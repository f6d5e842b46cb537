#include "icon_contrast.h"

#include <cairo.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <unordered_map>

#include "core/exact_key.h"
#include "generator/layout/face_raster.h"
#include "generator/layout/text_contrast.h"

namespace bocage {

namespace {

constexpr double kPxPerMm = 8;

}  // namespace

IconContrast icon_contrast(const Face& face, size_t item, const std::filesystem::path& svg,
                           IconCache& icons, IconContrastCache& cache) {
  const RectMm box = face.items[item].box;
  std::string key;
  append_exact(key, svg.string());
  for (double v : {box.x, box.y, box.width, box.height}) append_exact(key, v);
  append_shapes_key(key, face, item);
  if (auto found = cache.find(key); found != cache.end()) return found->second;

  IconContrast result;
  const FaceRaster under = paint_face_shapes(face, item, box, kPxPerMm);
  const int w = under.width, h = under.height;
  if (w > 0 && h > 0) {
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(surface);
    cairo_scale(cr, kPxPerMm, kPxPerMm);
    cairo_translate(cr, -box.x, -box.y);
    const bool drawn = icons.draw(cr, svg, box);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    if (drawn) {
      const unsigned char* data = cairo_image_surface_get_data(surface);
      const int stride = cairo_image_surface_get_stride(surface);
      // An icon's pixels over a background are a few colours (its fills, the
      // band under it, their blends at the edges): each pair is measured once,
      // and counted; neighbouring pixels are mostly the same pair.
      struct Pair {
        bool stands_out = false;
        long count = 0;
      };
      std::unordered_map<uint64_t, Pair> pairs;
      uint64_t last_key = 0;
      Pair* last = nullptr;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          uint32_t argb;
          std::memcpy(&argb, data + y * stride + x * 4, 4);
          if (((argb >> 24) & 0xff) < 128) continue;  // the icon's edge, or none of it
          const size_t i = static_cast<size_t>(y) * static_cast<size_t>(w) + static_cast<size_t>(x);
          if (i >= under.rgb.size()) continue;
          const uint64_t pair_key = (static_cast<uint64_t>(argb) << 32) | under.rgb[i];
          if (!last || pair_key != last_key) {
            auto [at, fresh] = pairs.try_emplace(pair_key);
            if (fresh) {
              const double a = ((argb >> 24) & 0xff) / 255.0;
              const Color bg = under.colour(i);
              // Premultiplied: the icon's colour over what lies under it.
              const Color icon{((argb >> 16) & 0xff) / 255.0 + bg.r * (1 - a),
                               ((argb >> 8) & 0xff) / 255.0 + bg.g * (1 - a),
                               (argb & 0xff) / 255.0 + bg.b * (1 - a), 1, true};
              at->second.stands_out = contrast_ratio(icon, bg) >= kMinIconContrast;
            }
            last_key = pair_key;
            last = &at->second;
          }
          ++last->count;
        }
      long ink = 0, seen = 0;
      std::map<uint32_t, long> backgrounds;
      for (const auto& [pair_key, pair] : pairs) {
        ink += pair.count;
        if (pair.stands_out) seen += pair.count;
        backgrounds[static_cast<uint32_t>(pair_key & 0xffffffffu)] += pair.count;
      }
      if (ink > 0) {
        result.share = static_cast<double>(seen) / static_cast<double>(ink);
        uint32_t most = 0;
        long count = -1;
        for (const auto& [rgb, n] : backgrounds)
          if (n > count) most = rgb, count = n;
        result.background = {((most >> 16) & 0xff) / 255.0, ((most >> 8) & 0xff) / 255.0,
                             (most & 0xff) / 255.0, 1, true};
      }
    }
    cairo_surface_destroy(surface);
  }
  cache.emplace(std::move(key), result);
  return result;
}

}  // namespace bocage
