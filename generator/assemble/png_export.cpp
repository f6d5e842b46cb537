#include "png_export.h"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "bocage/msg/gen.h"
#include "core/number_text.h"
#include "core/units.h"
#include "generator/pdf/pdf_writer.h"
#include "generator/render/face_painter.h"

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
  return bytes;
}

/// `face` at exactly `w` x `h` pixels (a slot of a sheet), on white.
std::string face_at(const Face& face, int w, int h, const TemplateLibrary& templates,
                    IconCache& icons) {
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
  cairo_t* cr = cairo_create(s);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_scale(cr, w / face.size.width, h / face.size.height);
  paint_face(cr, face, {0, 0, face.size.width, face.size.height}, {}, icons, templates);
  cairo_destroy(cr);
  std::string bytes = png_bytes(s);
  cairo_surface_destroy(s);
  return bytes;
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

/// A JSON string.
std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

}  // namespace

int write_oneup_pngs(const DeckLayout& d, double bleed_mm, int dpi,
                     const TemplateLibrary& templates, IconCache& icons, const fs::path& folder,
                     PendingFiles& pending, Text* error) {
  const double px_per_mm = dpi / kMmPerInch;
  int files = 0;
  // Byte order mark and CRLF: Japanese Excel opens it as it is.
  std::string csv = "\xEF\xBB\xBF" "card,copies,face,back\r\n";
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

int write_tts_deck(const DeckLayout& d, const TemplateLibrary& templates, IconCache& icons,
                   const fs::path& folder, PendingFiles& pending, Text* error) {
  const std::string& id = d.deck->id;
  const SizeMm size = d.deck->size;
  const int per_sheet = kTtsColumns * kTtsRows - 1;  // the last slot: the hidden card
  const int cards = static_cast<int>(d.size());
  const int sheets = std::max(1, (cards + per_sheet - 1) / per_sheet);
  // The grid: as many slots as the cards of the fullest sheet and the hidden
  // card need; Tabletop Simulator takes 2 to 10 columns and 2 to 7 rows.
  const int slots = std::min(cards, per_sheet) + 1;
  const int grid_columns = std::clamp(slots, 2, kTtsColumns);
  const int grid_rows = std::clamp((slots + grid_columns - 1) / grid_columns, 2, kTtsRows);
  // Pixels a millimetre: 300 ppi, or less for a sheet within kTtsMaxSheetPx.
  const double px_per_mm =
      std::min({300 / kMmPerInch, kTtsMaxSheetPx / (size.width * grid_columns),
                kTtsMaxSheetPx / (size.height * grid_rows)});
  const int cw = static_cast<int>(std::floor(size.width * px_per_mm));
  const int ch = static_cast<int>(std::floor(size.height * px_per_mm));
  // Backs alike on every card: one back image; else back sheets in the faces' grid.
  bool one_back = true;
  std::optional<size_t> first_back;
  for (size_t i = 0; i < d.size(); ++i) {
    const auto f = d.first_alike_back(i);
    if (!first_back) first_back = f;
    if (f != first_back) one_back = false;
  }
  auto sheet = [&](int n, bool backs) {
    cairo_surface_t* s =
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, cw * grid_columns, ch * grid_rows);
    cairo_t* cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    auto paint_at = [&](int slot, const Face& face) {
      cairo_save(cr);
      cairo_translate(cr, (slot % grid_columns) * cw, (slot / grid_columns) * ch);
      cairo_rectangle(cr, 0, 0, cw, ch);
      cairo_clip(cr);
      cairo_scale(cr, cw / face.size.width, ch / face.size.height);
      paint_face(cr, face, {0, 0, face.size.width, face.size.height}, {}, icons, templates);
      cairo_restore(cr);
    };
    for (int k = 0; k < per_sheet; ++k) {
      const int card = n * per_sheet + k;
      if (card >= cards) break;
      const auto face = backs ? d.back(static_cast<size_t>(card)) : d.face(static_cast<size_t>(card));
      if (face) paint_at(k, *face);
    }
    // The hidden card, shown for a card in a hand seen from across the table: the back.
    if (first_back) paint_at(grid_columns * grid_rows - 1, *d.back(*first_back));
    cairo_destroy(cr);
    std::string bytes = png_bytes(s);
    cairo_surface_destroy(s);
    return bytes;
  };
  int files = 0;
  std::string json = "{\n  \"deck\": " + json_string(id) + ",\n  \"card_mm\": [" +
                     format_g(size.width) + ", " + format_g(size.height) + "],\n  \"card_px\": [" +
                     std::to_string(cw) + ", " + std::to_string(ch) + "],\n";
  if (first_back && one_back) {
    const std::string back = id + "-back.png";
    if (!put(folder, back, face_at(*d.back(*first_back), cw, ch, templates, icons), pending,
             error))
      return 0;
    ++files;
    json += "  \"back\": " + json_string(back) + ",\n";
  }
  json += "  \"sheets\": [\n";
  for (int n = 0; n < sheets; ++n) {
    const std::string faces = id + "-faces-" + std::to_string(n + 1) + ".png";
    if (!put(folder, faces, sheet(n, false), pending, error)) return 0;
    ++files;
    json += "    {\"face\": " + json_string(faces);
    if (first_back && !one_back) {
      const std::string backs = id + "-backs-" + std::to_string(n + 1) + ".png";
      if (!put(folder, backs, sheet(n, true), pending, error)) return 0;
      ++files;
      json += ", \"back\": " + json_string(backs);
    }
    json += ", \"columns\": " + std::to_string(grid_columns) +
            ", \"rows\": " + std::to_string(grid_rows) + ", \"cards\": [";
    for (int k = 0; k < per_sheet; ++k) {
      const int card = n * per_sheet + k;
      if (card >= cards) break;
      const Card& c = d.deck->cards[static_cast<size_t>(card)];
      json += std::string(k ? ", " : "") + "{\"id\": " + json_string(c.id) +
              ", \"copies\": " + std::to_string(c.count) + ", \"slot\": " + std::to_string(k) + "}";
    }
    json += "]}" + std::string(n + 1 < sheets ? "," : "") + "\n";
  }
  json += "  ]\n}\n";
  if (!put(folder, id + ".json", json, pending, error)) return 0;
  return files + 1;
}

}  // namespace bocage
