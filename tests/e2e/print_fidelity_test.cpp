// Print fidelity, measured on real PDFs: where the ink is (pages rendered
// with poppler and scanned in millimetres), the print hints and boxes a print
// dialog or a print shop reads (with libqpdf), and the paper sizes.
// qpdf 11: no deprecated PointerHolder in its headers.
#define POINTERHOLDER_TRANSITION 4

#include <poppler-document.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <qpdf/Buffer.hh>
#include <qpdf/Pl_Discard.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFWriter.hh>
#include <sstream>

#include "../text_helpers.h"
#include "generator/assemble/deck_pdf.h"
#include "generator/assemble/game_layout.h"
#include "generator/sheets/tile_plan.h"
#include "pdf_probe.h"

using namespace bocage;
using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = BOCAGE_FIXTURES;

/// A page rendered at `dpi`, read in millimetres from the top-left.
struct Raster {
  int width = 0, height = 0;
  double dpi = 100;
  std::vector<uint32_t> argb;

  int px(double mm) const { return static_cast<int>(std::floor(mm * dpi / 25.4)); }
  uint32_t at(int x, int y) const { return argb[static_cast<size_t>(y) * width + x]; }
  bool white(int x, int y) const { return (at(x, y) & 0xFFFFFF) == 0xFFFFFF; }
  bool white_mm(double x, double y) const { return white(px(x), px(y)); }
};

Raster render(const fs::path& pdf, int page_index, double dpi) {
  Raster r;
  r.dpi = dpi;
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  if (!doc || page_index >= doc->pages()) return r;
  std::unique_ptr<poppler::page> page(doc->create_page(page_index));
  poppler::page_renderer renderer;
  renderer.set_render_hint(poppler::page_renderer::antialiasing, true);
  renderer.set_image_format(poppler::image::format_argb32);
  poppler::image img = renderer.render_page(page.get(), dpi, dpi);
  r.width = img.width();
  r.height = img.height();
  r.argb.resize(static_cast<size_t>(r.width) * r.height);
  for (int y = 0; y < r.height; ++y) {
    const auto* row = reinterpret_cast<const uint32_t*>(img.const_data() + y * img.bytes_per_row());
    std::copy(row, row + r.width, r.argb.begin() + static_cast<long>(y) * r.width);
  }
  return r;
}

int page_count(const fs::path& pdf) {
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  return doc ? doc->pages() : 0;
}

/// The first inked pixel within `margin_mm` of the paper's edge, as a message; "" when clean.
/// Pixels that straddle the margin's inner edge are not counted (anti-aliasing).
std::string ink_in_margin(const Raster& r, double margin_mm) {
  const int m = r.px(margin_mm);  // pixels [0, m) lie wholly inside the margin
  for (int y = 0; y < r.height; ++y) {
    const bool band_row = y < m || y >= r.height - m;
    for (int x = 0; x < r.width; ++x) {
      if (!band_row && x >= m && x < r.width - m) {
        x = r.width - m - 1;
        continue;
      }
      if (!r.white(x, y)) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "ink at (%.1f, %.1f) mm on a %.1f x %.1f mm page",
                      x * 25.4 / r.dpi, y * 25.4 / r.dpi, r.width * 25.4 / r.dpi,
                      r.height * 25.4 / r.dpi);
        return buf;
      }
    }
  }
  return "";
}

/// Every page of every PDF under `folder` keeps the printer's margin clear.
void check_margins(const fs::path& folder, double margin_mm) {
  const auto pdfs = pdfs_under(folder);
  REQUIRE_FALSE(pdfs.empty());
  for (const auto& pdf : pdfs) {
    for (int page = 0; page < page_count(pdf); ++page) {
      INFO(pdf.filename().string() << " page " << page + 1);
      CHECK(ink_in_margin(render(pdf, page, 100), margin_mm) == "");
    }
  }
}

/// Does the art run on past the trim edge? Samples along the middle of an
/// edge, 1.5 mm outside the trim: paper white there while the card's own edge
/// (0.3 mm inside) is inked means the bleed is missing.
bool bleeds_past(const Raster& r, RectMm trim, char side) {
  int missing = 0, samples = 0;
  for (double f = 0.3; f <= 0.7001; f += 0.05) {
    double x = trim.x + f * trim.width, y = trim.y + f * trim.height;
    double ox = x, oy = y, ix = x, iy = y;
    switch (side) {
      case 'l':
        ox = trim.x - 1.5, ix = trim.x + 0.3;
        break;
      case 'r':
        ox = trim.right() + 1.5, ix = trim.right() - 0.3;
        break;
      case 't':
        oy = trim.y - 1.5, iy = trim.y + 0.3;
        break;
      default:
        oy = trim.bottom() + 1.5, iy = trim.bottom() - 0.3;
        break;
    }
    if (r.white_mm(ix, iy)) continue;  // white art at the edge: nothing to tell
    ++samples;
    if (r.white_mm(ox, oy)) ++missing;
  }
  return samples > 0 && missing == 0;
}

