#include "tiled_pdf.h"

#include "generator/pdf/pdf_writer.h"
#include "generator/render/face_painter.h"
#include "generator/sheets/sheet_painter.h"

namespace bocage {

namespace {

void tick(cairo_t* cr, double x0, double y0, double x1, double y1) {
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
}

/// Marks in the margins where the neighbouring page's part starts and where
/// this one ends: cut one page along its marks and lay it over the other up to them.
void paint_overlap_marks(cairo_t* cr, const TilePlan& plan, const Tile& t) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 0.2);
  const RectMm& p = plan.printable;
  const double right = t.at.x + t.region.width, bottom = t.at.y + t.region.height;
  // The edges of this page's part.
  for (double x : {t.at.x, right}) {
    tick(cr, x, p.y - 6, x, p.y - 1);
    tick(cr, x, bottom + 1, x, bottom + 6);
  }
  for (double y : {t.at.y, bottom}) {
    tick(cr, p.x - 6, y, p.x - 1, y);
    tick(cr, right + 1, y, right + 6, y);
  }
  cairo_stroke(cr);
  // Where the next page's part begins (the overlap), dashed.
  const double dash[] = {1, 1};
  cairo_set_dash(cr, dash, 2, 0);
  if (t.col + 1 < plan.columns) {
    double x = right - plan.overlap_mm;
    tick(cr, x, p.y - 6, x, p.y - 1);
    tick(cr, x, bottom + 1, x, bottom + 6);
  }
  if (t.row + 1 < plan.rows) {
    double y = bottom - plan.overlap_mm;
    tick(cr, p.x - 6, y, p.x - 1, y);
    tick(cr, right + 1, y, right + 6, y);
  }
  cairo_stroke(cr);
  cairo_restore(cr);
}

/// A small map of the pages, this one filled, in the bottom-right margin.
void paint_assembly(cairo_t* cr, const TilePlan& plan, const Tile& t) {
  const double cell = std::min(4.0, 40.0 / std::max(plan.columns, plan.rows));
  const double x0 = plan.paper.width - plan.printable.x - plan.columns * cell;
  const double y0 = plan.paper.height - plan.printable.y + 2;
  cairo_save(cr);
  cairo_set_line_width(cr, 0.15);
  for (int r = 0; r < plan.rows; ++r)
    for (int c = 0; c < plan.columns; ++c) {
      cairo_rectangle(cr, x0 + c * cell, y0 + r * cell * 0.7, cell, cell * 0.7);
      if (r == t.row && c == t.col) {
        cairo_set_source_rgb(cr, 0.3, 0.35, 0.15);
        cairo_fill_preserve(cr);
      }
      cairo_set_source_rgb(cr, 0, 0, 0);
      cairo_stroke(cr);
    }
  cairo_restore(cr);
}

bool write_full_size(const GameLayout& g, const DeckLayout& d, size_t card,
                     const TextEngine& engine, const TemplateLibrary& templates, IconCache& icons,
                     const std::filesystem::path& dest, const std::string& family,
                     std::string* error) {
  const Face& face = d.faces[card];
  const double margin = 15;
  SizeMm page{face.size.width + 2 * margin, face.size.height + 2 * margin};
  PdfMetadata meta{
      g.game.name.ja + " — " + d.deck->name.ja + " (" + g.game.name.en + ", full size)",
      "Print-and-play sheet at full size, for a print shop", g.game.id + ", " + d.deck->id};
  PdfWriter pdf(dest, page, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return false;
  }
  RectMm trim{margin, margin, face.size.width, face.size.height};
  paint_face(pdf.cr(), face, trim, {3, 3, 3, 3}, icons, templates);
  paint_crop_marks(pdf.cr(), crop_marks_for({trim}, page, 3));
  paint_margin_label(
      pdf.cr(), engine, family,
      g.game.name.ja + " · " + d.deck->name.ja + " " + d.deck->name.en + " · 原寸 full size",
      {{margin, 2, face.size.width, 5}, false});
  if (!pdf.commit()) {
    if (error) *error = pdf.error();
    return false;
  }
  return true;
}

}  // namespace

int write_tiled_pdf(const GameLayout& g, const DeckLayout& d, const DeckPdfOptions& options,
                    const TextEngine& engine, const TemplateLibrary& templates, IconCache& icons,
                    const std::filesystem::path& destination, std::string* error) {
  const TilePlan plan = plan_tiles(d.deck->size, options.sheet.paper, options.overlap_mm);
  PdfMetadata meta{g.game.name.ja + " — " + d.deck->name.ja + " (" + g.game.name.en + " — " +
                       d.deck->name.en + ")",
                   "Print-and-play sheet tiled over " + std::to_string(plan.tiles.size()) +
                       " pages of " + options.paper_name + ", overlap " +
                       std::to_string(static_cast<int>(options.overlap_mm)) + " mm",
                   g.game.id + ", " + d.deck->id};
  PdfWriter pdf(destination, plan.paper, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return 0;
  }
  cairo_t* cr = pdf.cr();
  const std::string family = g.game.fonts.families.at("gothic").name;
  int pages = 0;
  const int total = static_cast<int>(plan.tiles.size() * d.faces.size());
  for (size_t card = 0; card < d.faces.size(); ++card) {
    for (const Tile& t : plan.tiles) {
      if (pages > 0) pdf.next_page();
      ++pages;
      cairo_save(cr);
      cairo_rectangle(cr, t.at.x, t.at.y, t.region.width, t.region.height);
      cairo_clip(cr);
      paint_face(cr, d.faces[card],
                 {t.at.x - t.region.x, t.at.y - t.region.y, d.faces[card].size.width,
                  d.faces[card].size.height},
                 {}, icons, templates);
      cairo_restore(cr);
      paint_overlap_marks(cr, plan, t);
      std::string label = g.game.name.ja + " · " + d.deck->name.ja + " " + d.deck->name.en + " · " +
                          t.name + " (" + std::to_string(pages) + "/" + std::to_string(total) +
                          ") · 重ねしろ " + std::to_string(static_cast<int>(options.overlap_mm)) +
                          " mm overlap";
      paint_margin_label(cr, engine, family, label,
                         {{plan.printable.x, 2, plan.printable.width, 5}, false});
      paint_ruler(cr, engine, family,
                  {{plan.printable.x, plan.paper.height - plan.printable.y + 1.5, 60, 6}, false});
      paint_assembly(cr, plan, t);
    }
  }
  // Every file is tried, so that each failure is reported (one per line).
  std::string errors;
  if (!pdf.commit()) errors = pdf.error();
  for (size_t card = 0; card < d.faces.size(); ++card) {
    std::string stem = destination.stem().string() + "-full" +
                       (d.faces.size() > 1 ? "-" + d.deck->cards[card].id : "");
    std::string one;
    if (!write_full_size(g, d, card, engine, templates, icons,
                         destination.parent_path() / (stem + ".pdf"), family, &one))
      errors += (errors.empty() ? "" : "\nerror: ") + one;
  }
  if (!errors.empty()) {
    if (error) *error = errors;
    return 0;
  }
  return pages;
}

}  // namespace bocage
