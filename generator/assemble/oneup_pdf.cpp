#include "oneup_pdf.h"

#include "generator/render/face_painter.h"
#include "generator/sheets/print_punctuation.h"

namespace bocage {

namespace {

std::vector<OneUpPage> pages_of(const DeckLayout& d, const DeckPdfOptions& options) {
  std::vector<int> counts;
  for (const auto& card : d.deck->cards) counts.push_back(card.count);
  return oneup_pages(counts, d.has_backs(), options.oneup_order);
}

}  // namespace

int oneup_page_count(const DeckLayout& d, const DeckPdfOptions& options) {
  return static_cast<int>(pages_of(d, options).size());
}

void draw_oneup_pages(PdfWriter& pdf, const DeckLayout& d, const DeckPdfOptions& options,
                      const TemplateLibrary& templates, IconCache& icons) {
  const double bleed = options.sheet.bleed_mm;
  const Insets all{bleed, bleed, bleed, bleed};
  for (const OneUpPage& p : pages_of(d, options)) {
    // A card's own back template may give it another size than the deck's.
    const std::shared_ptr<const Face> face = p.back ? d.back(p.card) : d.face(p.card);
    const OneUpGeometry g = oneup_geometry(face ? face->size : d.deck->size, bleed);
    pdf.start_page(g.page);
    pdf.set_page_boxes(g.trim, g.bleed);
    // A card without a back, in a deck with backs: its back page stays white.
    if (face) paint_face(pdf.cr(), *face, g.trim, all, icons, templates);
  }
}

bool write_oneup_pdf(const GameLayout& g, const DeckLayout& d, const DeckPdfOptions& options,
                     const TemplateLibrary& templates, IconCache& icons,
                     const std::filesystem::path& destination, Text* error, PendingFiles* pending) {
  const bool counters = d.deck->kind == Deck::Kind::counters;
  PdfMetadata meta;
  meta.title = g.game.name.ja + print::kTitleDash + d.deck->name.ja + " (" + g.game.name.en +
               print::kTitleDash + d.deck->name.en + ", one-up)";
  meta.subject = std::string("One ") + (counters ? "counter" : "card") +
                 " a page, trim plus bleed, for a print shop";
  meta.keywords = g.game.id + ", " + d.deck->id;
  PdfWriter pdf(destination, oneup_geometry(d.deck->size, options.sheet.bleed_mm).page, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return false;
  }
  if (options.pdfx) pdf.set_pdfx(*options.pdfx);
  draw_oneup_pages(pdf, d, options, templates, icons);
  if (!pdf.commit(pending)) {
    if (error) *error = pdf.error();
    return false;
  }
  return true;
}

}  // namespace bocage
