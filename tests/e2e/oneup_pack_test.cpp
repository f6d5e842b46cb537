// Print-shop output, read back from real PDFs: `--imposition one-up` (each
// piece on its own page of trim plus bleed, with its boxes, in the printer's
// order of faces and backs) and `--pack` (a whole game in one PDF in print
// order, each font embedded once), and the option combinations refused.
// qpdf 11: no deprecated PointerHolder in its headers.
#define POINTERHOLDER_TRANSITION 4

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <qpdf/Pl_Discard.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>
#include <set>

#include "../text_helpers.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

constexpr double kPtPerMm = 72.0 / 25.4;

/// A box in mm: x0, y0, x1, y1 from the page's bottom-left.
using Box = std::vector<double>;

struct PageInfo {
  Box media, trim, bleed;
};

struct PdfInfo {
  std::vector<PageInfo> pages;
  std::vector<std::string> warnings;      // what `qpdf --check` would report
  std::multiset<std::string> font_files;  // base font name and subtype of each embedded font
  std::string duplex;
};

Box box_mm(QPDFObjectHandle a) {
  Box b;
  if (a.isArray())
    for (auto& v : a.getArrayAsVector()) b.push_back(v.getNumericValue() / kPtPerMm);
  return b;
}

/// "ABCDEF+BIZUDGothic-Bold" -> "BIZUDGothic-Bold".
std::string without_subset_tag(const std::string& name) {
  auto plus = name.find('+');
  return plus == 6 ? name.substr(plus + 1) : name;
}

PdfInfo read_pdf(const fs::path& path) {
  PdfInfo info;
  try {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processFile(path.c_str());
    QPDFObjectHandle prefs = pdf.getRoot().getKey("/ViewerPreferences");
    if (prefs.isDictionary() && prefs.getKey("/Duplex").isName())
      info.duplex = prefs.getKey("/Duplex").getName();
    for (QPDFObjectHandle page : pdf.getAllPages()) {
      PageInfo p;
      p.media = box_mm(QPDFPageObjectHelper(page).getMediaBox());
      p.trim = box_mm(page.getKey("/TrimBox"));
      p.bleed = box_mm(page.getKey("/BleedBox"));
      info.pages.push_back(p);
    }
    // Every font dictionary of the file, once each (pages share them).
    for (QPDFObjectHandle obj : pdf.getAllObjects()) {
      if (!obj.isDictionary() || !obj.getKey("/Type").isName() ||
          obj.getKey("/Type").getName() != "/Font" || !obj.getKey("/BaseFont").isName())
        continue;
      const std::string subtype = obj.getKey("/Subtype").getName();
      if (subtype == "/CIDFontType2" || subtype == "/CIDFontType0") continue;  // inside a Type0
      info.font_files.insert(without_subset_tag(obj.getKey("/BaseFont").getName().substr(1)) + " " +
                             subtype);
    }
    QPDFWriter w(pdf);
    Pl_Discard discard;
    w.setOutputPipeline(&discard);
    w.write();
    for (auto& e : pdf.getWarnings()) info.warnings.push_back(e.what());
  } catch (const std::exception& e) {
    info.warnings.push_back(e.what());
  }
  return info;
}

void check_box(const Box& got, const Box& want) {
  REQUIRE(got.size() == 4);
  for (size_t i = 0; i < 4; ++i) CHECK(std::fabs(got[i] - want[i]) < 0.01);
}

/// A one-up page of a `w` x `h` mm piece with 3 mm bleed: the page is trim
/// plus bleed, the trim box 3 mm inside it, the bleed box the whole page.
void check_oneup_page(const PageInfo& p, double w, double h) {
  check_box(p.media, {0, 0, w + 6, h + 6});
  check_box(p.trim, {3, 3, w + 3, h + 3});
  check_box(p.bleed, {0, 0, w + 6, h + 6});
}

/// A GI card's back: the deck's name without a card number.
bool gi_back(const std::string& page_text) {
  return contains(page_text, "GIデッキ") && !contains(page_text, "No.");
}

}  // namespace

