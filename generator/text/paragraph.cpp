#include "paragraph.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "jlreq.h"
#include "word_breaks.h"

namespace bocage {

namespace {

constexpr int kMaxFixPasses = 8;
constexpr double kMaxJustifyGapEm = 0.5;  // JLREQ 3.8: no gap wider than half an em

struct Char {
  char32_t c;
  size_t start;
  size_t end;
};

std::vector<Char> decode(const std::string& s) {
  std::vector<Char> out;
  for (const char* p = s.c_str(); *p; p = g_utf8_next_char(p)) {
    const char* next = g_utf8_next_char(p);
    out.push_back({static_cast<char32_t>(g_utf8_get_char(p)), static_cast<size_t>(p - s.c_str()),
                   static_cast<size_t>(next - s.c_str())});
  }
  return out;
}

void add(PangoAttrList* list, PangoAttribute* a, size_t start, size_t end) {
  a->start_index = static_cast<guint>(start);
  a->end_index = static_cast<guint>(end);
  pango_attr_list_insert(list, a);
}

void* copy_name(const void* p) { return new std::string(*static_cast<const std::string*>(p)); }
void free_name(void* p) { delete static_cast<std::string*>(p); }

struct Extra {
  std::vector<TextRange> no_break;
  struct Spacing {
    TextRange range;
    double pt;
  };
  std::vector<Spacing> spacing;
};

PangoAttrList* make_attributes(const RichText& rt, const ParagraphStyle& style, const Extra& extra) {
  PangoAttrList* list = pango_attr_list_new();
  const size_t n = rt.text.size();
  add(list, pango_attr_language_new(pango_language_from_string("ja")), 0, n);
  for (const auto& r : western_runs(rt.text)) add(list, pango_attr_family_new(style.latin_family.c_str()), r.start, r.end);
  for (const auto& s : rt.styles) {
    switch (s.kind) {
      case StyleRange::Kind::bold: add(list, pango_attr_weight_new(PANGO_WEIGHT_BOLD), s.range.start, s.range.end); break;
      case StyleRange::Kind::color:
        add(list,
            pango_attr_foreground_new(static_cast<guint16>(s.color.r * 65535), static_cast<guint16>(s.color.g * 65535),
                                      static_cast<guint16>(s.color.b * 65535)),
            s.range.start, s.range.end);
        if (s.color.a < 1)
          add(list, pango_attr_foreground_alpha_new(static_cast<guint16>(s.color.a * 65535)), s.range.start,
              s.range.end);
        break;
      case StyleRange::Kind::size:
        add(list, pango_attr_size_new_absolute(static_cast<int>(style.size_pt * s.scale * PANGO_SCALE)),
            s.range.start, s.range.end);
        break;
      case StyleRange::Kind::nobr: break;  // in protected_runs
    }
  }
  for (const auto& icon : rt.icons) {
    double size = style.size_pt;
    for (const auto& s : rt.styles)
      if (s.kind == StyleRange::Kind::size && s.range.start <= icon.index && icon.index < s.range.end) size *= s.scale;
    const int em = static_cast<int>(size * PANGO_SCALE);
    PangoRectangle rect{0, -static_cast<int>(em * 0.88), em, em};
    add(list, pango_attr_shape_new_with_data(&rect, &rect, new std::string(icon.name), copy_name, free_name),
        icon.index, icon.index + kObjectReplacement.size());
  }
  for (const auto& r : protected_runs(rt)) add(list, pango_attr_allow_breaks_new(FALSE), r.start, r.end);
  for (const auto& r : extra.no_break) add(list, pango_attr_allow_breaks_new(FALSE), r.start, r.end);
  for (const auto& s : extra.spacing)
    add(list, pango_attr_letter_spacing_new(static_cast<int>(s.pt * PANGO_SCALE)), s.range.start, s.range.end);
  return list;
}

struct LineInfo {
  size_t start;
  size_t end;  // without the line's trailing newline
  bool paragraph_end;
  double width_pt;
};

std::vector<LineInfo> line_infos(PangoLayout* layout) {
  std::vector<LineInfo> out;
  const char* text = pango_layout_get_text(layout);
  const int n = pango_layout_get_line_count(layout);
  for (int i = 0; i < n; ++i) {
    PangoLayoutLine* line = pango_layout_get_line_readonly(layout, i);
    PangoRectangle logical;
    pango_layout_line_get_extents(line, nullptr, &logical);
    size_t start = static_cast<size_t>(line->start_index);
    size_t end = start + static_cast<size_t>(line->length);
    while (end > start && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
    bool last = i == n - 1 || pango_layout_get_line_readonly(layout, i + 1)->is_paragraph_start;
    out.push_back({start, end, last, static_cast<double>(logical.width) / PANGO_SCALE});
  }
  return out;
}

/// The first and last visible characters of [start, end) (skipping spaces).
std::pair<const Char*, const Char*> visible_ends(const std::vector<Char>& chars, size_t start, size_t end) {
  const Char* first = nullptr;
  const Char* last = nullptr;
  for (const auto& ch : chars) {
    if (ch.start < start || ch.end > end || g_unichar_isspace(ch.c)) continue;
    if (!first) first = &ch;
    last = &ch;
  }
  return {first, last};
}

const Char* char_before(const std::vector<Char>& chars, size_t at) {
  const Char* found = nullptr;
  for (const auto& ch : chars)
    if (ch.end <= at && !g_unichar_isspace(ch.c)) found = &ch;
  return found;
}

/// Breaks that break JLREQ 3.1.7 / 3.1.8: each returned range must not be broken.
std::vector<TextRange> prohibited_breaks(const std::vector<LineInfo>& lines, const std::vector<Char>& chars) {
  std::vector<TextRange> out;
  for (size_t i = 1; i < lines.size(); ++i) {
    if (lines[i - 1].paragraph_end) continue;  // an explicit line break is the author's
    auto [first, _] = visible_ends(chars, lines[i].start, lines[i].end);
    const Char* before = char_before(chars, lines[i].start);
    if (!first || !before) continue;
    if (!may_start_line(first->c) || !may_end_line(before->c)) out.push_back({before->start, first->end});
  }
  return out;
}

LayoutPtr build(const TextEngine& engine, const RichText& rt, const ParagraphStyle& style, double width_pt,
                const Extra& extra, double spacing_pt) {
  LayoutPtr layout(engine.new_layout());
  PangoLayout* l = layout.get();
  pango_layout_set_text(l, rt.text.c_str(), static_cast<int>(rt.text.size()));
  PangoFontDescription* desc = pango_font_description_new();
  pango_font_description_set_family(desc, style.japanese_family.c_str());
  pango_font_description_set_weight(desc, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(desc, style.size_pt * PANGO_SCALE);
  pango_layout_set_font_description(l, desc);
  pango_font_description_free(desc);
  PangoAttrList* attrs = make_attributes(rt, style, extra);
  pango_layout_set_attributes(l, attrs);
  pango_attr_list_unref(attrs);
  pango_layout_set_width(l, width_pt < 0 ? -1 : static_cast<int>(std::floor(width_pt * PANGO_SCALE)));
  // Never PANGO_WRAP_CHAR: it ignores the Japanese line-breaking rules.
  pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
  PangoAlignment a = PANGO_ALIGN_LEFT;
  if (style.align == TextAlign::center) a = PANGO_ALIGN_CENTER;
  if (style.align == TextAlign::right) a = PANGO_ALIGN_RIGHT;
  pango_layout_set_alignment(l, a);
  if (spacing_pt > 0) pango_layout_set_spacing(l, static_cast<int>(spacing_pt * PANGO_SCALE));
  else if (style.line_spacing > 0) pango_layout_set_line_spacing(l, static_cast<float>(style.line_spacing));
  return layout;
}

std::vector<size_t> line_starts(PangoLayout* layout) {
  std::vector<size_t> out;
  for (GSList* l = pango_layout_get_lines_readonly(layout); l; l = l->next)
    out.push_back(static_cast<size_t>(static_cast<PangoLayoutLine*>(l->data)->start_index));
  return out;
}

/// Inter-character spacing per line that fills the width (JLREQ 3.8), never
/// inside Western words and never wider than half an em.
std::vector<Extra::Spacing> justification(const std::vector<LineInfo>& lines, const std::vector<Char>& chars,
                                          double width_pt, double em_pt) {
  std::vector<Extra::Spacing> out;
  for (const auto& line : lines) {
    if (line.paragraph_end) continue;
    double extra = width_pt - line.width_pt;
    if (extra <= 0.01) continue;
    std::vector<const Char*> in_line;
    for (const auto& ch : chars)
      if (ch.start >= line.start && ch.end <= line.end) in_line.push_back(&ch);
    while (!in_line.empty() && g_unichar_isspace(in_line.back()->c)) in_line.pop_back();
    if (in_line.size() < 2) continue;
    auto eligible = [](char32_t c) { return !is_western(c) && !g_unichar_isspace(c) && c != 0xFFFC; };
    double weight = 0;
    for (const Char* ch : in_line) weight += eligible(ch->c) ? 1 : 0;
    weight -= (eligible(in_line.front()->c) ? 0.5 : 0) + (eligible(in_line.back()->c) ? 0.5 : 0);
    if (weight <= 0) continue;
    double s = std::min(extra / weight, kMaxJustifyGapEm * em_pt) * 0.999;
    for (const Char* ch : in_line)
      if (eligible(ch->c)) out.push_back({{ch->start, ch->end}, s});
  }
  return out;
}

double natural_line_height(const TextEngine& engine, const ParagraphStyle& style) {
  RichText probe;
  probe.text = "国";
  ParagraphStyle plain = style;
  plain.line_spacing = 0;
  LayoutPtr l = build(engine, probe, plain, -1, {}, 0);
  PangoRectangle logical;
  pango_layout_get_extents(l.get(), nullptr, &logical);
  return static_cast<double>(logical.height) / PANGO_SCALE;
}

}  // namespace

std::vector<std::string> layout_lines(PangoLayout* layout) {
  std::vector<std::string> out;
  const char* text = pango_layout_get_text(layout);
  for (GSList* l = pango_layout_get_lines_readonly(layout); l; l = l->next) {
    auto* line = static_cast<PangoLayoutLine*>(l->data);
    out.emplace_back(text + line->start_index, static_cast<size_t>(line->length));
  }
  return out;
}

Paragraph lay_out_paragraph(const TextEngine& engine, RichText rt, const ParagraphStyle& style, double width_pt) {
  // Ruby too small to read is set in parentheses after its base.
  if (style.size_pt < style.ruby_min_size_pt) {
    auto rubies = rt.rubies;
    rt.rubies.clear();
    for (size_t k = rubies.size(); k-- > 0;) rt.insert(rubies[k].base.end, "（" + rubies[k].reading + "）");
  }
  insert_script_spacing(rt);
  const auto chars = decode(rt.text);
  const double ruby_size = style.size_pt / 2;
  double spacing = 0;
  if (!rt.rubies.empty()) {
    double line_h = natural_line_height(engine, style);
    spacing = std::max(ruby_size * 1.05, style.line_spacing > 0 ? (style.line_spacing - 1) * line_h : 0.0);
  }

  Extra extra;
  if (style.title) {
    auto points = title_break_points(rt.text);
    for (size_t i = 1; i < points.size(); ++i) extra.no_break.push_back({points[i - 1], points[i]});
  }
  // Ruby longer than its base spreads the base 1:2:1 (JLREQ 3.3.7): letter
  // spacing puts half a share before and after each base character.
  std::vector<LayoutPtr> ruby_layouts;
  ParagraphStyle ruby_style = style;
  ruby_style.size_pt = ruby_size;
  ruby_style.title = false;
  ruby_style.align = TextAlign::left;
  ruby_style.line_spacing = 0;
  for (const auto& ruby : rt.rubies) {
    RichText reading;
    reading.text = ruby.reading;
    ruby_layouts.push_back(build(engine, reading, ruby_style, -1, {}, 0));
    RichText base;
    base.text = rt.text.substr(ruby.base.start, ruby.base.end - ruby.base.start);
    LayoutPtr base_layout = build(engine, base, style, -1, {}, 0);
    PangoRectangle rr, br;
    pango_layout_get_extents(ruby_layouts.back().get(), nullptr, &rr);
    pango_layout_get_extents(base_layout.get(), nullptr, &br);
    double excess = static_cast<double>(rr.width - br.width) / PANGO_SCALE;
    long n = g_utf8_strlen(base.text.c_str(), -1);
    if (excess > 0 && n > 0) extra.spacing.push_back({ruby.base, excess / static_cast<double>(n)});
  }

  LayoutPtr layout = build(engine, rt, style, width_pt, extra, spacing);
  if (width_pt >= 0) {
    // JLREQ 3.1.7 / 3.1.8: check the lines Pango made and forbid each bad break.
    for (int pass = 0; pass < kMaxFixPasses; ++pass) {
      auto bad = prohibited_breaks(line_infos(layout.get()), chars);
      if (bad.empty()) break;
      extra.no_break.insert(extra.no_break.end(), bad.begin(), bad.end());
      layout = build(engine, rt, style, width_pt, extra, spacing);
    }
    // A last line of one character (る。) is avoided by breaking one character earlier.
    if (!style.title) {
      auto lines = line_infos(layout.get());
      if (lines.size() >= 2 && !lines[lines.size() - 2].paragraph_end) {
        const LineInfo& last = lines.back();
        int letters = 0;
        for (const auto& ch : chars)
          if (ch.start >= last.start && ch.end <= last.end && !g_unichar_isspace(ch.c) && may_start_line(ch.c) &&
              jlreq_class(ch.c) != JlreqClass::closing_bracket)
            ++letters;
        const Char* before = char_before(chars, last.start);
        auto [first, _] = visible_ends(chars, last.start, last.end);
        if (letters == 1 && before && first) {
          Extra tried = extra;
          tried.no_break.push_back({before->start, first->end});
          LayoutPtr retry = build(engine, rt, style, width_pt, tried, spacing);
          if (pango_layout_get_line_count(retry.get()) == pango_layout_get_line_count(layout.get()) &&
              prohibited_breaks(line_infos(retry.get()), chars).empty()) {
            layout = std::move(retry);
            extra = std::move(tried);
          }
        }
      }
    }
    if (style.align == TextAlign::justify) {
      auto starts = line_starts(layout.get());
      Extra justified = extra;
      auto gaps = justification(line_infos(layout.get()), chars, width_pt, style.size_pt);
      justified.spacing.insert(justified.spacing.end(), gaps.begin(), gaps.end());
      LayoutPtr j = build(engine, rt, style, width_pt, justified, spacing);
      if (line_starts(j.get()) == starts) layout = std::move(j);  // never let spacing move a break
    }
  }

  Paragraph p;
  p.text = rt.text;
  p.top_pt = rt.rubies.empty() ? 0 : spacing;
  PangoRectangle logical;
  pango_layout_get_extents(layout.get(), nullptr, &logical);
  p.width_pt = static_cast<double>(logical.width) / PANGO_SCALE;
  p.height_pt = static_cast<double>(logical.height) / PANGO_SCALE + p.top_pt;
  p.line_count = pango_layout_get_line_count(layout.get());
  for (size_t k = 0; k < rt.rubies.size(); ++k) {
    const auto& ruby = rt.rubies[k];
    PangoRectangle first, last;
    pango_layout_index_to_pos(layout.get(), static_cast<int>(ruby.base.start), &first);
    const char* text = rt.text.c_str();
    const char* last_char = g_utf8_find_prev_char(text, text + ruby.base.end);
    pango_layout_index_to_pos(layout.get(), static_cast<int>(last_char - text), &last);
    PangoRectangle rr;
    pango_layout_get_extents(ruby_layouts[k].get(), nullptr, &rr);
    double x0 = static_cast<double>(first.x) / PANGO_SCALE;
    double x1 = static_cast<double>(last.x + last.width) / PANGO_SCALE;
    double line_top = static_cast<double>(first.y) / PANGO_SCALE + p.top_pt;
    double rw = static_cast<double>(rr.width) / PANGO_SCALE, rh = static_cast<double>(rr.height) / PANGO_SCALE;
    p.rubies.push_back({std::move(ruby_layouts[k]), (x0 + x1) / 2 - rw / 2, line_top - rh});
  }
  p.layout = std::move(layout);
  return p;
}

void draw_paragraph(cairo_t* cr, const Paragraph& p) {
  cairo_move_to(cr, 0, p.top_pt);
  pango_cairo_show_layout(cr, p.layout.get());
  for (const auto& r : p.rubies) {
    cairo_move_to(cr, r.x_pt, r.y_pt);
    pango_cairo_show_layout(cr, r.layout.get());
  }
}

}  // namespace bocage
