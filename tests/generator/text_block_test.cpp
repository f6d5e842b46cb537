#include "generator/text/text_block.h"

#include <catch2/catch.hpp>

#include "../default_engine.h"

using namespace bocage;
using bocage::test::engine;

namespace {

const std::set<std::string> kFonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};

TextStyle style(double size, double min_size, int max_lines = 0) {
  TextStyle s;
  s.family = "BIZ UDGothic";
  s.size_pt = size;
  s.min_size_pt = min_size;
  s.max_lines = max_lines;
  return s;
}

std::vector<std::string> lines_of(const TextBlock& b) {
  return layout_lines(b.layout());
}

}  // namespace

TEST_CASE("text that fits keeps its size") {
  TextBlock b = fit_text(engine(), "携帯火炎放射器", style(12, 8), {50, 10}, kFonts);
  CHECK(b.fits);
  CHECK(b.size_pt == 12);
  CHECK(b.line_count == 1);
  // 7 full-width characters of 12 pt: 84 pt = 29.6 mm.
  CHECK(b.width_mm == Approx(29.63).margin(0.1));
}

TEST_CASE("text shrinks in small steps until it fits, and not below its minimum") {
  TextBlock b =
      fit_text(engine(), "ブローニングオートマチックライフル", style(13, 7, 1), {45, 6}, kFonts);
  CHECK(b.fits);
  CHECK(b.size_pt < 13);
  CHECK(b.size_pt >= 7);
  CHECK(b.line_count == 1);
  CHECK(b.width_mm <= 45.01);
  // One step larger would not have fitted.
  TextBlock larger = fit_text(engine(), "ブローニングオートマチックライフル",
                              style(b.size_pt + 0.25, b.size_pt + 0.25, 1), {45, 6}, kFonts);
  CHECK_FALSE(larger.fits);
}

TEST_CASE("a title is shrunk onto one line before it is broken") {
  TextStyle s = style(13, 9, 2);
  s.title = true;
  TextBlock title = fit_text(engine(), "トンプソンサブマシンガン", s, {40, 14}, kFonts);
  CHECK(title.line_count == 1);
  CHECK(title.size_pt < 13);
  s.title = false;
  TextBlock body = fit_text(engine(), "トンプソンサブマシンガン", s, {40, 14}, kFonts);
  CHECK(body.line_count == 2);
  CHECK(body.size_pt == 13);
}

TEST_CASE("overflow at the minimum size is measured in mm") {
  std::string text;
  for (int i = 0; i < 10; ++i) text += "この文章は枠に収まらない。";
  TextBlock b = fit_text(engine(), text, style(9, 8), {30, 10}, kFonts);
  CHECK_FALSE(b.fits);
  CHECK(b.size_pt == 8);
  CHECK(b.overflow_height_mm > 10);
  CHECK(b.overflow_height_mm == Approx(b.height_mm - 10).margin(0.01));
  TextBlock lines = fit_text(engine(), "一行目\n二行目\n三行目", style(8, 8, 2), {30, 30}, kFonts);
  CHECK_FALSE(lines.fits);
  CHECK(lines.line_count == 3);
  CHECK(lines.overflow_height_mm > 0);
}

TEST_CASE(
    "no line starts with closing punctuation at any box width (WRAP_WORD_CHAR keeps kinsoku)") {
  const std::string text =
      "このカードを捨て札にする。その後、カードを1枚引く。「ストップ」と言う。";
  const std::vector<std::string> forbidden = {"、", "。", "」", "）", "ー", "ッ", "ャ"};
  for (double width = 12; width <= 60; width += 0.7) {
    TextBlock b = fit_text(engine(), text, style(9, 9), {width, 200}, kFonts);
    auto lines = lines_of(b);
    for (size_t i = 1; i < lines.size(); ++i) {
      INFO("width " << width << " line " << i << ": " << lines[i]);
      for (const auto& f : forbidden) CHECK(lines[i].rfind(f, 0) != 0);
    }
  }
}

TEST_CASE("glyph problems name the character and where it would come from") {
  // Characters the game's fonts lack have no glyph, whatever other fonts are
  // installed (𠮷 is in Noto CJK, ♞ in DejaVu Sans).
  TextBlock tofu = fit_text(engine(), "𠮷野家の騎士♞", style(9, 9), {50, 10}, kFonts);
  REQUIRE(tofu.glyph_problems.size() == 2);
  CHECK(tofu.glyph_problems[0].codepoint == U'\U00020BB7');
  CHECK(tofu.glyph_problems[0].font_family.empty());
  CHECK(tofu.glyph_problems[1].codepoint == U'♞');
  CHECK(tofu.glyph_problems[1].font_family.empty());
  // Letters set in a font the caller does not allow are named with that font.
  TextStyle latin = style(9, 9);
  latin.latin_family = "BIZ UDPGothic";
  TextBlock fallback = fit_text(engine(), "騎士M", latin, {50, 10}, {"BIZ UDGothic"});
  REQUIRE(fallback.glyph_problems.size() == 1);
  CHECK(fallback.glyph_problems[0].codepoint == U'M');
  CHECK(fallback.glyph_problems[0].font_family == "BIZ UDPGothic");
  TextBlock clean = fit_text(engine(), "髙橋さん①㉑※「カード」M1", style(9, 9), {80, 10}, kFonts);
  CHECK(clean.glyph_problems.empty());
  CHECK(codepoint_name(U'\U00020BB7') == "U+20BB7");
  CHECK(utf8_encode(U'吉') == "吉");
}

TEST_CASE("text that asks for an ellipsis is cut with … instead of overflowing") {
  std::string text;
  for (int i = 0; i < 10; ++i) text += "この文章は枠に収まらない。";
  TextStyle s = style(9, 8);
  s.ellipsis = true;
  TextBlock b = fit_text(engine(), text, s, {30, 10}, kFonts);
  CHECK(b.fits);
  CHECK(b.ellipsized);
  CHECK(b.height_mm <= 10.01);
  CHECK(b.size_pt == 8);
  CHECK(pango_layout_is_ellipsized(b.layout()));
  s.max_lines = 1;
  TextBlock one = fit_text(engine(), text, s, {30, 10}, kFonts);
  CHECK(one.line_count == 1);
  TextBlock fitting = fit_text(engine(), "短い。", s, {30, 10}, kFonts);
  CHECK_FALSE(fitting.ellipsized);
}

TEST_CASE("bold asked of a family without a bold face is known, a real bold face is not") {
  // BIZ UDMincho has no bold face (fontconfig emboldens its regular face);
  // BIZ UDGothic has one. Both are the default game fonts the engine holds.
  for (const bool vertical : {false, true}) {
    INFO((vertical ? "vertical" : "horizontal"));
    TextStyle mincho = style(9, 9);
    mincho.family = "BIZ UDMincho";
    mincho.vertical = vertical;
    mincho.bold = true;
    CHECK(fit_text(engine(), "明朝体の太字", mincho, {50, 50}, kFonts).synthetic_bold);
    TextStyle gothic = mincho;
    gothic.family = "BIZ UDGothic";
    CHECK_FALSE(fit_text(engine(), "ゴシック体の太字", gothic, {50, 50}, kFonts).synthetic_bold);
    mincho.bold = false;
    CHECK_FALSE(fit_text(engine(), "明朝体", mincho, {50, 50}, kFonts).synthetic_bold);
  }
  // <b> markup inside a regular Mincho text.
  TextStyle mincho = style(9, 9);
  mincho.family = "BIZ UDMincho";
  CHECK(fit_text(engine(), "明朝体の<b>太字</b>", mincho, {50, 10}, kFonts).synthetic_bold);
}
