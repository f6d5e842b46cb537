// Draws a Pango layout with as few Cairo glyph operations as it can.
#pragma once

#include <cairo.h>
#include <pango/pango.h>

namespace bocage {

/// Draws `layout` with its top-left corner at the current point, exactly
/// where pango_cairo_show_layout would, but shows the consecutive runs that
/// share a font and a colour in one cairo_show_text_glyphs (with their text,
/// so that a reader can copy it). Cairo's PDF surface pays for each glyph
/// operation, not for each glyph: it analyses and writes each as its own text
/// operation, and a layout's attributes (letter spacing, script spacing)
/// split it into many runs. Shaped placeholders go to the context's shape
/// renderer, as Pango sends them. A layout with a missing glyph (Pango draws
/// a box with its code), right-to-left or sideways text, or a line or
/// background Pango draws around glyphs is left to Pango.
void show_layout(cairo_t* cr, PangoLayout* layout);

}  // namespace bocage
