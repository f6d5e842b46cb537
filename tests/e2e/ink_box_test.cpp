// The ink of glyphs against what a text element may paint, end to end: the
// tails of g, j, p, q, y reach the printed page in every font, weight and role
// at the line spacings the shipped templates use (nothing clips them), and
// `validate` says where a glyph's ink leaves its box (layout/ink-outside-box).
#include <poppler-document.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <sstream>

#include "../scratch_dir.h"
#include "../text_helpers.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

constexpr double kDpi = 300;
constexpr double kBleedMm = 3;  // one-up pages are the trim plus 3 mm of bleed
// The line spacings of the shipped templates (templates/**/*.toml).
constexpr double kSpacings[] = {1.1, 1.12, 1.15, 1.2, 1.25, 1.3, 1.4, 1.5};
constexpr double kSizePt = 11;

/// A one-card game whose face holds `elements` (TOML [[element]] tables).
ScratchDir one_card(const std::string& elements) {
  return ScratchDir({
      {"data/g/game.toml",
       "[game]\nid = \"g\"\nname = { ja = \"テスト\", en = \"Test\" }\ncomponents = "
       "[\"deck.toml\"]\n"},
      {"data/g/deck.toml",
       "[deck]\nid = \"d\"\nname = { ja = \"デッキ\", en = \"Deck\" }\nsize = \"poker\"\n"
       "face = \"t/face\"\n\n[[card]]\nid = \"c\"\nname = { ja = \"カード\", en = \"Card\" }\n"},
      {"templates/t/face.toml", "[template]\nbackground = \"#ffffff\"\n" + elements},
  });
}

std::string roots(const ScratchDir& d) {
  return "--data '" + (d.root / "data").string() + "' --templates '" +
         (d.root / "templates").string() + "'";
}

int px(double mm) {
  return static_cast<int>(mm / 25.4 * kDpi);
}

bool red(uint32_t argb) {
  return ((argb >> 16) & 0xFF) > 0xB0 && ((argb >> 8) & 0xFF) < 0x60 && (argb & 0xFF) < 0x60;
}

/// The lowest row with red ink in the columns [x0, x1) and rows [y0, y1) of
/// the image; -1 when there is none.
int lowest_red_row(const poppler::image& img, int x0, int x1, int y0, int y1) {
  for (int y = std::min(y1, img.height()) - 1; y >= std::max(y0, 0); --y) {
    const auto* row = reinterpret_cast<const uint32_t*>(img.const_data() + y * img.bytes_per_row());
    for (int x = std::max(x0, 0); x < std::min(x1, img.width()); ++x)
      if (red(row[x])) return y;
  }
  return -1;
}

/// The columns where red ink is, split into runs separated by white.
std::vector<std::pair<int, int>> red_column_runs(const poppler::image& img, int x0, int x1, int y0,
                                                 int y1) {
  std::vector<std::pair<int, int>> runs;
  for (int x = x0; x < x1; ++x) {
    bool any = false;
    for (int y = y0; y < y1 && !any; ++y)
      any = red(reinterpret_cast<const uint32_t*>(img.const_data() + y * img.bytes_per_row())[x]);
    if (!any) continue;
    if (!runs.empty() && runs.back().second == x)
      runs.back().second = x + 1;
    else
      runs.push_back({x, x + 1});
  }
  return runs;
}

poppler::image render_first_page(const fs::path& pdf) {
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  REQUIRE(doc);
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  REQUIRE(page);
  poppler::page_renderer renderer;
  renderer.set_image_format(poppler::image::format_argb32);
  return renderer.render_page(page.get(), kDpi, kDpi);
}

}  // namespace

