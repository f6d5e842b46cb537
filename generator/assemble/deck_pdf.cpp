#include "deck_pdf.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "bocage/msg/gen.h"
#include "core/exact_key.h"
#include "core/number_text.h"
#include "generator/assemble/tiled_pdf.h"
#include "generator/pdf/pdf_writer.h"
#include "generator/render/face_painter.h"
#include "generator/sheets/print_punctuation.h"
#include "generator/sheets/sheet_painter.h"

namespace bocage {

namespace {

/// Both languages, as a sheet prints them: "両面印刷・長辺とじ / duplex, ...".
std::string duplex_name(Duplex d) {
  switch (d) {
    case Duplex::long_edge:
      return BOCAGE_PRINT_BOTH(msg::gen::print_duplex_long, " / ");
    case Duplex::short_edge:
      return BOCAGE_PRINT_BOTH(msg::gen::print_duplex_short, " / ");
    case Duplex::none:
      return BOCAGE_PRINT_BOTH(msg::gen::print_single_sided, " / ");
    case Duplex::fold:
      return BOCAGE_PRINT_BOTH(msg::gen::print_fold, " / ");
  }
  return "";
}

/// In Japanese, after a back's page number: "（長辺とじ）".
std::string duplex_short_name(Duplex d) {
  switch (d) {
    case Duplex::long_edge:
      return tr(Lang::ja, msg::gen::print_duplex_long_short);
    case Duplex::short_edge:
      return tr(Lang::ja, msg::gen::print_duplex_short_short);
    case Duplex::none:
      return tr(Lang::ja, msg::gen::print_single_sided_short);
    case Duplex::fold:
      return tr(Lang::ja, msg::gen::print_fold_short);
  }
  return "";
}

constexpr size_t kBlank = static_cast<size_t>(-1);

/// The deck's cards in print order, each repeated `count` times; with
/// `fill_blanks`, blank pieces fill the rest of the last row.
std::vector<size_t> print_order(const DeckLayout& deck, int columns) {
  std::vector<size_t> order;
  for (size_t i = 0; i < deck.deck->cards.size(); ++i)
    for (int n = 0; n < deck.deck->cards[i].count; ++n) order.push_back(i);
  if (deck.deck->fill_blanks && columns > 0)
    while (order.size() % static_cast<size_t>(columns) != 0) order.push_back(kBlank);
  return order;
}

/// A blank piece: the background of a face (or back) with nothing on it.
Face blank_like(const Face& f) {
  return Face{f.size, f.background, {}};
}

void paint_cut_lines(cairo_t* cr, const std::vector<RectMm>& trims, double radius) {
  cairo_save(cr);
  cairo_set_source_rgba(cr, 0.3, 0.3, 0.3, 0.8);
  cairo_set_line_width(cr, 0.1);
  for (const auto& t : trims) rounded_rect_path(cr, t, radius);
  cairo_stroke(cr);
  cairo_restore(cr);
}

/// A target printed at the same place on both sides: after duplex printing,
/// hold the sheet to the light to see how far the printer shifts the back.
void paint_registration(cairo_t* cr, PointMm c) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 0.15);
  cairo_arc(cr, c.x, c.y, 2, 0, 2 * M_PI);
  cairo_stroke(cr);
  cairo_move_to(cr, c.x - 3, c.y);
  cairo_line_to(cr, c.x + 3, c.y);
  cairo_move_to(cr, c.x, c.y - 3);
  cairo_line_to(cr, c.x, c.y + 3);
  cairo_stroke(cr);
  cairo_restore(cr);
}

void paint_fold_line(cairo_t* cr, SizeMm paper, double printer_margin) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
  cairo_set_line_width(cr, 0.2);
  const double dash[] = {2, 1.5};
  cairo_set_dash(cr, dash, 2, 0);
  cairo_move_to(cr, paper.width / 2, printer_margin);
  cairo_line_to(cr, paper.width / 2, paper.height - printer_margin);
  cairo_stroke(cr);
  cairo_restore(cr);
}

