// Drawings repeated page after page (crop marks, the ruler, registration
// targets) or card after card (a template's frame), recorded once and painted
// from the recording: Cairo writes each recording into a PDF once, as a form
// XObject that every page showing it refers to, instead of writing (and, for
// a stroke, measuring) the same paths and text each time.
#pragma once

#include <cairo.h>

#include <functional>
#include <map>
#include <string>

#include "core/units.h"

namespace bocage {

class SharedDrawings {
 public:
  SharedDrawings() = default;
  ~SharedDrawings();
  SharedDrawings(const SharedDrawings&) = delete;
  SharedDrawings& operator=(const SharedDrawings&) = delete;

  /// Paints on `cr`, within a page of `page` mm, what `draw` draws on a
  /// context with `cr`'s current transformation. `key` names the drawing: the
  /// same key (and the same transformation) paints the first recording again,
  /// without calling `draw`. What `draw` leaves of its context's state is
  /// dropped; a drawing that fails to record is drawn directly.
  void paint(cairo_t* cr, SizeMm page, const std::string& key,
             const std::function<void(cairo_t*)>& draw);

  /// Paints on `cr` with its origin at `at` (user space) what `draw` draws
  /// in user units within `extents` around its own origin: one recording
  /// serves every place the drawing is painted at (a card's frame on every
  /// card). `key` must name the drawing alone, not where it goes. A drawing
  /// that fails to record is drawn directly.
  void paint_at(cairo_t* cr, PointMm at, const std::string& key, cairo_rectangle_t extents,
                const std::function<void(cairo_t*)>& draw);

  /// How many drawings were recorded (each is written once per PDF).
  size_t recorded() const { return recordings_.size(); }

 private:
  /// The recording named `key`, made by `draw` on a context with `matrix`
  /// the first time; nullptr when it cannot be recorded.
  cairo_surface_t* recording(const std::string& key, const cairo_rectangle_t& extents,
                             const cairo_matrix_t& matrix,
                             const std::function<void(cairo_t*)>& draw);

  std::map<std::string, cairo_surface_t*> recordings_;
};

}  // namespace bocage