TEST_CASE("the tails of the last line's g reach the page in every font, weight, role and spacing") {
  // Each element holds two lines of "x   g" in red: on the page, the lowest
  // ink of the x stands on the last line's baseline, and the g's tail must
  // reach below it by most of BIZ UD's 0.119 em descent.
  struct Cell {
    double x, y, w, h;
    std::string what;
  };
  const double em_px = kSizePt / 72 * kDpi;
  for (const std::string font : {"gothic", "mincho", "latin"})
    for (bool bold : {false, true}) {
      std::ostringstream elements;
      std::vector<Cell> cells;
      for (size_t i = 0; i < std::size(kSpacings); ++i)
        for (const std::string role : {"body", "title"}) {
          Cell c{role == "body" ? 3.0 : 33.0, 3 + 10.5 * static_cast<double>(i), 27, 10.5,
                 font + (bold ? " bold " : " ") + role + " " + std::to_string(kSpacings[i])};
          cells.push_back(c);
          elements << "\n[[element]]\nkind = \"text\"\nbox = [" << c.x << ", " << c.y << ", " << c.w
                   << ", " << c.h << "]\ntext = \"x   g\\nx   g\"\nfont = \"" << font
                   << "\"\nbold = " << (bold ? "true" : "false") << "\nsize = " << kSizePt
                   << "\nmin_size = " << kSizePt << "\nrole = \"" << role
                   << "\"\nline_spacing = " << kSpacings[i] << "\ncolor = \"#d00000\"\n";
        }
      auto game = one_card(elements.str());
      TempDir out;
      RunResult r = run_gen("build g " + roots(game) + " --imposition one-up --out '" +
                            out.path.string() + "'");
      INFO(font << (bold ? " bold" : "") << ": " << r.err);
      REQUIRE(r.status == 0);
      const poppler::image img = render_first_page(out.path / "g" / "d-oneup.pdf");
      for (const auto& c : cells) {
        INFO(c.what);
        const int x0 = px(kBleedMm + c.x), x1 = px(kBleedMm + c.x + c.w);
        // The box (the cells touch: the next one starts at its bottom).
        const int y0 = px(kBleedMm + c.y), y1 = px(kBleedMm + c.y + c.h);
        auto runs = red_column_runs(img, x0, x1, y0, y1);
        REQUIRE(runs.size() == 2);  // the x and the g
        const int x_bottom = lowest_red_row(img, runs[0].first, runs[0].second, y0, y1);
        const int g_bottom = lowest_red_row(img, runs[1].first, runs[1].second, y0, y1);
        REQUIRE(x_bottom > 0);
        CHECK(g_bottom - x_bottom >= static_cast<int>(0.09 * em_px));
      }
    }
}

TEST_CASE("validate says where the ink of a glyph leaves its text's box, and it is printed") {
  // Ǻ stacks a ring and an acute above a capital: its ink rises above the
  // font's ascent, so above the top of a box the text is aligned to.
  const std::string element =
      "\n[[element]]\nkind = \"text\"\nbox = [5, 10, 53, 8]\ntext = \"TEXT\"\nfont = \"latin\"\n"
      "size = 12\ncolor = \"#d00000\"\n";
  auto with_text = [&](const std::string& text) {
    std::string e = element;
    e.replace(e.find("TEXT"), 4, text);
    return one_card(e);
  };
  auto accents = with_text("Ǻ Ǿ");
  RunResult r = run_gen("validate g " + roots(accents));
  CHECK(r.status == 0);  // a warning: the PDF is still made
  CHECK(contains(r.err, "deck.toml:7:1: warning: g: deck 'd' card 'c'"));
  CHECK(contains(r.err, "[template 't/face' line 4]"));
  CHECK(contains(r.err,
                 "card 'c', literal text: its ink reaches 0.8 mm above its 53.0 x 8.0 mm box"));
  CHECK(contains(r.err, "[layout/ink-outside-box]"));
  CHECK(contains(r.out, ": 1 warnings, 0 errors"));

  // Nothing cuts that ink: it is on the page, above the box.
  TempDir out;
  r = run_gen("build g " + roots(accents) + " --imposition one-up --out '" + out.path.string() +
              "'");
  REQUIRE(r.status == 0);
  const poppler::image img = render_first_page(out.path / "g" / "d-oneup.pdf");
  const int box_top = px(kBleedMm + 10);
  int top = -1;
  for (int y = 0; y < img.height() && top < 0; ++y) {
    const auto* row = reinterpret_cast<const uint32_t*>(img.const_data() + y * img.bytes_per_row());
    for (int x = 0; x < img.width(); ++x)
      if (red(row[x])) {
        top = y;
        break;
      }
  }
  REQUIRE(top >= 0);
  CHECK(top <= box_top - px(0.6));

  // The same box with descenders and accents that stay inside it: no warning.
  auto inside = with_text("Squad gjpqy ÀÉÇ Åg");
  r = run_gen("validate g " + roots(inside));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}
