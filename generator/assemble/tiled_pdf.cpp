#include "tiled_pdf.h"

#include <algorithm>

#include "generator/pdf/pdf_writer.h"
#include "generator/render/face_painter.h"
#include "generator/sheets/print_punctuation.h"
#include "generator/sheets/sheet_painter.h"

namespace bocage {

namespace {

void tick(cairo_t* cr, double x0, double y0, double x1, double y1) {
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
}

/// Marks in the margins where the neighbouring page's part starts and where
/// this one ends: cut one page along its marks and lay it over the other up to
/// them. They start beyond the bleed and end half a millimetre short of the
/// printer's margin (a stroke ending on it reaches into it by its rounding).
void paint_overlap_marks(cairo_t* cr, const TilePlan& plan, const Tile& t, double bleed,
                         double printer_margin) {
  printer_margin += 0.5;
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 0.2);
  const RectMm& p = plan.printable;
  const double right = t.at.x + t.region.width, bottom = t.at.y + t.region.height;
  const double near = bleed + 1;
  const double top_end = std::max(printer_margin, p.y - near - 5);
  const double left_end = std::max(printer_margin, p.x - near - 5);
  const double bottom_end = std::min(plan.paper.height - printer_margin, bottom + near + 5);
  const double right_end = std::min(plan.paper.width - printer_margin, right + near + 5);
  auto vertical = [&](double x) {
    tick(cr, x, p.y - near, x, top_end);
    tick(cr, x, bottom + near, x, bottom_end);
  };
  auto horizontal = [&](double y) {
    tick(cr, p.x - near, y, left_end, y);
    tick(cr, right + near, y, right_end, y);
  };
  // The edges of this page's part.
  for (double x : {t.at.x, right}) vertical(x);
  for (double y : {t.at.y, bottom}) horizontal(y);
  cairo_stroke(cr);
  // Where the next page's part begins (the overlap), dashed.
  const double dash[] = {1, 1};
  cairo_set_dash(cr, dash, 2, 0);
  if (t.col + 1 < plan.columns) vertical(right - plan.overlap_mm);
  if (t.row + 1 < plan.rows) horizontal(bottom - plan.overlap_mm);
  cairo_stroke(cr);
  cairo_restore(cr);
}

/// The bleed of a tile: on the sheet's own edges, which are cut.
Insets tile_bleed(const TilePlan& plan, const Tile& t, double bleed) {
  return {t.col == 0 ? bleed : 0, t.row == 0 ? bleed : 0, t.col + 1 == plan.columns ? bleed : 0,
          t.row + 1 == plan.rows ? bleed : 0};
}

/// A small map of the pages, this one filled, in the bottom-right margin.
void paint_assembly(cairo_t* cr, const TilePlan& plan, const Tile& t, double printer_margin) {
  // Between the printed part and the printer's margin, clear of the marks at the right edge.
  const double band = plan.margin_mm - 2 - printer_margin;
  const double cell =
      std::min({4.0, 40.0 / std::max(plan.columns, plan.rows), band / (0.7 * plan.rows)});
  const double x0 = plan.paper.width - plan.printable.x - plan.overlap_mm - 2 - plan.columns * cell;
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
                     const DeckPdfOptions& options, Text* error, PendingFiles* pending) {
  const std::shared_ptr<const Face> laid = d.face(card);
  const Face& face = *laid;
  const double bleed = options.sheet.bleed_mm, pm = options.sheet.printer_margin_mm;
  const double margin = std::max(15.0, pm + bleed + kCropMarkOffsetMm + kCropMarkLengthMm);
  SizeMm page{face.size.width + 2 * margin, face.size.height + 2 * margin};
  PdfMetadata meta{
      g.game.name.ja + print::kTitleDash + d.deck->name.ja + " (" + g.game.name.en + ", full size)",
      "Print-and-play sheet at full size, for a print shop", g.game.id + ", " + d.deck->id};
  PdfWriter pdf(dest, page, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return false;
  }
  pdf.set_duplex(PdfDuplex::simplex);
  RectMm trim{margin, margin, face.size.width, face.size.height};
  const Insets all{bleed, bleed, bleed, bleed};
  pdf.set_page_boxes(trim, grow(trim, all));
  paint_face(pdf.cr(), face, trim, all, icons, templates);
  paint_crop_marks(pdf.cr(),
                   crop_marks_for({trim}, {pm, pm, page.width - 2 * pm, page.height - 2 * pm},
                                  bleed + kCropMarkOffsetMm, bleed + kCropMarkOffsetMm));
  // Above the marks' ends, clear of the marks at the trim's corners.
  paint_margin_label(
      pdf.cr(), engine, family,
      {g.game.name.ja + print::kJoin + d.deck->name.ja + " " + d.deck->name.en + print::kJoin +
           BOCAGE_PRINT_BOTH(msg::gen::print_full_size, " "),
       g.game.name.ja + print::kJoin + d.deck->name.ja + print::kJoin +
           tr(Lang::ja, msg::gen::print_full_size),
       d.deck->name.ja + print::kJoin + tr(Lang::ja, msg::gen::print_full_size)},
      {{margin + 3, pm, face.size.width - 6, std::min(5.0, margin - bleed - 2 - pm)}, false});
  if (!pdf.commit(pending)) {
    if (error) *error = pdf.error();
    return false;
  }
  return true;
}

}  // namespace

