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
  // The picture says its resolution (pHYs): a print service reads its size in mm.
  std::string bytes = surface_png_bytes(s, px_per_mm * kMmPerInch);
  cairo_surface_destroy(s);
  return bytes;
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
    if (!put_pending_file(folder, face_name,
                          face_with_bleed(*d.face(i), bleed_mm, px_per_mm, templates, icons),
                          pending, error))
      return 0;
    ++files;
    std::string back_name;
    if (const auto back = d.back(i)) {
      back_name = card.id + "-back.png";
      if (!put_pending_file(folder, back_name,
                            face_with_bleed(*back, bleed_mm, px_per_mm, templates, icons), pending,
                            error))
        return 0;
      ++files;
    }
    csv += csv_cell(card.id) + "," + std::to_string(card.count) + "," + csv_cell(face_name) + "," +
           csv_cell(back_name) + "\r\n";
  }
  if (!put_pending_file(folder, "cards.csv", csv, pending, error)) return 0;
  return files + 1;
}

}  // namespace bocage
