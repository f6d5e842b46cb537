#include "face_png.h"

#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <memory>

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
  std::string bytes = surface_png_bytes(surface);
  cairo_surface_destroy(surface);
  return bytes;
}

std::string surface_png_bytes(cairo_surface_t* surface, double dpi) {
  std::string bytes;
  if (cairo_surface_write_to_png_stream(surface, append_to_string, &bytes) != CAIRO_STATUS_SUCCESS)
    return {};
  return dpi > 0 ? with_png_dpi(std::move(bytes), dpi) : bytes;
}

bool put_pending_file(const std::filesystem::path& folder, const std::string& name,
                      const std::string& bytes, PendingFiles& pending, Text* error) {
  const std::filesystem::path dest = folder / name;
  if (bytes.empty()) {
    if (error) *error = both(msg::gen::png_cannot_draw, "path"_a = dest.string());
    return false;
  }
  auto file = std::make_unique<AtomicFile>(dest);
  if (!file->ok() || !file->write(bytes)) {
    if (error) *error = file->error();
    return false;
  }
  pending.add(std::move(file));
  return true;
}

namespace {

void append_be32(std::string& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

uint32_t read_be32(const std::string& s, size_t at) {
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
  return v;
}

/// Whether the chunks of `png` before its image data hold a pHYs.
bool says_density(const std::string& png) {
  for (size_t at = 8; at + 8 <= png.size();) {
    const std::string type = png.substr(at + 4, 4);
    if (type == "pHYs") return true;
    if (type == "IDAT") return false;
    at += 12 + read_be32(png, at);
  }
  return false;
}

}  // namespace

std::string with_png_dpi(std::string png, double dpi) {
  // The PNG specification (ISO/IEC 15948, 11.3.5.3): pHYs holds pixels per
  // unit in x and y (4 bytes each, big-endian) and the unit (1: the metre);
  // it comes before the first IDAT. IHDR is the first chunk: 8 bytes of
  // signature, then length (4), type (4), 13 bytes of data and the CRC (4).
  static const char kSignature[] = "\x89PNG\r\n\x1a\n";
  constexpr size_t kAfterIhdr = 8 + 4 + 4 + 13 + 4;
  if (png.size() < kAfterIhdr || png.compare(0, 8, kSignature, 8) != 0 ||
      png.compare(12, 4, "IHDR") != 0 || says_density(png))
    return png;
  const auto per_metre = static_cast<uint32_t>(std::lround(dpi / kMmPerInch * 1000));
  std::string chunk;
  append_be32(chunk, 9);
  std::string body = "pHYs";
  append_be32(body, per_metre);
  append_be32(body, per_metre);
  body += '\x01';
  chunk += body;
  append_be32(chunk, static_cast<uint32_t>(
                         crc32_z(0, reinterpret_cast<const Bytef*>(body.data()), body.size())));
  png.insert(kAfterIhdr, chunk);
  return png;
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