/// A game laid out, with the templates its faces' elements point into.
struct LaidOut {
  std::unique_ptr<TemplateLibrary> templates;
  GameLayout g;
};

/// The shipped game laid out as bocage-gen lays it out, for its geometry
/// (and, to choose gutters, its faces' shapes: the templates stay alive).
LaidOut lay_out(const std::string& data, const std::string& templates_root, const std::string& id,
                const TextEngine& engine) {
  Diagnostics diags;
  LaidOut out;
  out.templates = std::make_unique<TemplateLibrary>(templates_root, diags);
  out.g = lay_out_game(data, id, *out.templates, engine, diags);
  REQUIRE_FALSE(diags.has_errors());
  return out;
}

/// A piece's place on a page of a deck's PDF, as that page shows it (a back,
/// flipped on the long edge, mirrored), and which of its neighbours hold a
/// piece (left, right, top, bottom as seen on the page).
struct SlotOnPage {
  int page = 0;  // from 0
  int slot = 0;
  RectMm trim;
  std::map<char, bool> neighbour;  // 'l', 'r', 't', 'b'
};

/// Visits every piece of every page of a deck's PDF (rendered at `dpi`),
/// faces and backs (long-edge duplex, no back offset).
void for_each_slot(const fs::path& pdf, const DeckLayout& deck, const DeckPdfOptions& options,
                   double dpi, const std::function<void(const Raster&, const SlotOnPage&)>& visit) {
  DeckPaging paging = page_deck(deck, options);
  REQUIRE_FALSE(paging.tiled);
  const SheetPlan& plan = paging.plan;
  int total = deck.deck->total_count();
  if (deck.deck->fill_blanks)
    while (total % plan.columns != 0) ++total;
  const int pages_per_sheet = deck.has_backs() ? 2 : 1;
  for (int sheet = 0; sheet < paging.face_pages; ++sheet) {
    const int on_page = std::min(plan.per_page(), total - sheet * plan.per_page());
    auto used = [&](int r, int c) {
      return r >= 0 && c >= 0 && r < plan.rows && c < plan.columns &&
             r * plan.columns + c < on_page;
    };
    for (int side = 0; side < pages_per_sheet; ++side) {
      const int page = sheet * pages_per_sheet + side;
      const Raster r = render(pdf, page, dpi);
      for (int s = 0; s < on_page; ++s) {
        const int row = s / plan.columns, col = s % plan.columns;
        SlotOnPage at{page, s, plan.slots[static_cast<size_t>(s)].trim, {}};
        int left = col - 1, right = col + 1;
        if (side == 1) {  // on a back, left and right swap
          at.trim = back_position(at.trim, plan.paper, Duplex::long_edge);
          std::swap(left, right);
        }
        at.neighbour = {{'l', used(row, left)},
                        {'r', used(row, right)},
                        {'t', used(row - 1, col)},
                        {'b', used(row + 1, col)}};
        visit(r, at);
      }
    }
  }
}

/// Checks, on every page of a deck's PDF, that every trim edge next to an
/// empty cell (or the paper's side of the grid) carries the bleed, on faces
/// and on backs.
void check_bleed_on_cut_edges(const fs::path& pdf, const DeckLayout& deck,
                              const DeckPdfOptions& options) {
  for_each_slot(pdf, deck, options, 200, [&](const Raster& r, const SlotOnPage& at) {
    INFO(pdf.filename().string() << " page " << at.page + 1 << " slot " << at.slot);
    for (const auto& [side, used] : at.neighbour)
      if (!used) CHECK(bleeds_past(r, at.trim, side));
  });
}

/// Whether two pixels look alike (a sliver of one beside the other would not show).
bool alike(uint32_t a, uint32_t b) {
  for (int shift : {16, 8, 0})
    if (std::abs(static_cast<int>((a >> shift) & 0xFF) - static_cast<int>((b >> shift) & 0xFF)) >
        40)
      return false;
  return true;
}