/// A key for a shared drawing (PdfWriter::paint_shared): its kind and its
/// numbers, exactly (core/exact_key.h).
std::string drawing_key(const std::string& kind, const std::vector<double>& numbers) {
  std::string key;
  append_exact(key, kind);
  for (double v : numbers) append_exact(key, v);
  return key;
}

/// Crop marks, the same on every full page: drawn once per PDF.
void paint_shared_crop_marks(PdfWriter& pdf, const std::vector<CropMark>& marks) {
  std::vector<double> numbers;
  for (const auto& m : marks) numbers.insert(numbers.end(), {m.from.x, m.from.y, m.to.x, m.to.y});
  pdf.paint_shared(drawing_key("crop marks", numbers),
                   [&](cairo_t* c) { paint_crop_marks(c, marks); });
}

/// A page's label, and its shorter forms (paint_margin_label): without the
/// game's name, then without the English, then without either.
std::vector<std::string> label_forms(const GameLayout& g, const DeckLayout& d, bool back, int page,
                                     int pages, const std::string& suffix) {
  const auto& game = g.game;
  const auto& deck = *d.deck;
  const std::string number = " " + std::to_string(page) + "/" + std::to_string(pages) + suffix;
  const std::string side = back ? BOCAGE_PRINT_BOTH(msg::gen::print_back, " ")
                                : BOCAGE_PRINT_BOTH(msg::gen::print_face, " ");
  const std::string ja =
      (back ? tr(Lang::ja, msg::gen::print_back) : tr(Lang::ja, msg::gen::print_face)) + number;
  return {game.name.ja + print::kJoin + deck.name.ja + " " + deck.name.en + print::kJoin + side +
              number,
          deck.name.ja + " " + deck.name.en + print::kJoin + side + number,
          game.name.ja + print::kJoin + deck.name.ja + print::kJoin + ja,
          deck.name.ja + print::kJoin + ja};
}

}  // namespace

constexpr double kMinGutterMm = 1;

/// The gutter a deck's pieces get when --gap is not given (see page_deck):
/// none where every edge is alike.
struct AutoGutter {
  double gap_mm = 0;
  bool hidden = false;  // the backs differ: a mis-cut would tell a hidden piece
};

namespace {

/// The pages `pieces` take on sheets of `plan`; INT_MAX when none fits.
int pages_for(const SheetPlan& plan, int pieces) {
  return plan.per_page() == 0 ? INT_MAX : (pieces + plan.per_page() - 1) / plan.per_page();
}

/// plan_card_sheet, with marks at the top only of the vertical cut lines only
/// where that takes `pieces` fewer pages: a row a page that saves no paper
/// is not worth a mark at one end.
SheetPlan plan_for(SizeMm card, SheetOptions sheet, Duplex duplex, int pieces) {
  SheetPlan plan = plan_card_sheet(card, sheet, duplex);
  if (!plan.marks_top_only) return plan;
  sheet.allow_marks_top_only = false;
  SheetPlan both_ends = plan_card_sheet(card, sheet, duplex);
  return pages_for(both_ends, pieces) <= pages_for(plan, pieces) ? both_ends : plan;
}

/// The same sheet with the paper turned a quarter (landscape for portrait).
SheetOptions turned_paper(SheetOptions o) {
  std::swap(o.paper.width, o.paper.height);
  return o;
}

}  // namespace