TEST_CASE("one-up: each card on a page of trim plus bleed, face then back") {
  TempDir out;
  RunResult r = run_gen("build endless-patrol --imposition one-up " + kRoots + " --out '" +
                        out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "gi-oneup.pdf (one-up, 60 pages)"));
  const fs::path gi = out.path / "endless-patrol" / "gi-oneup.pdf";
  PdfInfo info = read_pdf(gi);
  CHECK(info.warnings.empty());
  REQUIRE(info.pages.size() == 60);  // 30 cards, each with its back
  for (const auto& p : info.pages) check_oneup_page(p, 63, 88);
  // Face, back, face, back: the first card, its back, the second card.
  PdfProbe probe = probe_pdf(gi);
  REQUIRE(probe.page_texts.size() == 60);
  CHECK(contains(probe.page_texts[0], "PortableFlamethrowerM1"));
  CHECK(!gi_back(probe.page_texts[0]));
  CHECK(gi_back(probe.page_texts[1]));
  CHECK(contains(probe.page_texts[2], "M3GreaseGun"));
  CHECK(gi_back(probe.page_texts[3]));
  // No crop marks, labels or rulers on a one-up page.
  for (const auto& t : probe.page_texts) CHECK(!contains(t, "100%"));
  // A deck without backs: its faces only.
  PdfInfo aid = read_pdf(out.path / "endless-patrol" / "aid-oneup.pdf");
  CHECK(aid.pages.size() == 1);
  CHECK(aid.warnings.empty());
}

TEST_CASE("one-up: --oneup-order puts backs before faces, or after all faces") {
  TempDir out;
  const std::string base =
      "build endless-patrol " + kRoots + " --imposition one-up --out '" + out.path.string() + "'";
  const fs::path gi = out.path / "endless-patrol" / "gi-oneup.pdf";
  REQUIRE(run_gen(base + " --oneup-order back-face").status == 0);
  PdfProbe back_face = probe_pdf(gi);
  REQUIRE(back_face.page_texts.size() == 60);
  CHECK(gi_back(back_face.page_texts[0]));
  CHECK(contains(back_face.page_texts[1], "PortableFlamethrowerM1"));

  REQUIRE(run_gen(base + " --oneup-order faces-then-backs").status == 0);
  PdfProbe split = probe_pdf(gi);
  REQUIRE(split.page_texts.size() == 60);
  CHECK(contains(split.page_texts[0], "PortableFlamethrowerM1"));
  CHECK(contains(split.page_texts[1], "M3GreaseGun"));
  for (int i = 0; i < 30; ++i) CHECK(!gi_back(split.page_texts[i]));
  for (int i = 30; i < 60; ++i) CHECK(gi_back(split.page_texts[i]));
}

