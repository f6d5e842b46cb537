// A drawing that recurs page after page (crop marks, the ruler) is recorded
// once and painted from its recording: the pages look exactly as if it had
// been drawn on each, and the PDF holds it once.
#include "generator/pdf/shared_drawings.h"

#include <cairo-pdf.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <vector>

#include "../text_helpers.h"
#include "generator/pdf/pdf_writer.h"

using namespace bocage;

namespace {

constexpr SizeMm kPage{60, 40};

/// Marks like a sheet's: thin lines at odd positions, in mm.
void draw_marks(cairo_t* cr) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 0.2);
  for (int i = 0; i < 12; ++i) {
    cairo_move_to(cr, 3.3 + i * 4.7, 1.1);
    cairo_line_to(cr, 3.3 + i * 4.7, 6.45 + i * 0.37);
  }
  cairo_stroke(cr);
}

/// The page as pixels, one a point (device units are points, as on a PDF
/// page: PdfWriter), drawn by `paint` on a context in mm.
std::vector<unsigned char> pixels(const std::function<void(cairo_t*)>& paint) {
  cairo_surface_t* s =
      cairo_image_surface_create(CAIRO_FORMAT_A8, static_cast<int>(mm_to_pt(kPage.width)),
                                 static_cast<int>(mm_to_pt(kPage.height)));
  cairo_t* cr = cairo_create(s);
  cairo_scale(cr, mm_to_pt(1), mm_to_pt(1));
  paint(cr);
  cairo_destroy(cr);
  cairo_surface_flush(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  std::vector<unsigned char> out(
      data, data + cairo_image_surface_get_stride(s) * cairo_image_surface_get_height(s));
  cairo_surface_destroy(s);
  return out;
}

}  // namespace

TEST_CASE("a shared drawing paints the same pixels as drawing it directly") {
  const auto direct = pixels([](cairo_t* cr) {
    cairo_translate(cr, 1.7, 2.3);
    draw_marks(cr);
  });
  REQUIRE(std::count(direct.begin(), direct.end(), 0) < static_cast<long>(direct.size()));
  int recorded = 0;
  SharedDrawings shared;
  for (int page = 0; page < 3; ++page) {
    const auto painted = pixels([&](cairo_t* cr) {
      cairo_translate(cr, 1.7, 2.3);
      shared.paint(cr, kPage, "marks", [&](cairo_t* c) {
        ++recorded;
        draw_marks(c);
      });
    });
    CHECK(painted == direct);
  }
  CHECK(recorded == 1);
  CHECK(shared.recorded() == 1);
}

TEST_CASE("a shared drawing is recorded again under another transformation or key") {
  SharedDrawings shared;
  int recorded = 0;
  auto draw = [&](cairo_t* c) {
    ++recorded;
    draw_marks(c);
  };
  pixels([&](cairo_t* cr) { shared.paint(cr, kPage, "marks", draw); });
  const auto moved = pixels([&](cairo_t* cr) {
    cairo_translate(cr, 5, 0);
    shared.paint(cr, kPage, "marks", draw);
  });
  CHECK(recorded == 2);
  // The moved copy is where drawing it moved would have put it.
  const auto direct = pixels([](cairo_t* cr) {
    cairo_translate(cr, 5, 0);
    draw_marks(cr);
  });
  CHECK(moved == direct);
  pixels([&](cairo_t* cr) { shared.paint(cr, kPage, "other marks", draw); });
  CHECK(recorded == 3);
  CHECK(shared.recorded() == 3);
}

TEST_CASE("a PDF holds a shared drawing once, however many pages show it") {
  auto pdf = [](bool shared_marks) {
    std::string bytes;
    cairo_surface_t* s = cairo_pdf_surface_create_for_stream(
        append_to_string, &bytes, mm_to_pt(kPage.width), mm_to_pt(kPage.height));
    cairo_t* cr = cairo_create(s);
    cairo_scale(cr, mm_to_pt(1), mm_to_pt(1));
    SharedDrawings shared;
    for (int page = 0; page < 5; ++page) {
      if (shared_marks)
        shared.paint(cr, kPage, "marks", draw_marks);
      else
        draw_marks(cr);
      cairo_show_page(cr);
    }
    cairo_destroy(cr);
    cairo_surface_finish(s);
    cairo_surface_destroy(s);
    return bytes;
  };
  const std::string once = pdf(true), each = pdf(false);
  CHECK(test::count(once, "/Subtype /Form") == 1);
  CHECK(test::count(each, "/Subtype /Form") == 0);
  CHECK(once.size() < each.size());
}