AutoGutter auto_gutter(const DeckLayout& deck, SheetOptions sheet, Duplex duplex) {
  const bool backs_unlike = deck.backs_unlike_edges;
  if (!backs_unlike && !deck.faces_unlike_edges) return {};
  // Full bleed each side where the paper allows as many pieces a page and as
  // few pages as shared cut lines do, the paper upright or turned (page_deck
  // takes the one of fewer pages: poker cards on Letter, 8 a page across
  // where 6 stand upright); else the widest gutter that does, down to 1 mm
  // (a cut up to half a millimetre off stays in the piece's own bleed). Backs
  // that hide something get 1 mm even at the cost of pieces a page.
  // A sheet whose vertical cut lines are marked at the top only holds a row
  // more (Letter: 9 poker cards, 6 with marks at both ends): a gutter that
  // costs that row's pages is no gutter where the faces differ, but backs
  // that hide something keep theirs, chosen as though every mark were whole.
  const int pieces = std::max(1, deck.deck->total_count());
  auto fewest_pages = [&](const SheetOptions& o, bool top_only, int* per_page) {
    int best = INT_MAX;
    *per_page = 0;
    for (SheetOptions paper : {o, turned_paper(o)}) {
      // (plan_for's pages: the fewer of the two plans')
      paper.allow_marks_top_only = false;
      const SheetPlan both_ends = plan_card_sheet(deck.deck->size, paper, duplex);
      *per_page = std::max(*per_page, both_ends.per_page());
      best = std::min(best, pages_for(both_ends, pieces));
      paper.allow_marks_top_only = true;
      if (top_only)
        best = std::min(best, pages_for(plan_card_sheet(deck.deck->size, paper, duplex), pieces));
    }
    return best;
  };
  int per_page = 0;
  const int shared = fewest_pages(sheet, true, &per_page);
  if (per_page <= 1 || pieces <= 1) return {};  // no neighbours
  const std::initializer_list<double> gutters = {2 * sheet.bleed_mm, 4.0, 3.0, 2.0, 1.5,
                                                 kMinGutterMm};
  for (const bool top_only : {true, false}) {
    if (!top_only && !backs_unlike) break;
    int ignored = 0;
    const int least = top_only ? shared : fewest_pages(sheet, false, &ignored);
    for (double g : gutters) {
      if (g <= 0 || g > 2 * sheet.bleed_mm + 1e-9) continue;
      SheetOptions with = sheet;
      with.gap_mm = g;
      int n = 0;
      if (fewest_pages(with, top_only, &n) <= least && n >= per_page) return {g, backs_unlike};
    }
  }
  if (backs_unlike) return {kMinGutterMm, true};
  return {};
}

/// Without backs there is nothing to flip or fold.
Duplex effective_duplex(const DeckLayout& deck, Duplex wanted) {
  return deck.has_backs() ? wanted : Duplex::none;
}

