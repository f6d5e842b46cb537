#include "paragraph.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "inline_object.h"
#include "jlreq.h"
#include "layout_drawing.h"
#include "layout_runs.h"
#include "line_breaker.h"
#include "utf8.h"
#include "word_breaks.h"

namespace bocage {

namespace {

// A title's break with fewer than four katakana on one side (ICU's guesses
// inside a loan word, ハーフ|トラック): taken only when no split into as many
// lines avoids one.
constexpr double kKatakanaSplitPenalty = 500;
constexpr double kKatakanaShortSidePenalty = 100;
// A title of two names (爆弾工房　Bomb workshop) broken elsewhere than between them.
constexpr double kNamePenalty = 200;
constexpr double kMaxJustifyGapEm = 0.5;  // JLREQ 3.8: no gap wider than half an em
// A justified line opens at most this wide between its letters; the breaker
// prefers other breaks from a tenth of an em (kTightGapEm), and a paragraph
// whose breaks still leave a line looser is set ragged (validate warns).
constexpr double kLooseLimitEm = 0.15;
// A drawn line may be this much wider than its box (Pango units' rounding).
constexpr double kDrawnTolerancePt = 0.01;

using Char = CodePoint;

/// U+2005, the quarter em insert_script_spacing puts between scripts.
constexpr char32_t kScriptSpace = 0x2005;

void add(PangoAttrList* list, PangoAttribute* a, size_t start, size_t end) {
  a->start_index = static_cast<guint>(start);
  a->end_index = static_cast<guint>(end);
  pango_attr_list_insert(list, a);
}

/// A full-width punctuation mark set narrower than its em box.
struct Squeeze {
  TextRange range;
  double leading_em = 0;   // blank removed before the ink
  double trailing_em = 0;  // blank removed after the ink
  bool operator==(const Squeeze& o) const {
    return range.start == o.range.start && leading_em == o.leading_em &&
           trailing_em == o.trailing_em;
  }
};

struct Extra {
  std::vector<TextRange> no_break;
  struct Spacing {
    TextRange range;
    double pt;
  };
  std::vector<Spacing> spacing;
  std::vector<Squeeze> squeeze;
  std::vector<TextRange> rules;   // dash_runs: each drawn as one rule
  std::vector<TextRange> hidden;  // spaces hanging at a line's end: no width
};

/// Size factor and weight of the character at byte `at`.
std::pair<double, bool> char_style(const RichText& rt, const ParagraphStyle& style, size_t at) {
  double scale = 1;
  bool bold = style.bold;
  for (const auto& s : rt.styles) {
    if (at < s.range.start || at >= s.range.end) continue;
    if (s.kind == StyleRange::Kind::size) scale *= s.scale;
    if (s.kind == StyleRange::Kind::bold) bold = true;
  }
  return {scale, bold};
}

PangoAttrList* make_attributes(const RichText& rt, const ParagraphStyle& style,
                               const Extra& extra) {
  PangoAttrList* list = pango_attr_list_new();
  const size_t n = rt.text.size();
  add(list, pango_attr_language_new(pango_language_from_string("ja")), 0, n);
  for (const auto& r : western_runs(rt.text))
    add(list, pango_attr_family_new(style.latin_family.c_str()), r.start, r.end);
  for (const auto& s : rt.styles) {
    switch (s.kind) {
      case StyleRange::Kind::bold:
        add(list, pango_attr_weight_new(PANGO_WEIGHT_BOLD), s.range.start, s.range.end);
        break;
      case StyleRange::Kind::color:
        add(list,
            pango_attr_foreground_new(static_cast<guint16>(s.color.r * 65535),
                                      static_cast<guint16>(s.color.g * 65535),
                                      static_cast<guint16>(s.color.b * 65535)),
            s.range.start, s.range.end);
        if (s.color.a < 1)
          add(list, pango_attr_foreground_alpha_new(static_cast<guint16>(s.color.a * 65535)),
              s.range.start, s.range.end);
        break;
      case StyleRange::Kind::size:
        add(list,
            pango_attr_size_new_absolute(static_cast<int>(style.size_pt * s.scale * PANGO_SCALE)),
            s.range.start, s.range.end);
        break;
      case StyleRange::Kind::nobr:
        break;  // in protected_runs
    }
  }
  for (const auto& icon : rt.icons) {
    double size = style.size_pt;
    for (const auto& s : rt.styles)
      if (s.kind == StyleRange::Kind::size && s.range.start <= icon.index &&
          icon.index < s.range.end)
        size *= s.scale;
    const int em = static_cast<int>(size * PANGO_SCALE);
    PangoRectangle rect{0, -static_cast<int>(em * 0.88), em, em};
    auto* obj = new InlineObject{InlineObject::Kind::icon, icon.name, {}, 0, false, 0};
    add(list,
        pango_attr_shape_new_with_data(&rect, &rect, obj, copy_inline_object, free_inline_object),
        icon.index, icon.index + kObjectReplacement.size());
  }
  for (const auto& sq : extra.squeeze) {
    auto [scale, bold] = char_style(rt, style, sq.range.start);
    const double em = style.size_pt * scale;
    const double width = em * (1 - sq.leading_em - sq.trailing_em);
    PangoRectangle rect{0, -static_cast<int>(em * 0.88 * PANGO_SCALE),
                        static_cast<int>(width * PANGO_SCALE), static_cast<int>(em * PANGO_SCALE)};
    auto* obj = new InlineObject{InlineObject::Kind::glyph,
                                 rt.text.substr(sq.range.start, sq.range.end - sq.range.start),
                                 style.japanese_family,
                                 em,
                                 bold,
                                 -sq.leading_em * em};
    add(list,
        pango_attr_shape_new_with_data(&rect, &rect, obj, copy_inline_object, free_inline_object),
        sq.range.start, sq.range.end);
  }
  // Pango gives each character of a shaped range the shape's box: each dash
  // takes one em, and the first draws the rule across all of them.
  for (const auto& r : extra.rules) {
    auto [scale, bold] = char_style(rt, style, r.start);
    const double em = style.size_pt * scale;
    const auto dashes =
        g_utf8_strlen(rt.text.c_str() + r.start, static_cast<gssize>(r.end - r.start));
    const PangoRectangle box{0, -static_cast<int>(em * 0.88 * PANGO_SCALE),
                             static_cast<int>(em * PANGO_SCALE),
                             static_cast<int>(em * PANGO_SCALE)};
    PangoRectangle ink = box;
    ink.width *= static_cast<int>(dashes);
    const std::string run = rt.text.substr(r.start, r.end - r.start);
    const size_t first_end =
        static_cast<size_t>(g_utf8_next_char(rt.text.c_str() + r.start) - rt.text.c_str());
    auto* obj = new InlineObject{InlineObject::Kind::rule, run, style.japanese_family, em, bold, 0};
    add(list,
        pango_attr_shape_new_with_data(&ink, &box, obj, copy_inline_object, free_inline_object),
        r.start, first_end);
    auto* rest = new InlineObject{InlineObject::Kind::rule, "", style.japanese_family, em, bold, 0};
    add(list,
        pango_attr_shape_new_with_data(&box, &box, rest, copy_inline_object, free_inline_object),
        first_end, r.end);
  }
  for (const auto& r : protected_runs(rt))
    add(list, pango_attr_allow_breaks_new(FALSE), r.start, r.end);
  for (const auto& r : extra.no_break)
    add(list, pango_attr_allow_breaks_new(FALSE), r.start, r.end);
  for (const auto& r : extra.hidden) {
    PangoRectangle none{0, 0, 0, 0};
    add(list, pango_attr_shape_new(&none, &none), r.start, r.end);
  }
  for (const auto& s : extra.spacing)
    add(list, pango_attr_letter_spacing_new(static_cast<int>(s.pt * PANGO_SCALE)), s.range.start,
        s.range.end);
  return list;
}

/// U+2028 LINE SEPARATOR: a break the line breaker made; Pango breaks there
/// and draws nothing.
constexpr std::string_view kLineSeparator = "\xE2\x80\xA8";

/// The end of a line's text [start, end) without the line separator that ends it.
size_t before_separator(const char* text, size_t start, size_t end) {
  const size_t n = kLineSeparator.size();
  return end >= start + n && std::string_view(text + end - n, n) == kLineSeparator ? end - n : end;
}

/// The end of a line's text without its trailing newline or line separator.
size_t line_text_end(const char* text, size_t start, size_t end) {
  while (end > start && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  return before_separator(text, start, end);
}

struct LineInfo {
  size_t start;
  size_t end;  // without the line's trailing newline or line separator
  bool paragraph_end;
  double width_pt;
  // Ends in a line separator the breaker put there: the letter before it is
  // not the line's last character for Pango, and keeps its half gap after.
  bool separated = false;
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
    const size_t full = start + static_cast<size_t>(line->length);
    size_t end = line_text_end(text, start, full);
    bool last = i == n - 1 || pango_layout_get_line_readonly(layout, i + 1)->is_paragraph_start;
    const bool separated = before_separator(text, start, full) != full;
    out.push_back({start, end, last, static_cast<double>(logical.width) / PANGO_SCALE, separated});
  }
  return out;
}

/// The first and last visible characters of [start, end) (skipping spaces).
std::pair<const Char*, const Char*> visible_ends(const std::vector<Char>& chars, size_t start,
                                                 size_t end) {
  const Char* first = nullptr;
  const Char* last = nullptr;
  for (const auto& ch : chars) {
    if (ch.start < start || ch.end > end || g_unichar_isspace(ch.c)) continue;
    if (!first) first = &ch;
    last = &ch;
  }
  return {first, last};
}

/// JLREQ 3.1.4: two full-width punctuation marks in a row take 1.5 em, not 2:
/// the blank between them is halved (the first's trailing blank, else the
/// second's leading blank).
std::vector<Squeeze> consecutive_punctuation(const std::vector<Char>& chars) {
  std::vector<Squeeze> out;
  for (size_t i = 1; i < chars.size(); ++i) {
    const PairSqueeze q =
        pair_squeeze(punctuation_blank(chars[i - 1].c), punctuation_blank(chars[i].c));
    if (q.first_trailing > 0)
      out.push_back({{chars[i - 1].start, chars[i - 1].end}, 0, q.first_trailing});
    else if (q.second_leading > 0)
      out.push_back({{chars[i].start, chars[i].end}, q.second_leading, 0});
  }
  return out;
}

/// JLREQ 3.1.6 (one style, half-em trimmed): an opening bracket that starts a
/// line loses its leading blank, closing punctuation that ends a line loses
/// its trailing blank.
std::vector<Squeeze> line_edge_trims(const std::vector<LineInfo>& lines,
                                     const std::vector<Char>& chars) {
  std::vector<Squeeze> out;
  for (const auto& line : lines) {
    auto [first, last] = visible_ends(chars, line.start, line.end);
    if (!first) continue;
    Blank f = punctuation_blank(first->c);
    // (a Latin bracket has no blank to trim: it keeps its glyph and width)
    if (jlreq_class(first->c) == JlreqClass::opening_bracket && f.leading > 0)
      out.push_back({{first->start, first->end}, f.leading, 0});
    Blank l = punctuation_blank(last->c);
    if (last != first && l.trailing > 0 && jlreq_class(last->c) != JlreqClass::middle_dot)
      out.push_back({{last->start, last->end}, 0, l.trailing});
  }
  return out;
}

LayoutPtr build(const TextEngine& engine, const RichText& rt, const ParagraphStyle& style,
                double width_pt, const Extra& extra, double spacing_pt) {
  LayoutPtr layout(engine.new_layout());
  PangoLayout* l = layout.get();
  pango_layout_set_text(l, rt.text.c_str(), static_cast<int>(rt.text.size()));
  set_layout_font(l, style.japanese_family, style.bold, style.size_pt);
  PangoAttrList* attrs = make_attributes(rt, style, extra);
  pango_layout_set_attributes(l, attrs);
  pango_attr_list_unref(attrs);
  pango_layout_set_width(l,
                         width_pt < 0 ? -1 : static_cast<int>(std::floor(width_pt * PANGO_SCALE)));
  // Never PANGO_WRAP_CHAR: it ignores the Japanese line-breaking rules.
  pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
  PangoAlignment a = PANGO_ALIGN_LEFT;
  if (style.align == TextAlign::center) a = PANGO_ALIGN_CENTER;
  if (style.align == TextAlign::right) a = PANGO_ALIGN_RIGHT;
  pango_layout_set_alignment(l, a);
  if (spacing_pt > 0)
    pango_layout_set_spacing(l, static_cast<int>(spacing_pt * PANGO_SCALE));
  else if (style.line_spacing > 0)
    pango_layout_set_line_spacing(l, static_cast<float>(style.line_spacing));
  return layout;
}

std::vector<size_t> line_starts(PangoLayout* layout) {
  std::vector<size_t> out;
  for (GSList* l = pango_layout_get_lines_readonly(layout); l; l = l->next)
    out.push_back(static_cast<size_t>(static_cast<PangoLayoutLine*>(l->data)->start_index));
  return out;
}

/// Inter-character spacing per line that fills the width (JLREQ 3.8), never
/// inside Western words and never wider than half an em. `slack_pt` is what
/// the layout's width must grow by for Pango to keep the lines as they are:
/// it breaks before trimming the spacing's last half at the line's end.
struct Justified {
  std::vector<Extra::Spacing> spacing;
  double slack_pt = 0;
  std::vector<double> gaps_pt;  // per line: the gap opened between its letters
};

Justified justification(const std::vector<LineInfo>& lines, const std::vector<Char>& chars,
                        const std::vector<Squeeze>& squeezed, const std::vector<TextRange>& rules,
                        double width_pt, double em_pt) {
  Justified j;
  std::vector<Extra::Spacing>& out = j.spacing;
  double& slack_pt = j.slack_pt;
  j.gaps_pt.assign(lines.size(), 0);
  for (size_t li = 0; li < lines.size(); ++li) {
    const LineInfo& line = lines[li];
    if (line.paragraph_end) continue;
    double extra = width_pt - line.width_pt;
    if (extra <= 0.01) continue;
    std::vector<const Char*> in_line;
    for (const auto& ch : chars)
      if (ch.start >= line.start && ch.end <= line.end) in_line.push_back(&ch);
    // Pango trims the spacing's outer half only on the line's very first and
    // last characters; a trailing space, or the zero width space that gives
    // Pango a break the search made (before ……), keeps the last letter's half.
    auto blank = [](const Char* ch) { return g_unichar_isspace(ch->c) || ch->c == 0x200B; };
    const bool ends_in_space = line.separated || (!in_line.empty() && blank(in_line.back()));
    while (!in_line.empty() && blank(in_line.back())) in_line.pop_back();
    if (in_line.size() < 2) continue;
    // Shaped characters (inline icons, squeezed punctuation) take no letter spacing.
    auto eligible = [&](const Char* ch) {
      bool shaped = ch->c == 0xFFFC ||
                    std::any_of(squeezed.begin(), squeezed.end(),
                                [&](const Squeeze& q) { return q.range.start == ch->start; }) ||
                    std::any_of(rules.begin(), rules.end(), [&](const TextRange& r) {
                      return r.start <= ch->start && ch->start < r.end;
                    });
      // (the quarter em between Japanese and Western letters opens too,
      // JLREQ 3.8: up to half an em)
      return ch->c == kScriptSpace || (!is_western(ch->c) && !blank(ch) && !shaped);
    };
    double weight = 0;
    for (const Char* ch : in_line) weight += eligible(ch) ? 1 : 0;
    weight -= (eligible(in_line.front()) ? 0.5 : 0) +
              (eligible(in_line.back()) && !ends_in_space ? 0.5 : 0);
    if (weight <= 0) continue;
    double s = std::min(extra / weight, kMaxJustifyGapEm * em_pt) * 0.999;
    slack_pt = std::max(slack_pt, s);
    j.gaps_pt[li] = s;
    // One attribute per run of neighbours: fewer attributes, fewer items to shape.
    for (const Char* ch : in_line) {
      if (!eligible(ch)) continue;
      if (!out.empty() && out.back().range.end == ch->start && out.back().pt == s)
        out.back().range.end = ch->end;
      else
        out.push_back({{ch->start, ch->end}, s});
    }
  }
  return j;
}

/// A break before character `at` of `chars` (in `text`) as a reader sees it:
/// up to six characters of the line before, " / ", up to six of the line
/// after (the quarter em spaces the layout inserted and icons left out).
std::string quote_break(const std::string& text, const std::vector<Char>& chars, size_t at) {
  auto shown = [](char32_t c) { return c != '\n' && c != 0x2028 && c != 0x200B; };
  size_t from = at, to = at;
  for (int k = 0; k < 6 && from > 0 && shown(chars[from - 1].c); ++k) --from;
  for (int k = 0; k < 6 && to < chars.size() && shown(chars[to].c); ++k) ++to;
  auto piece = [&](size_t i, size_t j) {
    std::string out;
    for (size_t k = i; k < j; ++k)
      if (chars[k].c != kScriptSpace && chars[k].c != 0xFFFC)  // (nor an icon's place)
        out += text.substr(chars[k].start, chars[k].end - chars[k].start);
    return out;
  };
  std::string before = piece(from, at);
  while (!before.empty() && before.back() == ' ') before.pop_back();
  return before + " / " + piece(at, to);
}

/// Whether any line of `j` opens wider than a justified line may
/// (kLooseLimitEm): the paragraph is then set ragged.
bool too_loose(const Justified& j, double em_pt) {
  return std::any_of(j.gaps_pt.begin(), j.gaps_pt.end(),
                     [&](double g) { return g > kLooseLimitEm * em_pt; });
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

/// `points(text)` of the last text asked for, per thread: ICU's word breaks
/// are costly, and fit_text lays one text out at several sizes in a row.
template <std::vector<size_t> (*points)(const std::string&)>
const std::vector<size_t>& cached(const std::string& text) {
  thread_local std::string last_text;
  thread_local std::vector<size_t> last_points;
  thread_local bool known = false;
  if (!known || text != last_text) {
    last_points = points(text);
    last_text = text;
    known = true;
  }
  return last_points;
}

}  // namespace

std::vector<std::string> layout_lines(PangoLayout* layout) {
  std::vector<std::string> out;
  const char* text = pango_layout_get_text(layout);
  for (GSList* l = pango_layout_get_lines_readonly(layout); l; l = l->next) {
    auto* line = static_cast<PangoLayoutLine*>(l->data);
    const size_t start = static_cast<size_t>(line->start_index);
    // (a break the line breaker made is no character of the line)
    const size_t end = before_separator(text, start, start + static_cast<size_t>(line->length));
    out.emplace_back(text + start, end - start);
  }
  return out;
}

namespace {

/// Each character's advance in `layout` (pt), indexed like `chars`.
std::vector<double> char_advances(PangoLayout* layout, const std::vector<Char>& chars) {
  // Each run's characters' logical widths (a cluster's width shared among its
  // characters), read from its glyphs: no PangoLayoutIter, which measures
  // every line's extents first, then each character's cluster again.
  std::vector<double> out(chars.size(), 0);
  const char* text = pango_layout_get_text(layout);
  std::vector<int> widths;
  for_each_run(layout, [&](PangoLayoutRun* run) {
    const PangoItem* item = run->item;
    widths.assign(static_cast<size_t>(item->num_chars), 0);
    pango_glyph_item_get_logical_widths(run, text, widths.data());
    auto ch = std::lower_bound(chars.begin(), chars.end(), static_cast<size_t>(item->offset),
                               [](const Char& c, size_t i) { return c.start < i; });
    for (size_t k = 0; k < widths.size() && ch != chars.end(); ++k, ++ch)
      out[static_cast<size_t>(ch - chars.begin())] = static_cast<double>(widths[k]) / PANGO_SCALE;
    return true;
  });
  return out;
}

/// Moves the ranges of `extra` behind byte `at` by `n`, as RichText::insert does.
void shift_ranges(Extra& extra, size_t at, size_t n) {
  auto move = [&](TextRange& r) {
    if (r.start >= at) r.start += n;
    if (r.end > at) r.end += n;
  };
  for (auto& q : extra.squeeze) move(q.range);
  for (auto& s : extra.spacing) move(s.range);
  for (auto& r : extra.rules) move(r);
  for (auto& r : extra.hidden) move(r);
  for (auto& r : extra.no_break) move(r);
}

}  // namespace

Paragraph lay_out_paragraph(const TextEngine& engine, RichText rt, const ParagraphStyle& style,
                            double width_pt) {
  // Ruby too small to read is set in parentheses after its base.
  if (style.size_pt < style.ruby_min_size_pt) {
    auto rubies = rt.rubies;
    rt.rubies.clear();
    for (size_t k = rubies.size(); k-- > 0;)
      rt.insert(rubies[k].base.end, "（" + rubies[k].reading + "）");
  }
  insert_script_spacing(rt);
  allow_quote_breaks(rt);
  const auto chars = decode_utf8(rt.text);
  const double ruby_size = style.size_pt / 2;
  double spacing = 0;
  if (!rt.rubies.empty()) {
    double line_h = natural_line_height(engine, style);
    spacing = std::max(ruby_size * 1.05,
                       style.line_spacing > 0 ? (style.line_spacing - 1) * line_h : 0.0);
  }

  Extra extra;
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
  extra.squeeze = consecutive_punctuation(chars);
  extra.rules = dash_runs(rt.text);

  LayoutPtr layout = build(engine, rt, style, -1, extra, spacing);
  int violations = 0;
  double left_pt = 0;
  bool ragged = false;       // a justified text that could not be set tight
  std::string ragged_break;  // set ragged to avoid this break (Paragraph::ragged_break)
  std::vector<double> gaps_pt;
  bool single_line = false;  // the unwrapped layout kept (align_single_line)
  if (width_pt >= 0) {
    // The breaks: one total-fit search over the whole paragraph
    // (line_breaker.h), on the widths of the paragraph laid out unwrapped.
    const double em_pt = style.size_pt;
    auto em_of = [&](const Char& ch) {
      return style.size_pt * char_style(rt, style, ch.start).first;
    };
    const std::vector<Squeeze> consecutive = extra.squeeze;
    auto squeezed = [&](size_t at) {
      for (const auto& q : consecutive)
        if (q.range.start == at) return q;
      return Squeeze{{at, at}, 0, 0};
    };
    auto in_rule = [&](size_t at) {
      return std::any_of(extra.rules.begin(), extra.rules.end(),
                         [&](const TextRange& r) { return r.start <= at && at < r.end; });
    };
    const std::vector<double> advance = char_advances(layout.get(), chars);
    const size_t n = chars.size();
    std::vector<BreakUnit> units(n);
    for (size_t k = 0; k < n; ++k) {
      const Char& ch = chars[k];
      BreakUnit& u = units[k];
      const double em = em_of(ch);
      const Squeeze q = squeezed(ch.start);
      const Blank b = punctuation_blank(ch.c);
      u.advance = advance[k];
      // JLREQ 3.1.6 at the lines' edges, 3.8.3 inside them (not in a title).
      set_punctuation(
          u, ch.c,
          {std::max(0.0, b.leading - q.leading_em), std::max(0.0, b.trailing - q.trailing_em)},
          k > 0 && is_western(chars[k - 1].c), k + 1 < n && is_western(chars[k + 1].c), em,
          !style.title);
      u.hangs = g_unichar_isspace(ch.c);
      u.stretches = ch.c == kScriptSpace ||
                    (!is_western(ch.c) && !u.hangs && ch.c != 0xFFFC && ch.c != 0x200B &&
                     q.leading_em + q.trailing_em == 0 && !in_rule(ch.start));
      u.letter = !u.hangs && ch.c != 0x200B && may_start_line(ch.c) &&
                 jlreq_class(ch.c) != JlreqClass::closing_bracket;
      u.latin = is_western(ch.c);
      u.clause_end = ends_clause(ch.c);
    }

    // Where a line may break, and what each break costs.
    int n_attrs = 0;
    const PangoLogAttr* attrs = pango_layout_get_log_attrs_readonly(layout.get(), &n_attrs);
    const std::vector<TextRange> protect = protected_runs(rt);
    auto inside_protected = [&](size_t at) {
      return std::any_of(protect.begin(), protect.end(),
                         [&](const TextRange& r) { return r.start < at && at < r.end; });
    };
    // A title breaks only between words; a short body text's words are kept
    // whole where it costs little (ICU's words, particles joined).
    std::vector<size_t> title_points, splits, short_sides, words, icu_words;
    const bool solid = rt.text.size() > kMaxWordAwareBytes;
    bool two_names = false;  // a title of two names between an ideographic space
    if (style.title) {
      title_points = cached<title_break_points>(rt.text);
      two_names = rt.text.find("　") != std::string::npos;
      splits = katakana_splits(rt.text, title_points, false);
      short_sides = katakana_splits(rt.text, title_points, true);
    } else {
      icu_words = cached<word_boundaries>(rt.text);
      words = body_word_starts(rt.text, icu_words, solid);
    }
    // The visible characters either side of each place (spaces skipped).
    std::vector<long> before(n + 1, -1), after(n + 1, -1);
    for (size_t k = 0; k < n; ++k)
      before[k + 1] = g_unichar_isspace(chars[k].c) ? before[k] : static_cast<long>(k);
    for (size_t k = n; k-- > 0;)
      after[k] = g_unichar_isspace(chars[k].c) ? after[k + 1] : static_cast<long>(k);
    std::vector<BreakPoint> points(n);
    for (size_t k = 1; k < n && static_cast<int>(k) < n_attrs; ++k) {
      const size_t at = chars[k].start;
      if (attrs[k].is_mandatory_break) {
        points[k].kind = BreakPoint::Kind::mandatory;
        continue;
      }
      const Char& prev = chars[k - 1];
      // JLREQ 3.1.7 and 3.1.8 (a zero width space is a break made on purpose: quotes).
      const bool jlreq_ok = before[k] < 0 || after[k] < 0 ||
                            chars[static_cast<size_t>(before[k])].c == 0x200B ||
                            may_break_between(chars[static_cast<size_t>(before[k])].c,
                                              chars[static_cast<size_t>(after[k])].c);
      // Unicode's line breaking (Pango), and the break before …… and ——
      // that JLREQ allows and UAX #14 LB22 forbids.
      // A title may break after any space between its words (a model number
      // before a name is no number with its unit: M1903 / スプリング).
      const bool unicode_ok =
          attrs[k].is_line_break || (style.title && g_unichar_isspace(prev.c)) ||
          (jlreq_class(chars[k].c) == JlreqClass::inseparable && prev.c != chars[k].c &&
           !g_unichar_isspace(prev.c) && !is_western(prev.c) && !inside_protected(at));
      if (jlreq_ok && unicode_ok) {
        if (style.title) {
          if (!std::binary_search(title_points.begin(), title_points.end(), at)) continue;
          const bool split = std::binary_search(splits.begin(), splits.end(), at);
          // (and where a loan word must break, with four letters or more
          // either side: ネーベル / ベルファー, not ネーベルベル / ファー)
          const bool short_side = std::binary_search(short_sides.begin(), short_sides.end(), at);
          // A name in two languages breaks between them first (爆弾工房　/ Bomb workshop).
          const bool between_names = prev.c == U'　';
          points[k] = {BreakPoint::Kind::allowed,
                       (split ? kKatakanaSplitPenalty : 0) +
                           (short_side ? kKatakanaShortSidePenalty : 0) +
                           (two_names && !between_names ? kNamePenalty : 0)};
        } else {
          points[k] = word_break_point(words, icu_words, rt.text, at, prev.c, chars[k].c,
                                       style.align == TextAlign::justify, solid);
        }
      } else if (!style.title && !g_unichar_isspace(prev.c) && !g_unichar_isspace(chars[k].c) &&
                 !inside_protected(at)) {
        // Against the rules, for a run with no allowed break longer than the
        // line: at its least bad place (validate warns; a title is shrunk).
        if (const int rank = break_badness(prev.c, chars[k].c); rank > 0)
          points[k] = {BreakPoint::Kind::violation, static_cast<double>(rank)};
      }
    }
    BreakSettings settings;
    settings.width = width_pt;
    settings.justify = style.align == TextAlign::justify;
    settings.balance = style.title;
    settings.max_gap = kMaxJustifyGapEm * em_pt;
    settings.tight_gap = kTightGapEm * em_pt;
    settings.loose_limit = kLooseLimitEm * em_pt;
    settings.avoid_short_last_line = !style.title;
    LineBreaks lines = break_lines(units, points, settings);
    if (settings.justify && !style.title && !solid) {
      // A short justified text whose tight breaks leave one letter of a word
      // on a line (GIカー / ド, トンプソンサブマシンガ / ン) or a last line
      // of one or two letters (る。, ガン): set ragged, where that leaves
      // fewer of them in no more lines (validate warns, quoting the break).
      const std::vector<size_t> tight = stumbles(lines, units, points);
      if (!tight.empty()) {
        // (a short text's break costs a multiple of a whole break inside a
        // word: ragged, of kInsideWordPenalty instead of the justified one)
        std::vector<BreakPoint> ragged_points = points;
        for (BreakPoint& point : ragged_points)
          if (point.kind == BreakPoint::Kind::allowed)
            point.penalty = point.penalty / kJustifiedInsideWordPenalty * kInsideWordPenalty;
        BreakSettings left = settings;
        left.justify = false;
        LineBreaks r = break_lines(units, ragged_points, left);
        if (r.starts.size() <= lines.starts.size() && r.violations <= lines.violations &&
            stumbles(r, units, points).size() < tight.size()) {
          lines = std::move(r);
          ragged = true;
          ragged_break = quote_break(rt.text, chars, tight.front());
        }
      }
    }
    violations = lines.violations;

    // The lines' edges trimmed, their blanks shrunk as the search chose.
    std::map<size_t, Squeeze> squeezes;
    for (const auto& q : consecutive) squeezes[q.range.start] = q;
    auto squeeze_at = [&](size_t k) -> Squeeze& {
      return squeezes.try_emplace(chars[k].start, Squeeze{{chars[k].start, chars[k].end}, 0, 0})
          .first->second;
    };
    std::vector<size_t> breaks;
    for (size_t l = 0; l < lines.starts.size(); ++l) {
      const size_t first = lines.starts[l];
      const size_t next = l + 1 < lines.starts.size() ? lines.starts[l + 1] : n;
      if (l > 0 && points[first].kind != BreakPoint::Kind::mandatory) breaks.push_back(first);
      size_t end = next;
      while (end > first && units[end - 1].hangs) --end;
      if (end == first) continue;
      const bool start_trimmed = units[first].start_trim > 0;
      const bool end_trimmed = end - 1 > first && units[end - 1].end_trim > 0;
      if (start_trimmed)
        squeeze_at(first).leading_em += units[first].start_trim / em_of(chars[first]);
      if (end_trimmed)
        squeeze_at(end - 1).trailing_em += units[end - 1].end_trim / em_of(chars[end - 1]);
      for (size_t k = first; k < end; ++k) {
        const double share = lines.shrink[l][static_cast<size_t>(units[k].shrink_priority)];
        const double lead = k == first && start_trimmed ? 0 : units[k].shrink_before;
        const double trail = k + 1 == end && end_trimmed ? 0 : units[k].shrink_after;
        if ((lead + trail) * share <= 0) continue;
        Squeeze& q = squeeze_at(k);
        q.leading_em += lead * share / em_of(chars[k]);
        q.trailing_em += trail * share / em_of(chars[k]);
      }
    }
    extra.squeeze.clear();
    for (const auto& [at, q] : squeezes) extra.squeeze.push_back(q);
    // One line that needs no break and no trim: the unwrapped layout is the
    // paragraph, placed in its box as Pango would align it there.
    bool made = breaks.empty() && extra.squeeze == consecutive &&
                pango_layout_get_line_count(layout.get()) == 1 &&
                lines.length.front() <= width_pt + 0.01;
    single_line = made;
    if (!made && style.align == TextAlign::justify && !ragged) {
      // Justified lines are full: with every other break forbidden, Pango's
      // own wrapping takes exactly the search's breaks (and trims the letter
      // spacing at each line's end, which a line separator would keep).
      RichText jr = rt;
      Extra je = extra;
      std::vector<size_t> inserted;  // where a zero width space gives Pango a break
      for (auto k = breaks.rbegin(); k != breaks.rend(); ++k) {
        if (static_cast<int>(*k) < n_attrs && attrs[*k].is_line_break) continue;
        jr.insert(chars[*k].start, kZeroWidthSpace);
        shift_ranges(je, chars[*k].start, kZeroWidthSpace.size());
        inserted.insert(inserted.begin(), chars[*k].start);
      }
      auto moved = [&](size_t at) {
        return at + kZeroWidthSpace.size() *
                        static_cast<size_t>(std::upper_bound(inserted.begin(), inserted.end(), at) -
                                            inserted.begin());
      };
      std::vector<LineInfo> planned;
      std::vector<size_t> starts;
      for (size_t l = 0; l < lines.starts.size(); ++l) {
        const size_t first = lines.starts[l];
        const bool last = l + 1 == lines.starts.size() ||
                          points[lines.starts[l + 1]].kind == BreakPoint::Kind::mandatory;
        size_t end = jr.text.size();
        if (l + 1 < lines.starts.size()) {
          // (the zero width space before the next line is this line's last
          // character in Pango's layout: justification() knows it keeps the
          // half gap after the letter before it)
          end = moved(chars[lines.starts[l + 1]].start);
        }
        const size_t start = l == 0 ? 0 : moved(chars[first].start);
        starts.push_back(start);
        planned.push_back({start, end, last, lines.length[l]});
      }
      for (size_t l = 0; l < planned.size(); ++l)
        je.no_break.push_back(
            {planned[l].start, l + 1 < planned.size() ? planned[l + 1].start : jr.text.size()});
      const Justified gaps =
          justification(planned, decode_utf8(jr.text), je.squeeze, je.rules, width_pt, em_pt);
      ragged = too_loose(gaps, em_pt);
      je.spacing.insert(je.spacing.end(), gaps.spacing.begin(), gaps.spacing.end());
      LayoutPtr j =
          ragged ? nullptr : build(engine, jr, style, width_pt + gaps.slack_pt, je, spacing);
      // Taken only as the search planned it: its breaks, and no line wider
      // than the box (what is drawn is what was measured).
      const auto drawn = ragged ? std::vector<LineInfo>{} : line_infos(j.get());
      const bool within = std::all_of(drawn.begin(), drawn.end(), [&](const LineInfo& d) {
        return d.width_pt <= width_pt + kDrawnTolerancePt;
      });
      if (!ragged && within && line_starts(j.get()) == starts) {
        gaps_pt = gaps.gaps_pt;
        layout = std::move(j);
        rt = std::move(jr);
        made = true;
      }
    }
    if (!made) {
      // Each break made with a line separator (the spaces before it hang: no
      // width), from the last: an insertion moves only what is behind it.
      const int hard_lines = pango_layout_get_line_count(layout.get());
      for (auto k = breaks.rbegin(); k != breaks.rend(); ++k) {
        size_t hang = *k;
        while (hang > 0 && units[hang - 1].hangs && chars[hang - 1].c != '\n') --hang;
        // (a quarter em before it becomes the separator: both are three bytes)
        const bool quarter = hang < *k && chars[*k - 1].c == kScriptSpace;
        const size_t at = quarter ? chars[*k - 1].start : chars[*k].start;
        if (quarter) {
          rt.text.replace(at, kLineSeparator.size(), kLineSeparator);
        } else {
          rt.insert(at, kLineSeparator);
          shift_ranges(extra, at, kLineSeparator.size());
        }
        const size_t hidden_end = quarter ? *k - 1 : *k;
        if (hang < hidden_end)
          extra.hidden.push_back({chars[hang].start, chars[hidden_end - 1].end});
        // The separator itself is shaped as nothing: no font has a glyph for
        // it, and shaping one makes Pango build a font for its missing-glyph
        // box at each size.
        extra.hidden.push_back({at, at + kLineSeparator.size()});
      }
      const int expected = hard_lines + static_cast<int>(breaks.size());
      layout = build(engine, rt, style, width_pt, extra, spacing);
      // A line that runs out (a unit longer than the line), or a rounding of
      // Pango's, would be broken again: the layout is widened instead, and
      // drawn back left by what centring or right alignment moved it.
      double wider = width_pt;
      while (pango_layout_get_line_count(layout.get()) != expected && wider < width_pt * 4 + 100) {
        wider = wider * 1.25 + 1;
        layout = build(engine, rt, style, wider, extra, spacing);
      }
      if (style.align == TextAlign::center) left_pt = -(wider - width_pt) / 2;
      if (style.align == TextAlign::right) left_pt = -(wider - width_pt);
      if (style.align == TextAlign::justify && !ragged) {
        // (a justified line the search left short: the last letter before
        // the separator keeps the half gap after it)
        Extra justified = extra;
        const Justified gaps = justification(line_infos(layout.get()), decode_utf8(rt.text),
                                             extra.squeeze, extra.rules, width_pt, em_pt);
        ragged = too_loose(gaps, em_pt);
        if (!ragged) {
          justified.spacing.insert(justified.spacing.end(), gaps.spacing.begin(),
                                   gaps.spacing.end());
          gaps_pt = gaps.gaps_pt;
          layout = build(engine, rt, style, wider + gaps.slack_pt, justified, spacing);
        }
      }
    }
  }

  Paragraph p;
  if (single_line) {
    p.layout = std::move(layout);
    p.text = rt.text;
    const bool aligned = align_single_line(p, style.align, width_pt);
    layout = std::move(p.layout);
    if (aligned)
      left_pt = p.left_pt;
    else
      layout = build(engine, rt, style, width_pt, extra, spacing);
  }
  p.forced_breaks = violations;
  p.set_ragged = ragged;
  p.ragged_break = ragged_break;
  for (double g : gaps_pt) p.gaps_em.push_back(g / style.size_pt);
  p.text = rt.text;
  p.left_pt = left_pt;
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
    double rw = static_cast<double>(rr.width) / PANGO_SCALE,
           rh = static_cast<double>(rr.height) / PANGO_SCALE;
    p.rubies.push_back({std::move(ruby_layouts[k]), (x0 + x1) / 2 - rw / 2, line_top - rh});
  }
  p.layout = std::move(layout);
  return p;
}

bool align_single_line(Paragraph& p, TextAlign align, double width_pt) {
  PangoLayout* l = p.layout.get();
  if (width_pt < 0 || pango_layout_get_width(l) != -1 || pango_layout_get_line_count(l) != 1)
    return false;
  // The width build() would give the layout, and the line's width in it.
  const int layout_width = static_cast<int>(std::floor(width_pt * PANGO_SCALE));
  PangoRectangle logical;
  pango_layout_line_get_extents(pango_layout_get_line_readonly(l, 0), nullptr, &logical);
  const int line_width = logical.width;
  if (line_width > layout_width) return false;  // Pango would break it there
  // In a width, the blank of punctuation at the line's ends is trimmed (JLREQ 3.1.6).
  if (!line_edge_trims(line_infos(l), decode_utf8(p.text)).empty()) return false;
  // Pango's own offset (pango-layout.c, get_x_offset), in Pango units.
  int offset = 0;
  if (align == TextAlign::right) {
    offset = layout_width - line_width;
  } else if (align == TextAlign::center) {
    offset = (layout_width - line_width) / 2;
    if (((layout_width | line_width) & (PANGO_SCALE - 1)) == 0) offset = PANGO_UNITS_ROUND(offset);
  }
  p.left_pt = static_cast<double>(offset) / PANGO_SCALE;
  return true;
}

void draw_paragraph(cairo_t* cr, const Paragraph& p) {
  if (p.left_pt != 0) {
    cairo_save(cr);
    cairo_translate(cr, p.left_pt, 0);
  }
  cairo_move_to(cr, 0, p.top_pt);
  show_layout(cr, p.layout.get());
  for (const auto& r : p.rubies) {
    cairo_move_to(cr, r.x_pt, r.y_pt);
    show_layout(cr, r.layout.get());
  }
  if (p.left_pt != 0) cairo_restore(cr);
}

}  // namespace bocage
