// align_single_line: a one-line title laid out without a width and placed by
// its left_pt stands exactly where laying it out in its box puts it, for
// every alignment; and fit_text's titles (placed that way) print where the
// box layout would print them.
#include <catch2/catch.hpp>

#include "../default_engine.h"
#include "generator/text/paragraph.h"
#include "generator/text/text_block.h"

using namespace bocage;
using bocage::test::engine;

namespace {

ParagraphStyle title_style(TextAlign align, double size_pt) {
  ParagraphStyle s;
  s.size_pt = size_pt;
  s.align = align;
  s.title = true;
  return s;
}

/// The x of each character's left edge in a paragraph, in Pango units, as drawn.
std::vector<int> char_xs(const Paragraph& p) {
  std::vector<int> xs;
  const char* text = pango_layout_get_text(p.layout.get());
  for (const char* c = text; *c; c = g_utf8_next_char(c)) {
    PangoRectangle r;
    pango_layout_index_to_pos(p.layout.get(), static_cast<int>(c - text), &r);
    xs.push_back(r.x + static_cast<int>(p.left_pt * PANGO_SCALE));
  }
  return xs;
}

const TextAlign kAligns[] = {TextAlign::left, TextAlign::center, TextAlign::right,
                             TextAlign::justify};

}  // namespace

TEST_CASE("a one-line title is aligned in its box exactly as Pango aligns it there") {
  for (const std::string text : {"GIデッキ", "Squad strength", "M1 Thompson 短機関銃",
                                 "エンドレス・パトロール · GI deck 1/4", "補給、撃破"})
    for (TextAlign align : kAligns)
      for (double size : {6.5, 9.0, 12.75})
        for (double box_pt : {180.0, 240.37, 301.5}) {
          INFO(text << " align " << static_cast<int>(align) << " size " << size << " box "
                    << box_pt);
          const ParagraphStyle s = title_style(align, size);
          Paragraph in_box = lay_out_paragraph(engine(), parse_rich_text(text), s, box_pt);
          Paragraph line = lay_out_paragraph(engine(), parse_rich_text(text), s, -1);
          if (in_box.line_count > 1) {  // too long for this box: Pango breaks it there
            CHECK_FALSE(align_single_line(line, align, box_pt));
            continue;
          }
          REQUIRE(align_single_line(line, align, box_pt));
          CHECK(char_xs(line) == char_xs(in_box));
          CHECK(line.width_pt == in_box.width_pt);
          CHECK(line.height_pt == in_box.height_pt);
        }
}

TEST_CASE("align_single_line declines what laying out in the box would change") {
  const ParagraphStyle s = title_style(TextAlign::center, 10);
  // Wider than the box: Pango would break it.
  Paragraph wide = lay_out_paragraph(engine(), parse_rich_text("Thompson Sub-machinegun"), s, -1);
  CHECK_FALSE(align_single_line(wide, TextAlign::center, wide.width_pt - 1));
  CHECK(wide.left_pt == 0);
  // A closing bracket ending the line loses its trailing blank in a box (JLREQ
  // 3.1.6), an opening bracket starting it its leading blank: the line is narrower there.
  for (const std::string text : {"分隊の兵士（15名）", "「撃破」する"}) {
    INFO(text);
    Paragraph line = lay_out_paragraph(engine(), parse_rich_text(text), s, -1);
    Paragraph in_box = lay_out_paragraph(engine(), parse_rich_text(text), s, 200);
    CHECK(in_box.width_pt < line.width_pt - 1);
    CHECK_FALSE(align_single_line(line, TextAlign::center, 200));
  }
  // Two lines (an explicit break) are not one line.
  Paragraph two = lay_out_paragraph(engine(), parse_rich_text("補給\n撃破"), s, -1);
  CHECK_FALSE(align_single_line(two, TextAlign::center, 200));
}

TEST_CASE("fit_text's centred titles print where the box layout would, ink included") {
  TextStyle style;
  style.family = "BIZ UDGothic";
  style.latin_family = "BIZ UDPGothic";
  style.size_pt = 13;
  style.min_size_pt = 6;
  style.max_lines = 1;
  style.title = true;
  const std::set<std::string> fonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};
  for (TextAlign align : kAligns)
    for (const std::string text :
         {"携帯火炎放射器M1", "エンドレス・パトロール · GIデッキ GI deck"}) {
      INFO(text << " align " << static_cast<int>(align));
      style.align = align;
      const SizeMm box{45, 8};
      TextBlock b = fit_text(engine(), text, style, box, fonts);
      REQUIRE(b.fits);
      ParagraphStyle at_size = title_style(align, b.size_pt);
      Paragraph in_box =
          lay_out_paragraph(engine(), parse_rich_text(text), at_size, mm_to_pt(box.width) + 0.01);
      CHECK(char_xs(b.paragraph) == char_xs(in_box));
      // The ink validate checks is where the glyphs are drawn.
      PangoRectangle ink;
      pango_layout_get_extents(in_box.layout.get(), &ink, nullptr);
      // (a line laid out in its box may come back unwrapped, placed by left_pt)
      CHECK(
          b.ink.x ==
          Approx(pt_to_mm(static_cast<double>(ink.x) / PANGO_SCALE + in_box.left_pt)).margin(1e-3));
    }
}
