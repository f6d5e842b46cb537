// A block of text fitted into a box: the markup is parsed once, then the
// paragraph is laid out at the wanted size and, while it does not fit the
// box's width, height and line limit, again 0.25 pt smaller, down to the
// minimum. The result keeps the laid-out paragraph for drawing and reports
// overflow and glyph problems (unknown glyphs, fallback to other fonts).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/units.h"
#include "paragraph.h"
#include "text_engine.h"
#include "vertical_text.h"

namespace bocage {

enum class TextVAlign { top, middle, bottom };

/// The step by which fit_text shrinks a text: its sizes are the wanted size
/// less whole steps (and the minimum).
inline constexpr double kFitStepPt = 0.25;

struct TextStyle {
  std::string family;        // the Japanese font family (resolved from the element's role)
  std::string latin_family;  // Western letters and digits; empty: `family`
  bool bold = false;
  double size_pt = 10;
  double min_size_pt = 10;
  int max_lines = 0;  // 0: no limit
  TextAlign align = TextAlign::left;
  double line_spacing = 0;  // 0: the font's natural line height; else a factor (1.2)
  bool title = false;       // shrink onto one line before breaking, then break only between words
  // A title's size is chosen for its deck (size_policy = "deck"): broken
  // between words at its size before it is shrunk.
  bool break_before_shrink = false;
  bool vertical = false;  // tategaki: columns right to left (max_lines counts columns)
  bool ellipsis =
      false;  // when it does not fit at the minimum size, cut it with … instead of failing
  int tate_chu_yoko_digits = 2;
};

struct GlyphProblem {
  char32_t codepoint = 0;
  std::string font_family;  // empty: no glyph at all (tofu); else its English name
};

struct TextBlock {
  Paragraph paragraph;
  std::optional<VerticalText> vertical;  // set for vertical writing, instead of `paragraph`
  double size_pt = 0;
  bool fits = true;
  double width_mm = 0;  // extent of the laid-out text
  double height_mm = 0;
  double overflow_width_mm = 0;   // > 0 when the text is wider than its box
  double overflow_height_mm = 0;  // > 0 when taller (or over the line limit)
  int line_count = 0;
  bool ellipsized = false;  // cut short with … (only when the style asks for it)
  std::vector<GlyphProblem> glyph_problems;
  std::vector<Text> markup_errors;
  // The ink (what the glyphs paint), in mm from the top-left of the laid-out
  // text; empty (width 0) for vertical text and text without ink.
  RectMm ink;
  // The smallest gap in mm between the ink of a glyph and the ink of a glyph
  // of the next line that it stands above (overlapping horizontally);
  // negative when they overlap; absent with fewer than two lines.
  std::optional<double> line_ink_gap_mm;
  // Bold asked of a family without a bold face: Cairo thickens the regular
  // face's outlines instead (BIZ UDMincho), which prints smudged and uneven.
  bool synthetic_bold = false;
  bool has_japanese = false;  // kana, kanji or full-width signs
  bool has_latin = false;     // Western letters or digits
  // The smallest <size> factor a Japanese letter, or a Western letter or
  // digit, is set at (1 without a smaller span): its drawn size is size_pt
  // times this.
  double japanese_scale = 1;
  double latin_scale = 1;

  PangoLayout* layout() const { return paragraph.layout.get(); }
};

/// Fits `text` (with inline markup, see rich_text.h) into a box of `box` mm.
/// `allowed_families` are the fonts glyphs may come from; `is_icon` tells
/// which `:NAME:` are inline icons.
TextBlock fit_text(const TextEngine& engine, const std::string& text, const TextStyle& style,
                   SizeMm box, const std::set<std::string>& allowed_families,
                   const std::function<bool(const std::string&)>& is_icon = {});

/// fit_text, laid out once per run: the same text, style, box and fonts give
/// the same block, shared (cached in the engine). A text's inline icons are
/// part of its key: `is_icon` answers for one game's icons, and the engine
/// serves every game of a run.
std::shared_ptr<TextBlock> fit_text_shared(
    const TextEngine& engine, const std::string& text, const TextStyle& style, SizeMm box,
    const std::set<std::string>& allowed_families,
    const std::function<bool(const std::string&)>& is_icon = {});

/// Where a fitted block's top-left is drawn in `box` (mm), aligned vertically.
PointMm text_block_origin(const TextBlock& block, RectMm box, TextVAlign valign);

/// The block's ink placed in `box` as draw_text_block draws it (mm).
RectMm text_block_ink(const TextBlock& block, RectMm box, TextVAlign valign);

/// Draws a fitted block in a box (mm user space on `cr`), aligned vertically.
void draw_text_block(cairo_t* cr, const TextBlock& block, RectMm box, TextVAlign valign);

/// Glyph problems of a laid-out layout: characters with no glyph, and
/// characters drawn from a font whose file is not among `allowed_files`
/// (TextEngine::files_of_families).
void collect_glyph_problems(PangoLayout* layout, const std::set<std::string>& allowed_files,
                            std::vector<GlyphProblem>& out);

/// Whether a run of `layout` is set in a bold that fontconfig synthesises
/// (its face is emboldened: the family has no bold face).
bool has_synthetic_bold(PangoLayout* layout);

/// "U+5409" for messages.
std::string codepoint_name(char32_t c);
/// The UTF-8 encoding of one code point.
std::string utf8_encode(char32_t c);

}  // namespace bocage
