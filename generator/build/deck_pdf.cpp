#include "deck_pdf.h"

#include "generator/pdf/pdf_writer.h"
#include "generator/render/face_painter.h"
#include "generator/sheets/sheet_painter.h"

namespace bocage {

namespace {

std::string duplex_name(Duplex d) {
  switch (d) {
    case Duplex::long_edge:
      return "両面印刷・長辺とじ / duplex, flip on long edge";
    case Duplex::short_edge:
      return "両面印刷・短辺とじ / duplex, flip on short edge";
    case Duplex::none:
      return "片面印刷 / single-sided";
  }
  return "";
}

std::string duplex_short_name(Duplex d) {
  switch (d) {
    case Duplex::long_edge:
      return "長辺とじ";
    case Duplex::short_edge:
      return "短辺とじ";
    case Duplex::none:
      return "片面";
  }
  return "";
}

/// The deck's cards in print order, each repeated `count` times.
std::vector<size_t> print_order(const DeckLayout& deck) {
  std::vector<size_t> order;
  for (size_t i = 0; i < deck.deck->cards.size(); ++i)
    for (int n = 0; n < deck.deck->cards[i].count; ++n) order.push_back(i);
  return order;
}

std::string label_text(const GameLayout& g, const DeckLayout& d, bool back, int page, int pages) {
  const auto& game = g.game;
  const auto& deck = *d.deck;
  return game.name.ja + " · " + deck.name.ja + " " + deck.name.en + " · " +
         (back ? "裏 back " : "表 face ") + std::to_string(page) + "/" + std::to_string(pages);
}

}  // namespace

DeckPaging page_deck(const DeckLayout& deck, const DeckPdfOptions& options) {
  DeckPaging p;
  p.plan = plan_card_sheet(deck.deck->size, options.sheet);
  if (p.plan.per_page() == 0) return p;
  int total = deck.deck->total_count();
  p.face_pages = (total + p.plan.per_page() - 1) / p.plan.per_page();
  p.total_pages = p.face_pages * (deck.back ? 2 : 1);
  return p;
}

bool write_deck_pdf(const GameLayout& g, const DeckLayout& d, const DeckPdfOptions& options,
                    const TextEngine& engine, const TemplateLibrary& templates, IconCache& icons,
                    const std::filesystem::path& destination, std::string* error) {
  DeckPaging paging = page_deck(d, options);
  const SheetPlan& plan = paging.plan;
  if (plan.per_page() == 0) {
    if (error)
      *error = "cards of deck '" + d.deck->id + "' (" + std::to_string(d.deck->size.width) + " x " +
               std::to_string(d.deck->size.height) + " mm) do not fit on the paper";
    return false;
  }
  PdfMetadata meta;
  meta.title = g.game.name.ja + " — " + d.deck->name.ja + " (" + g.game.name.en + " — " +
               d.deck->name.en + ")";
  meta.subject =
      "Print-and-play card sheets, " + options.paper_name + ", " + duplex_name(options.duplex);
  meta.keywords = g.game.id + ", " + d.deck->id;
  PdfWriter pdf(destination, plan.paper, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return false;
  }
  cairo_t* cr = pdf.cr();
  const std::string label_family = g.game.fonts.families.at("gothic").name;
  const auto order = print_order(d);
  const int per_page = plan.per_page();
  bool first_page = true;
  auto begin_page = [&] {
    if (!first_page) pdf.next_page();
    first_page = false;
  };

  // Crop marks for the slots a page uses; on a back page, where the backs are.
  auto page_marks = [&](int page, bool back) {
    std::vector<RectMm> used;
    if (!options.sheet.crop_marks) return std::vector<CropMark>{};
    for (int s = 0; s < per_page && static_cast<size_t>(page * per_page + s) < order.size(); ++s)
      used.push_back(back ? back_position(plan.slots[s].trim, plan.paper, options.duplex)
                          : plan.slots[s].trim);
    return crop_marks_for(used, plan.paper, options.sheet.bleed_mm);
  };

  auto draw_faces = [&](int page) {
    begin_page();
    for (int s = 0; s < per_page; ++s) {
      size_t k = static_cast<size_t>(page * per_page + s);
      if (k >= order.size()) break;
      paint_face(cr, d.faces[order[k]], plan.slots[s].trim, plan.slots[s].bleed, icons, templates);
    }
    paint_crop_marks(cr, page_marks(page, false));
    paint_margin_label(cr, engine, label_family,
                       label_text(g, d, false, page + 1, paging.face_pages), plan.label);
    paint_ruler(cr, engine, label_family, plan.ruler);
  };
  auto draw_backs = [&](int page) {
    begin_page();
    for (int s = 0; s < per_page; ++s) {
      size_t k = static_cast<size_t>(page * per_page + s);
      if (k >= order.size()) break;
      RectMm at = back_position(plan.slots[s].trim, plan.paper, options.duplex);
      paint_face(cr, *d.back, at, back_bleed(plan.slots[s].bleed, options.duplex), icons,
                 templates);
    }
    paint_crop_marks(cr, page_marks(page, true));
    paint_margin_label(cr, engine, label_family,
                       label_text(g, d, true, page + 1, paging.face_pages) + "（" +
                           duplex_short_name(options.duplex) + "）",
                       plan.label);
    paint_ruler(cr, engine, label_family, plan.ruler);
  };

  for (int page = 0; page < paging.face_pages; ++page) {
    draw_faces(page);
    if (d.back && options.duplex != Duplex::none) draw_backs(page);
  }
  if (d.back && options.duplex == Duplex::none)
    for (int page = 0; page < paging.face_pages; ++page) draw_backs(page);

  if (!pdf.commit()) {
    if (error) *error = pdf.error();
    return false;
  }
  return true;
}

}  // namespace bocage
