#include "text_block.h"

#include <pango/pangofc-font.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include "core/exact_key.h"
#include "jlreq.h"
#include "layout_runs.h"
#include "utf8.h"

namespace bocage {

namespace {

constexpr double kStepPt = kFitStepPt;
constexpr double kEpsilonMm = 0.01;
// How far a line's extent may be from its extent at another size scaled in
// proportion: Pango rounds each glyph's advance, an inline icon's box and the
// font's ascent and descent to 1/1024 pt, under 0.05 % of a line at 4 pt and
// more; 0.2 % leaves a margin of four times that.
constexpr double kScaleSlack = 0.002;

bool fits_box(double width_pt, double height_pt, int lines, SizeMm box, int max_lines) {
  return pt_to_mm(width_pt) <= box.width + kEpsilonMm &&
         pt_to_mm(height_pt) <= box.height + kEpsilonMm && (max_lines == 0 || lines <= max_lines);
}

bool fits(const Paragraph& p, SizeMm box, int max_lines) {
  return fits_box(p.width_pt, p.height_pt, p.line_count, box, max_lines);
}

/// Records the block's extent and, when it does not fit, by how much it overflows.
void set_extent(TextBlock& block, bool fits, double width_pt, double height_pt, int lines,
                SizeMm box, int max_lines) {
  block.fits = fits;
  block.width_mm = pt_to_mm(width_pt);
  block.height_mm = pt_to_mm(height_pt);
  block.line_count = lines;
  if (fits) return;
  block.overflow_width_mm = std::max(0.0, block.width_mm - box.width);
  double over = std::max(0.0, block.height_mm - box.height);
  if (max_lines > 0 && lines > max_lines)
    over = std::max(over, block.height_mm * (lines - max_lines) / lines);
  block.overflow_height_mm = over;
}

ParagraphStyle paragraph_style(const TextStyle& s, double size_pt) {
  ParagraphStyle p;
  p.japanese_family = s.family;
  p.latin_family = s.latin_family.empty() ? s.family : s.latin_family;
  p.bold = s.bold;
  p.size_pt = size_pt;
  p.align = s.align;
  p.line_spacing = s.line_spacing;
  p.title = s.title;
  return p;
}

/// Whether a run is a shaped placeholder (an inline icon, a squeezed
/// punctuation mark): its "ink" is its em box, not the glyph's.
bool is_shaped(PangoLayoutRun* run) {
  for (GSList* a = run->item->analysis.extra_attrs; a; a = a->next)
    if (static_cast<PangoAttribute*>(a->data)->klass->type == PANGO_ATTR_SHAPE) return true;
  return false;
}

/// The ink of a horizontal paragraph (its layout and its ruby) in pt, and the
/// smallest gap between the ink of glyphs of neighbouring lines that stand
/// above one another.
void measure_ink(const Paragraph& p, TextBlock& block) {
  PangoLayout* l = p.layout.get();
  PangoRectangle ink;
  pango_layout_get_extents(l, &ink, nullptr);
  ink.x += static_cast<int>(p.left_pt * PANGO_SCALE);
  ink.y += static_cast<int>(p.top_pt * PANGO_SCALE);
  for (const auto& r : p.rubies) {
    PangoRectangle ri;
    pango_layout_get_extents(r.layout.get(), &ri, nullptr);
    ri.x += static_cast<int>((r.x_pt + p.left_pt) * PANGO_SCALE);
    ri.y += static_cast<int>(r.y_pt * PANGO_SCALE);
    if (ri.width <= 0 || ri.height <= 0) continue;
    const int right = std::max(ink.x + ink.width, ri.x + ri.width);
    const int bottom = std::max(ink.y + ink.height, ri.y + ri.height);
    ink.x = std::min(ink.x, ri.x);
    ink.y = std::min(ink.y, ri.y);
    ink.width = right - ink.x;
    ink.height = bottom - ink.y;
  }
  if (ink.width > 0 && ink.height > 0)
    block.ink = {pt_to_mm(static_cast<double>(ink.x) / PANGO_SCALE),
                 pt_to_mm(static_cast<double>(ink.y) / PANGO_SCALE),
                 pt_to_mm(static_cast<double>(ink.width) / PANGO_SCALE),
                 pt_to_mm(static_cast<double>(ink.height) / PANGO_SCALE)};

  // The ink of each cluster, line by line (layout coordinates, Pango units).
  std::vector<std::vector<PangoRectangle>> lines;
  PangoLayoutIter* it = pango_layout_get_iter(l);
  PangoLayoutLine* current = nullptr;
  do {
    PangoLayoutLine* line = pango_layout_iter_get_line_readonly(it);
    if (line != current) {
      lines.emplace_back();
      current = line;
    }
    PangoLayoutRun* run = pango_layout_iter_get_run_readonly(it);
    if (!run || is_shaped(run)) continue;
    PangoRectangle cluster;
    pango_layout_iter_get_cluster_extents(it, &cluster, nullptr);
    if (cluster.width > 0 && cluster.height > 0) lines.back().push_back(cluster);
  } while (pango_layout_iter_next_cluster(it));
  pango_layout_iter_free(it);
  int gap = std::numeric_limits<int>::max();
  for (size_t i = 1; i < lines.size(); ++i)
    for (const auto& above : lines[i - 1])
      for (const auto& below : lines[i])
        if (above.x < below.x + below.width && below.x < above.x + above.width)
          gap = std::min(gap, below.y - (above.y + above.height));
  if (gap != std::numeric_limits<int>::max())
    block.line_ink_gap_mm = pt_to_mm(static_cast<double>(gap) / PANGO_SCALE);
}

/// Which scripts a text shows, and the smallest <size> each is set at, for
/// the minimum legible sizes. Sizes multiply as they do when laid out.
void note_scripts(const RichText& rich, TextBlock& block) {
  std::vector<const StyleRange*> sizes;
  for (const auto& s : rich.styles)
    if (s.kind == StyleRange::Kind::size) sizes.push_back(&s);
  double japanese = 0, latin = 0;  // 0: none seen
  for (const auto& ch : decode_utf8(rich.text)) {
    const bool ja = is_japanese_letter(ch.c), western = is_western_alnum(ch.c);
    if (!ja && !western) continue;
    double scale = 1;
    for (const StyleRange* s : sizes)
      if (ch.start >= s->range.start && ch.start < s->range.end) scale *= s->scale;
    double& smallest = ja ? japanese : latin;
    smallest = smallest == 0 ? scale : std::min(smallest, scale);
  }
  block.has_japanese = japanese > 0;
  block.has_latin = latin > 0;
  block.japanese_scale = block.has_japanese ? japanese : 1;
  block.latin_scale = block.has_latin ? latin : 1;
}

}  // namespace

PointMm text_block_origin(const TextBlock& block, RectMm box, TextVAlign valign) {
  if (block.vertical) return {box.right() - block.width_mm, box.y};
  double dy = 0;
  if (valign == TextVAlign::middle) dy = (box.height - block.height_mm) / 2;
  if (valign == TextVAlign::bottom) dy = box.height - block.height_mm;
  return {box.x, box.y + dy};
}

RectMm text_block_ink(const TextBlock& block, RectMm box, TextVAlign valign) {
  PointMm o = text_block_origin(block, box, valign);
  return {o.x + block.ink.x, o.y + block.ink.y, block.ink.width, block.ink.height};
}

void collect_glyph_problems(PangoLayout* layout, const std::set<std::string>& allowed_files,
                            std::vector<GlyphProblem>& out) {
  const char* text = pango_layout_get_text(layout);
  for_each_run(layout, [&](PangoLayoutRun* run) {
    PangoGlyphString* glyphs = run->glyphs;
    for (int i = 0; i < glyphs->num_glyphs; ++i) {
      PangoGlyph g = glyphs->glyphs[i].glyph;
      if ((g & PANGO_GLYPH_UNKNOWN_FLAG) && g != PANGO_GLYPH_EMPTY)
        out.push_back({static_cast<char32_t>(g & ~PANGO_GLYPH_UNKNOWN_FLAG), {}});
    }
    PangoFont* font = run->item->analysis.font;
    if (allowed_files.count(font_file(font))) return true;
    const std::string family = font_family_name(font);
    const char* p = text + run->item->offset;
    const char* end = p + run->item->length;
    for (; p < end; p = g_utf8_next_char(p)) {
      gunichar c = g_utf8_get_char(p);
      // Spaces have no ink, and U+FFFC stands for an inline icon.
      if (g_unichar_isspace(c) || c == 0xFFFC) continue;
      bool known = std::any_of(out.begin(), out.end(),
                               [&](const GlyphProblem& gp) { return gp.codepoint == c; });
      if (!known) out.push_back({c, family});
    }
    return true;
  });
}

bool has_synthetic_bold(PangoLayout* layout) {
  bool found = false;
  for_each_run(layout, [&](PangoLayoutRun* run) {
    if (!PANGO_IS_FC_FONT(run->item->analysis.font)) return true;
    FcBool embolden = FcFalse;
    FcPattern* pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(run->item->analysis.font));
    found = pattern && FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden) == FcResultMatch &&
            embolden;
    return !found;
  });
  return found;
}

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
                   SizeMm box, const std::set<std::string>& allowed_families,
                   const std::function<bool(const std::string&)>& is_icon) {
  TextBlock block;
  const std::set<std::string>& allowed_files = engine.files_of_families(allowed_families);
  const RichText rich = parse_rich_text(text, is_icon);
  block.markup_errors = rich.errors;
  note_scripts(rich, block);

  const double top = style.size_pt;
  const double bottom = std::min(style.min_size_pt, style.size_pt);
  const int steps = static_cast<int>(std::floor((top - bottom) / kStepPt + 1e-9));
  auto size_at = [&](int i) { return i == steps ? bottom : top - i * kStepPt; };
  const double width_pt = mm_to_pt(box.width);

  if (style.vertical) {
    bool ok = false;
    for (int i = 0; i <= steps && !ok; ++i) {
      VerticalStyle vs;
      vs.paragraph = paragraph_style(style, size_at(i));
      vs.tate_chu_yoko_digits = style.tate_chu_yoko_digits;
      if (style.line_spacing > 0) vs.column_pitch = style.line_spacing;
      block.vertical = lay_out_vertical(engine, rich, vs, mm_to_pt(box.height));
      block.size_pt = size_at(i);
      const VerticalText& v = *block.vertical;
      ok = fits_box(v.width_pt, v.height_pt, v.columns, box, style.max_lines);
    }
    const VerticalText& v = *block.vertical;
    set_extent(block, ok, v.width_pt, v.height_pt, v.columns, box, style.max_lines);
    for (const auto& c : v.cells)
      if (c.layout) {
        collect_glyph_problems(c.layout.get(), allowed_files, block.glyph_problems);
        if (!block.synthetic_bold) block.synthetic_bold = has_synthetic_bold(c.layout.get());
      }
    return block;
  }

  bool found = false;
  // A title is first shrunk on one line; only when it cannot fit there is it
  // broken (unless its size is its deck's: then broken first, shrunk after).
  if (style.title && !style.break_before_shrink) {
    // The first size whose single line fits, found from the width at the
    // wanted size (a line's extent is proportional to its size: no hinting,
    // unrounded positions), then checked against its neighbours, instead of
    // trying each 0.25 pt step from the top.
    // Each size's single line, laid out once (the estimate, its check and the
    // final choice ask for the same sizes).
    std::map<int, Paragraph> lines;
    auto line_at = [&](int i) -> const Paragraph& {
      auto [it, inserted] = lines.try_emplace(i);
      if (inserted)
        it->second = lay_out_paragraph(engine, rich, paragraph_style(style, size_at(i)), -1);
      return it->second;
    };
    auto line_fits = [&](int i) { return fits(line_at(i), box, 1); };
    int first = 0;
    const Paragraph& top_line = line_at(0);
    if (!fits(top_line, box, 1) && steps > 0) {
      const double scale = std::min(box.width / std::max(pt_to_mm(top_line.width_pt), 1e-9),
                                    box.height / std::max(pt_to_mm(top_line.height_pt), 1e-9));
      first =
          std::clamp(static_cast<int>(std::ceil((top - top * scale) / kStepPt - 1e-6)), 1, steps);
      // A size whose line, scaled from the wanted size's, is wider or taller
      // than the box by more than the scaling can be off (kScaleSlack) cannot
      // fit: not laid out to be sure (each size laid out costs a font: its
      // fontconfig match and sort, its metrics, its Cairo font).
      auto may_fit = [&](int i) {
        const double k = size_at(i) / top;
        return pt_to_mm(top_line.width_pt * k) <= box.width * (1 + kScaleSlack) + kEpsilonMm &&
               pt_to_mm(top_line.height_pt * k) <= box.height * (1 + kScaleSlack) + kEpsilonMm;
      };
      if (line_fits(first)) {
        while (first > 1 && may_fit(first - 1) && line_fits(first - 1)) --first;
      } else {
        while (first < steps && !line_fits(first)) ++first;
      }
    }
    for (int i = first; i <= steps && !found; ++i) {
      if (!line_fits(i)) continue;
      block.size_pt = size_at(i);
      // Aligned in the box as Pango would align it there; else laid out
      // again in the box.
      Paragraph& line = lines.at(i);
      if (align_single_line(line, style.align, width_pt + 0.01)) {
        block.paragraph = std::move(line);
        found = true;
      } else {
        block.paragraph =
            lay_out_paragraph(engine, rich, paragraph_style(style, size_at(i)), width_pt + 0.01);
        found = fits(block.paragraph, box, 1);
      }
    }
  }
  if (!found) {
    // The largest size that fits, by bisection over the 0.25 pt steps (a
    // smaller size never needs more room); the wanted size is tried first.
    auto try_size = [&](int i) {
      Paragraph p = lay_out_paragraph(engine, rich, paragraph_style(style, size_at(i)), width_pt);
      return std::make_pair(fits(p, box, style.max_lines), std::move(p));
    };
    auto take = [&](int i, Paragraph&& p) {
      block.paragraph = std::move(p);
      block.size_pt = size_at(i);
    };
    auto [ok, first] = try_size(0);
    take(0, std::move(first));
    found = ok;
    // Ruby is set over its base down to ruby_min_size_pt and in parentheses
    // after it below (a longer text, which may need more room than a larger
    // size did): a smaller size needs no more room only on either side of
    // that line, so each side is searched on its own, the larger first.
    const double ruby_min = paragraph_style(style, top).ruby_min_size_pt;
    int side = steps + 1;  // the first step whose ruby goes in parentheses
    if (!rich.rubies.empty() && top >= ruby_min)
      for (int i = 1; i <= steps && side > steps; ++i)
        if (size_at(i) < ruby_min) side = i;
    // The largest size in (from, to] that fits, where size_at(from) does not.
    // The sizes the bisection only tries are judged in size_at(from)'s font: a
    // paragraph of size s in a width W is the paragraph of size r in the width
    // W x r / s, scaled by s / r (no hinting, unrounded positions). Each size
    // laid out in its own font costs that font (its fontconfig match and sort,
    // two threads, its metrics, its Cairo font), and the sizes only tried are
    // most of the sizes a deck would use. The size chosen is laid out in its
    // own font and must fit there; where the scaling was off by Pango's
    // rounding, the next smaller sizes are tried in theirs.
    auto search = [&](int from, int to) {
      const ParagraphStyle ref = paragraph_style(style, size_at(from));
      auto estimate_fits = [&](int i) {
        const double k = size_at(i) / ref.size_pt;
        const Paragraph p = lay_out_paragraph(engine, rich, ref, width_pt / k);
        return fits_box(p.width_pt * k, p.height_pt * k, p.line_count, box, style.max_lines);
      };
      int lo = from, hi = to + 1;  // size_at(lo) does not fit; the answer is in (lo, hi]
      while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        (estimate_fits(mid) ? hi : lo) = mid;
      }
      for (int i = hi; i <= to; ++i)
        if (auto [i_ok, p] = try_size(i); i_ok) {
          take(i, std::move(p));
          return true;
        }
      return false;
    };
    if (!found && side > 1) found = search(0, std::min(side, steps + 1) - 1);
    if (!found && side <= steps) {
      auto [side_ok, p] = try_size(side);
      if (side_ok) take(side, std::move(p));
      found = side_ok || search(side, steps);
    }
    if (!found && steps > 0) take(steps, try_size(steps).second);  // the overflow, at the minimum
  }
  if (!found && style.ellipsis) {
    // Cut at the minimum size: Pango ends the last line that fits the box with ….
    PangoLayout* l = block.paragraph.layout.get();
    const int max_height = static_cast<int>(mm_to_pt(box.height) * PANGO_SCALE);
    pango_layout_set_height(l, style.max_lines > 0 ? -style.max_lines : max_height);
    pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
    if (style.max_lines > 0) {
      PangoRectangle r;
      pango_layout_get_extents(l, nullptr, &r);
      if (r.height > max_height) pango_layout_set_height(l, max_height);
    }
    PangoRectangle logical;
    pango_layout_get_extents(l, nullptr, &logical);
    block.paragraph.width_pt = static_cast<double>(logical.width) / PANGO_SCALE;
    block.paragraph.height_pt =
        static_cast<double>(logical.height) / PANGO_SCALE + block.paragraph.top_pt;
    block.paragraph.line_count = pango_layout_get_line_count(l);
    found = fits(block.paragraph, box, style.max_lines);
    block.ellipsized = found;
  }
  const Paragraph& p = block.paragraph;
  set_extent(block, found, p.width_pt, p.height_pt, p.line_count, box, style.max_lines);
  measure_ink(p, block);
  collect_glyph_problems(p.layout.get(), allowed_files, block.glyph_problems);
  // (<b> markup may embolden a part of any text: every layout is asked)
  block.synthetic_bold = has_synthetic_bold(p.layout.get());
  for (const auto& r : p.rubies)
    collect_glyph_problems(r.layout.get(), allowed_files, block.glyph_problems);
  return block;
}

