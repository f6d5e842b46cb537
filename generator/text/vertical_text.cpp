#include "vertical_text.h"

#include <cmath>

#include "jlreq.h"

namespace bocage {

namespace {

constexpr double kAscentEm = 0.88;  // where the em box's top lies above the baseline

bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }

LayoutPtr unit_layout(const TextEngine& engine, const std::string& text, const ParagraphStyle& s, bool vertical_forms,
                      double size_pt) {
  LayoutPtr l(engine.new_layout());
  pango_layout_set_text(l.get(), text.c_str(), static_cast<int>(text.size()));
  PangoFontDescription* desc = pango_font_description_new();
  bool western = !text.empty() && is_western(static_cast<char32_t>(g_utf8_get_char(text.c_str())));
  pango_font_description_set_family(desc, western ? s.latin_family.c_str() : s.japanese_family.c_str());
  pango_font_description_set_weight(desc, s.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(desc, size_pt * PANGO_SCALE);
  pango_layout_set_font_description(l.get(), desc);
  pango_font_description_free(desc);
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
  char32_t first, last;
};

std::vector<Unit> split_units(const std::string& text, int tcy_digits) {
  std::vector<Unit> units;
  const char* p = text.c_str();
  while (*p) {
    char32_t c = g_utf8_get_char(p);
    if (c == 0x2005 || c == '\n') {  // spacing is ours to set in vertical text; newlines end columns
      if (c == '\n') units.push_back({VerticalCell::Kind::upright, "\n", c, c});
      p = g_utf8_next_char(p);
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
      std::string run(p, static_cast<size_t>(q - p));
      auto kind = digits && n <= tcy_digits ? VerticalCell::Kind::tate_chu_yoko : VerticalCell::Kind::rotated;
      units.push_back({kind, run, c, static_cast<char32_t>(g_utf8_get_char(g_utf8_find_prev_char(p, q)))});
      p = q;
      continue;
    }
    const char* next = g_utf8_next_char(p);
    units.push_back({VerticalCell::Kind::upright, std::string(p, static_cast<size_t>(next - p)), c, c});
    p = next;
  }
  return units;
}

}  // namespace

VerticalText lay_out_vertical(const TextEngine& engine, const RichText& rt, const VerticalStyle& style,
                              double column_length_pt) {
  VerticalText v;
  const double em = style.paragraph.size_pt;
  v.em_pt = em;
  v.pitch_pt = em * style.column_pitch;
  auto units = split_units(rt.text, style.tate_chu_yoko_digits);

  std::vector<VerticalCell> cells;
  for (const auto& u : units) {
    VerticalCell cell;
    cell.kind = u.kind;
    cell.text = u.text;
    if (u.text == "\n") {
      cell.advance_pt = 0;
    } else if (u.kind == VerticalCell::Kind::upright) {
      cell.layout = unit_layout(engine, u.text, style.paragraph, true, em);
      cell.advance_pt = em;
    } else if (u.kind == VerticalCell::Kind::tate_chu_yoko) {
      cell.layout = unit_layout(engine, u.text, style.paragraph, false, em);
      cell.advance_pt = em;
    } else {
      cell.layout = unit_layout(engine, u.text, style.paragraph, false, em);
      cell.advance_pt = logical_width(cell.layout.get());
    }
    cells.push_back(std::move(cell));
  }

  // Columns: greedy, then JLREQ 3.1.7/3.1.8 by pushing units into the next
  // column (oidashi) while the break is not allowed.
  auto first_char = [&](const VerticalCell& c) { return static_cast<char32_t>(g_utf8_get_char(c.text.c_str())); };
  auto last_char = [&](const VerticalCell& c) {
    const char* end = c.text.c_str() + c.text.size();
    return static_cast<char32_t>(g_utf8_get_char(g_utf8_find_prev_char(c.text.c_str(), end)));
  };
  std::vector<size_t> starts = {0};
  double y = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].text == "\n") {
      starts.push_back(i + 1);
      y = 0;
      continue;
    }
    if (column_length_pt >= 0 && y > 0 && y + cells[i].advance_pt > column_length_pt + 0.01) {
      size_t brk = i;
      while (brk > starts.back() + 1 && (!may_start_line(first_char(cells[brk])) || !may_end_line(last_char(cells[brk - 1]))))
        --brk;
      starts.push_back(brk);
      y = 0;
      for (size_t k = brk; k < i; ++k) y += cells[k].advance_pt;
    }
    y += cells[i].advance_pt;
  }
  starts.push_back(cells.size());
  for (size_t col = 0; col + 1 < starts.size(); ++col) {
    double cy = 0;
    for (size_t k = starts[col]; k < starts[col + 1]; ++k) {
      cells[k].column = static_cast<int>(col);
      cells[k].y_pt = cy;
      cy += cells[k].advance_pt;
      v.height_pt = std::max(v.height_pt, cy);
    }
  }
  v.columns = static_cast<int>(starts.size() - 1);
  v.width_pt = v.columns > 0 ? (v.columns - 1) * v.pitch_pt + em : 0;
  for (auto& c : cells)
    if (c.layout) v.cells.push_back(std::move(c));
  return v;
}

void draw_vertical(cairo_t* cr, const VerticalText& v) {
  for (const auto& c : v.cells) {
    // Column 0 is the rightmost; its cells are one em wide.
    const double x = v.width_pt - v.em_pt - c.column * v.pitch_pt;
    const double baseline = static_cast<double>(pango_layout_get_baseline(c.layout.get())) / PANGO_SCALE;
    const double w = logical_width(c.layout.get());
    cairo_save(cr);
    switch (c.kind) {
      case VerticalCell::Kind::upright:
        cairo_move_to(cr, x + (v.em_pt - w) / 2, c.y_pt + kAscentEm * v.em_pt - baseline);
        pango_cairo_show_layout(cr, c.layout.get());
        break;
      case VerticalCell::Kind::tate_chu_yoko: {
        // Upright in one cell, narrowed to fit when wider than an em.
        double squeeze = std::min(1.0, v.em_pt / w);
        cairo_translate(cr, x + (v.em_pt - w * squeeze) / 2, c.y_pt + kAscentEm * v.em_pt - baseline);
        cairo_scale(cr, squeeze, 1);
        cairo_move_to(cr, 0, 0);
        pango_cairo_show_layout(cr, c.layout.get());
        break;
      }
      case VerticalCell::Kind::rotated:
        // Turned 90 degrees clockwise, its em box centred on the column.
        cairo_translate(cr, x + v.em_pt / 2, c.y_pt);
        cairo_rotate(cr, M_PI / 2);
        cairo_move_to(cr, 0, -baseline + (kAscentEm - 0.5) * v.em_pt);
        pango_cairo_show_layout(cr, c.layout.get());
        break;
    }
    cairo_restore(cr);
  }
}

std::vector<std::string> vertical_columns(const VerticalText& v) {
  std::vector<std::string> out(static_cast<size_t>(v.columns));
  for (const auto& c : v.cells) out[static_cast<size_t>(c.column)] += c.text;
  return out;
}

}  // namespace bocage