TilePlan tile_plan_for(const DeckLayout& d, const DeckPdfOptions& options) {
  return plan_tiles(d.deck->size, options.sheet.paper, options.overlap_mm,
                    tile_margin(options.sheet.bleed_mm, options.sheet.printer_margin_mm));
}

int draw_tiled_pages(PdfWriter& pdf, const GameLayout& g, const DeckLayout& d,
                     const DeckPdfOptions& options, const TextEngine& engine,
                     const TemplateLibrary& templates, IconCache& icons, bool blank_backs) {
  const double bleed = options.sheet.bleed_mm, pm = options.sheet.printer_margin_mm;
  const TilePlan plan = tile_plan_for(d, options);
  cairo_t* cr = pdf.cr();
  const std::string family = g.game.fonts.families.at("gothic").name;
  int pages = 0;
  const int total = static_cast<int>(plan.tiles.size() * d.size());
  for (size_t card = 0; card < d.size(); ++card) {
    const std::shared_ptr<const Face> face = d.face(card);
    for (const Tile& t : plan.tiles) {
      // Single-sided: in a PDF printed on both sides, each back stays blank.
      if (blank_backs && pages > 0) pdf.start_page(plan.paper);
      pdf.start_page(plan.paper);
      ++pages;
      // The part of the sheet on this page, with the bleed on the sheet's own edges.
      const Insets b = tile_bleed(plan, t, bleed);
      const RectMm shown = grow({t.at.x, t.at.y, t.region.width, t.region.height}, b);
      cairo_save(cr);
      cairo_rectangle(cr, shown.x, shown.y, shown.width, shown.height);
      cairo_clip(cr);
      paint_face(cr, *face,
                 {t.at.x - t.region.x, t.at.y - t.region.y, face->size.width, face->size.height},
                 {bleed, bleed, bleed, bleed}, icons, templates);
      cairo_restore(cr);
      paint_overlap_marks(cr, plan, t, bleed, pm);
      const std::string part =
          t.name + " (" + std::to_string(pages) + "/" + std::to_string(total) + ")";
      const std::string overlap = tr(Lang::ja, msg::gen::print_overlap) + " " +
                                  std::to_string(static_cast<int>(options.overlap_mm)) + " mm";
      const std::vector<std::string> forms = {
          g.game.name.ja + print::kJoin + d.deck->name.ja + " " + d.deck->name.en + print::kJoin +
              part + print::kJoin + overlap + " " + tr(Lang::en, msg::gen::print_overlap),
          g.game.name.ja + print::kJoin + d.deck->name.ja + print::kJoin + part + print::kJoin +
              overlap,
          d.deck->name.ja + print::kJoin + part + print::kJoin + overlap};
      // Between the marks at the part's corners (the part may be narrower than
      // the printable area: parts are even), above the marks' ends.
      paint_margin_label(cr, engine, family, forms,
                         {{t.at.x + 3, pm, std::max(0.0, t.region.width - 6), 5}, false});
      paint_ruler(cr, engine, family,
                  {{plan.printable.x + 3, plan.paper.height - pm - 6.5, 60, 6}, false});
      paint_assembly(cr, plan, t, pm);
    }
  }
  if (blank_backs && pages > 0) pdf.start_page(plan.paper);
  return pages;
}

int write_tiled_pdf(const GameLayout& g, const DeckLayout& d, const DeckPdfOptions& options,
                    const TextEngine& engine, const TemplateLibrary& templates, IconCache& icons,
                    const std::filesystem::path& destination, Text* error, PendingFiles* pending) {
  const TilePlan plan = tile_plan_for(d, options);
  PdfMetadata meta{g.game.name.ja + print::kTitleDash + d.deck->name.ja + " (" + g.game.name.en +
                       print::kTitleDash + d.deck->name.en + ")",
                   "Print-and-play sheet tiled over " + std::to_string(plan.tiles.size()) +
                       " pages of " + options.paper_name + ", overlap " +
                       std::to_string(static_cast<int>(options.overlap_mm)) + " mm",
                   g.game.id + ", " + d.deck->id};
  PdfWriter pdf(destination, plan.paper, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return 0;
  }
  pdf.set_duplex(PdfDuplex::simplex);
  const int pages = draw_tiled_pages(pdf, g, d, options, engine, templates, icons, false);
  const std::string family = g.game.fonts.families.at("gothic").name;
  // Every file is tried, so that each failure is reported (one per line).
  Text errors;
  if (!pdf.commit(pending)) errors = pdf.error();
  for (size_t card = 0; card < d.size(); ++card) {
    std::string stem =
        destination.stem().string() + "-full" + (d.size() > 1 ? "-" + d.deck->cards[card].id : "");
    Text one;
    if (!write_full_size(g, d, card, engine, templates, icons,
                         destination.parent_path() / (stem + ".pdf"), family, options, &one,
                         pending))
      errors = per_lang([&](Lang l) {
        return errors.empty() ? one.in(l) : errors.in(l) + "\nerror: " + one.in(l);
      });
  }
  if (!errors.empty()) {
    if (error) *error = errors;
    return 0;
  }
  return pages;
}

}  // namespace bocage
