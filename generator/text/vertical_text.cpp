#include "vertical_text.h"

#include <algorithm>
#include <cmath>

#include "jlreq.h"
#include "line_breaker.h"
#include "word_breaks.h"

namespace bocage {

namespace {

constexpr double kAscentEm = 0.88;  // where the em box's top lies above the baseline

bool is_digit(char32_t c) {
  return c >= U'0' && c <= U'9';
}

LayoutPtr unit_layout(const TextEngine& engine, const std::string& text, const ParagraphStyle& s,
                      bool bold, bool vertical_forms, double size_pt) {
  LayoutPtr l(engine.new_layout());
  pango_layout_set_text(l.get(), text.c_str(), static_cast<int>(text.size()));
  bool western = !text.empty() && is_western(static_cast<char32_t>(g_utf8_get_char(text.c_str())));
  set_layout_font(l.get(), western ? s.latin_family : s.japanese_family, bold, size_pt);
  PangoAttrList* attrs = pango_attr_list_new();
  pango_attr_list_insert(attrs, pango_attr_language_new(pango_language_from_string("ja")));
  if (vertical_forms) pango_attr_list_insert(attrs, pango_attr_font_features_new("vert 1"));
  pango_layout_set_attributes(l.get(), attrs);
  pango_attr_list_unref(attrs);
  return l;
}

double logical_width(PangoLayout* l) {
  PangoRectangle r;
  pango_layout_get_extents(l, nullptr, &r);
  return static_cast<double>(r.width) / PANGO_SCALE;
}

struct Unit {
  VerticalCell::Kind kind;
  std::string text;
  TextRange range;
};

std::vector<Unit> split_units(const RichText& rt, int tcy_digits) {
  std::vector<Unit> units;
  const std::string& text = rt.text;
  const char* base = text.c_str();
  const char* p = base;
  auto range = [&](const char* a, const char* b) {
    return TextRange{static_cast<size_t>(a - base), static_cast<size_t>(b - base)};
  };
  while (*p) {
    char32_t c = g_utf8_get_char(p);
    const char* next = g_utf8_next_char(p);
    if (c == 0x2005) {  // spacing between scripts is not used in vertical text
      p = next;
      continue;
    }
    if (c == 0xFFFC) {
      std::string name;
      for (const auto& icon : rt.icons)
        if (icon.index == static_cast<size_t>(p - base)) name = icon.name;
      units.push_back({VerticalCell::Kind::icon, name, range(p, next)});
      p = next;
      continue;
    }
    if (is_western(c) && c != U' ') {
      const char* q = p;
      bool digits = true;
      int n = 0;
      while (*q && is_western(g_utf8_get_char(q)) && g_utf8_get_char(q) != U' ') {
        digits = digits && is_digit(g_utf8_get_char(q));
        ++n;
        q = g_utf8_next_char(q);
      }
      auto kind = digits && n <= tcy_digits ? VerticalCell::Kind::tate_chu_yoko
                                            : VerticalCell::Kind::rotated;
      units.push_back({kind, std::string(p, static_cast<size_t>(q - p)), range(p, q)});
      p = q;
      continue;
    }
    units.push_back({VerticalCell::Kind::upright, std::string(p, static_cast<size_t>(next - p)),
                     range(p, next)});
    p = next;
  }
  return units;
}

/// Bold, colour and size factor of the text at byte `at`.
struct SpanStyle {
  bool bold;
  double scale = 1;
  std::optional<Color> color;
};
SpanStyle span_style(const RichText& rt, const ParagraphStyle& s, size_t at) {
  SpanStyle out{s.bold, 1, std::nullopt};
  for (const auto& st : rt.styles) {
    if (at < st.range.start || at >= st.range.end) continue;
    if (st.kind == StyleRange::Kind::bold) out.bold = true;
    if (st.kind == StyleRange::Kind::size) out.scale *= st.scale;
    if (st.kind == StyleRange::Kind::color) out.color = st.color;
  }
  return out;
}

char32_t first_char(const std::string& s) {
  return static_cast<char32_t>(g_utf8_get_char(s.c_str()));
}
char32_t last_char(const std::string& s) {
  return static_cast<char32_t>(
      g_utf8_get_char(g_utf8_find_prev_char(s.c_str(), s.c_str() + s.size())));
}

}  // namespace

VerticalText lay_out_vertical(const TextEngine& engine, const RichText& rt,
                              const VerticalStyle& style, double column_length_pt) {
  VerticalText v;
  const double em = style.paragraph.size_pt;
  v.em_pt = em;
  v.pitch_pt = em * style.column_pitch;

  std::vector<VerticalCell> cells;
  for (const auto& u : split_units(rt, style.tate_chu_yoko_digits)) {
    VerticalCell cell;
    cell.kind = u.kind;
    cell.text = u.text;
    cell.range = u.range;
    SpanStyle span = span_style(rt, style.paragraph, u.range.start);
    cell.em_pt = em * span.scale;
    cell.color = span.color;
    cell.x_pt = (em - cell.em_pt) / 2;
    if (u.text == "\n") {
      cell.advance_pt = 0;
    } else if (u.kind == VerticalCell::Kind::icon) {
      cell.advance_pt = cell.em_pt;
    } else if (u.kind == VerticalCell::Kind::rotated) {
      cell.layout = unit_layout(engine, u.text, style.paragraph, span.bold, false, cell.em_pt);
      cell.advance_pt = logical_width(cell.layout.get());
    } else {
      cell.layout = unit_layout(engine, u.text, style.paragraph, span.bold,
                                u.kind == VerticalCell::Kind::upright, cell.em_pt);
      cell.advance_pt = cell.em_pt;
    }
    cells.push_back(std::move(cell));
  }

  // A ruby longer than its base spreads the base 1:2:1 (JLREQ 3.3.7): each
  // base cell grows by an equal share, its glyph half a share down.
  for (const auto& r : rt.rubies) {
    std::vector<VerticalCell*> base;
    double base_length = 0;
    for (auto& c : cells)
      if (c.range.start >= r.base.start && c.range.end <= r.base.end && c.text != "\n") {
        base.push_back(&c);
        base_length += c.advance_pt;
      }
    const double excess =
        em / 2 * static_cast<double>(g_utf8_strlen(r.reading.c_str(), -1)) - base_length;
    if (base.empty() || excess <= 0) continue;
    const double share = excess / static_cast<double>(base.size());
    for (VerticalCell* c : base) {
      c->advance_pt += share;
      c->ink_offset_pt += share / 2;
    }
  }
  // Each cell's punctuation blank (em) still there, before and after its ink.
  std::vector<Blank> blank(cells.size());
  for (size_t i = 0; i < cells.size(); ++i)
    if (cells[i].kind == VerticalCell::Kind::upright && !cells[i].text.empty())
      blank[i] = punctuation_blank(first_char(cells[i].text));
  auto trim_before = [&](size_t i) {
    cells[i].advance_pt -= blank[i].leading * cells[i].em_pt;
    cells[i].ink_offset_pt -= blank[i].leading * cells[i].em_pt;
    blank[i].leading = 0;
  };
  auto trim_after = [&](size_t i) {
    cells[i].advance_pt -= blank[i].trailing * cells[i].em_pt;
    blank[i].trailing = 0;
  };
  // JLREQ 3.1.4: two punctuation marks in a row take 1.5 em, not 2.
  for (size_t i = 1; i < cells.size(); ++i) {
    const PairSqueeze q = pair_squeeze(blank[i - 1], blank[i]);
    if (q.first_trailing > 0)
      trim_after(i - 1);
    else if (q.second_leading > 0)
      trim_before(i);
  }

  // A break is never allowed inside a protected run (…… and ——, a number with
  // its unit, a ruby base, a <nobr> span).
  const std::vector<TextRange> protect = protected_runs(rt);
  auto inside_run = [&](size_t at) {
    return std::any_of(protect.begin(), protect.end(),
                       [&](const TextRange& r) { return at > r.start && at < r.end; });
  };
  // Columns: the line breaker's (line_breaker.h), on the same rules as
  // horizontal lines: JLREQ 3.1.7/3.1.8, no break inside a protected run, a
  // mark that ends a column loses its trailing blank (3.1.6, so one that
  // fits only without it stays: oikomi), an opening bracket that starts one
  // its leading blank, and the blanks JLREQ 3.8 lets a column give back
  // inside it before it is stretched.
  auto is_rotated = [&](size_t i) {
    return i < cells.size() && (cells[i].kind == VerticalCell::Kind::rotated ||
                                cells[i].kind == VerticalCell::Kind::tate_chu_yoko);
  };
  // (the text's words, as in horizontal lines)
  const bool solid = rt.text.size() > kMaxWordAwareBytes;
  const std::vector<size_t> icu_words = word_boundaries(rt.text);
  const std::vector<size_t> words = body_word_starts(rt.text, icu_words, solid);
  const bool justified = style.paragraph.align == TextAlign::justify;
  std::vector<BreakUnit> units(cells.size());
  std::vector<BreakPoint> points(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) {
    BreakUnit& u = units[i];
    const VerticalCell& c = cells[i];
    const char32_t ch = c.text.empty() ? 0 : first_char(c.text);
    u.advance = c.advance_pt;
    if (c.kind == VerticalCell::Kind::upright)
      set_punctuation(u, ch, blank[i], i > 0 && is_rotated(i - 1), is_rotated(i + 1), c.em_pt,
                      true);
    u.hangs = c.text == "\n" || (c.kind == VerticalCell::Kind::upright && g_unichar_isspace(ch));
    u.stretches = c.text != "\n";
    u.clause_end = !c.text.empty() && ends_clause(last_char(c.text));
    u.letter = !u.hangs && (c.kind != VerticalCell::Kind::upright ||
                            (may_start_line(ch) && jlreq_class(ch) != JlreqClass::closing_bracket));
    if (i == 0) continue;
    if (cells[i - 1].text == "\n") {
      points[i].kind = BreakPoint::Kind::mandatory;
      continue;
    }
    const char32_t before = last_char(cells[i - 1].text);
    if (inside_run(c.range.start)) continue;
    if (may_break_between(before, ch))
      points[i] = {BreakPoint::Kind::allowed,
                   inside_word_penalty(words, icu_words, rt.text, c.range.start, before, ch,
                                       justified, solid)};
    else if (const int rank = break_badness(before, ch); rank > 0)
      points[i] = {BreakPoint::Kind::violation, static_cast<double>(rank)};
  }
  BreakSettings settings;
  settings.width = column_length_pt >= 0 ? column_length_pt : 1e9;
  settings.justify = style.paragraph.align == TextAlign::justify;
  settings.max_gap = em / 2;
  settings.tight_gap = em * kTightGapEm;
  const LineBreaks breaks = break_lines(units, points, settings);
  std::vector<size_t> starts = breaks.starts;
  starts.push_back(cells.size());
  for (size_t col = 0; col + 1 < starts.size(); ++col) {
    const size_t first = starts[col];
    size_t last = starts[col + 1];
    while (last > first && units[last - 1].hangs) --last;
    if (last == first) continue;
    const bool start_trimmed = units[first].start_trim > 0;
    const bool end_trimmed = last - 1 != first && units[last - 1].end_trim > 0;
    if (start_trimmed) trim_before(first);
    if (end_trimmed) trim_after(last - 1);
    // The blanks the breaker chose to reduce (a leading blank moves the glyph up).
    for (size_t k = first; k < last; ++k) {
      const double share = breaks.shrink[col][static_cast<size_t>(units[k].shrink_priority)];
      const double lead = k == first && start_trimmed ? 0 : units[k].shrink_before * share;
      const double trail = k + 1 == last && end_trimmed ? 0 : units[k].shrink_after * share;
      cells[k].advance_pt -= lead + trail;
      cells[k].ink_offset_pt -= lead;
    }
  }
  for (size_t col = 0; col + 1 < starts.size(); ++col) {
    const size_t first = starts[col], end = starts[col + 1];
    double length = 0;
    size_t n = 0;
    for (size_t k = first; k < end; ++k)
      if (cells[k].text != "\n") {
        length += cells[k].advance_pt;
        ++n;
      }
    // Justified (JLREQ 3.8): a column that the paragraph goes on after is
    // filled to its length by even gaps between its cells, none over half an em.
    const bool ends_paragraph = end == cells.size() || cells[end - 1].text == "\n";
    double gap = 0;
    if (style.paragraph.align == TextAlign::justify && column_length_pt >= 0 && !ends_paragraph &&
        n > 1 && length < column_length_pt)
      gap = std::min((column_length_pt - length) / static_cast<double>(n - 1), em / 2) * 0.999;
    double cy = 0;
    for (size_t k = first; k < end; ++k) {
      cells[k].column = static_cast<int>(col);
      cells[k].y_pt = cy;
      cy += cells[k].advance_pt;
      v.height_pt = std::max(v.height_pt, cy);
      if (cells[k].text != "\n") cy += gap;
    }
  }
  v.columns = static_cast<int>(starts.size() - 1);
  v.column0_left_pt = v.columns > 0 ? (v.columns - 1) * v.pitch_pt : 0;
  v.width_pt = v.columns > 0 ? v.column0_left_pt + em : 0;

  // Ruby stands to the right of its base, at half size, centred on it.
  for (const auto& r : rt.rubies) {
    const VerticalCell* first = nullptr;
    const VerticalCell* last = nullptr;
    for (const auto& c : cells) {
      if (c.range.start < r.base.start || c.range.end > r.base.end || c.text == "\n") continue;
      if (!first) first = &c;
      last = &c;
    }
    if (!first) continue;
    // Copies: the cells below are appended to the vector these point into.
    const int column = first->column;
    const double base_top = first->y_pt, base_bottom = last->y_pt + last->advance_pt;
    const std::optional<Color> color = first->color;
    const double ruby_em = em / 2;
    std::vector<std::string> chars;
    for (const char* p = r.reading.c_str(); *p; p = g_utf8_next_char(p))
      chars.emplace_back(p, static_cast<size_t>(g_utf8_next_char(p) - p));
    const double length = ruby_em * static_cast<double>(chars.size());
    double ry = (base_top + base_bottom) / 2 - length / 2;
    for (const auto& ch : chars) {
      VerticalCell rc;
      rc.kind = VerticalCell::Kind::upright;
      rc.text = ch;
      rc.ruby = true;
      rc.column = column;
      rc.em_pt = ruby_em;
      rc.x_pt = em + 0.05 * em;
      rc.y_pt = ry;
      rc.advance_pt = ruby_em;
      rc.color = color;
      rc.layout = unit_layout(engine, ch, style.paragraph, style.paragraph.bold, true, ruby_em);
      ry += ruby_em;
      cells.push_back(std::move(rc));
    }
    if (column == 0)
      v.width_pt = std::max(v.width_pt, v.column0_left_pt + em + 0.05 * em + ruby_em);
  }
  for (auto& c : cells)
    if (c.layout || c.kind == VerticalCell::Kind::icon) v.cells.push_back(std::move(c));
  return v;
}

void draw_vertical(cairo_t* cr, const VerticalText& v) {
  for (const auto& c : v.cells) {
    const double x = v.column0_left_pt - c.column * v.pitch_pt + c.x_pt;
    cairo_save(cr);
    if (c.color) cairo_set_source_rgba(cr, c.color->r, c.color->g, c.color->b, c.color->a);
    if (c.kind == VerticalCell::Kind::icon) {
      cairo_translate(cr, x, c.y_pt + c.ink_offset_pt);
      draw_inline_icon(cr, c.text, c.em_pt);
      cairo_restore(cr);
      continue;
    }
    const double baseline =
        static_cast<double>(pango_layout_get_baseline(c.layout.get())) / PANGO_SCALE;
    const double w = logical_width(c.layout.get());
    switch (c.kind) {
      case VerticalCell::Kind::upright:
        cairo_move_to(cr, x + (c.em_pt - w) / 2,
                      c.y_pt + c.ink_offset_pt + kAscentEm * c.em_pt - baseline);
        pango_cairo_show_layout(cr, c.layout.get());
        break;
      case VerticalCell::Kind::tate_chu_yoko: {
        // Upright in one cell, narrowed to fit when wider than an em.
        double squeeze = std::min(1.0, c.em_pt / w);
        cairo_translate(cr, x + (c.em_pt - w * squeeze) / 2,
                        c.y_pt + c.ink_offset_pt + kAscentEm * c.em_pt - baseline);
        cairo_scale(cr, squeeze, 1);
        cairo_move_to(cr, 0, 0);
        pango_cairo_show_layout(cr, c.layout.get());
        break;
      }
      case VerticalCell::Kind::rotated:
        // Turned 90 degrees clockwise, its em box centred on the column.
        cairo_translate(cr, x + c.em_pt / 2, c.y_pt + c.ink_offset_pt);
        cairo_rotate(cr, M_PI / 2);
        cairo_move_to(cr, 0, -baseline + (kAscentEm - 0.5) * c.em_pt);
        pango_cairo_show_layout(cr, c.layout.get());
        break;
      case VerticalCell::Kind::icon:
        break;
    }
    cairo_restore(cr);
  }
}

std::vector<std::string> vertical_columns(const VerticalText& v) {
  std::vector<std::string> out(static_cast<size_t>(v.columns));
  for (const auto& c : v.cells)
    if (!c.ruby)
      out[static_cast<size_t>(c.column)] +=
          c.kind == VerticalCell::Kind::icon ? "\xEF\xBF\xBC" : c.text;
  return out;
}

}  // namespace bocage
