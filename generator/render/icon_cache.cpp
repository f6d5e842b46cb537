#include "icon_cache.h"

#include <librsvg/rsvg.h>

#include <algorithm>

#include "bocage/msg/gen.h"
#include "core/bounded_read.h"
#include "core/limits.h"
#include "picture.h"

namespace bocage {

IconCache::~IconCache() {
  for (auto& [_, h] : handles_)
    if (h) g_object_unref(h);
  for (auto& [_, s] : images_)
    if (s) cairo_surface_destroy(s);
  for (auto& [_, r] : recordings_)
    if (r.surface) cairo_surface_destroy(r.surface);
}

RsvgHandle* IconCache::load(const std::filesystem::path& path, Text* error) {
  auto key = path.string();
  if (auto it = handles_.find(key); it != handles_.end()) return it->second;
  GError* err = nullptr;
  // From the bytes validation checked (svg_check.h), read the same bounded
  // way: what is drawn is what was checked, and an icon loads no other file
  // (no external image, XInclude or <use> of another file: icons are whole).
  BoundedRead read = read_bounded(path, kMaxIconBytes);
  RsvgHandle* h =
      read.problem == BoundedRead::Problem::none
          ? rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(read.bytes.data()),
                                      read.bytes.size(), &err)
          : nullptr;
  if (!h) {
    // librsvg's own text cannot be translated: it is said inside the catalogued sentence.
    if (error)
      *error = err ? both(msg::gen::icon_unreadable_why, "path"_a = key,
                          "why"_a = std::string(err->message))
                   : both(msg::gen::icon_unreadable, "path"_a = key);
    if (err) g_error_free(err);
  }
  handles_[key] = h;
  return h;
}

bool IconCache::draw_raster(cairo_t* cr, const std::filesystem::path& path, RectMm box) {
  auto key = path.string();
  auto it = images_.find(key);
  if (it == images_.end()) {
    it = images_.emplace(key, picture_surface(path)).first;
  }
  if (!it->second) return false;
  double w = cairo_image_surface_get_width(it->second);
  double h = cairo_image_surface_get_height(it->second);
  double scale = std::min(box.width / w, box.height / h);
  cairo_save(cr);
  cairo_translate(cr, box.x + (box.width - w * scale) / 2, box.y + (box.height - h * scale) / 2);
  cairo_scale(cr, scale, scale);
  cairo_set_source_surface(cr, it->second, 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
  return true;
}

cairo_surface_t* IconCache::recording(const std::filesystem::path& path, double* width,
                                      double* height) {
  auto key = path.string();
  auto it = recordings_.find(key);
  if (it == recordings_.end()) {
    Recording rec;
    if (RsvgHandle* h = load(path)) {
      gdouble w = 0, hgt = 0;
      if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hgt) || w <= 0 || hgt <= 0)
        w = hgt = 100;
      cairo_rectangle_t extents{0, 0, w, hgt};
      rec.surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
      cairo_t* rc = cairo_create(rec.surface);
      RsvgRectangle viewport{0, 0, w, hgt};
      GError* err = nullptr;
      bool ok = rsvg_handle_render_document(h, rc, &viewport, &err);
      if (err) g_error_free(err);
      cairo_destroy(rc);
      if (!ok) {
        cairo_surface_destroy(rec.surface);
        rec.surface = nullptr;
      }
      rec.width = w;
      rec.height = hgt;
    }
    it = recordings_.emplace(key, rec).first;
  }
  *width = it->second.width;
  *height = it->second.height;
  return it->second.surface;
}

bool IconCache::draw(cairo_t* cr, const std::filesystem::path& path, RectMm box) {
  if (!is_svg_picture(path)) return draw_raster(cr, path, box);
  double w = 0, h = 0;
  cairo_surface_t* rec = recording(path, &w, &h);
  if (!rec) return false;
  double scale = std::min(box.width / w, box.height / h);
  cairo_save(cr);
  cairo_translate(cr, box.x + (box.width - w * scale) / 2, box.y + (box.height - h * scale) / 2);
  cairo_scale(cr, scale, scale);
  cairo_set_source_surface(cr, rec, 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
  return true;
}

}  // namespace bocage