/// The places on every page of a deck's PDF where a cut `off_mm` past a
/// piece's trim edge, towards a used neighbour, shows another colour than
/// the piece's own edge (as "page 2 slot 3 b"); faces and backs.
std::vector<std::string> slivers(const fs::path& pdf, const DeckLayout& deck,
                                 const DeckPdfOptions& options, double off_mm) {
  std::vector<std::string> out;
  for_each_slot(pdf, deck, options, 300, [&](const Raster& r, const SlotOnPage& at) {
    const RectMm& t = at.trim;
    for (const auto& [side, used] : at.neighbour) {
      if (!used) continue;
      int unlike = 0;
      for (double f : {0.2, 0.35, 0.5, 0.65, 0.8}) {
        const bool across = side == 't' || side == 'b';
        const double along = across ? t.x + t.width * f : t.y + t.height * f;
        const double edge = side == 'l'   ? t.x
                            : side == 'r' ? t.right()
                            : side == 't' ? t.y
                                          : t.bottom();
        const double outward = side == 'l' || side == 't' ? -1 : 1;
        auto pixel = [&](double d) {
          const double p = edge + outward * d;
          return across ? r.at(r.px(along), r.px(p)) : r.at(r.px(p), r.px(along));
        };
        if (!alike(pixel(off_mm), pixel(-0.3))) ++unlike;
      }
      if (unlike >= 2)
        out.push_back("page " + std::to_string(at.page + 1) + " slot " + std::to_string(at.slot) +
                      " " + side);
    }
  });
  return out;
}

}  // namespace

