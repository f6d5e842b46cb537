// Paints a laid-out face with Cairo. The context is in mm; the trim box's
// top-left is `trim.x, trim.y`. The art is clipped to the trim box grown by
// the bleed on each side (elements marked `bleed` reach into it).
#pragma once

#include <cairo.h>

#include "face_layout_fwd.h"
#include "icon_cache.h"

namespace bocage {

/// Adds a rectangle with rounded corners (radius in mm, clamped to half the
/// shorter side; 0: square) to the current path.
void rounded_rect_path(cairo_t* cr, RectMm r, double radius);

/// The colour as Cairo's source.
void set_color(cairo_t* cr, const Color& c);
/// Fills and strokes the current path as an element asks (fill, stroke,
/// stroke width, dashes), then clears it.
void fill_and_stroke(cairo_t* cr, const Element& e);

void paint_face(cairo_t* cr, const Face& face, RectMm trim, Insets bleed, IconCache& icons,
                const TemplateLibrary& library);

}  // namespace bocage