void draw_text_block(cairo_t* cr, const TextBlock& block, RectMm box, TextVAlign valign) {
  const PointMm origin = text_block_origin(block, box, valign);
  cairo_save(cr);
  cairo_translate(cr, origin.x, origin.y);
  if (block.vertical) {
    // Vertical text starts at the box's top-right corner.
    cairo_scale(cr, pt_to_mm(1), pt_to_mm(1));
    draw_vertical(cr, *block.vertical);
  } else {
    cairo_scale(cr, pt_to_mm(1), pt_to_mm(1));
    draw_paragraph(cr, block.paragraph);
  }
  cairo_restore(cr);
}

}  // namespace bocage

namespace bocage {

std::shared_ptr<TextBlock> fit_text_shared(const TextEngine& engine, const std::string& text,
                                           const TextStyle& style, SizeMm box,
                                           const std::set<std::string>& allowed_families,
                                           const std::function<bool(const std::string&)>& is_icon) {
  // Every input, exactly (core/exact_key.h).
  std::string key;
  key.reserve(text.size() + 160);
  for (double v : {style.size_pt, style.min_size_pt, style.line_spacing, box.width, box.height})
    append_exact(key, v);
  for (int v : {style.max_lines, static_cast<int>(style.align), int{style.bold}, int{style.title},
                int{style.vertical}, int{style.ellipsis}, int{style.tate_chu_yoko_digits},
                int{style.break_before_shrink}})
    append_exact(key, std::int64_t{v});
  for (const std::string* s : {&text, &style.family, &style.latin_family}) append_exact(key, *s);
  append_exact(key, static_cast<std::int64_t>(allowed_families.size()));
  for (const auto& f : allowed_families) append_exact(key, f);
  // Which `:NAME:` are icons: the parse takes the same path for the same
  // answers, so the same icons at the same places make the same rich text.
  if (is_icon && text.find(':') != std::string::npos)
    for (const auto& icon : parse_rich_text(text, is_icon).icons) {
      append_exact(key, static_cast<std::int64_t>(icon.index));
      append_exact(key, icon.name);
    }
  auto& cache = engine.fitted_blocks();
  auto [it, inserted] = cache.by_key.try_emplace(std::move(key));
  if (!inserted)
    if (std::shared_ptr<TextBlock> held = it->second.lock()) return held;
  auto block =
      std::make_shared<TextBlock>(fit_text(engine, text, style, box, allowed_families, is_icon));
  it->second = block;
  cache.recent.push_back(block);
  if (cache.recent.size() > TextEngine::FittedBlocks::kRecent) cache.recent.pop_front();
  if (cache.by_key.size() >= cache.sweep_at) {
    std::erase_if(cache.by_key, [](const auto& entry) { return entry.second.expired(); });
    cache.sweep_at = std::max<size_t>(1024, 2 * cache.by_key.size());
  }
  return block;
}

}  // namespace bocage
