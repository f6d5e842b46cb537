// Fuzzes the SVG checks (generator/render/svg_check.h) on what librsvg draws:
// an icon or an SVG picture is read (bounded), drawn, drawn again with its
// text hidden, and measured; the answer is a problem or none, never a crash,
// and a file the check passes draws again in the sheet's icon cache.
#include <cairo.h>

#include <cstddef>
#include <cstdint>

#include "fuzz_scratch.h"
#include "generator/render/icon_cache.h"
#include "generator/render/svg_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace bocage;
  const auto path = fuzz::scratch_root() / "icon.svg";
  fuzz::write_file(path, fuzz::as_text(data, size));
  if (check_icon_file(path)) return 0;
  // Passed: it must draw as the sheet draws it.
  IconCache icons;
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 32, 32);
  cairo_t* cr = cairo_create(s);
  icons.draw(cr, path, RectMm{0, 0, 32, 32});
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  return 0;
}
