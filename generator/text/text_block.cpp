#include "text_block.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bocage {

namespace {

constexpr double kStepPt = 0.25;
constexpr double kEpsilonMm = 0.01;

struct Measure {
  double width_mm = 0;
  double height_mm = 0;
  int lines = 0;
};

void apply_style(PangoLayout* layout, const TextStyle& style, double size_pt, double width_mm) {
  PangoFontDescription* desc = pango_font_description_new();
  pango_font_description_set_family(desc, style.family.c_str());
  pango_font_description_set_weight(desc, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(desc, size_pt * PANGO_SCALE);
  pango_layout_set_font_description(layout, desc);
  pango_font_description_free(desc);
  pango_layout_set_width(layout, width_mm < 0 ? -1 : static_cast<int>(mm_to_pt(width_mm) * PANGO_SCALE));
  // Never PANGO_WRAP_CHAR: it ignores the Japanese line-breaking rules.
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_justify(layout, style.align == TextAlign::justify);
  PangoAlignment a = PANGO_ALIGN_LEFT;
  if (style.align == TextAlign::center) a = PANGO_ALIGN_CENTER;
  if (style.align == TextAlign::right) a = PANGO_ALIGN_RIGHT;
  pango_layout_set_alignment(layout, a);
  if (style.line_spacing > 0) pango_layout_set_line_spacing(layout, static_cast<float>(style.line_spacing));
}

Measure measure(PangoLayout* layout) {
  PangoRectangle logical;
  pango_layout_get_extents(layout, nullptr, &logical);
  return {pt_to_mm(static_cast<double>(logical.width) / PANGO_SCALE),
          pt_to_mm(static_cast<double>(logical.height) / PANGO_SCALE),
          pango_layout_get_line_count(layout)};
}

bool fits(const Measure& m, SizeMm box, int max_lines) {
  return m.width_mm <= box.width + kEpsilonMm && m.height_mm <= box.height + kEpsilonMm &&
         (max_lines == 0 || m.lines <= max_lines);
}

void collect_glyph_problems(PangoLayout* layout, const std::set<std::string>& allowed,
                            std::vector<GlyphProblem>& out) {
  const char* text = pango_layout_get_text(layout);
  PangoLayoutIter* it = pango_layout_get_iter(layout);
  do {
    PangoLayoutRun* run = pango_layout_iter_get_run_readonly(it);
    if (!run) continue;
    PangoGlyphString* glyphs = run->glyphs;
    for (int i = 0; i < glyphs->num_glyphs; ++i) {
      PangoGlyph g = glyphs->glyphs[i].glyph;
      if ((g & PANGO_GLYPH_UNKNOWN_FLAG) && g != PANGO_GLYPH_EMPTY)
        out.push_back({static_cast<char32_t>(g & ~PANGO_GLYPH_UNKNOWN_FLAG), {}});
    }
    PangoFontDescription* desc = pango_font_describe(run->item->analysis.font);
    std::string family = pango_font_description_get_family(desc) ? pango_font_description_get_family(desc) : "";
    pango_font_description_free(desc);
    if (allowed.count(family)) continue;
    const char* p = text + run->item->offset;
    const char* end = p + run->item->length;
    for (; p < end; p = g_utf8_next_char(p)) {
      gunichar c = g_utf8_get_char(p);
      if (g_unichar_isspace(c)) continue;
      bool already_unknown = std::any_of(out.begin(), out.end(), [&](const GlyphProblem& gp) {
        return gp.codepoint == c && gp.font_family.empty();
      });
      if (!already_unknown) out.push_back({c, family});
    }
  } while (pango_layout_iter_next_run(it));
  pango_layout_iter_free(it);
}

}  // namespace

std::string codepoint_name(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

std::string utf8_encode(char32_t c) {
  char buf[8] = {};
  int n = g_unichar_to_utf8(static_cast<gunichar>(c), buf);
  return std::string(buf, static_cast<size_t>(n));
}

TextBlock fit_text(const TextEngine& engine, const std::string& text, const TextStyle& style,
                   SizeMm box, const std::set<std::string>& allowed_families) {
  TextBlock block;
  block.layout.reset(engine.new_layout());
  PangoLayout* layout = block.layout.get();
  pango_layout_set_text(layout, text.c_str(), static_cast<int>(text.size()));

  const double top = style.size_pt;
  const double bottom = std::min(style.min_size_pt, style.size_pt);
  const int steps = static_cast<int>(std::floor((top - bottom) / kStepPt + 1e-9));
  auto size_at = [&](int i) { return i == steps ? bottom : top - i * kStepPt; };

  Measure m;
  bool found = false;
  // A title is first shrunk on one line; only when it cannot fit there is it broken.
  if (style.title) {
    for (int i = 0; i <= steps && !found; ++i) {
      apply_style(layout, style, size_at(i), -1);
      m = measure(layout);
      if (fits(m, box, 1)) {
        block.size_pt = size_at(i);
        found = true;
      }
    }
  }
  if (found) {
    apply_style(layout, style, block.size_pt, box.width + kEpsilonMm);
    m = measure(layout);
  }
  for (int i = 0; i <= steps && !found; ++i) {
    apply_style(layout, style, size_at(i), box.width);
    m = measure(layout);
    block.size_pt = size_at(i);
    found = fits(m, box, style.max_lines);
  }
  block.fits = found;
  block.width_mm = m.width_mm;
  block.height_mm = m.height_mm;
  block.line_count = m.lines;
  if (!found) {
    block.overflow_width_mm = std::max(0.0, m.width_mm - box.width);
    double over = std::max(0.0, m.height_mm - box.height);
    if (style.max_lines > 0 && m.lines > style.max_lines)
      over = std::max(over, m.height_mm * (m.lines - style.max_lines) / m.lines);
    block.overflow_height_mm = over;
  }
  collect_glyph_problems(layout, allowed_families, block.glyph_problems);
  return block;
}

void draw_text_block(cairo_t* cr, const TextBlock& block, RectMm box, TextVAlign valign) {
  double dy = 0;
  if (valign == TextVAlign::middle) dy = (box.height - block.height_mm) / 2;
  if (valign == TextVAlign::bottom) dy = box.height - block.height_mm;
  cairo_save(cr);
  cairo_translate(cr, box.x, box.y + dy);
  cairo_scale(cr, pt_to_mm(1), pt_to_mm(1));
  pango_cairo_show_layout(cr, block.layout.get());
  cairo_restore(cr);
}

}  // namespace bocage
