// fit_text_shared: each distinct text is laid out once while it is held, and
// a cached block is exactly what fit_text would make.
#include <catch2/catch.hpp>

#include "generator/text/text_block.h"

using namespace bocage;

namespace {

const std::set<std::string> kFonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};

TextStyle style(double size, double min_size) {
  TextStyle s;
  s.family = "BIZ UDGothic";
  s.size_pt = size;
  s.min_size_pt = min_size;
  return s;
}

}  // namespace

TEST_CASE("the same text, style and box are laid out once and shared") {
  TextEngine engine;
  const std::string text = "ATのパトロールカードは、ATのGIカード1枚で撃破できる。";
  auto a = fit_text_shared(engine, text, style(8, 6), {53, 16.5}, kFonts);
  auto b = fit_text_shared(engine, text, style(8, 6), {53, 16.5}, kFonts);
  CHECK(a == b);
  CHECK(engine.fitted_blocks().by_key.size() == 1);
  // The same as laid out directly.
  TextBlock direct = fit_text(engine, text, style(8, 6), {53, 16.5}, kFonts);
  CHECK(a->size_pt == direct.size_pt);
  CHECK(a->line_count == direct.line_count);
  CHECK(a->width_mm == Approx(direct.width_mm));
  CHECK(a->height_mm == Approx(direct.height_mm));
}

TEST_CASE("any difference in the inputs lays the text out anew") {
  TextEngine engine;
  const std::string text = "ブローニングオートマチックライフル";
  auto base = fit_text_shared(engine, text, style(13, 7.5), {40, 14.5}, kFonts);
  CHECK(fit_text_shared(engine, text, style(12, 7.5), {40, 14.5}, kFonts) != base);
  CHECK(fit_text_shared(engine, text, style(13, 7.5), {30, 14.5}, kFonts) != base);
  TextStyle bold = style(13, 7.5);
  bold.bold = true;
  CHECK(fit_text_shared(engine, text, bold, {40, 14.5}, kFonts) != base);
  TextStyle title = style(13, 7.5);
  title.title = true;
  CHECK(fit_text_shared(engine, text, title, {40, 14.5}, kFonts) != base);
  CHECK(fit_text_shared(engine, text + "M1", style(13, 7.5), {40, 14.5}, kFonts) != base);
  CHECK(fit_text_shared(engine, text, style(13, 7.5), {40, 14.5}, {"BIZ UDGothic"}) != base);
  // A narrower box holds fewer characters a line, so the result differs too.
  CHECK(fit_text_shared(engine, text, style(13, 7.5), {30, 14.5}, kFonts)->size_pt <=
        base->size_pt);
}

TEST_CASE("a text with inline icons is shared only where the same names are icons") {
  TextEngine engine;
  auto at_is_icon = [](const std::string& name) { return name == "AT"; };
  auto none_is_icon = [](const std::string&) { return false; };
  const std::string text = "撃破 :AT: または :MG:";
  auto a = fit_text_shared(engine, text, style(8, 6), {53, 10}, kFonts, at_is_icon);
  auto b = fit_text_shared(engine, text, style(8, 6), {53, 10}, kFonts, at_is_icon);
  CHECK(a == b);
  REQUIRE(a->paragraph.layout);
  // Another game, where :AT: is no icon: its own block, the name left as text.
  auto c = fit_text_shared(engine, text, style(8, 6), {53, 10}, kFonts, none_is_icon);
  CHECK(c != a);
  CHECK(engine.fitted_blocks().by_key.size() == 2);
  const std::string laid_a = pango_layout_get_text(a->paragraph.layout.get());
  const std::string laid_c = pango_layout_get_text(c->paragraph.layout.get());
  CHECK(laid_a.find(":AT:") == std::string::npos);
  CHECK(laid_a.find(":MG:") != std::string::npos);
  CHECK(laid_c.find(":AT:") != std::string::npos);
  // Where MG is the icon instead, the same text is a third block.
  auto mg_is_icon = [](const std::string& name) { return name == "MG"; };
  auto d = fit_text_shared(engine, text, style(8, 6), {53, 10}, kFonts, mg_is_icon);
  CHECK(d != a);
  CHECK(d != c);
  CHECK(engine.fitted_blocks().by_key.size() == 3);
}

TEST_CASE("blocks nobody holds are let go and the cache stays bounded") {
  TextEngine engine;
  auto text = [](int i) { return std::to_string(i) + "番目の部隊は前進して射撃する。"; };
  // One held throughout: shared however many others come and go.
  auto held = fit_text_shared(engine, text(0), style(8, 6), {40, 12}, kFonts);
  std::weak_ptr<TextBlock> first_let_go;
  const int n = 3 * static_cast<int>(TextEngine::FittedBlocks::kRecent) + 1200;
  for (int i = 1; i <= n; ++i) {
    auto b = fit_text_shared(engine, text(i), style(8, 6), {40, 12}, kFonts);
    if (i == 1) first_let_go = b;
  }
  CHECK(fit_text_shared(engine, text(0), style(8, 6), {40, 12}, kFonts) == held);
  // The first of the others is held by nobody now, and the recent few are.
  CHECK(first_let_go.expired());
  CHECK(engine.fitted_blocks().recent.size() == TextEngine::FittedBlocks::kRecent);
  // The entries of blocks let go are swept: fewer than all the texts asked for.
  CHECK(engine.fitted_blocks().by_key.size() < static_cast<size_t>(n));
  // Asked for again, a block let go is laid out anew, alike.
  auto again = fit_text_shared(engine, text(1), style(8, 6), {40, 12}, kFonts);
  TextBlock direct = fit_text(engine, text(1), style(8, 6), {40, 12}, kFonts);
  CHECK(again->size_pt == direct.size_pt);
  CHECK(again->line_count == direct.line_count);
  CHECK(again->width_mm == Approx(direct.width_mm));
}

