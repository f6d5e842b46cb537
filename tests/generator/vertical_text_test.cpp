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
  // One em per character down the column; the 、 that ends it loses its blank.
  CHECK(cell(v, "書").y_pt == Approx(10));
  CHECK(v.height_pt == Approx(14 * 10 - 5 + cell(v, "M1").advance_pt));
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

namespace {

VerticalText lay_styled(const std::string& text, double column_pt, TextAlign align) {
  VerticalStyle s;
  s.paragraph.size_pt = 10;
  s.paragraph.align = align;
  return lay_out_vertical(engine(), parse_rich_text(text), s, column_pt);
}

/// The cells of column `col` (not ruby), top to bottom.
std::vector<const VerticalCell*> column_cells(const VerticalText& v, int col) {
  std::vector<const VerticalCell*> out;
  for (const auto& c : v.cells)
    if (c.column == col && !c.ruby) out.push_back(&c);
  return out;
}

}  // namespace

TEST_CASE("vertical punctuation in a row takes a half em less, and none is lost at column ends") {
  // 」、 and 。「: the blank between the two marks is squeezed out (JLREQ 3.1.4).
  VerticalText v = lay("「敵」、そして。「味方」", -1);
  CHECK(cell(v, "敵").y_pt == Approx(5));  // the opening bracket starts the column trimmed
  CHECK(cell(v, "、").y_pt - cell(v, "」").y_pt == Approx(5));
  CHECK(cell(v, "そ").y_pt - cell(v, "、").y_pt == Approx(10));
  // 「 after 。: the 。 loses its blank (the first mark's, as in horizontal text).
  const VerticalCell* open2 = nullptr;
  for (const auto& c : v.cells)
    if (c.text == "「" && c.y_pt > 10) open2 = &c;
  REQUIRE(open2);
  CHECK(open2->y_pt - cell(v, "。").y_pt == Approx(5));
  CHECK(open2->advance_pt == Approx(10));
  CHECK(cell(v, "。").advance_pt == Approx(5));
  // 「敵」、そして。「味方」 is 12 cells: 120 pt less the leading 「 (5), 」、 (5), 。「 (5) and
  // the closing 」 at the end (5).
  CHECK(v.height_pt == Approx(100));
  for (double length = 30; length <= 120; length += 7) {
    VerticalText w = lay("このカードを捨て札にする。その後、「ストップ」と言う。", length);
    INFO(length << " pt");
    CHECK(w.height_pt <= length + 0.01);
    for (int col = 0; col < w.columns; ++col) {
      auto cells = column_cells(w, col);
      REQUIRE_FALSE(cells.empty());
      // A column never starts with an opening bracket's blank or ends with a closing blank.
      if (cells.front()->text == "「") CHECK(cells.front()->advance_pt == Approx(5));
      if (cells.back()->text == "。" || cells.back()->text == "、")
        CHECK(cells.back()->advance_pt == Approx(5));
    }
  }
}

TEST_CASE("a vertical column that fits only without its last mark's blank keeps the mark") {
  // Six cells of 10 pt, the sixth a 。: 55 pt is enough once the 。 loses its blank (oikomi),
  // rather than pushing す down to start the next column with 。 after it.
  // (three letters after it: a last column of two would be avoided first)
  VerticalText v = lay("あいうえす。かきく", 55);
  auto columns = vertical_columns(v);
  REQUIRE(columns.size() == 2);
  CHECK(columns[0] == "あいうえす。");
  CHECK(v.height_pt <= 55.01);
}

TEST_CASE("vertical protected runs stay in one column") {
  // …… and a number with its unit are never split between columns.
  for (double length = 20; length <= 90; length += 5) {
    VerticalText v = lay("あいうえお……かきく10ダメージけこ", length);
    INFO(length << " pt");
    CHECK(cell(v, "…").column ==
          v.cells[static_cast<size_t>(&cell(v, "…") - v.cells.data()) + 1].column);
    CHECK(cell(v, "10").column == cell(v, "ダ").column);
  }
}

TEST_CASE("justified vertical columns reach the column's end, the last one does not") {
  const std::string text = "このカードを捨て札にする。その後、カードを1枚引く。";
  for (double length = 47; length <= 140; length += 6.5) {
    VerticalText v = lay_styled(text, length, TextAlign::justify);
    INFO(length << " pt");
    CHECK(v.height_pt <= length + 0.01);
    for (int col = 0; col + 1 < v.columns; ++col) {
      auto cells = column_cells(v, col);
      const double end = cells.back()->y_pt + cells.back()->advance_pt;
      // filled, unless half an em between each two cells is not enough
      if (end < length - 0.05) {
        INFO("column " << col);
        CHECK(cells[1]->y_pt - cells[0]->y_pt - cells[0]->advance_pt == Approx(5 * 0.999));
      }
    }
    auto last = column_cells(v, v.columns - 1);
    for (size_t k = 1; k < last.size(); ++k)
      CHECK(last[k]->y_pt == Approx(last[k - 1]->y_pt + last[k - 1]->advance_pt));
  }
}

