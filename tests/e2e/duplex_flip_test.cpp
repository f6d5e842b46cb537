// Each back behind its face, as a printer flips the sheet: the pages read back
// with poppler as the printer prints them (a turned page, /Rotate 90, as the
// portrait page it prints as), the back page seen through the paper, and each
// piece's back turned over like a page, whatever the flip and the paper.
#include <poppler-document.h>
#include <poppler-page.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <map>

#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

/// A game of 20 poker cards (3 sheets of 9, or 2 of 10); the face of card i says "F<i>" in its
/// top-left corner, its back "B<i>" in its top-right one.
void write_marked_game(const fs::path& root) {
  auto put = [&](const std::string& name, const std::string& text) {
    fs::create_directories((root / name).parent_path());
    std::ofstream(root / name) << text;
  };
  put("data/g/game.toml", "[game]\nid = \"g\"\nname = \"Game\"\ncomponents = [\"d.toml\"]\n");
  std::string deck =
      "[deck]\nid = \"d\"\nname = \"Deck\"\nsize = \"poker\"\nface = \"t/face\"\n"
      "back = \"t/back\"\n[deck.fields]\nmark = \"text\"\n";
  for (int i = 0; i < 20; ++i)
    deck += "[[card]]\nid = \"c" + std::to_string(i) + "\"\nname = \"C\"\nmark = \"" +
            std::to_string(i) + "\"\n";
  put("data/g/d.toml", deck);
  const std::string text =
      "[template]\n[[element]]\nkind = \"text\"\nsize = 9\nmin_size = 9\nmax_lines = 1\n";
  put("templates/t/face.toml", text + "box = [2, 2, 12, 6]\ntext = \"F{mark}\"\n");
  put("templates/t/back.toml",
      text + "box = [49, 2, 12, 6]\nalign = \"right\"\ntext = \"B{mark}\"\n");
}

struct Placed {
  double u, v;  // the centre, mm from the printed page's top-left
};

/// The centre of each word of page `index` as printed: poppler reads a page
/// turned a quarter clockwise (/Rotate 90) as it prints, a portrait page.
std::map<std::string, Placed> printed_words(poppler::document& doc, int index, double* width,
                                            double* height, bool* turned) {
  std::unique_ptr<poppler::page> page(doc.create_page(index));
  const double mm = 25.4 / 72;
  const poppler::rectf box = page->page_rect(poppler::media_box);
  *turned = page->orientation() == poppler::page::landscape;
  // The drawing's size; turned, the printed page's width is its height.
  const double w = box.width() * mm, h = box.height() * mm;
  *width = *turned ? h : w;
  *height = *turned ? w : h;
  std::map<std::string, Placed> out;
  for (const auto& word : page->text_list()) {
    auto bytes = word.text().to_utf8();
    const poppler::rectf r = word.bbox();
    out[std::string(bytes.begin(), bytes.end())] = {(r.x() + r.width() / 2) * mm,
                                                    (r.y() + r.height() / 2) * mm};
  }
  return out;
}

/// Builds the game with `options` and checks every back: seen through the
/// paper from its face page after the printer's flip, its top-right corner
/// lies behind the face's top-left one (turned over like a page).
void check_backs_behind_faces(const std::string& options, bool expect_turned) {
  TempDir dir, out;
  write_marked_game(dir.path);
  RunResult r = run_gen("build g " + options + " --data '" + (dir.path / "data").string() +
                        "' --templates '" + (dir.path / "templates").string() + "' --out '" +
                        out.path.string() + "'");
  INFO(options << "\n" << r.err);
  REQUIRE(r.status == 0);
  const bool long_edge = options.find("--duplex short") == std::string::npos;
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_file((out.path / "g" / "d.pdf").string()));
  REQUIRE(doc);
  REQUIRE(doc->pages() % 2 == 0);
  int checked = 0;
  for (int page = 0; page < doc->pages(); page += 2) {
    double w = 0, h = 0, bw = 0, bh = 0;
    bool turned = false, back_turned = false;
    const auto faces = printed_words(*doc, page, &w, &h, &turned);
    const auto backs = printed_words(*doc, page + 1, &bw, &bh, &back_turned);
    CHECK(turned == expect_turned);
    CHECK(back_turned == expect_turned);
    CHECK(w < h);  // printed as a portrait page, turned or not
    CHECK(bw == Approx(w));
    for (int i = 0; i < 20; ++i) {
      auto f = faces.find("F" + std::to_string(i));
      if (f == faces.end()) continue;
      INFO("card c" << i << " on page " << page + 1);
      auto b = backs.find("B" + std::to_string(i));
      REQUIRE(b != backs.end());
      // The back page seen through the paper, the sheet flipped as printed.
      const Placed seen =
          long_edge ? Placed{w - b->second.u, b->second.v} : Placed{b->second.u, h - b->second.v};
      // The marks are 5 mm in from the sides, 5 mm down from the top
      // (text widths differ by a digit at most).
      CHECK(seen.u == Approx(f->second.u).margin(2.5));
      CHECK(seen.v == Approx(f->second.v).margin(1.0));
      ++checked;
    }
  }
  CHECK(checked == 20);
}

}  // namespace

TEST_CASE("backs lie behind their faces turned over like a page: A4 flipped on the long edge") {
  check_backs_behind_faces("--paper a4 --duplex long", false);
}

TEST_CASE("backs lie behind their faces turned over like a page: A4 flipped on the short edge") {
  check_backs_behind_faces("--paper a4 --duplex short", false);
}

TEST_CASE("B4 lays poker cards across the paper 10 a page and still flips on the long edge") {
  check_backs_behind_faces("--paper b4 --duplex long", true);
}

TEST_CASE("B4 lays poker cards across the paper 10 a page and still flips on the short edge") {
  check_backs_behind_faces("--paper b4 --duplex short", true);
}

TEST_CASE("a turned sheet says so and takes fewer pages") {
  TempDir out;
  RunResult r =
      run_gen("build endless-patrol --paper b4 " + kRoots + " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "gi.pdf (30 cards, 6 pages)"));  // 3 sheets of 10, not 4 of 9
  CHECK(contains(r.err, "gi.pdf: laid out across the paper, 10 a page"));
}

TEST_CASE("a back offset moves the backs on the sheet as printed: turned pages too") {
  // The backs of the turned B4 sheet and of A4, built without and with an
  // offset of 2 mm right and 1 mm down, read where they print.
  for (const std::string paper : {"a4", "b4"}) {
    std::map<std::string, Placed> without, with;
    for (const std::string offset : {"", " --back-offset 2,1"}) {
      TempDir dir, out;
      write_marked_game(dir.path);
      RunResult r =
          run_gen("build g --paper " + paper + offset + " --data '" + (dir.path / "data").string() +
                  "' --templates '" + (dir.path / "templates").string() + "' --out '" +
                  out.path.string() + "'");
      REQUIRE(r.status == 0);
      std::unique_ptr<poppler::document> doc(
          poppler::document::load_from_file((out.path / "g" / "d.pdf").string()));
      REQUIRE(doc);
      double w = 0, h = 0;
      bool turned = false;
      (offset.empty() ? without : with) = printed_words(*doc, 1, &w, &h, &turned);
      CHECK(turned == (paper == "b4"));
    }
    INFO(paper);
    REQUIRE(without.count("B0"));
    REQUIRE(with.count("B0"));
    CHECK(with["B0"].u - without["B0"].u == Approx(2).margin(0.05));
    CHECK(with["B0"].v - without["B0"].v == Approx(1).margin(0.05));
  }
}
