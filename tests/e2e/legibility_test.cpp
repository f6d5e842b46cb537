// Legibility end to end: `validate` warns about text below the legible sizes,
// ink outside a text's box and lines whose ink touches, the shipped games
// reach no such warning, and descenders reach the printed page.
#include <poppler-document.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <catch2/catch.hpp>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <set>

#include "../scratch_dir.h"
#include "../text_helpers.h"
#include "generator/text/utf8.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

/// A one-card game whose face shows `text` with the template settings `extra`.
ScratchDir game_with(const std::string& text_element, const std::string& template_head = "") {
  return ScratchDir({
      {"data/g/game.toml",
       "[game]\nid = \"g\"\nname = { ja = \"テスト\", en = \"Test\" }\ncomponents = "
       "[\"deck.toml\"]\n"},
      {"data/g/deck.toml",
       "[deck]\nid = \"d\"\nname = { ja = \"デッキ\", en = \"Deck\" }\nsize = \"poker\"\n"
       "face = \"t/face\"\n\n[deck.fields]\nrule = \"text\"\n\n[[card]]\nid = \"c\"\n"
       "name = { ja = \"カード\", en = \"Card\" }\n"
       "rule = { ja = \"撃破できない撃破できない撃破できない撃破できない撃破できない\", en = "
       "\"Squad gjpqy ÀÉÇ Åg\" }\n"},
      {"templates/t/face.toml", "[template]\nbackground = \"#ffffff\"\n" + template_head +
                                    "\n[[element]]\nkind = \"text\"\n" + text_element},
  });
}

std::string roots(const ScratchDir& d) {
  return "--data '" + (d.root / "data").string() + "' --templates '" +
         (d.root / "templates").string() + "'";
}

}  // namespace

