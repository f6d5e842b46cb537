#include "shared_drawings.h"

#include "core/exact_key.h"

namespace bocage {

SharedDrawings::~SharedDrawings() {
  for (auto& [_, surface] : recordings_) cairo_surface_destroy(surface);
}

cairo_surface_t* SharedDrawings::recording(const std::string& key, const cairo_rectangle_t& extents,
                                           const cairo_matrix_t& matrix,
                                           const std::function<void(cairo_t*)>& draw) {
  if (auto it = recordings_.find(key); it != recordings_.end()) return it->second;
  cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cairo_t* rc = cairo_create(surface);
  cairo_set_matrix(rc, &matrix);
  draw(rc);
  const bool ok = cairo_status(rc) == CAIRO_STATUS_SUCCESS;
  cairo_destroy(rc);
  if (!ok || cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    return nullptr;
  }
  recordings_.emplace(key, surface);
  return surface;
}

void SharedDrawings::paint(cairo_t* cr, SizeMm page, const std::string& key,
                           const std::function<void(cairo_t*)>& draw) {
  // Recorded in the page's device space (points), with the caller's
  // transformation: painted back untransformed, every coordinate is the one
  // drawing directly would have given.
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  std::string where = "page ";  // apart from paint_at's keys, in the same map
  append_exact(where, key);
  for (double v : {m.xx, m.yx, m.xy, m.yy, m.x0, m.y0, page.width, page.height})
    append_exact(where, v);
  const cairo_rectangle_t extents{0, 0, mm_to_pt(page.width), mm_to_pt(page.height)};
  cairo_surface_t* surface = recording(where, extents, m, draw);
  cairo_save(cr);
  if (surface) {
    cairo_identity_matrix(cr);
    cairo_set_source_surface(cr, surface, 0, 0);
    cairo_paint(cr);
  } else {
    draw(cr);
  }
  cairo_restore(cr);
}

void SharedDrawings::paint_at(cairo_t* cr, PointMm at, const std::string& key,
                              cairo_rectangle_t extents,
                              const std::function<void(cairo_t*)>& draw) {
  cairo_matrix_t identity;
  cairo_matrix_init_identity(&identity);
  cairo_surface_t* surface = recording("at " + key, extents, identity, draw);
  cairo_save(cr);
  if (surface) {
    cairo_set_source_surface(cr, surface, at.x, at.y);
    cairo_paint(cr);
  } else {
    cairo_translate(cr, at.x, at.y);
    draw(cr);
  }
  cairo_restore(cr);
}

}  // namespace bocage
