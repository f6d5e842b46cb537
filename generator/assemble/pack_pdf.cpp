#include "pack_pdf.h"

#include <map>
#include <set>

#include "oneup_pdf.h"
#include "tiled_pdf.h"

namespace bocage {

std::string pack_file_name(const std::string& game_id, bool one_up) {
  return game_id + (one_up ? "-pack-oneup.pdf" : "-pack.pdf");
}

std::vector<PackPage> gang_blocks(const GameLayout& g, const DeckPdfOptions& options) {
  // Each single-sided component of one page (or, folded, a component whose
  // faces and backs take one page) that takes at most half the paper's
  // height, in game order, onto the first page of blocks with room (first
  // fit); a page of one block is no page of blocks.
  std::vector<PackPage> pages;
  const double paper = options.sheet.paper.height;
  for (const auto& d : g.decks) {
    const std::optional<double> h = block_height(d, options);
    if (!h || *h > paper / 2) continue;
    PackPage* room = nullptr;
    for (PackPage& p : pages)
      if (p.used_mm + *h <= paper + 1e-9) {
        room = &p;
        break;
      }
    if (!room) room = &pages.emplace_back();
    room->blocks.push_back({&d, room->used_mm, *h});
    room->used_mm += *h;
  }
  std::erase_if(pages, [](const PackPage& p) { return p.blocks.size() < 2; });
  return pages;
}

int write_pack_pdf(const GameLayout& g, const DeckPdfOptions& options, const TextEngine& engine,
                   const TemplateLibrary& templates, IconCache& icons,
                   const std::filesystem::path& destination, Text* error, PendingFiles* pending) {
  // Every deck must fit before anything is drawn.
  bool any_backs = false;
  for (const auto& d : g.decks) {
    any_backs = any_backs || d.has_backs();
    if (options.one_up) continue;
    const DeckPaging paging = page_deck(d, options);
    if (!paging.tiled && paging.plan.per_page() == 0) {
      if (error) *error = deck_too_large(d, options);
      return 0;
    }
  }
  PdfMetadata meta;
  meta.title = g.game.name.ja + " (" + g.game.name.en + ")";
  meta.subject = options.one_up
                     ? "Print-and-play pack, one piece a page, for a print shop"
                     : "Print-and-play pack, every sheet in print order, " + options.paper_name;
  meta.keywords = g.game.id;
  PdfWriter pdf(destination, options.sheet.paper, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return 0;
  }
  // Printed on both sides when a deck has backs behind its faces; the sheets
  // printed on one side then keep a blank back.
  const bool duplex = !options.one_up && any_backs &&
                      (options.duplex == Duplex::long_edge || options.duplex == Duplex::short_edge);
  if (options.one_up && options.pdfx) pdf.set_pdfx(*options.pdfx);
  if (!options.one_up) pdf.set_duplex(duplex ? pdf_duplex(options.duplex) : PdfDuplex::simplex);
  // Small single-sided components share pages (gang_blocks): each page of
  // blocks is printed where its first component comes.
  const std::vector<PackPage> shared =
      options.one_up ? std::vector<PackPage>{} : gang_blocks(g, options);
  std::map<const DeckLayout*, const PackPage*> first_of;
  std::set<const DeckLayout*> ganged;
  for (const PackPage& page : shared) {
    first_of[page.blocks.front().deck] = &page;
    for (const PackBlock& b : page.blocks) ganged.insert(b.deck);
  }
  for (const auto& d : g.decks) {
    if (auto page = first_of.find(&d); page != first_of.end()) {
      pdf.start_page(options.sheet.paper);
      for (const PackBlock& b : page->second->blocks) {
        DeckPdfOptions part = options;
        part.sheet.paper = {options.sheet.paper.width, b.height_mm};
        draw_deck_block(pdf, g, *b.deck, part, engine, templates, icons, b.y_mm);
      }
      if (duplex) pdf.start_page(options.sheet.paper);  // its back stays blank
      continue;
    }
    if (ganged.count(&d)) continue;
    if (options.one_up)
      draw_oneup_pages(pdf, d, options, templates, icons);
    else if (page_deck(d, options).tiled)
      draw_tiled_pages(pdf, g, d, options, engine, templates, icons, duplex);
    else
      draw_deck_sheets(pdf, g, d, options, engine, templates, icons, duplex);
  }
  const int pages = static_cast<int>(pdf.page()) + 1;
  if (!pdf.commit(pending)) {
    if (error) *error = pdf.error();
    return 0;
  }
  return pages;
}

}  // namespace bocage