TEST_CASE("a vertical ruby longer than its base spreads the base 1:2:1") {
  // 擲弾 (20 pt) under てきだんとう (6 kana of 5 pt, 30 pt): each base cell grows by 5 pt,
  // its glyph 2.5 pt down: 2.5 before the first, 5 between, 2.5 after the last.
  VerticalText v = lay("あ｜擲弾《てきだんとう》を", -1);
  const VerticalCell& a = cell(v, "擲");
  const VerticalCell& b = cell(v, "弾");
  CHECK(a.y_pt == Approx(10));
  CHECK(a.advance_pt == Approx(15));
  CHECK(a.ink_offset_pt == Approx(2.5));
  CHECK(b.y_pt + b.ink_offset_pt - (a.y_pt + a.ink_offset_pt + 10) == Approx(5));
  CHECK(cell(v, "を").y_pt == Approx(40));
  std::vector<const VerticalCell*> ruby;
  for (const auto& c : v.cells)
    if (c.ruby) ruby.push_back(&c);
  REQUIRE(ruby.size() == 6);
  CHECK(ruby.front()->y_pt == Approx(10));
  CHECK(ruby.back()->y_pt + ruby.back()->advance_pt == Approx(40));
}

#include "generator/text/paragraph.h"

namespace {

/// The visible characters of a horizontal line (spaces and line separators dropped).
std::string visible(const std::string& line) {
  std::string out;
  for (const char* p = line.c_str(); *p; p = g_utf8_next_char(p))
    if (!g_unichar_isspace(g_utf8_get_char(p)))
      out.append(p, static_cast<size_t>(g_utf8_next_char(p) - p));
  return out;
}

}  // namespace

TEST_CASE("one line breaker: full-width text breaks into the same lines and columns") {
  // Every character one em in both directions: the same units, the same
  // break points and costs, so the same breaks (issue 16 item 9).
  const std::vector<std::string> texts = {
      "敵は、弾薬を、渡す。次に「前進」して、撃つ。",
      "このカードを捨て札にする。その後、カードを一枚引き、手札に加える。",
      "敵は「ァァッッーーァァッッ」と叫んだ。",
      "あいうえお……かきくけこ、さしすせそ。",
      "補給フェイズ：デッキの一番上のカードを一枚引く。手札は最大五枚。",
      // (a colon in a pair of marks: the blank it may still give back, alike)
      "注意：「敵」、「味方」：「中立」の三つを、順に数え、記録する。",
  };
  int compared = 0;
  for (const auto& text : texts)
    for (double length = 40; length <= 160; length += 7.3) {
      ParagraphStyle hs;
      hs.size_pt = 10;
      Paragraph h = lay_out_paragraph(engine(), parse_rich_text(text), hs, length);
      VerticalText v = lay(text, length);
      std::vector<std::string> lines;
      for (const auto& line : layout_lines(h.layout.get())) lines.push_back(visible(line));
      INFO(text << " at " << length << " pt");
      CHECK(lines == vertical_columns(v));
      CHECK(v.height_pt <= length + 0.01);
      ++compared;
    }
  CHECK(compared > 50);
}

TEST_CASE(
    "vertical columns shrink before they stretch, and break a run with no break least badly") {
  // (as horizontal lines: paragraph_test.cpp) す。 goes up by reducing two
  // commas: one column, not two.
  VerticalText v = lay("敵は、弾薬を、渡す。", 88);
  CHECK(vertical_columns(v) == std::vector<std::string>{"敵は、弾薬を、渡す。"});
  CHECK(v.height_pt <= 88.01);
  CHECK(vertical_columns(lay("敵は。弾薬を。渡す。", 88)).size() == 2);
  // No allowed break inside 「ァァッッーーァァッッ」: it is broken before small
  // kana or ー, never after 「 or before 」, and no column runs out.
  for (double length = 30; length <= 100; length += 6.1) {
    VerticalText r = lay("敵は「ァァッッーーァァッッ」と叫んだ。", length);
    INFO(length << " pt");
    CHECK(r.height_pt <= length + 0.01);
    auto cols = vertical_columns(r);
    for (size_t i = 1; i < cols.size(); ++i) {
      CHECK(cols[i].rfind("」", 0) != 0);
      const bool opens =
          cols[i - 1].size() >= 3 && cols[i - 1].substr(cols[i - 1].size() - 3) == "「";
      CHECK_FALSE(opens);
    }
  }
}

TEST_CASE("a line may break before …… (JLREQ), which Unicode's LB22 forbids") {
  // Six em: あいうえお…… is seven, so the dots start the next line rather
  // than take お with them.
  ParagraphStyle s;
  s.size_pt = 10;
  Paragraph p = lay_out_paragraph(engine(), parse_rich_text("あいうえお……かきく"), s, 60);
  auto lines = layout_lines(p.layout.get());
  REQUIRE(lines.size() == 2);
  CHECK(visible(lines[0]) == "あいうえお");
  CHECK(visible(lines[1]) == "……かきく");
  auto columns = vertical_columns(lay("あいうえお……かきく", 60));
  CHECK(columns == std::vector<std::string>{"あいうえお", "……かきく"});
}