TEST_CASE("validate --all finds no legibility problem in the shipped games") {
  RunResult r =
      run_gen("validate --all --data '" + kRoot + "/data' --templates '" + kRoot + "/templates'");
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("nothing in the shipped PDFs is printed below 6 pt, on A4 and Letter, sheets and pack") {
  // Every word poppler reads, page labels, rulers, legends and labels
  // included (poppler reads 6 pt as 5.95 pt: the floor is 5.9).
  for (const std::string& how : {std::string("--paper a4"), std::string("--paper letter"),
                                 std::string("--paper a4 --duplex fold --pack")}) {
    TempDir out;
    RunResult r =
        run_gen("build --all " + kRoots + " " + how + " --out '" + out.path.string() + "'");
    INFO(how << "\n" << r.err);
    REQUIRE(r.status == 0);
    int pdfs = 0;
    for (const auto& f : fs::recursive_directory_iterator(out.path)) {
      if (f.path().extension() != ".pdf") continue;
      ++pdfs;
      INFO(f.path().string());
      CHECK(words_below(f.path(), 5.9) == std::vector<std::string>{});
    }
    CHECK(pdfs >= 5);  // a pack per game, or its components
  }
}

TEST_CASE("validate warns about Latin text below 6 pt and Japanese below 7 pt") {
  auto latin =
      game_with("box = [5, 5, 53, 10]\ntext = \"{rule.en}\"\nfont = \"latin\"\nsize = 5\n");
  RunResult r = run_gen("validate g " + roots(latin));
  CHECK(r.status == 0);  // a warning, not an error
  CHECK(contains(r.err,
                 "card 'c', field rule.en: set at 5 pt, below the legible 6 pt for Latin "
                 "text"));
  CHECK(contains(r.err, "[layout/text-too-small]"));

  auto japanese =
      game_with("box = [5, 5, 53, 20]\ntext = \"{rule.ja}\"\nsize = 6.5\nline_spacing = 1.5\n");
  r = run_gen("validate g " + roots(japanese));
  CHECK(contains(r.err, "set at 6.5 pt, below the legible 7 pt for Japanese text"));

  auto legible =
      game_with("box = [5, 5, 53, 20]\ntext = \"{rule.ja}\"\nsize = 7\nline_spacing = 1.5\n");
  r = run_gen("validate g " + roots(legible));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("validate warns about a <size> span drawn below the legible sizes") {
  // A 7 pt line whose English half is set at 85%: 5.95 pt, under the 6 pt floor.
  auto latin = game_with(
      "box = [5, 5, 53, 10]\ntext = \"{rule.ja} <size 85%>{rule.en}</size>\"\nsize = 7\n"
      "min_size = 7\n");
  RunResult r = run_gen("validate g " + roots(latin));
  CHECK(r.status == 0);
  CHECK(contains(r.err, "set at 5.95 pt, below the legible 6 pt for Latin text"));
  CHECK(contains(r.err, "[layout/text-too-small]"));

  // Japanese in a smaller span: 8 pt at 85% is 6.8 pt, under 7.
  auto japanese = game_with(
      "box = [5, 5, 53, 20]\ntext = \"Fire <size 85%>{rule.ja}</size>\"\nsize = 8\n"
      "min_size = 8\nline_spacing = 1.5\n");
  r = run_gen("validate g " + roots(japanese));
  CHECK(contains(r.err, "set at 6.8 pt, below the legible 7 pt for Japanese text"));

  // At the floor (86% of 7 pt is 6.02 pt), and a larger span, nothing.
  auto legible = game_with(
      "box = [5, 5, 53, 10]\ntext = \"{rule.ja} <size 86%>{rule.en}</size> <size 120%>x</size>"
      "\"\nsize = 7\nmin_size = 7\n");
  r = run_gen("validate g " + roots(legible));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("the legible sizes are set per template with min_legible_size") {
  auto lowered =
      game_with("box = [5, 5, 53, 10]\ntext = \"{rule.en}\"\nfont = \"latin\"\nsize = 5\n",
                "min_legible_size = { ja = 6, latin = 5 }\n");
  RunResult r = run_gen("validate g " + roots(lowered));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));

  auto bad = game_with("box = [5, 5, 53, 10]\ntext = \"{rule.en}\"\nsize = 7\n",
                       "min_legible_size = { ja = 1, latni = 5 }\n");
  r = run_gen("validate g " + roots(bad));
  CHECK(r.status != 0);
  CHECK(contains(r.err, "templates/t/face.toml:3:"));
  CHECK(contains(r.err, "latni"));
}

TEST_CASE("validate warns where the ink of two lines touches") {
  auto solid = game_with("box = [5, 5, 30, 20]\ntext = \"{rule.ja}\"\nsize = 7\n");
  RunResult r = run_gen("validate g " + roots(solid));
  CHECK(contains(r.err, "field rule.ja: the ink of two lines comes within"));
  CHECK(contains(r.err, "[layout/lines-touch]"));
}

TEST_CASE("validate warns where small text is too faint against what lies under it") {
  // White on the old brass (#b8862b) at 7 pt, on a shape drawn before it.
  const std::string disc =
      "\n[[element]]\nkind = \"rect\"\nbox = [5, 5, 30, 10]\nfill = \"#b8862b\"\n";
  auto text = [](const std::string& size, const std::string& colour) {
    return "box = [6, 6, 28, 8]\ntext = \"弾薬\"\nsize = " + size + "\ncolor = \"" + colour +
           "\"\n";
  };
  auto faint = game_with(text("7", "#ffffff"), disc);
  RunResult r = run_gen("validate g " + roots(faint));
  INFO(r.err);
  CHECK(r.status == 0);  // a warning
  CHECK(contains(r.err, "text at 7 pt stands on #b8862b at a contrast of only 3.2:1"));
  CHECK(contains(r.err, "[layout/low-contrast]"));
  CHECK(contains(r.err, "templates/t/face.toml:"));
  // The same colours at 18 pt are large text (3:1 is enough); dark text passes at any size.
  r = run_gen("validate g " + roots(game_with(text("18", "#ffffff"), disc)));
  INFO(r.err);
  CHECK_FALSE(contains(r.err, "[layout/low-contrast]"));
  r = run_gen("validate g " + roots(game_with(text("7", "#1c1408"), disc)));
  INFO(r.err);
  CHECK_FALSE(contains(r.err, "[layout/low-contrast]"));
  // On the page's own background (white).
  r = run_gen("validate g " + roots(game_with(text("7", "#8a8a8a"))));
  CHECK(contains(r.err, "stands on #ffffff at a contrast of only 3.4:1"));
}

TEST_CASE("a symbol badge's caption is held to the legible sizes too") {
  // Endless Patrol's GI cards with their symbols' badges squeezed to 6 mm:
  // each caption (the symbol's id, in the badge's lower third) falls below 6 pt.
  TempDir copy;
  for (const char* dir :
       {"data/endless-patrol", "templates/endless-patrol", "templates/icons", "templates/common"})
    if (fs::exists(kRoot + "/" + dir)) {
      fs::create_directories(copy.path / dir);
      fs::copy(kRoot + "/" + dir, copy.path / dir, fs::copy_options::recursive);
    }
  const fs::path face = copy.path / "templates/endless-patrol/gi-face.toml";
  std::string text = slurp(face);
  const std::string from = "box = [5, 34.5, 53, 13]\nfield = \"symbols\"";
  REQUIRE(text.find(from) != std::string::npos);
  text.replace(text.find(from), from.size(), "box = [5, 34.5, 53, 6]\nfield = \"symbols\"");
  std::ofstream(face) << text;
  RunResult r = run_gen("validate endless-patrol --data '" + (copy.path / "data").string() +
                        "' --templates '" + (copy.path / "templates").string() + "'");
  INFO(r.err);
  CHECK(contains(r.err, "caption of symbol AT: set at"));
  CHECK(contains(r.err, "below the legible 6 pt for Latin text"));
}

TEST_CASE("validate warns where a justified text cannot be set tight and is set ragged") {
  // 30 mm at 8 pt: English words do not stretch, so every choice of breaks
  // leaves a line opening wider than 0.15 em between its Japanese letters.
  auto narrow = game_with(
      "box = [5, 5, 30, 30]\ntext = \"BAR automatic rifle を持つ GI は 3D6 を振る。\"\n"
      "size = 8\nline_spacing = 1.3\nalign = \"justify\"\n");
  RunResult r = run_gen("validate g " + roots(narrow));
  INFO(r.err);
  CHECK(r.status == 0);  // a warning
  CHECK(contains(r.err, "set ragged instead"));
  CHECK(contains(r.err, "[layout/loose-justified]"));
  auto wide = game_with(
      "box = [5, 5, 45, 30]\ntext = \"ATのパトロールカードは、ATのGIカード1枚で撃破できる。\"\n"
      "size = 8\nline_spacing = 1.3\nalign = \"justify\"\n");
  r = run_gen("validate g " + roots(wide));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("validate warns where a justified text is set ragged to keep a word whole") {
  // 38 mm at 8 pt: justified, the last line would be する。 alone; the
  // warning quotes the break, in Japanese and in English.
  auto d = game_with(
      "box = [5, 5, 38, 30]\ntext = \"ゾンビと同じマスで体当たりする。\"\n"
      "size = 8\nline_spacing = 1.3\nalign = \"justify\"\n");
  RunResult r = run_gen("validate g " + roots(d));
  INFO(r.err);
  CHECK(r.status == 0);  // a warning
  CHECK(contains(r.err, "[layout/ragged-breaks]"));
  CHECK(contains(r.err, "it would break at \"スで体当たり / する。\""));
  CHECK(contains(r.err, "align = \"left\""));
  r = run_gen_as_given("validate g --lang ja " + roots(d));
  INFO(r.err);
  CHECK(contains(r.err, "「スで体当たり / する。」と改行して"));
  CHECK(contains(r.err, "左揃えで組みました"));
  // Set ragged by its template, the same text gives no warning.
  auto left = game_with(
      "box = [5, 5, 38, 30]\ntext = \"ゾンビと同じマスで体当たりする。\"\n"
      "size = 8\nline_spacing = 1.3\nalign = \"left\"\n");
  r = run_gen("validate g " + roots(left));
  INFO(r.err);
  CHECK(contains(r.out, ": 0 warnings, 0 errors"));
}

TEST_CASE("the tails of g, j, p, q, y reach the printed page") {
  // One line of descenders, printed at 20 pt: the page rendered by poppler
  // has ink below the line's baseline, under the letters.
  auto d = game_with(
      "box = [5, 20, 53, 10]\ntext = \"gpqy\"\nfont = \"latin\"\nsize = 20\ncolor = "
      "\"#ff0000\"\n");
  TempDir out;
  RunResult r = run_gen("build g " + roots(d) + " --duplex none --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path pdf = out.path / "g" / "d.pdf";
  REQUIRE(fs::exists(pdf));
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  REQUIRE(doc);
  std::unique_ptr<poppler::page> page(doc->create_page(0));
  poppler::page_renderer renderer;
  renderer.set_image_format(poppler::image::format_argb32);
  const double dpi = 300;
  poppler::image img = renderer.render_page(page.get(), dpi, dpi);
  // The text's rows: the vertical extent of the red pixels (ARGB: red high,
  // green and blue low; crop marks and labels are black or grey).
  int first = -1, last = -1;
  for (int y = 0; y < img.height(); ++y) {
    const auto* row = reinterpret_cast<const uint32_t*>(img.const_data() + y * img.bytes_per_row());
    for (int x = 0; x < img.width(); ++x)
      if (((row[x] >> 16) & 0xFF) > 0xC0 && ((row[x] >> 8) & 0xFF) < 0x60 &&
          (row[x] & 0xFF) < 0x60) {
        if (first < 0) first = y;
        last = y;
        break;
      }
  }
  REQUIRE(first >= 0);
  // 20 pt BIZ UDPGothic: x-height 0.58 em, descenders 0.119 em below the
  // baseline. Cut at the baseline, the red rows would span 0.58 em.
  const double em_px = 20.0 / 72 * dpi;
  CHECK(last - first + 1 >= static_cast<int>((0.58 + 0.09) * em_px));
}

namespace {

/// The body sizes of a page: the font sizes (poppler's, to 0.01 pt) that set
/// at least 150 characters of Japanese, and apart, those that set at least
/// 150 Latin letters, less the Japanese sizes (Latin inside Japanese lines).
std::pair<std::set<double>, std::set<double>> body_sizes(poppler::page& page) {
  std::map<double, int> japanese, latin;
  const auto boxes = page.text_list(poppler::page::text_list_include_font);
  for (const auto& box : boxes) {
    const double size = std::round(box.get_font_size() * 100) / 100;
    const auto utf8 = box.text().to_utf8();
    const std::string word(utf8.begin(), utf8.end());
    for (const bocage::CodePoint& cp : bocage::decode_utf8(word)) {
      if (cp.c >= 0x3000 && cp.c <= 0xFFFF) ++japanese[size];
      if (cp.c < 0x80 && std::isalpha(static_cast<int>(cp.c))) ++latin[size];
    }
  }
  std::set<double> ja, en;
  for (auto [size, n] : japanese)
    if (n >= 150) ja.insert(size);
  for (auto [size, n] : latin)
    if (n >= 150 && !ja.count(size)) en.insert(size);
  return {ja, en};
}

}  // namespace

TEST_CASE("every player aid reads at one body size in each language, on every page") {
  TempDir out;
  RunResult r = run_gen("build --all " + kRoots + " --out '" + out.path.string() + "'");
  REQUIRE(r.status == 0);
  int aids = 0;
  for (const auto& f : fs::recursive_directory_iterator(out.path)) {
    if (f.path().filename() != "aid.pdf") continue;
    ++aids;
    INFO(f.path().string());
    std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(f.path().string()));
    REQUIRE(doc);
    std::set<double> ja, en;
    for (int i = 0; i < doc->pages(); ++i) {
      std::unique_ptr<poppler::page> page(doc->create_page(i));
      auto [page_ja, page_en] = body_sizes(*page);
      ja.insert(page_ja.begin(), page_ja.end());
      en.insert(page_en.begin(), page_en.end());
    }
    CHECK(ja.size() == 1);
    CHECK(en.size() == 1);
  }
  CHECK(aids == 5);
}
