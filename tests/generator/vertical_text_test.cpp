#include "generator/text/vertical_text.h"

#include <catch2/catch.hpp>

#include "../default_engine.h"
#include "generator/text/jlreq.h"

using namespace bocage;
using bocage::test::engine;

namespace {

VerticalText lay(const std::string& text, double column_pt, int tcy = 2) {
  VerticalStyle s;
  s.paragraph.size_pt = 10;
  s.tate_chu_yoko_digits = tcy;
  return lay_out_vertical(engine(), parse_rich_text(text), s, column_pt);
}

const VerticalCell& cell(const VerticalText& v, const std::string& text) {
  for (const auto& c : v.cells)
    if (c.text == text) return c;
  FAIL("no cell " << text);
  return v.cells.front();
}

PangoGlyph first_glyph(PangoLayout* layout) {
  PangoLayoutIter* it = pango_layout_get_iter(layout);
  PangoLayoutRun* run = pango_layout_iter_get_run_readonly(it);
  PangoGlyph g = run ? run->glyphs->glyphs[0].glyph : 0;
  pango_layout_iter_free(it);
  return g;
}

PangoGlyph horizontal_glyph(const std::string& ch) {
  PangoLayout* l = engine().new_layout();
  pango_layout_set_text(l, ch.c_str(), -1);
  PangoFontDescription* d = pango_font_description_from_string("BIZ UDGothic 10");
  pango_layout_set_font_description(l, d);
  pango_font_description_free(d);
  PangoGlyph g = first_glyph(l);
  g_object_unref(l);
  return g;
}

}  // namespace

TEST_CASE(
    "9: vertical text keeps kana and kanji upright, uses vertical forms for 、。 ー and brackets, "
    "turns Latin") {
  VerticalText v = lay("縦書きの「テスト」です。ーM1、", -1);
  REQUIRE(v.columns == 1);
  CHECK(cell(v, "縦").kind == VerticalCell::Kind::upright);
  CHECK(first_glyph(cell(v, "縦").layout.get()) == horizontal_glyph("縦"));
  for (const std::string mark : {"「", "」", "。", "、", "ー"}) {
    INFO(mark);
    CHECK(cell(v, mark).kind == VerticalCell::Kind::upright);
    CHECK(first_glyph(cell(v, mark).layout.get()) !=
          horizontal_glyph(mark));  // the font's `vert` form
  }
  CHECK(cell(v, "M1").kind == VerticalCell::Kind::rotated);
  // One em per character down the column.
  CHECK(cell(v, "書").y_pt == Approx(10));
  CHECK(v.height_pt == Approx(14 * 10 + cell(v, "M1").advance_pt));
}

TEST_CASE("10: numbers of up to two digits stand upright in one cell (tate-chu-yoko)") {
  VerticalText v = lay("第12章と第123章", -1);
  CHECK(cell(v, "12").kind == VerticalCell::Kind::tate_chu_yoko);
  CHECK(cell(v, "12").advance_pt == Approx(10));
  CHECK(cell(v, "123").kind == VerticalCell::Kind::rotated);
  VerticalText three = lay("第123章", -1, 3);
  CHECK(cell(three, "123").kind == VerticalCell::Kind::tate_chu_yoko);
  VerticalText none = lay("第1章", -1, 0);
  CHECK(cell(none, "1").kind == VerticalCell::Kind::rotated);
}

TEST_CASE("vertical columns run right to left and break under the line-start and line-end rules") {
  const std::string text =
      "このカードを捨て札にする。その後、カードを1枚引く。「ストップ」と言う。";
  for (double length = 30; length <= 150; length += 10) {
    VerticalText v = lay(text, length);
    auto columns = vertical_columns(v);
    CHECK(v.height_pt <= length + 0.01);
    for (size_t i = 0; i < columns.size(); ++i) {
      INFO(length << " pt, column " << i << ": " << columns[i]);
      if (i > 0) CHECK(may_start_line(static_cast<char32_t>(g_utf8_get_char(columns[i].c_str()))));
      if (i + 1 < columns.size()) {
        const char* end = columns[i].c_str() + columns[i].size();
        CHECK(may_end_line(static_cast<char32_t>(
            g_utf8_get_char(g_utf8_find_prev_char(columns[i].c_str(), end)))));
      }
    }
    CHECK(v.width_pt == Approx((v.columns - 1) * 16 + 10));
  }
}

TEST_CASE("vertical ruby stands right of its base, centred, bases, icons and spans are kept") {
  auto is_icon = [](const std::string& n) { return n == "AT"; };
  VerticalStyle s;
  s.paragraph.size_pt = 10;
  VerticalText v = lay_out_vertical(
      engine(), parse_rich_text("あ｜擲弾《てきだん》<b>残</b>:AT:", is_icon), s, -1);
  std::vector<const VerticalCell*> ruby;
  for (const auto& c : v.cells)
    if (c.ruby) ruby.push_back(&c);
  REQUIRE(ruby.size() == 4);
  CHECK(ruby[0]->em_pt == Approx(5));
  CHECK(ruby[0]->x_pt > 10);  // right of the one-em column
  // 4 kana of 5 pt over a 20 pt base that starts 10 pt down: centred.
  CHECK(ruby[0]->y_pt == Approx(10));
  CHECK(ruby[3]->y_pt + ruby[3]->advance_pt == Approx(30));
  CHECK(cell(v, "残").layout);
  PangoFontDescription* d =
      pango_font_description_copy(pango_layout_get_font_description(cell(v, "残").layout.get()));
  CHECK(pango_font_description_get_weight(d) == PANGO_WEIGHT_BOLD);
  pango_font_description_free(d);
  CHECK(cell(v, "AT").kind == VerticalCell::Kind::icon);
  // A ruby base is never split between columns.
  for (double length = 20; length <= 40; length += 5) {  // the base (20 pt) fits a column
    VerticalText n =
        lay_out_vertical(engine(), parse_rich_text("あ｜擲弾《てきだん》を投げる"), s, length);
    CHECK(cell(n, "擲").column == cell(n, "弾").column);
  }
}