DeckPaging page_deck(const DeckLayout& deck, const DeckPdfOptions& options) {
  DeckPaging p;
  const Duplex duplex = effective_duplex(deck, options.duplex);
  // Counters keep a wider margin: room for the registration target, the label
  // and the ruler beside a grid that would otherwise fill the page.
  SheetOptions sheet = options.sheet;
  if (deck.deck->kind == Deck::Kind::counters) {
    sheet.margin_mm = std::max(sheet.margin_mm, kCounterMarginMm);
    sheet.crop_mark_mm = kCounterCropMarkMm;  // the cut lines carry the rest
  }
  if (options.auto_gap && sheet.gap_mm == 0) {
    // Where pieces' edges differ in colour, a cut a little off shows a sliver
    // of the neighbour (a dark top on a light card, a hidden counter's back
    // beside a different one): each piece gets its own bleed.
    const AutoGutter gutter = auto_gutter(deck, sheet, duplex);
    if (gutter.gap_mm > 0) {
      sheet.gap_mm = gutter.gap_mm;
      p.notes.push_back(gutter.hidden
                            ? both(msg::gen::note_gutter_hidden, "gap"_a = format_g(gutter.gap_mm))
                            : both(msg::gen::note_gutter, "gap"_a = format_g(gutter.gap_mm)));
    }
  }
  const int pieces = std::max(1, deck.deck->total_count());
  p.plan = plan_for(deck.deck->size, sheet, duplex, pieces);
  // The paper turned to landscape, where the pieces take fewer pages so
  // (poker cards on B4: 10 a page, not 9) or fit only so (a map, a board).
  // Pieces without backs, or whose backs have pages of their own unmirrored
  // (--duplex none), are printed on landscape pages. Pieces with backs
  // printed on both sides are drawn across the page and printed turned back
  // to portrait (/Rotate 90): the printer flips the sheet as any portrait
  // one, and the backs are placed for that flip, which runs across the
  // drawing (turned_flip). Folded pieces on landscape pages fold across
  // the sheet (poker cards on A4: 4 a page, where the fold down an upright
  // sheet gives 3).
  {
    const SheetOptions turned = turned_paper(sheet);
    const SheetPlan landscape = plan_for(deck.deck->size, turned, duplex, pieces);
    // (at as many pages, the sheet whose cut lines are marked at both ends)
    const int upright_pages = pages_for(p.plan, pieces),
              turned_pages = pages_for(landscape, pieces);
    if (turned_pages < upright_pages ||
        (turned_pages == upright_pages && p.plan.marks_top_only && !landscape.marks_top_only)) {
      sheet = turned;
      p.plan = landscape;
      if (deck.has_backs() && duplex == Duplex::fold) {
        p.notes.push_back(both(msg::gen::note_fold_across, "per_page"_a = p.plan.per_page()));
      } else if (deck.has_backs() && duplex != Duplex::none) {
        p.turned = true;
        p.notes.push_back(both(msg::gen::note_turned, "per_page"_a = p.plan.per_page()));
      }
    }
  }
  if (p.plan.per_page() == 0 && !deck.has_backs() && deck.min_scale < 1) {
    // A piece a little larger than the paper allows (an A4 aid on Letter):
    // printed smaller, at the largest scale that fits with whole crop marks
    // (else the largest that fits), down to min_scale.
    for (bool whole : {true, false}) {
      for (double s = 0.995; s >= deck.min_scale - 1e-9 && p.scale == 1; s -= 0.005) {
        const SizeMm smaller{deck.deck->size.width * s, deck.deck->size.height * s};
        for (bool turn : {false, true}) {
          SheetOptions o = sheet;
          if (turn) std::swap(o.paper.width, o.paper.height);
          const SheetPlan plan = plan_card_sheet(smaller, o, duplex);
          if (plan.per_page() > 0 && (!whole || !plan.marks_short)) {
            sheet = o;
            p.plan = plan;
            p.scale = s;
            break;
          }
        }
      }
      if (p.scale < 1) break;
    }
    if (p.scale < 1)
      p.notes.push_back(
          both(msg::gen::note_scaled, "percent"_a = format_g(std::round(p.scale * 1000) / 10)));
  }
  if (p.plan.per_page() == 0) {
    if (!deck.has_backs()) {
      TilePlan tiles =
          plan_tiles(deck.deck->size, options.sheet.paper, options.overlap_mm,
                     tile_margin(options.sheet.bleed_mm, options.sheet.printer_margin_mm));
      p.tiled = true;
      p.face_pages = p.total_pages = static_cast<int>(tiles.tiles.size() * deck.deck->cards.size());
    }
    return p;
  }
  int total = static_cast<int>(print_order(deck, p.plan.columns).size());
  const SizeMm piece{deck.deck->size.width * p.scale, deck.deck->size.height * p.scale};
  // Pieces that all fit in fewer rows than the paper holds, on a sheet whose
  // full grid leaves the label or ruler no room above and below it (counters
  // on Letter): plan just those rows, centred, so both keep their place.
  // Likewise a counter sheet whose full grid leaves its registration target
  // no room (B5): the rows it uses leave room under them.
  const bool counters_with_backs = deck.deck->kind == Deck::Kind::counters && deck.has_backs();
  const Duplex flip = p.turned ? turned_flip(duplex) : duplex;
  const bool furniture_squeezed = p.plan.label.vertical || p.plan.label.box.width <= 0 ||
                                  p.plan.label.box.height <= 0 || !ruler_fits(p.plan.ruler) ||
                                  (counters_with_backs && !registration_point(p.plan, flip));
  if (const int rows = (total + p.plan.columns - 1) / p.plan.columns;
      furniture_squeezed && rows < p.plan.rows) {
    // The columns do not depend on the rows, so neither does the print order.
    sheet.max_rows = rows;
    p.plan = plan_card_sheet(piece, sheet, duplex);
  }
  // Fewer pieces a page matter only when they take more pages.
  const int unreserved = std::max(p.plan.per_page_unreserved, 1);
  const bool more_pages =
      (total + p.plan.per_page() - 1) / p.plan.per_page() > (total + unreserved - 1) / unreserved;
  for (const auto& note : p.plan.notes)
    if (more_pages || !note.fewer_pieces) p.notes.push_back(note.text);
  // A counter sheet with backs has its registration target wherever the
  // paper has room (registration_point); where it has none, the build says so.
  if (counters_with_backs && !registration_point(p.plan, flip))
    p.notes.push_back(both(msg::gen::note_no_registration));
  p.face_pages = (total + p.plan.per_page() - 1) / p.plan.per_page();
  bool backs_own_pages = deck.has_backs() && duplex != Duplex::fold;
  p.total_pages = p.face_pages * (backs_own_pages ? 2 : 1);
  return p;
}

