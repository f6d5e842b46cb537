#include "generator/render/face_painter.h"

#include <catch2/catch.hpp>

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
