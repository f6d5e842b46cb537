// Fuzzes the picture loader (generator/render/picture.h, gdk-pixbuf): the
// first byte picks the file's extension (.png, .jpg, .gif, .webp, .bmp, .tif),
// the rest is the file. A picture is checked (its size read before it is
// decoded, then decoded) and drawn into a Cairo surface as a sheet draws it:
// an error or pixels, never a crash, and never more than the pixel limit.
#include <cairo.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_scratch.h"
#include "generator/render/picture.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace bocage;
  if (size < 1) return 0;
  static const char* const kinds[] = {".png", ".jpg", ".gif", ".webp", ".bmp", ".tif"};
  const auto path = fuzz::scratch_root() / (std::string("art") + kinds[data[0] % 6]);
  fuzz::write_file(path, fuzz::as_text(data + 1, size - 1));
  const PictureCheck check = check_picture(path);
  if (check.problem) return 0;
  if (static_cast<long long>(check.width) * check.height > kMaxPicturePixels) __builtin_trap();
  if (cairo_surface_t* s = picture_surface(path)) cairo_surface_destroy(s);
  return 0;
}
