#include "png_export.h"

#include <cairo.h>

#include <cmath>
#include <memory>

#include "bocage/msg/gen.h"
#include "core/units.h"
#include "generator/pdf/pdf_writer.h"
#include "generator/render/face_painter.h"
#include "generator/render/face_png.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

/// A surface's PNG bytes; empty when Cairo fails.
std::string png_bytes(cairo_surface_t* surface) {
  std::string bytes;
  if (cairo_surface_write_to_png_stream(surface, append_to_string, &bytes) != CAIRO_STATUS_SUCCESS)
    bytes.clear();
  return bytes;
}

/// `face` with `bleed` mm around it at `px_per_mm`, on white.
std::string face_with_bleed(const Face& face, double bleed, double px_per_mm,
                            const TemplateLibrary& templates, IconCache& icons) {
  const int w = static_cast<int>(std::lround((face.size.width + 2 * bleed) * px_per_mm));
  const int h = static_cast<int>(std::lround((face.size.height + 2 * bleed) * px_per_mm));
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
  cairo_t* cr = cairo_create(s);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_scale(cr, px_per_mm, px_per_mm);
  paint_face(cr, face, {bleed, bleed, face.size.width, face.size.height},
             {bleed, bleed, bleed, bleed}, icons, templates);
  cairo_destroy(cr);
  std::string bytes = png_bytes(s);
  cairo_surface_destroy(s);
  // The picture says its resolution (pHYs): a print service reads its size in mm.
  return bytes.empty() ? bytes : with_png_dpi(std::move(bytes), px_per_mm * kMmPerInch);
}

/// Writes `bytes` to `folder/name`, left to `pending`; false with `error`.
bool put(const fs::path& folder, const std::string& name, const std::string& bytes,
         PendingFiles& pending, Text* error) {
  const fs::path dest = folder / name;
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

/// A CSV cell: quoted when it holds a comma, a quote or a line break.
std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

int write_oneup_pngs(const DeckLayout& d, double bleed_mm, int dpi,
                     const TemplateLibrary& templates, IconCache& icons, const fs::path& folder,
                     PendingFiles& pending, Text* error) {
  const double px_per_mm = dpi / kMmPerInch;
  int files = 0;
  // Byte order mark and CRLF: Japanese Excel opens it as it is.
  std::string csv =
      "\xEF\xBB\xBF"
      "card,copies,face,back\r\n";
  for (size_t i = 0; i < d.size(); ++i) {
    const Card& card = d.deck->cards[i];
    const std::string face_name = card.id + ".png";
    if (!put(folder, face_name, face_with_bleed(*d.face(i), bleed_mm, px_per_mm, templates, icons),
             pending, error))
      return 0;
    ++files;
    std::string back_name;
    if (const auto back = d.back(i)) {
      back_name = card.id + "-back.png";
      if (!put(folder, back_name, face_with_bleed(*back, bleed_mm, px_per_mm, templates, icons),
               pending, error))
        return 0;
      ++files;
    }
    csv += csv_cell(card.id) + "," + std::to_string(card.count) + "," + csv_cell(face_name) + "," +
           csv_cell(back_name) + "\r\n";
  }
  if (!put(folder, "cards.csv", csv, pending, error)) return 0;
  return files + 1;
}

}  // namespace bocage