TEST_CASE("a title takes the largest 0.25 pt step at which it fits on one line") {
  TextEngine engine;
  const std::string text = "ブローニングM1919機関銃";
  TextStyle title = style(13, 7.5);
  title.title = true;
  title.max_lines = 2;
  for (double width = 20; width <= 80; width += 1.7) {
    INFO("box width " << width << " mm");
    // Every step from the top, as a reader would check it.
    double expected = 0;
    for (double size = 13; size >= 7.5 - 1e-9 && expected == 0; size -= 0.25) {
      ParagraphStyle ps;
      ps.japanese_family = "BIZ UDGothic";
      ps.latin_family = "BIZ UDGothic";
      ps.size_pt = size;
      ps.title = true;
      // On one line unbroken, and again in the box (where its alignment applies).
      Paragraph line = lay_out_paragraph(engine, parse_rich_text(text), ps, -1);
      Paragraph boxed =
          lay_out_paragraph(engine, parse_rich_text(text), ps, mm_to_pt(width) + 0.01);
      auto inside = [&](const Paragraph& p) {
        return pt_to_mm(p.width_pt) <= width + 0.01 && pt_to_mm(p.height_pt) <= 14.5 + 0.01 &&
               p.line_count == 1;
      };
      if (inside(line) && inside(boxed)) expected = size;
    }
    TextBlock b = fit_text(engine, text, title, {width, 14.5}, kFonts);
    if (expected > 0) {
      CHECK(b.size_pt == expected);
      CHECK(b.line_count == 1);
    } else {
      CHECK(b.line_count != 1);  // broken over lines, or overflowing at the minimum size
    }
  }
}

TEST_CASE("a squeezed punctuation mark's layout is made once per font and size") {
  TextEngine engine;
  double baseline = 0, again = 0, larger = 0;
  PangoLayout* first = engine.glyph_layout("。", "BIZ UDGothic", false, 9, &baseline);
  PangoLayout* second = engine.glyph_layout("。", "BIZ UDGothic", false, 9, &again);
  CHECK(first == second);
  CHECK(again == baseline);
  CHECK(baseline > 0);
  PangoLayout* bigger = engine.glyph_layout("。", "BIZ UDGothic", false, 18, &larger);
  CHECK(bigger != first);
  CHECK(larger == Approx(2 * baseline).epsilon(0.01));
  CHECK(engine.glyph_layout("。", "BIZ UDGothic", true, 9, &again) != first);
  CHECK(engine.glyph_layout("、", "BIZ UDGothic", false, 9, &again) != first);
  CHECK(std::string(pango_layout_get_text(first)) == "。");
}

namespace {

/// The largest 0.25 pt step from `top` down to `bottom` at which `text` fits
/// the box, each size laid out in its own font, as a reader would check it; 0
/// if none does.
double largest_fitting(const TextEngine& engine, const std::string& text, double top, double bottom,
                       SizeMm box) {
  for (double size = top; size >= bottom - 1e-9; size -= 0.25) {
    ParagraphStyle ps;
    ps.japanese_family = "BIZ UDGothic";
    ps.latin_family = "BIZ UDGothic";
    ps.size_pt = size;
    Paragraph p = lay_out_paragraph(engine, parse_rich_text(text), ps, mm_to_pt(box.width));
    if (pt_to_mm(p.width_pt) <= box.width + 0.01 && pt_to_mm(p.height_pt) <= box.height + 0.01)
      return size;
  }
  return 0;
}

}  // namespace

TEST_CASE("a body text shrinks to the largest 0.25 pt step at which it fits its box") {
  TextEngine engine;
  // Japanese and Latin, in boxes from roomy to too small for the minimum size.
  const std::string text =
      "射撃フェイズに、弾薬カードを1枚捨ててもよい。Any time: discard to cancel an attrition "
      "result of the patrol card.";
  for (double height = 14; height >= 3; height -= 0.37) {
    INFO("box 45 x " << height << " mm");
    const double expected = largest_fitting(engine, text, 9, 5, {45, height});
    TextBlock b = fit_text(engine, text, style(9, 5), {45, height}, kFonts);
    if (expected > 0) {
      CHECK(b.fits);
      CHECK(b.size_pt == expected);
    } else {
      CHECK_FALSE(b.fits);
      CHECK(b.size_pt == 5);
    }
  }
}

TEST_CASE("a text with ruby takes the largest size that fits, on either side of ruby's minimum") {
  TextEngine engine;
  // Ruby is set over its base from 5 pt and after it in parentheses below: a
  // longer text, which can need more room at 4.75 pt than at 5.25 pt. A search
  // that took room to shrink with the size throughout missed 5.25 here.
  const std::string text = "｜擲弾筒《てきだんとう》で｜敵陣《てきじん》を｜制圧《せいあつ》する。";
  for (double width = 14; width <= 40; width += 2.6)
    for (double height = 9; height >= 2; height -= 0.29) {
      INFO("box " << width << " x " << height << " mm");
      const double expected = largest_fitting(engine, text, 7, 4, {width, height});
      TextBlock b = fit_text(engine, text, style(7, 4), {width, height}, kFonts);
      if (expected > 0) {
        CHECK(b.fits);
        CHECK(b.size_pt == expected);
        const std::string laid = pango_layout_get_text(b.paragraph.layout.get());
        CHECK((laid.find("（てきだんとう）") != std::string::npos) == (b.size_pt < 5));
      } else {
        CHECK_FALSE(b.fits);
      }
    }
}
