#include "face_raster.h"

#include <cairo.h>

#include <charconv>
#include <cmath>
#include <map>

#include "../render/face_painter.h"

namespace bocage {

bool is_shape(const Element& e) {
  return e.kind == ElementKind::rect || e.kind == ElementKind::circle ||
         e.kind == ElementKind::line;
}

FaceRaster paint_face_shapes(const Face& face, size_t before, RectMm region, double px_per_mm) {
  FaceRaster r;
  r.width = std::max(1, static_cast<int>(std::ceil(region.width * px_per_mm)));
  r.height = std::max(1, static_cast<int>(std::ceil(region.height * px_per_mm)));
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, r.width, r.height);
  cairo_t* cr = cairo_create(s);
  cairo_set_source_rgb(cr, 1, 1, 1);  // the paper
  cairo_paint(cr);
  cairo_scale(cr, px_per_mm, px_per_mm);
  cairo_translate(cr, -region.x, -region.y);
  if (face.background.set) {
    set_color(cr, face.background);
    cairo_paint(cr);
  }
  for (size_t k = 0; k < before && k < face.items.size(); ++k) {
    const PlacedElement& p = face.items[k];
    const Element& e = *p.element;
    if (!is_shape(e)) continue;
    if (e.kind == ElementKind::circle) {
      cairo_new_sub_path(cr);
      cairo_arc(cr, p.center.x, p.center.y, e.radius_mm, 0, 2 * M_PI);
    } else if (e.kind == ElementKind::line) {
      cairo_move_to(cr, p.from.x, p.from.y);
      cairo_line_to(cr, p.to.x, p.to.y);
    } else {
      rounded_rect_path(cr, p.box, e.radius_mm);
    }
    fill_and_stroke(cr, e);
  }
  cairo_destroy(cr);
  cairo_surface_flush(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  const int stride = cairo_image_surface_get_stride(s);
  r.rgb.reserve(static_cast<size_t>(r.width) * static_cast<size_t>(r.height));
  for (int y = 0; y < r.height; ++y) {
    const auto* row = reinterpret_cast<const uint32_t*>(data + y * stride);
    for (int x = 0; x < r.width; ++x) r.rgb.push_back(row[x] & 0xffffff);
  }
  cairo_surface_destroy(s);
  return r;
}

std::array<Color, 4> edge_colours(const Face& face) {
  const double w = face.size.width, h = face.size.height, s = kEdgeStripMm;
  const RectMm strips[4] = {{0, 0, w, s}, {w - s, 0, s, h}, {0, h - s, w, s}, {0, 0, s, h}};
  std::array<Color, 4> out;
  for (int k = 0; k < 4; ++k) {
    const FaceRaster r = paint_face_shapes(face, face.items.size(), strips[k], 2);
    Color mean{0, 0, 0, 1, true};
    for (size_t i = 0; i < r.rgb.size(); ++i) {
      const Color c = r.colour(i);
      mean.r += c.r;
      mean.g += c.g;
      mean.b += c.b;
    }
    const double n = static_cast<double>(std::max<size_t>(1, r.rgb.size()));
    mean.r /= n;
    mean.g /= n;
    mean.b /= n;
    out[static_cast<size_t>(k)] = mean;
  }
  return out;
}

void append_shapes_key(std::string& key, const Face& face, size_t before) {
  char buf[32];
  auto add = [&](double v) {
    auto [end, _] = std::to_chars(buf, buf + sizeof buf, v);
    key.append(buf, end);
    key.push_back(' ');
  };
  auto add_colour = [&](const Color& c) {
    for (double v : {c.set ? 1.0 : 0.0, c.r, c.g, c.b, c.a}) add(v);
  };
  for (double v : {face.size.width, face.size.height}) add(v);
  add_colour(face.background);
  for (size_t k = 0; k < before && k < face.items.size(); ++k) {
    const PlacedElement& p = face.items[k];
    const Element& e = *p.element;
    if (!is_shape(e)) continue;
    add(static_cast<double>(e.kind));
    for (double v : {p.box.x, p.box.y, p.box.width, p.box.height, p.center.x, p.center.y, p.from.x,
                     p.from.y, p.to.x, p.to.y, e.radius_mm, e.stroke_width_mm})
      add(v);
    add_colour(e.fill);
    add_colour(e.stroke);
  }
}

void EdgeSurvey::add(const Face& face) {
  if (unlike_) return;
  std::string key;
  append_shapes_key(key, face, face.items.size());
  if (!seen_.insert(std::move(key)).second) return;
  for (const Color& c : edge_colours(face)) {
    for (const Color& other : colours_)
      if (unlike_colours(c, other)) {
        unlike_ = true;
        return;
      }
    colours_.push_back(c);
  }
}

bool unlike_edges(const std::vector<const Face*>& faces) {
  EdgeSurvey survey;
  for (const Face* f : faces) survey.add(*f);
  return survey.unlike();
}

bool unlike_colours(const Color& a, const Color& b) {
  const double dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
  return std::sqrt(dr * dr + dg * dg + db * db) > kUnlikeEdgeDistance;
}

}  // namespace bocage