Text deck_too_large(const DeckLayout& d, const DeckPdfOptions& options) {
  const std::string width = format_g(d.deck->size.width), height = format_g(d.deck->size.height);
  const std::string bleed = format_g(options.sheet.bleed_mm);
  const std::string margin = format_g(options.sheet.printer_margin_mm);
  return effective_duplex(d, options.duplex) == Duplex::fold
             ? both(msg::gen::deck_too_large_fold, "deck"_a = d.deck->id, "width"_a = width,
                    "height"_a = height, "bleed"_a = bleed, "margin"_a = margin)
             : both(msg::gen::deck_too_large, "deck"_a = d.deck->id, "width"_a = width,
                    "height"_a = height, "bleed"_a = bleed, "margin"_a = margin);
}

PdfDuplex pdf_duplex(Duplex duplex) {
  return duplex == Duplex::long_edge    ? PdfDuplex::flip_long_edge
         : duplex == Duplex::short_edge ? PdfDuplex::flip_short_edge
                                        : PdfDuplex::simplex;
}

bool write_deck_pdf(const GameLayout& g, const DeckLayout& d, const DeckPdfOptions& options,
                    const TextEngine& engine, const TemplateLibrary& templates, IconCache& icons,
                    const std::filesystem::path& destination, Text* error, PendingFiles* pending) {
  DeckPaging paging = page_deck(d, options);
  if (paging.tiled)
    return write_tiled_pdf(g, d, options, engine, templates, icons, destination, error, pending) >
           0;
  const SheetPlan& plan = paging.plan;
  if (plan.per_page() == 0) {
    if (error) *error = deck_too_large(d, options);
    return false;
  }
  PdfMetadata meta;
  meta.title = g.game.name.ja + print::kTitleDash + d.deck->name.ja + " (" + g.game.name.en +
               print::kTitleDash + d.deck->name.en + ")";
  const bool counters = d.deck->kind == Deck::Kind::counters;
  meta.subject = std::string("Print-and-play ") + (counters ? "counter" : "card") + " sheets, " +
                 options.paper_name + ", " + duplex_name(effective_duplex(d, options.duplex));
  meta.keywords = g.game.id + ", " + d.deck->id;
  PdfWriter pdf(destination, plan.paper, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return false;
  }
  pdf.set_duplex(pdf_duplex(effective_duplex(d, options.duplex)));
  draw_deck_sheets(pdf, g, d, options, engine, templates, icons, false);
  if (!pdf.commit(pending)) {
    if (error) *error = pdf.error();
    return false;
  }
  return true;
}

