// Drawings repeated page after page (crop marks, the ruler, registration
// targets), recorded once and painted from the recording: Cairo writes each
// recording into a PDF once, as a form XObject that every page showing it
// refers to, instead of writing the same paths and text on every page.
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

  /// How many drawings were recorded (each is written once per PDF).
  size_t recorded() const { return recordings_.size(); }

 private:
  std::map<std::string, cairo_surface_t*> recordings_;
};

}  // namespace bocage