TEST_CASE("a cut a little off shows the piece's own colour, never its neighbour's") {
  // Cards with a dark top and a light bottom, counters whose backs differ
  // (Stuart vs Zombies' damaged M5 beside the "?" backs): by default each
  // piece has a gutter and its own bleed, so a cut 0.4 mm off shows its own
  // edge colour. With shared cut lines (--gap 0) it would show the neighbour's.
  TempDir out, shared;
  for (const char* game : {"endless-patrol", "stuart-vs-zombies"}) {
    RunResult r =
        run_gen(std::string("build ") + game + " " + kRoots + " --out '" + out.path.string() + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(contains(r.err, "a gutter of"));
    r = run_gen(std::string("build ") + game + " " + kRoots + " --gap 0 --out '" +
                shared.path.string() + "'");
    REQUIRE(r.status == 0);
  }
  TextEngine engine;
  DeckPdfOptions options;  // what the build used: A4, 3 mm bleed, long edge, a gutter where needed
  DeckPdfOptions zero = options;
  zero.auto_gap = false;
  for (auto [game, deck_id] :
       {std::pair{"endless-patrol", "gi"}, std::pair{"endless-patrol", "patrol"},
        std::pair{"stuart-vs-zombies", "counters"}}) {
    const LaidOut laid = lay_out(kRoot + "/data", kRoot + "/templates", game, engine);
    const GameLayout& g = laid.g;
    const DeckLayout* deck = g.deck(deck_id);
    REQUIRE(deck);
    INFO(game << " " << deck_id);
    CHECK(page_deck(*deck, options).plan.gap_mm >= 1);
    CHECK(slivers(out.path / game / (std::string(deck_id) + ".pdf"), *deck, options, 0.4) ==
          std::vector<std::string>{});
    // (the test sees a sliver where there is one)
    CHECK_FALSE(
        slivers(shared.path / game / (std::string(deck_id) + ".pdf"), *deck, zero, 0.4).empty());
  }
}

TEST_CASE("every cut edge bleeds, next to an empty cell too, on faces and backs") {
  TempDir out;
  for (const char* game :
       {"endless-patrol", "stuart-vs-zombies", "omaha-beach", "squad", "maquis"}) {
    RunResult r =
        run_gen(std::string("build ") + game + " " + kRoots + " --out '" + out.path.string() + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);
  }
  TextEngine engine;
  DeckPdfOptions options;  // what the build above used: A4, 3 mm bleed, long edge
  for (const char* game :
       {"endless-patrol", "stuart-vs-zombies", "omaha-beach", "squad", "maquis"}) {
    const LaidOut laid = lay_out(kRoot + "/data", kRoot + "/templates", game, engine);
    const GameLayout& g = laid.g;
    for (const auto& deck : g.decks) {
      if (deck.deck->kind == Deck::Kind::cards && deck.deck->size.width > 100) continue;  // sheets
      if (page_deck(deck, options).plan.per_page() == 1) continue;
      check_bleed_on_cut_edges(out.path / game / (deck.deck->id + ".pdf"), deck, options);
    }
  }
}

TEST_CASE("a tiled map bleeds on the map's own edges") {
  TempDir out;
  RunResult r = run_gen("build poster --data '" + kFixtures + "/tiled' --templates '" + kFixtures +
                        "/templates' --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path pdf = out.path / "poster" / "poster.pdf";
  const TilePlan plan = plan_tiles({400, 280}, {210, 297}, 10, tile_margin(3, 4));
  REQUIRE(plan.tiles.size() == 4);
  for (size_t i = 0; i < plan.tiles.size(); ++i) {
    const Tile& t = plan.tiles[i];
    const Raster ras = render(pdf, static_cast<int>(i), 200);
    const RectMm part{t.at.x, t.at.y, t.region.width, t.region.height};
    INFO("tile " << t.name);
    if (t.col == 0) CHECK(bleeds_past(ras, part, 'l'));
    if (t.col + 1 == plan.columns) CHECK(bleeds_past(ras, part, 'r'));
    if (t.row == 0) CHECK(bleeds_past(ras, part, 't'));
    if (t.row + 1 == plan.rows) CHECK(bleeds_past(ras, part, 'b'));
    // Inner edges are glued over the neighbour: no bleed past them.
    if (t.col + 1 < plan.columns) CHECK_FALSE(bleeds_past(ras, part, 'r'));
  }
}

TEST_CASE("nothing is printed within the printer's margin, on any paper") {
  SECTION("A4, every shipped game") {
    TempDir out;
    REQUIRE(run_gen("build --all " + kRoots + " --out '" + out.path.string() + "'").status == 0);
    check_margins(out.path, 4);
  }
  SECTION("Letter: every cut line marked, or nine a page marked at the top, and said") {
    TempDir out;
    RunResult r =
        run_gen("build --all --paper letter " + kRoots + " --out '" + out.path.string() + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);
    check_margins(out.path, 4);  // gutters between unlike pieces included
    // 3 rows of poker cards upright leave 7.7 mm at the top and bottom: not
    // enough for the bleed, a crop mark and the printer's margin at both
    // ends (6 a page); at the top alone they are (9 a page, without a
    // gutter). Across the paper 2 rows of 4 fit, with the gutter. The GI
    // deck's 30 cards take 4 sheets either way: across, every cut line
    // marked at both ends. The patrol deck's 43 take 5 sheets at 9 a page,
    // 6 at 8: upright, marked at the top.
    CHECK(contains(r.out, "gi.pdf (30 cards, 8 pages)"));
    CHECK(contains(r.err, "gi.pdf: laid out across the paper, 8 a page"));
    const std::string top_only =
        "patrol.pdf: the vertical cut lines have their crop marks at the top only, so that 3 rows "
        "fit (marks at both ends: 2)";
    CHECK(contains(r.out, "endless-patrol/patrol.pdf (43 cards, 10 pages)"));
    CHECK(contains(r.err, top_only));
    CHECK(contains(r.out, "squad/deck.pdf (121 cards, 28 pages)"));
    // With shared cut lines (round positions):
    TempDir shared;
    r = run_gen("build --all --paper letter --gap 0 " + kRoots + " --out '" + shared.path.string() +
                "'");
    REQUIRE(r.status == 0);
    check_margins(shared.path, 4);
    CHECK(contains(r.err, "gi.pdf: laid out across the paper, 8 a page"));
    CHECK(contains(r.out, "gi.pdf (30 cards, 8 pages)"));
    CHECK(contains(r.err, top_only));
    // Upright, as fold and glue keeps it: 3 rows marked at the top, said.
    TempDir folded;
    r = run_gen("build endless-patrol --paper letter --gap 0 --duplex fold " + kRoots + " --out '" +
                folded.path.string() + "'");
    REQUIRE(r.status == 0);
    check_margins(folded.path, 4);
    CHECK(contains(r.out, "gi.pdf (30 cards, 10 pages)"));
    CHECK(contains(r.err,
                   "gi.pdf: the vertical cut lines have their crop marks at the top only, so that "
                   "3 rows fit (marks at both ends: 2)"));
    // A sheet of one row of counters (Maquis's markers) is planned with that
    // one row, centred: its page label and ruler keep their place, where a
    // full-height grid left them no room and both were dropped.
    CHECK_FALSE(contains(r.err, "markers.pdf: the page label is left out"));
    CHECK_FALSE(contains(r.err, "markers.pdf: the 100% ruler is left out"));
    CHECK_FALSE(
        contains(r.err, "markers.pdf: the page label and the 100% ruler are printed along"));
  }
  SECTION("a wide bleed and gap, a larger printer margin, fold and glue") {
    TempDir out;
    RunResult r = run_gen("build --all --bleed 5 --gap 6 --printer-margin 6 " + kRoots +
                          " --out '" + out.path.string() + "'");
    INFO(r.err);
    REQUIRE(r.status == 0);
    check_margins(out.path, 6);
    TempDir fold;
    REQUIRE(run_gen("build --all --duplex fold --paper b5 " + kRoots + " --out '" +
                    fold.path.string() + "'")
                .status == 0);
    check_margins(fold.path, 4);
  }
}

TEST_CASE("what a wide bleed or a narrow margin changes on the sheet is said") {
  // A wide bleed and gap cost pieces (the label and ruler never enter the
  // printer's margin), and the build says how many and what would fit more.
  // (Square paper: laid across, it would hold no more.)
  TempDir out;
  RunResult r = run_gen("build endless-patrol --bleed 5 --gap 6 --paper 290x290 " + kRoots +
                        " --out '" + out.path.string() + "'");
  REQUIRE(r.status == 0);
  CHECK(contains(r.err, "gi.pdf: 2 rows of 88 mm pieces instead of 3"));
  CHECK(contains(r.err, "a smaller --bleed or --printer-margin, or --no-crop-marks, fits more"));
  // Letter printed to 1 mm: nine cards, the label and ruler along the sides, said.
  TempDir sides;
  RunResult l = run_gen("build endless-patrol --paper letter --printer-margin 1 " + kRoots +
                        " --out '" + sides.path.string() + "'");
  REQUIRE(l.status == 0);
  CHECK(contains(l.err,
                 "gi.pdf: the page label and the 100% ruler are printed along the left "
                 "and right edges"));
  CHECK(contains(l.out, "gi.pdf (30 cards, 8 pages)"));  // nine a sheet: 4 sheets, faces and backs
  // ... and only then.
  TempDir plain;
  RunResult p = run_gen("build endless-patrol " + kRoots + " --out '" + plain.path.string() + "'");
  REQUIRE(p.status == 0);
  // (but for the gutters between cards whose edges differ in colour, and the
  // outer bleed that gives way to crop marks a ruler can be laid on)
  std::istringstream notes(p.err);
  for (std::string line; std::getline(notes, line);) {
    INFO(line);
    if (contains(line, "note:"))
      CHECK((contains(line, "a gutter of 1 mm between pieces") ||
             contains(line, "so that crop marks a ruler can be laid on (3 mm) fit inside")));
  }
}

namespace {

struct QpdfCheck {
  bool opened = false;
  std::vector<std::string> warnings;
  std::string print_scaling, duplex;
  std::vector<bool> trim_box, bleed_box;
  std::vector<std::vector<double>> trim_boxes;
};

/// What `qpdf --check` does: read every object and write the file to nowhere,
/// collecting warnings; and the catalog's print hints and the pages' boxes.
QpdfCheck qpdf_check(const fs::path& path) {
  QpdfCheck c;
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(path.c_str());
    c.opened = true;
    QPDFObjectHandle prefs = pdf.getRoot().getKey("/ViewerPreferences");
    if (prefs.isDictionary()) {
      if (prefs.getKey("/PrintScaling").isName())
        c.print_scaling = prefs.getKey("/PrintScaling").getName();
      if (prefs.getKey("/Duplex").isName()) c.duplex = prefs.getKey("/Duplex").getName();
    }
    for (QPDFObjectHandle page : pdf.getAllPages()) {
      c.trim_box.push_back(page.hasKey("/TrimBox"));
      c.bleed_box.push_back(page.hasKey("/BleedBox"));
      std::vector<double> box;
      if (page.hasKey("/TrimBox"))
        for (auto& v : page.getKey("/TrimBox").getArrayAsVector())
          box.push_back(v.getNumericValue());
      c.trim_boxes.push_back(box);
    }
    QPDFWriter w(pdf);
    Pl_Discard discard;
    w.setOutputPipeline(&discard);
    w.write();
    for (auto& e : pdf.getWarnings()) c.warnings.push_back(e.what());
  } catch (const std::exception& e) {
    c.warnings.push_back(e.what());
  }
  return c;
}

}  // namespace

TEST_CASE("every shipped PDF passes qpdf's check and carries print hints") {
  TempDir out;
  REQUIRE(run_gen("build --all " + kRoots + " --out '" + out.path.string() + "'").status == 0);
  const auto pdfs = pdfs_under(out.path);
  // EP 5, SvZ 4, Omaha 3, SQUAD 8 (its map tiled and whole), Maquis 9 (its board too)
  REQUIRE(pdfs.size() == 29);
  for (const auto& pdf : pdfs) {
    INFO(pdf.filename().string());
    QpdfCheck c = qpdf_check(pdf);
    REQUIRE(c.opened);
    CHECK(c.warnings == std::vector<std::string>{});
    CHECK(c.print_scaling == "/None");
    const std::string name = pdf.filename().string();
    // Decks with backs are imposed for a long-edge flip; the rest are single-sided.
    // Maquis: every deck but the board and the aid.
    const bool maquis_backed = pdf.parent_path().filename() == "maquis" && name != "board.pdf" &&
                               name != "board-full.pdf" && name != "aid.pdf";
    if (name == "gi.pdf" || name == "patrol.pdf" || name == "counters.pdf" || name == "beach.pdf" ||
        name == "trackers.pdf" || name == "deck.pdf" || name == "variant.pdf" || maquis_backed)
      CHECK(c.duplex == "/DuplexFlipLongEdge");
    else
      CHECK(c.duplex == "/Simplex");
  }
  // The qpdf program agrees, when it is installed.
  if (std::system("qpdf --version >/dev/null 2>&1") == 0)
    for (const auto& pdf : pdfs) {
      INFO(pdf.filename().string());
      CHECK(std::system(("qpdf --check '" + pdf.string() + "' >/dev/null 2>&1").c_str()) == 0);
    }

  // One piece per page: trim and bleed boxes. The Stuart vs Zombies map sheet
  // (277 x 190 mm, centred on A4 landscape) has its trim box at (10, 10) mm.
  QpdfCheck map = qpdf_check(out.path / "stuart-vs-zombies" / "map.pdf");
  REQUIRE(map.trim_boxes.size() == 1);
  REQUIRE(map.trim_boxes[0].size() == 4);
  CHECK(map.trim_boxes[0][0] == Approx(mm_to_pt(10)).margin(0.01));
  CHECK(map.trim_boxes[0][1] == Approx(mm_to_pt(10)).margin(0.01));
  CHECK(map.trim_boxes[0][2] == Approx(mm_to_pt(287)).margin(0.01));
  CHECK(map.trim_boxes[0][3] == Approx(mm_to_pt(200)).margin(0.01));
  CHECK(map.bleed_box[0]);
  // Sheets of many cards have none.
  QpdfCheck gi = qpdf_check(out.path / "endless-patrol" / "gi.pdf");
  for (bool b : gi.trim_box) CHECK_FALSE(b);
  QpdfCheck markers = qpdf_check(out.path / "stuart-vs-zombies" / "markers.pdf");
  CHECK(markers.duplex == "/Simplex");
}

namespace {

/// A stream's bytes, decoded.
std::string stream_bytes(QPDFObjectHandle stream) {
  auto data = stream.getStreamData(qpdf_dl_generalized);
  return std::string(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
}

/// A page's content streams, decoded, one after the other.
std::string page_content(QPDFObjectHandle page) {
  std::string out;
  QPDFObjectHandle contents = page.getKey("/Contents");
  std::vector<QPDFObjectHandle> streams =
      contents.isArray() ? contents.getArrayAsVector() : std::vector<QPDFObjectHandle>{contents};
  for (auto& s : streams) out += stream_bytes(s);
  return out;
}

}  // namespace

TEST_CASE("a back that many cards show is held once in the PDF and painted at every place") {
  TempDir out;
  REQUIRE(run_gen("build endless-patrol " + kRoots + " --out '" + out.path.string() + "'").status ==
          0);
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processFile((out.path / "endless-patrol" / "gi.pdf").c_str());
  std::vector<QPDFObjectHandle> pages = pdf.getAllPages();
  REQUIRE(pages.size() == 8);
  // The second page holds the backs of the first nine cards, which share one back.
  const std::string content = page_content(pages[1]);
  std::map<std::string, int> shown;
  for (size_t at = content.find(" Do"); at != std::string::npos; at = content.find(" Do", at + 3)) {
    const size_t name = content.rfind('/', at);
    shown[content.substr(name, at - name)]++;
  }
  auto most = std::max_element(shown.begin(), shown.end(),
                               [](const auto& a, const auto& b) { return a.second < b.second; });
  REQUIRE(most != shown.end());
  CHECK(most->second == 9);
  QPDFObjectHandle form = pages[1].getKey("/Resources").getKey("/XObject").getKey(most->first);
  REQUIRE(form.isStream());
  CHECK(form.getDict().getKey("/Subtype").getName() == "/Form");
  CHECK(stream_bytes(form).find("BT") != std::string::npos);  // the back's texts, inside the form
  // Each back page shows that same form: the back is written once.
  for (size_t p = 3; p < pages.size(); p += 2)
    CHECK(pages[p].getKey("/Resources").getKey("/XObject").getKey(most->first).getObjGen() ==
          form.getObjGen());
  // And the backs' words are read on the page: the back's title nine times,
  // and once in the page's label.
  CHECK(test::count(probe_pdf(out.path / "endless-patrol" / "gi.pdf").page_texts[1], "GIデッキ") ==
        10);
}

TEST_CASE("the duplex hint follows --duplex") {
  TempDir out;
  REQUIRE(run_gen("build endless-patrol --duplex short " + kRoots + " --out '" + out.path.string() +
                  "'")
              .status == 0);
  CHECK(qpdf_check(out.path / "endless-patrol" / "gi.pdf").duplex == "/DuplexFlipShortEdge");
  TempDir fold;
  REQUIRE(run_gen("build endless-patrol --duplex fold " + kRoots + " --out '" + fold.path.string() +
                  "'")
              .status == 0);
  CHECK(qpdf_check(fold.path / "endless-patrol" / "gi.pdf").duplex == "/Simplex");
}

TEST_CASE("paper sizes: A3 and JIS B4/B5, custom WxH, and clear errors") {
  auto built = [](const std::string& args, const fs::path& out) {
    RunResult r = run_gen("build poster --data '" + kFixtures + "/tiled' --templates '" +
                          kFixtures + "/templates' --out '" + out.string() + "' " + args);
    return r;
  };
  // The 400 x 280 mm poster fits A3 landscape whole: no tiling.
  TempDir a3;
  RunResult r = built("--paper a3", a3.path);
  INFO(r.err);
  REQUIRE(r.status == 0);
  PdfProbe p = probe_pdf(a3.path / "poster" / "poster.pdf");
  REQUIRE(p.pages == 1);
  CHECK(p.page_sizes_pt[0].first == Approx(mm_to_pt(420)).margin(0.5));
  CHECK(p.page_sizes_pt[0].second == Approx(mm_to_pt(297)).margin(0.5));
  CHECK(contains(p.subject, "A3"));
  // 280 of 297 mm leave no room for top and bottom marks: the build says so.
  CHECK(contains(r.err, "crop marks at the top and bottom are cut short or left out"));
  check_margins(a3.path, 4);
  // The same by size.
  TempDir custom;
  REQUIRE(built("--paper 297x420", custom.path).status == 0);
  CHECK(probe_pdf(custom.path / "poster" / "poster.pdf").pages == 1);
  // JIS B4 (257 x 364 mm) is too small: tiled.
  TempDir b4;
  REQUIRE(built("--paper B4", b4.path).status == 0);
  PdfProbe tiles = probe_pdf(b4.path / "poster" / "poster.pdf");
  CHECK(tiles.pages > 1);
  // (upright B4 tiles: two pages, where landscape tiles would need four)
  CHECK(tiles.pages == 2);
  CHECK(tiles.page_sizes_pt[0].first == Approx(mm_to_pt(257)).margin(0.5));
  CHECK(tiles.page_sizes_pt[0].second == Approx(mm_to_pt(364)).margin(0.5));
  CHECK(contains(tiles.subject, "JIS B4"));
  // The counters sheet on JIS B5.
  TempDir b5;
  REQUIRE(
      run_gen("build stuart-vs-zombies --paper b5 " + kRoots + " --out '" + b5.path.string() + "'")
          .status == 0);
  CHECK(probe_pdf(b5.path / "stuart-vs-zombies" / "counters.pdf").page_sizes_pt[0].first ==
        Approx(mm_to_pt(182)).margin(0.5));
  // Bad sizes: a clear error, exit 2, nothing written.
  TempDir bad;
  for (const char* arg : {"a2", "300x", "x300", "10x300", "300x9000", "nanxnan", "a4x"}) {
    INFO(arg);
    RunResult e = built(std::string("--paper '") + arg + "'", bad.path);
    CHECK(e.status == 2);
    CHECK(contains(e.err, "error: "));
    CHECK((contains(e.err, "--paper takes a4, letter, a3, b4, b5") ||
           contains(e.err, "each side must be 50 to 2000 mm")));
  }
  CHECK(contains(built("--paper leter", bad.path).err, "did you mean 'letter'?"));
  CHECK(fs::is_empty(bad.path));
  CHECK(run_gen("build poster --printer-margin 30").status == 2);
}

TEST_CASE("the player aids are printed whole on A4 and on Letter, one page an aid card") {
  for (const char* paper : {"a4", "letter"}) {
    INFO(paper);
    TempDir out;
    RunResult r = run_gen("build endless-patrol stuart-vs-zombies --paper " + std::string(paper) +
                          " " + kRoots + " --out '" + out.path.string() + "'");
    REQUIRE(r.status == 0);
    CHECK(probe_pdf(out.path / "endless-patrol" / "aid.pdf").pages == 1);
    CHECK(probe_pdf(out.path / "stuart-vs-zombies" / "aid.pdf").pages == 2);
    CHECK_FALSE(fs::exists(out.path / "stuart-vs-zombies" / "aid-full-aid-1.pdf"));  // not tiled
  }
  // SQUAD's aid is A4-sized (190 x 277 mm): on Letter it is printed a little
  // smaller, whole, one page an aid card, and the build says so; its map
  // (measured in mm) and its tracker (whose boxes hold the counters with
  // 0.25 mm to spare) are never printed smaller: they are tiled.
  TempDir out;
  RunResult r =
      run_gen("build squad --paper letter " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(probe_pdf(out.path / "squad" / "aid.pdf").pages == 4);
  CHECK(contains(r.err, "aid.pdf: printed at 94% to fit the paper whole"));
  CHECK_FALSE(contains(r.err, "aid.pdf: the crop marks"));  // smaller still, for whole marks
  CHECK_FALSE(fs::exists(out.path / "squad" / "aid-full-aid-1.pdf"));
  CHECK(fs::exists(out.path / "squad" / "map-full.pdf"));
  CHECK(fs::exists(out.path / "squad" / "tracker-full.pdf"));
  CHECK_FALSE(contains(r.err, "map.pdf: printed at"));
  // The aid's page: the piece 94% of 190 x 277 mm, whole inside the printer's margin.
  QpdfCheck aid = qpdf_check(out.path / "squad" / "aid.pdf");
  REQUIRE(aid.trim_boxes.size() == 4);
  CHECK((aid.trim_boxes[0][2] - aid.trim_boxes[0][0]) == Approx(mm_to_pt(190 * 0.94)).margin(0.1));
  CHECK((aid.trim_boxes[0][3] - aid.trim_boxes[0][1]) == Approx(mm_to_pt(277 * 0.94)).margin(0.1));
  check_margins(out.path / "squad", 4);
}

TEST_CASE("pieces take landscape paper when it holds more") {
  // Poker cards on JIS B4 (257 x 364 mm): 9 a page upright, 10 turned.
  TempDir out;
  RunResult r = run_gen("build endless-patrol --paper b4 --duplex none " + kRoots + " --out '" +
                        out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "gi.pdf (30 cards, 6 pages)"));  // 3 of faces, 3 of backs
  const PdfProbe gi = probe_pdf(out.path / "endless-patrol" / "gi.pdf");
  REQUIRE(gi.pages == 6);
  CHECK(gi.page_sizes_pt[0].first > gi.page_sizes_pt[0].second);
  // Backs flipped on the long edge: drawn across as well, on pages that
  // print turned to portrait (duplex_flip_test.cpp reads where the backs land).
  TempDir flipped;
  r = run_gen("build endless-patrol --paper b4 " + kRoots + " --out '" + flipped.path.string() +
              "'");
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "gi.pdf (30 cards, 6 pages)"));
  check_margins(out.path, 4);
  check_margins(flipped.path, 4);
}

TEST_CASE("every shipped counter sheet with backs has its registration target, on every paper") {
  // The target is drawn wherever the sheet has room (the corner, else the band
  // under the grid); where it has none, the build says so. The shipped
  // counters always find room.
  for (const std::string how :
       {"--paper a4", "--paper letter", "--paper b5", "--paper b4", "--paper a3",
        "--paper a4 --duplex short", "--paper letter --duplex short", "--paper a4 --duplex fold",
        "--paper letter --duplex none"}) {
    TempDir out;
    RunResult r =
        run_gen("build --all " + kRoots + " " + how + " --out '" + out.path.string() + "'");
    INFO(how << "\n" << r.err);
    REQUIRE(r.status == 0);
    CHECK_FALSE(contains(r.err, "no room for the registration target"));
  }
  // A sheet whose counters fill the paper to its margins: said.
  TempDir tight;
  RunResult r =
      run_gen("build squad " + kRoots + " --paper 190x120 --out '" + tight.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(contains(r.err, "counters.pdf: the paper leaves no room for the registration target"));
}
