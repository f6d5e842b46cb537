#include "shared_drawings.h"

#include <cstdio>

namespace bocage {

SharedDrawings::~SharedDrawings() {
  for (auto& [_, surface] : recordings_) cairo_surface_destroy(surface);
}

void SharedDrawings::paint(cairo_t* cr, SizeMm page, const std::string& key,
                           const std::function<void(cairo_t*)>& draw) {
  // Recorded in the page's device space (points), with the caller's
  // transformation: painted back untransformed, every coordinate is the one
  // drawing directly would have given.
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  char where[192];
  std::snprintf(where, sizeof where, "\n%a %a %a %a %a %a %a %a", m.xx, m.yx, m.xy, m.yy, m.x0,
                m.y0, page.width, page.height);
  auto [it, inserted] = recordings_.try_emplace(key + where, nullptr);
  if (inserted) {
    const cairo_rectangle_t extents{0, 0, mm_to_pt(page.width), mm_to_pt(page.height)};
    cairo_surface_t* surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
    cairo_t* rc = cairo_create(surface);
    cairo_set_matrix(rc, &m);
    draw(rc);
    const bool ok = cairo_status(rc) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(rc);
    if (!ok || cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
      cairo_surface_destroy(surface);
      recordings_.erase(it);
      cairo_save(cr);
      draw(cr);
      cairo_restore(cr);
      return;
    }
    it->second = surface;
  }
  cairo_save(cr);
  cairo_identity_matrix(cr);
  cairo_set_source_surface(cr, it->second, 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
}

}  // namespace bocage
