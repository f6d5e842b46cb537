// A block of text fitted into a box: the size is shrunk in 0.25 pt steps from
// the wanted size to the minimum until the text fits the box's width, height
// and line limit. The result keeps the Pango layout for drawing, and reports
// overflow and glyph problems (unknown glyphs, fallback to an unconfigured font).
#pragma once

#include <pango/pangocairo.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/units.h"
#include "text_engine.h"

namespace bocage {

enum class TextAlign { left, center, right, justify };
enum class TextVAlign { top, middle, bottom };

struct TextStyle {
  std::string family;  // a font family (already resolved from its role)
  bool bold = false;
  double size_pt = 10;
  double min_size_pt = 10;
  int max_lines = 0;  // 0: no limit
  TextAlign align = TextAlign::left;
  double line_spacing = 0;  // 0: the font's natural line height; else a factor (1.2)
  bool title = false;       // shrink onto fewer lines before breaking
};

struct GlyphProblem {
  char32_t codepoint = 0;
  std::string font_family;  // empty: no glyph at all (tofu)
};

struct LayoutDeleter {
  void operator()(PangoLayout* l) const { g_object_unref(l); }
};
using LayoutPtr = std::unique_ptr<PangoLayout, LayoutDeleter>;

struct TextBlock {
  LayoutPtr layout;
  double size_pt = 0;
  bool fits = true;
  double width_mm = 0;   // extent of the laid-out text
  double height_mm = 0;
  double overflow_width_mm = 0;   // > 0 when the text is wider than its box
  double overflow_height_mm = 0;  // > 0 when taller (or over the line limit)
  int line_count = 0;
  std::vector<GlyphProblem> glyph_problems;
};

/// Fits `text` into a box of `box` mm. `allowed_families` are the fonts the
/// glyphs may come from; any other is reported as a glyph problem.
TextBlock fit_text(const TextEngine& engine, const std::string& text, const TextStyle& style,
                   SizeMm box, const std::set<std::string>& allowed_families);

/// Draws a fitted block in a box (mm user space on `cr`), aligned vertically.
void draw_text_block(cairo_t* cr, const TextBlock& block, RectMm box, TextVAlign valign);

/// "U+5409" for messages.
std::string codepoint_name(char32_t c);
/// The UTF-8 encoding of one code point.
std::string utf8_encode(char32_t c);

}  // namespace bocage
