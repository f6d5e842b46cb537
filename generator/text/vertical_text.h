// Vertical writing (tategaki), laid out by us on a grid of em cells, since
// Pango 1.50 does not apply the fonts' vertical forms: columns run top to
// bottom and right to left; kana and kanji stand upright; punctuation,
// brackets and ー take the font's vertical forms (OpenType `vert`); Latin
// words lie rotated 90 degrees clockwise; numbers of up to N digits stand
// upright in one cell (tate-chu-yoko, JLREQ 3.4). Columns break under the
// same line-start and line-end rules as horizontal text (JLREQ 3.1.7, 3.1.8).
#pragma once

#include <pango/pangocairo.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "paragraph.h"
#include "rich_text.h"

namespace bocage {

struct VerticalStyle {
  ParagraphStyle paragraph;   // families, size, bold
  double column_pitch = 1.6;  // distance between column centres, in em
  int tate_chu_yoko_digits = 2;
};

/// One unit of the column: a character, a rotated Latin word, or a
/// tate-chu-yoko number, with its layout and where it stands (pt, from the
/// block's top-left).
struct VerticalCell {
  enum class Kind { upright, rotated, tate_chu_yoko, icon };
  Kind kind = Kind::upright;
  std::string text;  // icon: the icon's name
  LayoutPtr layout;  // not for icons
  TextRange range;   // bytes of the source text
  int column = 0;
  double y_pt = 0;        // top of the cell along the column
  double advance_pt = 0;  // length along the column
  double em_pt = 0;       // the cell's size (smaller for ruby and <size>)
  // Where the glyph's em box starts, from y_pt: negative where a punctuation
  // mark's leading blank is squeezed out, positive where a base is spread
  // under a longer ruby.
  double ink_offset_pt = 0;
  double x_pt = 0;  // left edge, from the column's left edge (ruby sits right of it)
  bool ruby = false;
  std::optional<Color> color;
};

struct VerticalText {
  std::vector<VerticalCell> cells;
  int columns = 0;
  double column0_left_pt =
      0;  // column 0 is the rightmost; column c's left edge is this minus c pitches
  double width_pt = 0;
  double height_pt = 0;
  double em_pt = 0;
  double pitch_pt = 0;
};

/// Lays out `rt` in columns of at most `column_length_pt` (negative: one column).
VerticalText lay_out_vertical(const TextEngine& engine, const RichText& rt,
                              const VerticalStyle& style, double column_length_pt);

/// Draws with the block's top-left at the origin of `cr` (pt units).
void draw_vertical(cairo_t* cr, const VerticalText& v);

/// The text of each column, for checks and tests.
std::vector<std::string> vertical_columns(const VerticalText& v);

}  // namespace bocage
