// Writes one deck as a print-ready PDF: face pages with crop marks, label and
// ruler, each followed by its back page (duplex), all backs at the end
// (--duplex none), or backs beside their faces to fold and glue (--duplex
// fold). Counters also get cut lines and a registration target.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "game_layout.h"
#include "generator/pdf/pdf_writer.h"
#include "generator/render/icon_cache.h"
#include "generator/sheets/card_sheet_plan.h"
#include "generator/sheets/oneup_plan.h"

namespace bocage {

struct DeckPdfOptions {
  SheetOptions sheet;
  Duplex duplex = Duplex::long_edge;
  std::string paper_name = "a4";
  PointMm back_offset;     // shift of everything on a back page, to correct a printer's known error
  double overlap_mm = 10;  // tiled sheets: what neighbouring pages share
  bool one_up = false;     // each piece on its own page of trim plus bleed (oneup_pdf.h)
  OneUpOrder oneup_order = OneUpOrder::face_back;
  // One-up PDFs (and a one-up pack) as PDF/X-1a in CMYK (build --pdfx).
  std::optional<PdfXOptions> pdfx;
  // --gap not given: pieces whose edges differ in colour get a gutter
  // (page_deck); with it, sheet.gap_mm is used as given.
  bool auto_gap = true;
};

/// How many pages (faces and backs) a deck takes, and how many cards per page
/// (`tiled`: the pieces are larger than the paper and are printed in tiles).
/// Pages are portrait, except for a single-sided deck whose pieces only fit
/// the paper turned to landscape.
struct DeckPaging {
  SheetPlan plan;
  int face_pages = 0;
  int total_pages = 0;
  bool tiled = false;
  // Planned across the paper turned to landscape, for pieces with backs
  // printed on both sides: each page is printed turned back to portrait
  // (/Rotate 90), so that the printer flips it as the portrait sheet, and
  // the backs are placed for the flip that is, across the page (turned_flip).
  bool turned = false;
  // Below 1: each piece is printed this much smaller, to fit the paper
  // instead of being tiled (a page-sized aid on Letter; DeckLayout::min_scale).
  double scale = 1;
  std::vector<Text> notes;  // what the layout gave up to keep the printer's margin clear
};
DeckPaging page_deck(const DeckLayout& deck, const DeckPdfOptions& options);

/// The message for a deck whose pieces fit on no page.
Text deck_too_large(const DeckLayout& deck, const DeckPdfOptions& options);

/// The /Duplex print hint for a duplex mode.
PdfDuplex pdf_duplex(Duplex duplex);

/// Draws the deck's sheets (page_deck() must have found room: not tiled, some
/// pieces per page) as new pages of `pdf`. With `blank_backs` (a pack printed
/// on both sides), each page printed on one side only is followed by a blank
/// page, so that the next page starts a new sheet of paper.
void draw_deck_sheets(PdfWriter& pdf, const GameLayout& game, const DeckLayout& deck,
                      const DeckPdfOptions& options, const TextEngine& engine,
                      const TemplateLibrary& templates, IconCache& icons, bool blank_backs);

/// The least height (whole mm) of paper, as wide as options.sheet.paper, that
/// holds all of a single-sided deck's pieces on one page, with the same
/// columns, label and ruler (with --duplex fold, a deck whose faces and backs
/// take one upright page, folded down its middle, too); none for another deck
/// with backs, tiled, or of more than one page. A pack gangs such decks onto
/// shared pages (pack_pdf.h).
std::optional<double> block_height(const DeckLayout& deck, const DeckPdfOptions& options);

/// Draws a deck's one page, planned on a paper of options.sheet.paper (a
/// block_height() tall part of the page), on the current page of `pdf`,
/// `y_mm` down from its top.
void draw_deck_block(PdfWriter& pdf, const GameLayout& game, const DeckLayout& deck,
                     const DeckPdfOptions& options, const TextEngine& engine,
                     const TemplateLibrary& templates, IconCache& icons, double y_mm);

/// Writes `destination` atomically; false with `error` set on failure.
bool write_deck_pdf(const GameLayout& game, const DeckLayout& deck, const DeckPdfOptions& options,
                    const TextEngine& engine, const TemplateLibrary& templates, IconCache& icons,
                    const std::filesystem::path& destination, Text* error,
                    PendingFiles* pending = nullptr);

}  // namespace bocage
