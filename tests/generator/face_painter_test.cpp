#include "generator/render/face_painter.h"

#include <cairo-pdf.h>

#include <catch2/catch.hpp>
#include <string>

#include "../text_helpers.h"
#include "generator/pdf/pdf_writer.h"

using namespace bocage;

namespace {

constexpr double kPxPerMm = 10;

/// Paints `face` with its trim box at (5, 5) mm on a white 73 x 98 mm canvas.
struct Canvas {
  cairo_surface_t* surface;
  Canvas(const Face& face, Insets bleed, const TemplateLibrary& lib) {
    surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 730, 980);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, kPxPerMm, kPxPerMm);
    IconCache icons;
    paint_face(cr, face, {5, 5, face.size.width, face.size.height}, bleed, icons, lib);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
  }
  ~Canvas() { cairo_surface_destroy(surface); }
  /// The colour at (x, y) mm on the canvas, as 0xRRGGBB.
  uint32_t at(double x_mm, double y_mm) const {
    auto* data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    auto px = reinterpret_cast<uint32_t*>(data + static_cast<int>(y_mm * kPxPerMm) * stride);
    return px[static_cast<int>(x_mm * kPxPerMm)] & 0xffffff;
  }
};

Element rect(RectMm box, Color fill, bool bleed) {
  Element e;
  e.kind = ElementKind::rect;
  e.box = box;
  e.fill = fill;
  e.bleed = bleed;
  return e;
}

/// An element placed at its own box, with nothing else laid out.
PlacedElement placed(const Element& e) {
  PlacedElement p;
  p.element = &e;
  p.box = e.box;
  return p;
}

}  // namespace

TEST_CASE("the background and elements marked bleed reach into the bleed, and no further") {
  Diagnostics diags;
  TemplateLibrary lib(std::string(BOCAGE_FIXTURES) + "/templates", diags);
  Element header = rect({0, 0, 63, 20}, *parse_color("#ff0000"), true);
  Element inner = rect({0, 30, 63, 10}, *parse_color("#0000ff"), false);
  Face face{{63, 88}, *parse_color("#00ff00"), {}};
  face.items.push_back(placed(header));
  face.items.push_back(placed(inner));
  Canvas c(face, {3, 3, 0, 0}, lib);
  CHECK(c.at(10, 10) == 0xff0000);   // header inside the card
  CHECK(c.at(3.5, 10) == 0xff0000);  // header in the left bleed
  CHECK(c.at(10, 3.5) == 0xff0000);  // header in the top bleed
  CHECK(c.at(1.5, 10) == 0xffffff);  // beyond the bleed: paper
  CHECK(c.at(69, 10) == 0xffffff);   // no bleed on the right side
  CHECK(c.at(3.5, 40) == 0x00ff00);  // the background bleeds, the blue band does not
  CHECK(c.at(10, 40) == 0x0000ff);
}

TEST_CASE("images are fitted into their box keeping their aspect ratio") {
  Diagnostics diags;
  TemplateLibrary lib(std::string(BOCAGE_FIXTURES) + "/templates", diags);
  Element image;
  image.kind = ElementKind::image;
  image.image = "images/red-blue.png";
  image.box = {0, 0, 40, 40};  // a 2:1 image in a square box: 40 x 20 mm, centred
  Face face{{63, 88}, {}, {}};
  face.items.push_back(placed(image));
  Canvas c(face, {}, lib);
  CHECK(c.at(5 + 5, 5 + 20) == 0xff0000);
  CHECK(c.at(5 + 35, 5 + 20) == 0x0000ff);
  CHECK(c.at(5 + 20, 5 + 5) == 0xffffff);  // above the letterboxed image
}

TEST_CASE("a stroked frame and badge drawn on every card are held once in the PDF, as drawn") {
  Diagnostics diags;
  TemplateLibrary lib(std::string(BOCAGE_FIXTURES) + "/templates", diags);
  Element frame = rect({2.5, 2.5, 58, 83}, {}, false);
  frame.radius_mm = 2.5;
  frame.stroke = *parse_color("#000000");
  frame.stroke_width_mm = 0.6;
  Element badge;
  badge.kind = ElementKind::circle;
  badge.radius_mm = 7.6;
  badge.fill = *parse_color("#ff0000");
  badge.stroke = *parse_color("#0000ff");
  badge.stroke_width_mm = 0.7;
  Face face{{63, 88}, {}, {}};
  face.items.push_back(placed(frame));
  PlacedElement b = placed(badge);
  b.center = {50, 12};
  face.items.push_back(b);

  // Nine cards on a page, in one PDF: two forms, each drawn nine times.
  std::string pdf;
  cairo_surface_t* s = cairo_pdf_surface_create_for_stream(append_to_string, &pdf, 595, 842);
  cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, "2020-01-01T00:00:00Z");
  cairo_t* cr = cairo_create(s);
  cairo_scale(cr, mm_to_pt(1), mm_to_pt(1));
  IconCache icons;
  for (int i = 0; i < 9; ++i)
    paint_face(cr, face, {10.0 + 63 * (i % 3), 10.0 + 88 * (i / 3), 63, 88}, {}, icons, lib);
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  CHECK(test::count(pdf, "/Subtype /Form") == 2);

  // On the page, the frame's corner, its straight edge and the badge's ring
  // and fill are where the element says.
  Canvas c(face, {}, lib);
  CHECK(c.at(5 + 30, 5 + 2.5) == 0x000000);       // the frame's top edge
  CHECK(c.at(5 + 30, 5 + 3.5) == 0xffffff);       // inside the frame
  CHECK(c.at(5 + 2.6, 5 + 2.6) == 0xffffff);      // the rounded corner leaves the paper
  CHECK(c.at(5 + 50, 5 + 12) == 0xff0000);        // the badge's fill
  CHECK(c.at(5 + 50 + 7.6, 5 + 12) == 0x0000ff);  // its ring
  CHECK(c.at(5 + 50 + 8.3, 5 + 12) == 0xffffff);  // and nothing beyond
}
