// Lays out one paragraph of rich text with Pango, its breaks chosen by the
// total-fit line breaker (line_breaker.h) under Japanese rules (see
// ../../TYPESETTING.md in shared, and JLREQ): fonts per script, quarter-em
// spacing, unbreakable runs, line-start and line-end prohibitions, punctuation
// trimmed at line edges and shrunk before lines are stretched, title words
// kept whole and even, no short last line, inter-character justification,
// and ruby placed above its base.
#pragma once

#include <pango/pangocairo.h>

#include <memory>
#include <string>
#include <vector>

#include "rich_text.h"
#include "text_engine.h"

namespace bocage {

enum class TextAlign { left, center, right, justify };

struct LayoutDeleter {
  void operator()(PangoLayout* l) const { g_object_unref(l); }
};
using LayoutPtr = std::unique_ptr<PangoLayout, LayoutDeleter>;

struct ParagraphStyle {
  std::string japanese_family = "BIZ UDGothic";
  std::string latin_family = "BIZ UDPGothic";
  bool bold = false;
  double size_pt = 10;
  TextAlign align = TextAlign::left;
  double line_spacing = 0;      // a factor of the natural line height; 0: natural
  bool title = false;           // break only between words
  double ruby_min_size_pt = 5;  // below this base size, ruby is set in parentheses
};

/// A ruby text placed over its base, in paragraph coordinates (pt).
struct RubyMark {
  LayoutPtr layout;
  double x_pt = 0;
  double y_pt = 0;
};

struct Paragraph {
  LayoutPtr layout;
  double top_pt = 0;  // the layout starts this far below the paragraph's top (room for ruby)
  // The layout (and its ruby) is drawn this far right of the paragraph's left:
  // a one-line layout laid out without a width, aligned in its box as Pango
  // would align it there (align_single_line).
  double left_pt = 0;
  std::vector<RubyMark> rubies;
  double width_pt = 0;
  double height_pt = 0;
  int line_count = 0;
  // Breaks made against JLREQ 3.1.7/3.1.8 because a run with no allowed break
  // was longer than the line (the line breaker's least bad places); validate warns.
  int forced_breaks = 0;
  // Justified, per line: the gap opened between its letters, in em of the
  // paragraph's size (0 on a last line); none when not justified.
  std::vector<double> gaps_em;
  // Asked to be justified, set ragged: its best breaks left a line opening
  // wider than 0.15 em, or (`ragged_break` not empty) a short text's tight
  // breaks split a word to leave one letter on a line or left a last line of
  // one or two letters, which ragged breaks avoid (validate warns).
  bool set_ragged = false;
  std::string ragged_break;  // the break avoided, as read: トンプソンサブマシンガ / ン
  std::string text;          // the laid-out text (with inserted spacing)
};

/// Lays out `rt` in `width_pt` (negative: one unwrapped line per paragraph).
Paragraph lay_out_paragraph(const TextEngine& engine, RichText rt, const ParagraphStyle& style,
                            double width_pt);

/// Aligns a paragraph laid out as one unwrapped line (width_pt < 0) in a box
/// `width_pt` wide as laying it out in that width would: sets its left_pt.
/// False, changing nothing, when the line would not fit unbroken there.
bool align_single_line(Paragraph& p, TextAlign align, double width_pt);

/// Draws a paragraph with its top-left at the current origin of `cr` (pt units).
void draw_paragraph(cairo_t* cr, const Paragraph& p);

/// Text of each line of a layout, for checks and tests.
std::vector<std::string> layout_lines(PangoLayout* layout);

}  // namespace bocage