namespace {

/// draw_deck_sheets, or (`block_y` set) the deck's one single-sided page
/// drawn on the current page, `block_y` mm down (options.sheet.paper: the
/// part of the page it takes).
void draw_sheets(PdfWriter& pdf, const GameLayout& g, const DeckLayout& d,
                 const DeckPdfOptions& options, const TextEngine& engine,
                 const TemplateLibrary& templates, IconCache& icons, bool blank_backs,
                 std::optional<double> block_y) {
  const DeckPaging paging = page_deck(d, options);
  const SheetPlan& plan = paging.plan;
  const bool counters = d.deck->kind == Deck::Kind::counters;
  const Duplex duplex = effective_duplex(d, options.duplex);
  // Where a back lies behind its face, as drawn.
  const Duplex flip = paging.turned ? turned_flip(duplex) : duplex;
  cairo_t* cr = pdf.cr();
  const std::string label_family = g.game.fonts.families.at("gothic").name;
  const auto order = print_order(d, plan.columns);
  const int per_page = plan.per_page();
  const bool has_backs = d.has_backs();
  const auto registration =
      counters && has_backs ? registration_point(plan, flip) : std::optional<PointMm>{};
  // A page printed on one side, in a PDF printed on both (a pack): its back
  // stays blank, so that the next page starts a new sheet.
  const bool single_sided = !has_backs || duplex == Duplex::fold;
  int pages_begun = 0;
  auto begin_page = [&] {
    if (block_y) {  // drawn on the page of the blocks, moved down to its place
      cairo_translate(cr, 0, *block_y);
      return;
    }
    if (blank_backs && single_sided && pages_begun > 0) pdf.start_page(plan.paper);
    pdf.start_page(plan.paper);
    if (paging.turned) pdf.set_page_turned();
    ++pages_begun;
  };
  if (block_y) cairo_save(cr);
  auto slots_on = [&](int page) {
    std::vector<std::pair<int, size_t>> out;  // slot, card (or kBlank)
    for (int s = 0; s < per_page; ++s) {
      size_t k = static_cast<size_t>(page * per_page + s);
      if (k >= order.size()) break;
      out.push_back({s, order[k]});
    }
    return out;
  };

  // Each piece's bleed on its page: full next to an empty cell.
  auto bleeds_on = [&](int page) {
    std::vector<int> used;
    for (auto [s, card] : slots_on(page)) used.push_back(s);
    return page_bleeds(plan, used);
  };
  auto draw_faces = [&](int page) {
    std::vector<RectMm> used;
    const auto slots = slots_on(page);
    const auto bleeds = bleeds_on(page);
    for (size_t i = 0; i < slots.size(); ++i) {
      auto [s, card] = slots[i];
      const RectMm& trim = plan.slots[static_cast<size_t>(s)].trim;
      used.push_back(trim);
      const std::shared_ptr<const Face> laid = d.face(card == kBlank ? 0 : card);
      Face face = card == kBlank ? blank_like(*laid) : Face{};
      const Face& shown = card == kBlank ? face : *laid;
      if (paging.scale < 1) {
        // Drawn at its own size, made smaller about the trim's corner.
        const Insets b = bleeds[i];
        const double k = 1 / paging.scale;
        cairo_save(cr);
        cairo_translate(cr, trim.x, trim.y);
        cairo_scale(cr, paging.scale, paging.scale);
        paint_face(cr, shown, {0, 0, shown.size.width, shown.size.height},
                   {b.left * k, b.top * k, b.right * k, b.bottom * k}, icons, templates);
        cairo_restore(cr);
        continue;
      }
      paint_face(cr, shown, trim, bleeds[i], icons, templates);
    }
    if (slots.size() == 1) pdf.set_page_boxes(used[0], grow(used[0], bleeds[0]));
    if (counters) paint_cut_lines(cr, used, d.deck->corner_radius_mm);
    if (options.sheet.crop_marks)
      paint_shared_crop_marks(pdf, crop_marks_for(used, plan.mark_limit, plan));
    if (registration)
      pdf.paint_shared(drawing_key("registration", {registration->x, registration->y}),
                       [&](cairo_t* c) { paint_registration(c, *registration); });
  };
  // How many pieces show each back (by the first card whose back is alike).
  std::vector<int> pieces(d.size(), 0);
  std::optional<size_t> any_back;  // a card with a back
  for (size_t i = 0; i < d.size(); ++i)
    if (const auto first = d.first_alike_back(i)) {
      pieces[*first] += d.deck->cards[i].count;
      if (!any_back) any_back = i;
    }
  // Backs, where they fall behind their faces; shifted by --back-offset.
  // --back-offset is measured on the sheet as printed: on a turned page, its
  // right is the drawing's up and its down the drawing's right.
  const PointMm back_offset =
      paging.turned ? PointMm{options.back_offset.y, -options.back_offset.x} : options.back_offset;
  auto draw_backs = [&](int page) {
    cairo_save(cr);
    cairo_translate(cr, back_offset.x, back_offset.y);
    std::vector<RectMm> used;
    const auto slots = slots_on(page);
    const auto bleeds = bleeds_on(page);
    for (size_t i = 0; i < slots.size(); ++i) {
      auto [s, card] = slots[i];
      const CardSlot& slot = plan.slots[static_cast<size_t>(s)];
      RectMm at = back_position(slot.trim, plan.paper, flip);
      const Insets bleed = back_bleed(bleeds[i], flip);
      used.push_back(at);
      if (slots.size() == 1 && duplex != Duplex::fold) {
        const RectMm shifted{at.x + back_offset.x, at.y + back_offset.y, at.width, at.height};
        pdf.set_page_boxes(shifted, grow(shifted, bleed));
      }
      if (card != kBlank && !d.first_alike_back(card)) continue;  // a card without a back
      const std::shared_ptr<const Face> back = d.back(card == kBlank ? *any_back : card);
      Face blank;
      if (card == kBlank) blank = blank_like(*back);
      const Face& face = card == kBlank ? blank : *back;
      const std::optional<size_t> first = card == kBlank ? std::nullopt : d.first_alike_back(card);
      // Where the flip runs across the drawing (the short edge; a turned
      // page printed on the long edge), a back upright on its page would lie
      // upside down behind its face: it is drawn turned half round in its
      // place, so that each piece, cut out and turned over like a page,
      // shows its back upright, whatever the printer's flip.
      const bool half_round = flip == Duplex::short_edge;
      // The piece's own sides' bleed (its left is the page's right, turned).
      const Insets own =
          half_round ? Insets{bleed.right, bleed.bottom, bleed.left, bleed.top} : bleed;
      // Drawn from its top-left corner as the piece has it: `at`'s, or,
      // turned, the opposite one.
      auto turn_in_place = [&] {
        cairo_translate(cr, at.x + at.width, at.y + at.height);
        cairo_rotate(cr, M_PI);
      };
      if (!first || pieces[*first] < 2) {
        if (!half_round) {
          paint_face(cr, face, at, bleed, icons, templates);
          continue;
        }
        cairo_save(cr);
        turn_in_place();
        paint_face(cr, face, {0, 0, at.width, at.height}, own, icons, templates);
        cairo_restore(cr);
        continue;
      }
      // A back that several pieces show is recorded once, with the whole
      // bleed on every side, and painted from the recording (the PDF holds
      // it once, as a form XObject), clipped to this place's bleed. The
      // recording's box reaches 1 mm further: viewers snap a form's box to
      // whole pixels (poppler cut a pixel off the edge where the two met).
      const double full =
          std::max({options.sheet.bleed_mm, bleed.left, bleed.top, bleed.right, bleed.bottom});
      std::string key;
      append_exact(key, "back of " + d.deck->id);
      append_exact(key, static_cast<std::int64_t>(*first));
      for (double v : {face.size.width, face.size.height, full}) append_exact(key, v);
      cairo_save(cr);
      cairo_rectangle(cr, at.x - bleed.left, at.y - bleed.top, at.width + bleed.left + bleed.right,
                      at.height + bleed.top + bleed.bottom);
      cairo_clip(cr);
      if (half_round) turn_in_place();
      pdf.paint_shared_at(
          half_round ? PointMm{0, 0} : PointMm{at.x, at.y}, key,
          {-full - 1, -full - 1, face.size.width + 2 * full + 2, face.size.height + 2 * full + 2},
          [&](cairo_t* c) {
            paint_face(c, face, {0, 0, at.width, at.height}, {full, full, full, full}, icons,
                       templates);
          });
      cairo_restore(cr);
    }
    // The marks stay inside the printer's margin on the paper, not in the
    // shifted drawing.
    RectMm limit = back_position(plan.mark_limit, plan.paper, flip);
    limit.x -= back_offset.x;
    limit.y -= back_offset.y;
    if (options.sheet.crop_marks) paint_shared_crop_marks(pdf, crop_marks_for(used, limit, plan));
    if (registration) {
      RectMm r = back_position({registration->x, registration->y, 0, 0}, plan.paper, flip);
      pdf.paint_shared(drawing_key("registration", {r.x, r.y}), [&](cairo_t* c) {
        paint_registration(c, {r.x, r.y});
      });
    }
    cairo_restore(cr);
  };
  auto draw_furniture = [&](bool back, int page) {
    const std::string suffix =
        back || duplex == Duplex::fold
            ? print::kOpenBracket + duplex_short_name(duplex) + print::kCloseBracket
            : "";
    // Sized as the last page's label: its page number has the most digits.
    paint_margin_label(cr, engine, label_family,
                       label_forms(g, d, back, page + 1, paging.face_pages, suffix), plan.label,
                       label_forms(g, d, back, paging.face_pages, paging.face_pages, suffix));
    const RectMm& rb = plan.ruler.box;
    pdf.paint_shared(drawing_key("ruler " + label_family, {rb.x, rb.y, rb.width, rb.height,
                                                           plan.ruler.vertical ? 1.0 : 0.0}),
                     [&](cairo_t* c) { paint_ruler(c, engine, label_family, plan.ruler); });
  };

  for (int page = 0; page < paging.face_pages; ++page) {
    begin_page();
    draw_faces(page);
    if (duplex == Duplex::fold) {
      if (has_backs) {
        draw_backs(page);
        paint_fold_line(cr, plan.paper, plan.printer_margin_mm);
      }
      draw_furniture(false, page);
      continue;
    }
    draw_furniture(false, page);
    if (has_backs && duplex != Duplex::none) {
      begin_page();
      draw_backs(page);
      draw_furniture(true, page);
    }
  }
  if (has_backs && duplex == Duplex::none) {
    for (int page = 0; page < paging.face_pages; ++page) {
      begin_page();
      draw_backs(page);
      draw_furniture(true, page);
    }
  }
  if (block_y) {
    cairo_restore(cr);
    return;
  }
  if (blank_backs && single_sided) pdf.start_page(plan.paper);
}

}  // namespace