TEST_CASE("one-up: counters, markers and a map sheet at their own size") {
  TempDir out;
  RunResult r = run_gen("build stuart-vs-zombies --imposition one-up " + kRoots + " --out '" +
                        out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  PdfInfo counters = read_pdf(out.path / "stuart-vs-zombies" / "counters-oneup.pdf");
  CHECK(counters.warnings.empty());
  REQUIRE(counters.pages.size() == 20);  // 10 counters, each with its back
  for (const auto& p : counters.pages) check_oneup_page(p, 19.05, 19.05);
  PdfInfo markers = read_pdf(out.path / "stuart-vs-zombies" / "markers-oneup.pdf");
  CHECK(markers.warnings.empty());
  for (const auto& p : markers.pages) check_oneup_page(p, 19.05, 19.05);
  PdfInfo map = read_pdf(out.path / "stuart-vs-zombies" / "map-oneup.pdf");
  CHECK(map.warnings.empty());
  REQUIRE(map.pages.size() == 1);
  check_oneup_page(map.pages[0], 277, 190);
  // Nothing tiled, nothing on paper: no -full.pdf beside it.
  CHECK(!fs::exists(out.path / "stuart-vs-zombies" / "map-full.pdf"));
}

TEST_CASE("pack: a whole game in one PDF in print order, each font embedded once") {
  TempDir sheets, pack;
  REQUIRE(
      run_gen("build endless-patrol " + kRoots + " --out '" + sheets.path.string() + "'").status ==
      0);
  RunResult r =
      run_gen("build endless-patrol --pack " + kRoots + " --out '" + pack.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path file = pack.path / "endless-patrol" / "endless-patrol-pack.pdf";
  REQUIRE(fs::exists(file));
  // Only the pack is written.
  CHECK(std::distance(fs::directory_iterator(pack.path / "endless-patrol"),
                      fs::directory_iterator()) == 1);
  PdfInfo info = read_pdf(file);
  CHECK(info.warnings.empty());
  CHECK(info.duplex == "/DuplexFlipLongEdge");
  // The decks' pages in the order game.toml lists them; the tracker and the
  // three markers, each far less than half a page, share one page (one
  // below the other: the tracker's text, then the markers'); that page and
  // the aid, printed on one side, each keep a blank back.
  std::vector<std::string> expected;
  size_t shared = 0;
  for (const char* deck : {"gi", "patrol", "tracker", "marker", "aid"}) {
    PdfProbe alone = probe_pdf(sheets.path / "endless-patrol" / (std::string(deck) + ".pdf"));
    if (std::string(deck) == "marker") continue;  // on the tracker's page
    if (std::string(deck) == "tracker") shared = expected.size();
    for (const auto& t : alone.page_texts) {
      expected.push_back(t);
      if (std::string(deck) != "gi" && std::string(deck) != "patrol") expected.push_back("");
    }
  }
  PdfProbe probe = probe_pdf(file);
  REQUIRE(probe.page_texts.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO("page " << i + 1);
    if (i != shared) CHECK(probe.page_texts[i] == expected[i]);
  }
  for (const char* label : {"分隊トラッカーSquadtracker·表face1/1",
                            "分隊マーカーSquadmarker·表face1/1", "損耗を1つ受けるたびに"})
    CHECK(contains(probe.page_texts[shared], label));
  // Two sheets of paper fewer than a page each for the tracker and the markers.
  CHECK(expected.size() == 22);
  REQUIRE(info.pages.size() == expected.size());
  for (const auto& p : info.pages) check_box(p.media, {0, 0, 210, 297});
  CHECK(contains(r.out, "(5 components, " + std::to_string(expected.size()) + " pages)"));
  // Each font file once: a face may be split by Cairo into a simple
  // (WinAnsi) and a composite (CID) subset, but never repeated per deck.
  REQUIRE(!info.font_files.empty());
  for (const auto& f : info.font_files) {
    INFO(f);
    CHECK(info.font_files.count(f) == 1);
  }
  // The same fonts as the separate decks together, not more.
  std::set<std::string> separate;
  for (const char* deck : {"gi", "patrol", "tracker", "marker", "aid"})
    for (const auto& f :
         read_pdf(sheets.path / "endless-patrol" / (std::string(deck) + ".pdf")).font_files)
      separate.insert(f);
  CHECK(std::set<std::string>(info.font_files.begin(), info.font_files.end()) == separate);
}

TEST_CASE("pack: no blank pages when single-sided, and a one-up pack of every piece") {
  TempDir out;
  RunResult r = run_gen("build stuart-vs-zombies --pack --duplex none " + kRoots + " --out '" +
                        out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  PdfInfo single = read_pdf(out.path / "stuart-vs-zombies" / "stuart-vs-zombies-pack.pdf");
  CHECK(single.warnings.empty());
  CHECK(single.duplex == "/Simplex");
  PdfProbe probe = probe_pdf(out.path / "stuart-vs-zombies" / "stuart-vs-zombies-pack.pdf");
  for (const auto& t : probe.page_texts) CHECK(!t.empty());
  // Counters (faces, backs), markers, the map sheet on A4 turned to landscape, the aid's two pages.
  REQUIRE(single.pages.size() == 6);
  CHECK(single.pages[3].media[2] > single.pages[3].media[3]);
  CHECK(single.pages[5].media[2] < single.pages[5].media[3]);

  r = run_gen("build stuart-vs-zombies --pack --imposition one-up " + kRoots + " --out '" +
              out.path.string() + "'");
  REQUIRE(r.status == 0);
  PdfInfo oneup = read_pdf(out.path / "stuart-vs-zombies" / "stuart-vs-zombies-pack-oneup.pdf");
  CHECK(oneup.warnings.empty());
  CHECK(oneup.duplex.empty());  // a print shop imposes the pages itself
  // 10 counters and their backs, the markers (2 + 2 copies, no backs), the map sheet, the aid.
  REQUIRE(oneup.pages.size() == 20 + 4 + 1 + 2);
  for (size_t i = 0; i < 24; ++i) check_oneup_page(oneup.pages[i], 19.05, 19.05);
  check_oneup_page(oneup.pages[24], 277, 190);
  check_oneup_page(oneup.pages[25], 190, 258);
  check_oneup_page(oneup.pages[26], 190, 258);
}

TEST_CASE("pack, folded: small components share the page of folded pieces that leave room") {
  // Stuart vs Zombies' counters fold in a band at the top of an A4 page
  // (faces left, backs right); its markers, single-sided, go below them
  // instead of on a page of their own.
  TempDir sheets, pack;
  REQUIRE(run_gen("build stuart-vs-zombies --duplex fold " + kRoots + " --out '" +
                  sheets.path.string() + "'")
              .status == 0);
  RunResult r = run_gen("build stuart-vs-zombies --duplex fold --pack " + kRoots + " --out '" +
                        pack.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path file = pack.path / "stuart-vs-zombies" / "stuart-vs-zombies-pack.pdf";
  PdfProbe probe = probe_pdf(file);
  // Counters with markers, the map sheet, the aid's two pages.
  REQUIRE(probe.pages == 4);
  CHECK(contains(r.out, "(4 components, 4 pages)"));
  const PdfProbe counters = probe_pdf(sheets.path / "stuart-vs-zombies" / "counters.pdf");
  const PdfProbe markers = probe_pdf(sheets.path / "stuart-vs-zombies" / "markers.pdf");
  REQUIRE(counters.pages == 1);
  REQUIRE(markers.pages == 1);
  CHECK(contains(probe.page_texts[0], "（折って貼る）"));
  for (const char* label : {"Counters·表face1/1", "Markers·表face1/1", "射撃不可"})
    CHECK(contains(probe.page_texts[0], label));
  // The markers lie below the folded band, whose fold line ends above them.
  const auto words = words_on(file, 0);
  double lowest_counter = 0, highest_marker = 1000;
  for (const auto& w : words) {
    if (w.text == "ボカージュ") lowest_counter = std::max(lowest_counter, w.y_mm + w.h_mm);
    if (w.text == "射撃不可") highest_marker = std::min(highest_marker, w.y_mm);
  }
  CHECK(lowest_counter > 0);
  CHECK(highest_marker > lowest_counter);
  CHECK(read_pdf(file).warnings.empty());
}

TEST_CASE("one-up refuses options that mean nothing for it, and writes nothing") {
  TempDir out;
  const std::string base = "build endless-patrol " + kRoots + " --out '" + out.path.string() + "' ";
  for (const std::string option :
       {"--paper a3", "--duplex fold", "--duplex short", "--gap 2", "--back-offset 0.5,0",
        "--printer-margin 2", "--overlap 5", "--no-crop-marks"}) {
    INFO(option);
    RunResult r = run_gen(base + "--imposition one-up " + option);
    CHECK(r.status == 2);
    const std::string name = option.substr(0, option.find(' '));
    CHECK(contains(r.err, "error: " + name + " does not apply to --imposition one-up"));
  }
  RunResult r = run_gen(base + "--oneup-order back-face");
  CHECK(r.status == 2);
  CHECK(contains(r.err, "error: --oneup-order applies only to --imposition one-up"));
  r = run_gen(base + "--imposition two-up");
  CHECK(r.status == 2);
  CHECK(contains(r.err, "--imposition"));
  CHECK(!fs::exists(out.path / "endless-patrol"));
}

TEST_CASE("a pack whose cards fit no page is refused whole, and nothing is written") {
  TempDir out;
  RunResult r = run_gen("build endless-patrol --pack --paper 60x90 " + kRoots + " --out '" +
                        out.path.string() + "'");
  CHECK(r.status == 2);  // the paper given on the command line is at fault
  CHECK(contains(r.err, "error: cards of deck 'gi' (63 x 88 mm) do not fit on the paper"));
  CHECK(!fs::exists(out.path / "endless-patrol" / "endless-patrol-pack.pdf"));
  // No temporary file left either.
  if (fs::exists(out.path / "endless-patrol"))
    CHECK(fs::directory_iterator(out.path / "endless-patrol") == fs::directory_iterator());
}

TEST_CASE("a paper given on the command line that holds no card is a usage error, exit 2") {
  TempDir out;
  RunResult r = run_gen("build endless-patrol --paper 50x50 " + kRoots + " --out '" +
                        out.path.string() + "'");
  CHECK(r.status == 2);
  CHECK(contains(r.err, "error: cards of deck 'gi' (63 x 88 mm) do not fit on the paper"));
  CHECK_FALSE(fs::exists(out.path / "endless-patrol" / "gi.pdf"));
}
