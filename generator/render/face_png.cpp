#include "face_png.h"

#include <cmath>

#include "bocage/msg/gen.h"
#include "core/units.h"
#include "face_painter.h"
#include "generator/layout/face_layout.h"
#include "generator/pdf/atomic_file.h"
#include "generator/pdf/pdf_writer.h"

namespace bocage {

std::string face_png_bytes(const Face& face, int dpi, IconCache& icons,
                           const TemplateLibrary& library, PngSize& size) {
  const double px_per_mm = dpi / kMmPerInch;
  size.width = static_cast<int>(std::lround(face.size.width * px_per_mm));
  size.height = static_cast<int>(std::lround(face.size.height * px_per_mm));
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size.width, size.height);
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_scale(cr, px_per_mm, px_per_mm);
  paint_face(cr, face, {0, 0, face.size.width, face.size.height}, {}, icons, library);
  cairo_destroy(cr);
  std::string bytes;
  if (cairo_surface_write_to_png_stream(surface, append_to_string, &bytes) != CAIRO_STATUS_SUCCESS)
    bytes.clear();
  cairo_surface_destroy(surface);
  return bytes;
}

bool write_face_png(const Face& face, int dpi, IconCache& icons, const TemplateLibrary& library,
                    const std::filesystem::path& dest, PngSize& size, Text& error) {
  std::string bytes = face_png_bytes(face, dpi, icons, library, size);
  AtomicFile file(dest);
  if (!file.ok()) {
    error = file.error();
    return false;
  }
  if (bytes.empty()) {
    error = both(msg::gen::png_cannot_draw, "path"_a = dest.string());
    return false;
  }
  if (!file.commit(bytes)) {
    error = file.error();
    return false;
  }
  return true;
}

}  // namespace bocage