void draw_deck_sheets(PdfWriter& pdf, const GameLayout& g, const DeckLayout& d,
                      const DeckPdfOptions& options, const TextEngine& engine,
                      const TemplateLibrary& templates, IconCache& icons, bool blank_backs) {
  draw_sheets(pdf, g, d, options, engine, templates, icons, blank_backs, std::nullopt);
}

void draw_deck_block(PdfWriter& pdf, const GameLayout& g, const DeckLayout& d,
                     const DeckPdfOptions& options, const TextEngine& engine,
                     const TemplateLibrary& templates, IconCache& icons, double y_mm) {
  draw_sheets(pdf, g, d, options, engine, templates, icons, false, y_mm);
}

std::optional<double> block_height(const DeckLayout& d, const DeckPdfOptions& options) {
  // Pieces with backs only when folded: faces and backs side by side in one
  // band, folded down the middle of the upright page (its fold line spans
  // the band alone).
  const bool folded = d.has_backs() && options.duplex == Duplex::fold;
  if (d.has_backs() && !folded) return std::nullopt;
  const SizeMm paper = options.sheet.paper;
  const DeckPaging whole = page_deck(d, options);
  if (whole.tiled || whole.face_pages != 1) return std::nullopt;
  if (folded && whole.plan.paper.width != paper.width) return std::nullopt;  // folded across
  // The least height, in whole millimetres, that holds every piece on one
  // page with its label, ruler and marks as the whole page would.
  DeckPdfOptions o = options;
  for (double h = std::ceil(d.deck->size.height); h < paper.height; h += 1) {
    o.sheet.paper = {paper.width, h};
    const DeckPaging part = page_deck(d, o);
    // (and the same room for the label and the ruler's caption, which are
    // never printed smaller)
    auto across = [](const MarginBox& b) { return b.vertical ? b.box.width : b.box.height; };
    if (!part.tiled && part.face_pages == 1 && part.plan.per_page() > 0 &&
        part.plan.paper.width == paper.width && part.plan.columns == whole.plan.columns &&
        part.notes.size() <= whole.notes.size() &&
        across(part.plan.label) >= across(whole.plan.label) - 1e-9 &&
        across(part.plan.ruler) >= across(whole.plan.ruler) - 1e-9)
      return h;
  }
  return std::nullopt;
}

}  // namespace bocage
