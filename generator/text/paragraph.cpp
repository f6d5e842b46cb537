#include "paragraph.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "inline_object.h"
#include "jlreq.h"
#include "utf8.h"
#include "word_breaks.h"

namespace bocage {

namespace {

constexpr int kMaxFixPasses = 8;
constexpr int kMaxShrinkPulls = 8;  // lines pulled up by shrinking, per paragraph
// Body texts up to this long (a card's rules, a summary) look for their words
// to keep them whole by shrinking; longer ones are broken as JLREQ allows.
constexpr size_t kMaxWordAwareBytes = 600;
// A word's head goes down to the next line only when the line it leaves is
// still this full (else the break inside the word stays: JLREQ allows it).
constexpr double kMinWordPushFill = 0.8;
constexpr double kMinJustifiedWordPushFill = 0.9;  // (justified, the room left is spread out)
constexpr int kMaxWordPushes = 8;          // words' heads tried on the next line, per paragraph
constexpr double kMaxWordPushShare = 0.5;  // of the line: the longest word kept whole so
constexpr double kMaxJustifyGapEm = 0.5;   // JLREQ 3.8: no gap wider than half an em

using Char = CodePoint;

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
  std::vector<Squeeze> shrink;  // blanks reduced to pull a unit up (shrink_pull), kept in `squeeze`
  std::vector<TextRange> rules;  // dash_runs: each drawn as one rule
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
  for (const auto& s : extra.spacing)
    add(list, pango_attr_letter_spacing_new(static_cast<int>(s.pt * PANGO_SCALE)), s.range.start,
        s.range.end);
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

const Char* char_before(const std::vector<Char>& chars, size_t at) {
  const Char* found = nullptr;
  for (const auto& ch : chars)
    if (ch.end <= at && !g_unichar_isspace(ch.c)) found = &ch;
  return found;
}

/// Breaks that break JLREQ 3.1.7 / 3.1.8: each returned range must not be broken.
std::vector<TextRange> prohibited_breaks(const std::vector<LineInfo>& lines,
                                         const std::vector<Char>& chars) {
  std::vector<TextRange> out;
  for (size_t i = 1; i < lines.size(); ++i) {
    if (lines[i - 1].paragraph_end) continue;  // an explicit line break is the author's
    auto [first, _] = visible_ends(chars, lines[i].start, lines[i].end);
    const Char* before = char_before(chars, lines[i].start);
    if (!first || !before) continue;
    // (a zero width space is a break made on purpose: quotes, least_bad_break)
    if (before->c == 0x200B) continue;
    if (!may_start_line(first->c) || !may_end_line(before->c)) {
      // The characters after it that may not start a line either are
      // forbidden with it (Pango would try each next: one pass, not one each).
      size_t end = first->end;
      for (const Char* c = first + 1; c < chars.data() + chars.size() && !may_start_line(c->c); ++c)
        end = c->end;
      out.push_back({before->start, end});
    }
  }
  return out;
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

/// line_edge_trims, less the trailing trims that would let the next line's
/// first character up: trimmed, the mark would then stand inside the line
/// with no blank, touching it (and untrimmed, the character goes down again:
/// the passes would swing between the two).
std::vector<Squeeze> stable_edge_trims(PangoLayout* layout, const std::vector<LineInfo>& lines,
                                       const std::vector<Char>& chars,
                                       const std::vector<Squeeze>& squeezed, double width_pt,
                                       double em_pt) {
  std::vector<Squeeze> out;
  for (const auto& q : line_edge_trims(lines, chars)) {
    if (q.trailing_em > 0) {
      size_t i = 0;
      while (i < lines.size() && lines[i].end <= q.range.start) ++i;
      if (i + 1 < lines.size() && !lines[i].paragraph_end) {
        const Char* first = nullptr;  // (a zero width space is no character to take up)
        for (const auto& ch : chars)
          if (ch.start >= lines[i + 1].start && ch.end <= lines[i + 1].end &&
              !g_unichar_isspace(ch.c) && ch.c != 0x200B) {
            first = &ch;
            break;
          }
        double now = 0;
        for (const auto& s : squeezed)
          if (s.range.start == q.range.start) now = s.trailing_em;
        const double untrimmed = lines[i].width_pt + now * em_pt;
        if (first && untrimmed <= width_pt + 0.01) {
          PangoRectangle r;
          pango_layout_index_to_pos(layout, static_cast<int>(first->start), &r);
          const double trimmed = lines[i].width_pt - std::max(0.0, q.trailing_em - now) * em_pt;
          if (trimmed + static_cast<double>(r.width) / PANGO_SCALE <= width_pt + 0.01) continue;
        }
      }
    }
    out.push_back(q);
  }
  return out;
}

/// JLREQ 3.1.8: rather than push a character down to keep closing
/// punctuation off the next line's start (oidashi), pull the punctuation up
/// by trimming its blank (oikomi), when the line then fits. Returns the
/// breaks to forbid and the trims to make.
struct PullBack {
  TextRange no_break;
  Squeeze trim;
};
std::vector<PullBack> pull_back_candidates(PangoLayout* layout, const std::vector<LineInfo>& lines,
                                           const std::vector<Char>& chars, double width_pt) {
  std::vector<PullBack> out;
  auto advance = [&](const Char* ch) {
    PangoRectangle r;
    pango_layout_index_to_pos(layout, static_cast<int>(ch->start), &r);
    return static_cast<double>(r.width) / PANGO_SCALE;
  };
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i].paragraph_end) continue;
    const Char* before = char_before(chars, lines[i + 1].start);
    const Char* x = nullptr;
    const Char* punct = nullptr;
    for (const auto& ch : chars) {
      if (ch.start < lines[i + 1].start || g_unichar_isspace(ch.c)) continue;
      if (!x)
        x = &ch;
      else {
        punct = &ch;
        break;
      }
    }
    if (!before || !x || !punct || may_start_line(punct->c)) continue;
    Blank b = punctuation_blank(punct->c);
    if (b.trailing <= 0) continue;
    double em = advance(punct);
    if (lines[i].width_pt + advance(x) + em * (1 - b.trailing) > width_pt + 0.01) continue;
    out.push_back({{before->start, x->end}, {{punct->start, punct->end}, 0, b.trailing}});
  }
  return out;
}

/// The blank JLREQ lets a line give back inside it (3.8.3, its table of
/// positions for reducing: commas, closing and opening brackets to nothing,
/// middle dots a quarter each side; never a full stop's), in em.
Blank reducible_blank(char32_t c) {
  switch (jlreq_class(c)) {
    case JlreqClass::opening_bracket:
    case JlreqClass::closing_bracket:
    case JlreqClass::comma:
    case JlreqClass::middle_dot:
      return punctuation_blank(c);
    default:
      return {};
  }
}

/// JLREQ 3.8: a line is adjusted by reducing the blanks of its punctuation
/// before it is stretched. The first line whose next line starts with a unit
/// that fits on it once the blanks of the line's commas, brackets and middle
/// dots are reduced, evenly, by as much as it needs: the break to forbid there
/// and the blanks to reduce. The unit is a paragraph's whole last line, or,
/// given the `words` of a short text, the rest of a word broken inside. `consecutive`
/// are the squeezes of marks in a row (a line's last mark regains the rest of
/// its blank once it is inside the line), `em_of` a character's em (pt).
struct ShrinkPull {
  TextRange no_break;
  std::vector<Squeeze> squeezes;
  size_t line_end;                // the line's last character, inside the line now
  size_t unit_start;              // the next line's first, now on the line
  std::vector<Squeeze> end_trim;  // the unit's last mark, at the line's end now (3.1.6)
};
template <typename EmOf>
std::optional<ShrinkPull> shrink_pull(PangoLayout* layout, const std::vector<LineInfo>& lines,
                                      const std::vector<Char>& chars,
                                      const std::vector<Squeeze>& squeezed,
                                      const std::vector<Squeeze>& consecutive,
                                      const std::set<size_t>& tried, double width_pt, EmOf em_of,
                                      const std::vector<size_t>* words) {
  auto word_point = [&](size_t at) { return std::binary_search(words->begin(), words->end(), at); };
  int n_attrs = 0;
  const PangoLogAttr* attrs = pango_layout_get_log_attrs_readonly(layout, &n_attrs);
  auto find = [](const std::vector<Squeeze>& list, const Char& ch) {
    Squeeze none{{ch.start, ch.end}, 0, 0};
    for (const auto& q : list)
      if (q.range.start == ch.start) return q;
    return none;
  };
  auto extent = [&](const Char& ch) {
    PangoRectangle r;
    pango_layout_index_to_pos(layout, static_cast<int>(ch.start), &r);
    return std::pair<double, double>{static_cast<double>(r.x) / PANGO_SCALE,
                                     static_cast<double>(r.x + r.width) / PANGO_SCALE};
  };
  for (size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i].paragraph_end || tried.count(lines[i + 1].start)) continue;
    const LineInfo& next = lines[i + 1];
    size_t k0 = 0;
    while (k0 < chars.size() && chars[k0].start < next.start) ++k0;
    if (k0 >= chars.size() || k0 + 1 >= static_cast<size_t>(n_attrs)) continue;
    size_t k1 = k0 + 1;
    if (words) {
      // A break inside a word: the unit is the rest of the word.
      if (word_point(next.start)) continue;
      while (k1 < chars.size() && chars[k1].end <= next.end &&
             !(attrs[k1].is_line_break && word_point(chars[k1].start)))
        ++k1;
      if (k1 < chars.size() && chars[k1].end > next.end) continue;
    } else {
      // Only a paragraph's last line, taken back whole: pulling one unit up
      // a line at a time moves every break after it, and trades good breaks
      // for worse ones (オ / レンジ, 捨て / 札) to gain nothing.
      if (!next.paragraph_end) continue;
      while (k1 < chars.size() && chars[k1].end <= next.end) ++k1;
    }
    size_t last = k1 - 1;
    while (last > k0 && g_unichar_isspace(chars[last].c)) --last;
    if (chars[last].end > next.end || g_unichar_isspace(chars[k0].c)) continue;
    const Char* before = char_before(chars, next.start);
    if (!before || before->c == 0x200B) continue;
    const double unit_pt = extent(chars[last]).second - extent(chars[k0]).first;
    // The unit's last mark ends the line: its trailing blank goes (3.1.6).
    const Blank ub = punctuation_blank(chars[last].c);
    const double unit_trim =
        jlreq_class(chars[last].c) == JlreqClass::middle_dot
            ? 0
            : std::max(0.0, ub.trailing - find(squeezed, chars[last]).trailing_em) *
                  em_of(chars[last]);
    // The line's last mark is inside the line now: it regains the blank
    // trimmed at the line's end, less what marks in a row take.
    const Squeeze end_now = find(squeezed, *before);
    const double end_keep = find(consecutive, *before).trailing_em;
    double restored = std::max(0.0, end_now.trailing_em - end_keep) * em_of(*before);
    // So does an opening bracket that started the next line.
    const double open_keep = find(consecutive, chars[k0]).leading_em;
    restored += std::max(0.0, find(squeezed, chars[k0]).leading_em - open_keep) * em_of(chars[k0]);
    const double wanted = lines[i].width_pt + restored + unit_pt - unit_trim;
    if (wanted <= width_pt + 0.01) continue;  // Pango had its reasons (a rule, a space)
    // What the line and the unit (but its last mark) can give back.
    std::vector<std::pair<Squeeze, Blank>> marks;  // the squeeze now, the blank left
    double available = 0;
    for (size_t k = 0; k < last; ++k) {
      const Char& ch = chars[k];
      if (ch.start < lines[i].start) continue;
      Blank b = reducible_blank(ch.c);
      // A blank next to a Latin letter or digit stays: a Latin glyph has no
      // blank of its own, and the mark would touch it (回、PB).
      if (k + 1 < chars.size() && is_western(chars[k + 1].c)) b.trailing = 0;
      if (k > 0 && is_western(chars[k - 1].c)) b.leading = 0;
      if (is_western(ch.c) || (b.leading == 0 && b.trailing == 0)) continue;
      Squeeze q = find(squeezed, ch);
      if (&ch == before) q.trailing_em = end_keep;
      if (&ch == &chars[k0]) q.leading_em = open_keep;
      const Blank left{std::max(0.0, b.leading - q.leading_em),
                       std::max(0.0, b.trailing - q.trailing_em)};
      if (left.leading + left.trailing <= 0) continue;
      marks.push_back({q, left});
      available += (left.leading + left.trailing) * em_of(ch);
    }
    if (available <= 0 || wanted - available > width_pt - 0.05) continue;
    // Evenly: each blank left gives the same share of itself.
    const double share = std::min(1.0, (wanted - width_pt + 0.05) / available);
    ShrinkPull pull{{before->start, chars[k0].end}, {}, before->start, chars[k0].start, {}};
    // (trimmed now: Pango breaks by the widths it is given)
    if (unit_trim > 0)
      pull.end_trim.push_back({{chars[last].start, chars[last].end},
                               find(squeezed, chars[last]).leading_em,
                               ub.trailing});
    for (auto& [q, left] : marks) {
      q.leading_em += left.leading * share;
      q.trailing_em += left.trailing * share;
      pull.squeezes.push_back(q);
    }
    return pull;
  }
  return std::nullopt;
}

/// Consecutive-punctuation squeezes merged with line-edge trims (a mark can
/// lose both blanks).
std::vector<Squeeze> merge_squeezes(std::vector<Squeeze> base, const std::vector<Squeeze>& more) {
  for (const auto& m : more) {
    auto it = std::find_if(base.begin(), base.end(),
                           [&](const Squeeze& b) { return b.range.start == m.range.start; });
    if (it == base.end()) {
      base.push_back(m);
    } else {
      it->leading_em = std::max(it->leading_em, m.leading_em);
      it->trailing_em = std::max(it->trailing_em, m.trailing_em);
    }
  }
  return base;
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
std::vector<Extra::Spacing> justification(const std::vector<LineInfo>& lines,
                                          const std::vector<Char>& chars,
                                          const std::vector<Squeeze>& squeezed,
                                          const std::vector<TextRange>& rules, double width_pt,
                                          double em_pt, double& slack_pt) {
  std::vector<Extra::Spacing> out;
  slack_pt = 0;
  for (const auto& line : lines) {
    if (line.paragraph_end) continue;
    double extra = width_pt - line.width_pt;
    if (extra <= 0.01) continue;
    std::vector<const Char*> in_line;
    for (const auto& ch : chars)
      if (ch.start >= line.start && ch.end <= line.end) in_line.push_back(&ch);
    // Pango trims the spacing's outer half only on the line's very first and
    // last characters; a trailing space keeps the last letter's half.
    const bool ends_in_space = !in_line.empty() && g_unichar_isspace(in_line.back()->c);
    while (!in_line.empty() && g_unichar_isspace(in_line.back()->c)) in_line.pop_back();
    if (in_line.size() < 2) continue;
    // Shaped characters (inline icons, squeezed punctuation) take no letter spacing.
    auto eligible = [&](const Char* ch) {
      bool shaped = ch->c == 0xFFFC ||
                    std::any_of(squeezed.begin(), squeezed.end(),
                                [&](const Squeeze& q) { return q.range.start == ch->start; }) ||
                    std::any_of(rules.begin(), rules.end(), [&](const TextRange& r) {
                      return r.start <= ch->start && ch->start < r.end;
                    });
      return !is_western(ch->c) && !g_unichar_isspace(ch->c) && !shaped;
    };
    double weight = 0;
    for (const Char* ch : in_line) weight += eligible(ch) ? 1 : 0;
    weight -= (eligible(in_line.front()) ? 0.5 : 0) +
              (eligible(in_line.back()) && !ends_in_space ? 0.5 : 0);
    if (weight <= 0) continue;
    double s = std::min(extra / weight, kMaxJustifyGapEm * em_pt) * 0.999;
    slack_pt = std::max(slack_pt, s);
    // One attribute per run of neighbours: fewer attributes, fewer items to shape.
    for (const Char* ch : in_line) {
      if (!eligible(ch)) continue;
      if (!out.empty() && out.back().range.end == ch->start && out.back().pt == s)
        out.back().range.end = ch->end;
      else
        out.push_back({{ch->start, ch->end}, s});
    }
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

/// JLREQ 3.1 leaves a title's breaks to the designer; names read as words
/// when their lines are even (トンプソン / サブマシンガン, not トンプソンサブ
/// マシン / ガン). Among a title's break points, the split into the fewest
/// lines (two or three) that fit `width_pt` whose longest line is shortest,
/// measured on `line`, the title laid out unwrapped: the points kept (with
/// 0 and the end), or empty when the title fits on one line or cannot be
/// split so.
std::vector<size_t> balanced_title_breaks(PangoLayout* line, const std::string& text,
                                          const std::vector<size_t>& points, double width_pt) {
  PangoRectangle logical;
  pango_layout_get_extents(line, nullptr, &logical);
  const double total = static_cast<double>(logical.width) / PANGO_SCALE;
  if (total <= width_pt + 0.01 || points.size() < 3) return {};
  auto x_at = [&](size_t at) {
    if (at >= text.size()) return total;
    PangoRectangle r;
    pango_layout_index_to_pos(line, static_cast<int>(at), &r);
    return static_cast<double>(r.x) / PANGO_SCALE;
  };
  auto space_at = [&](size_t at) { return g_unichar_isspace(g_utf8_get_char(text.c_str() + at)); };
  // A line's width without the spaces at its ends (Pango hangs them).
  auto width_of = [&](size_t a, size_t b) {
    while (a < b && space_at(a))
      a = static_cast<size_t>(g_utf8_next_char(text.c_str() + a) - text.c_str());
    while (b > a) {
      size_t prev =
          static_cast<size_t>(g_utf8_find_prev_char(text.c_str(), text.c_str() + b) - text.c_str());
      if (!space_at(prev)) break;
      b = prev;
    }
    return x_at(b) - x_at(a);
  };
  const size_t end = text.size();
  std::vector<size_t> best;
  double best_longest = 0, best_spread = 0;
  auto consider = [&](std::vector<size_t> cut) {
    double longest = 0, shortest = 1e9;
    for (size_t i = 1; i < cut.size(); ++i) {
      const double w = width_of(cut[i - 1], cut[i]);
      if (w > width_pt + 0.01 || w <= 0) return;
      longest = std::max(longest, w);
      shortest = std::min(shortest, w);
    }
    if (best.empty() || longest < best_longest - 0.01 ||
        (longest < best_longest + 0.01 && longest - shortest < best_spread - 0.01)) {
      best = std::move(cut);
      best_longest = longest;
      best_spread = longest - shortest;
    }
  };
  // Pango breaks after a space, never before one.
  std::vector<size_t> inner;
  for (size_t i = 1; i + 1 < points.size(); ++i)
    if (!space_at(points[i])) inner.push_back(points[i]);
  // ICU splits a run of katakana by guesswork: between two words it finds
  // (トンプソン|サブマシンガン, ガーランド|ライフル), but also inside one loan
  // word, into pieces of two or three letters (ネー|ベル|ベル|ファー,
  // ハーフ|トラック). A break with a piece under four katakana on either side
  // is taken only when no split into as many lines does without one
  // (補給 / ハーフトラック, not 補給ハーフ / トラック).
  auto katakana = [](char32_t c) {
    return (c >= U'ァ' && c <= U'ヺ') || c == U'ー' || (c >= 0x31F0 && c <= 0x31FF);
  };
  auto katakana_run = [&](size_t from, size_t to, bool backwards) {
    size_t n = 0;
    const char* b = text.c_str() + from;
    const char* e = text.c_str() + to;
    if (backwards) {
      for (const char* p = e; p > b && katakana(g_utf8_get_char(g_utf8_find_prev_char(b, p)));
           p = g_utf8_find_prev_char(b, p))
        ++n;
    } else {
      for (const char* p = b; p < e && katakana(g_utf8_get_char(p)); p = g_utf8_next_char(p)) ++n;
    }
    return n;
  };
  std::vector<size_t> whole;
  for (size_t i = 1; i + 1 < points.size(); ++i) {
    const size_t at = points[i];
    if (space_at(at)) continue;
    const size_t before = katakana_run(points[i - 1], at, true);
    const size_t after = katakana_run(at, points[i + 1], false);
    if (before == 0 || after == 0 || (before >= 4 && after >= 4)) whole.push_back(at);
  }
  for (const auto* set : {&whole, &inner}) {
    for (size_t p : *set) consider({0, p, end});
    if (!best.empty()) return best;
  }
  for (const auto* set : {&whole, &inner}) {
    for (size_t i = 0; i < set->size(); ++i)
      for (size_t j = i + 1; j < set->size(); ++j) consider({0, (*set)[i], (*set)[j], end});
    if (!best.empty()) return best;
  }
  return best;
}

/// How badly a break between `a` and `b` breaks the line-start and line-end
/// rules, for a run that has no allowed break and is longer than its line
/// (JLREQ 3.1.7 lists small kana, ー and iteration marks as the characters a
/// loose style lets start a line): 1 for those, 2 before hyphens, middle dots
/// and ！？, 3 before closing punctuation or after an opening bracket; 0 for
/// no break at all (inside a Western word: shrinking reads better).
int break_badness(char32_t a, char32_t b) {
  if (is_western_alnum(a) && is_western_alnum(b)) return 0;
  if (!may_end_line(a)) return 3;
  switch (jlreq_class(b)) {
    case JlreqClass::small_kana:
    case JlreqClass::prolonged_sound:
    case JlreqClass::iteration_mark:
      return 1;
    case JlreqClass::hyphen:
    case JlreqClass::middle_dot:
    case JlreqClass::dividing_punctuation:
      return 2;
    case JlreqClass::closing_bracket:
    case JlreqClass::comma:
    case JlreqClass::full_stop:
      return 3;
    default:
      return 1;
  }
}

/// The least bad place to break the first line wider than `width_pt` (a run
/// with no allowed break longer than the line): among the places inside it
/// that keep its start within the width and no protected run split, the one
/// of the lowest badness, the last of those. None when there is no such line
/// or place.
struct ForcedBreak {
  size_t at;         // make a break here (U+200B)
  TextRange join{};  // or, when not empty, forbid the break inside this range
};
std::optional<ForcedBreak> least_bad_break(PangoLayout* layout, const std::vector<LineInfo>& lines,
                                           const std::vector<Char>& chars,
                                           const std::vector<TextRange>& protect, double width_pt) {
  for (size_t i = 0; i < lines.size(); ++i) {
    const LineInfo& line = lines[i];
    if (line.width_pt <= width_pt + 0.01) continue;
    // The run was pushed off a line it leaves under three quarters full:
    // it starts there instead (then breaks inside), so no line is left short.
    if (i > 0 && !lines[i - 1].paragraph_end && lines[i - 1].width_pt < width_pt * 0.75) {
      const Char* before = char_before(chars, line.start);
      auto [first, _] = visible_ends(chars, line.start, line.end);
      if (before && first && before->c != 0x200B)
        return ForcedBreak{line.start, {before->start, first->end}};
    }
    PangoRectangle start;
    pango_layout_index_to_pos(layout, static_cast<int>(line.start), &start);
    int best_rank = 4;
    size_t best = 0;
    for (size_t k = 1; k < chars.size(); ++k) {
      const Char& a = chars[k - 1];
      const Char& b = chars[k];
      if (b.start <= line.start || b.start >= line.end) continue;
      PangoRectangle r;
      pango_layout_index_to_pos(layout, static_cast<int>(b.start), &r);
      if (static_cast<double>(r.x - start.x) / PANGO_SCALE > width_pt + 0.01) break;
      if (g_unichar_isspace(a.c) || g_unichar_isspace(b.c)) continue;
      if (std::any_of(protect.begin(), protect.end(),
                      [&](const TextRange& t) { return t.start < b.start && b.start < t.end; }))
        continue;
      const int rank = break_badness(a.c, b.c);
      if (rank > 0 && rank <= best_rank) {
        best_rank = rank;
        best = b.start;
      }
    }
    if (best > line.start) return ForcedBreak{best, {}};
    return std::nullopt;
  }
  return std::nullopt;
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

namespace {

/// At most this many breaks made against the rules in one paragraph.
constexpr int kMaxForcedBreaks = 16;

/// lay_out_paragraph, with `forced` breaks already made against the rules
/// (zero width spaces in `rt`).
Paragraph lay_out_paragraph_forced(const TextEngine& engine, RichText rt,
                                   const ParagraphStyle& style, double width_pt, int forced,
                                   int depth) {
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
  const std::vector<Squeeze> consecutive = extra.squeeze;
  // A title breaks only between words (an unwrapped line has no breaks to
  // forbid), where its two or three lines come out most even.
  std::vector<size_t> title_points;
  bool balanced = false;
  if (style.title && width_pt >= 0) {
    title_points = cached<title_break_points>(rt.text);
    std::vector<size_t> keep = title_points;
    if (title_points.size() > 2) {
      LayoutPtr line = build(engine, rt, style, -1, extra, spacing);
      auto even = balanced_title_breaks(line.get(), rt.text, title_points, width_pt);
      if (!even.empty()) {
        keep = std::move(even);
        balanced = true;
      }
    }
    for (size_t i = 1; i < keep.size(); ++i) extra.no_break.push_back({keep[i - 1], keep[i]});
  }
  LayoutPtr layout;
  // Where a short body text's words begin (ICU's words, particles joined):
  // a break inside one is taken back by shrinking or a push.
  std::vector<size_t> words;
  if (!style.title && width_pt >= 0 && rt.text.size() <= kMaxWordAwareBytes) {
    words = cached<word_starts>(rt.text);
  }
  const double em_pt = style.size_pt;
  // How many of the lines' breaks fall inside a word: a push or a pull for a
  // word is kept only when the paragraph has fewer (one word kept whole may
  // move the breaks after it into others).
  auto breaks_inside_words = [&](const std::vector<LineInfo>& ls) {
    int n = 0;
    for (size_t k = 1; k < ls.size(); ++k)
      n += !ls[k - 1].paragraph_end && !std::binary_search(words.begin(), words.end(), ls[k].start);
    return n;
  };
  const double min_fill =
      style.align == TextAlign::justify ? kMinJustifiedWordPushFill : kMinWordPushFill;
  // The first break inside a word not tried yet, forbidden (the word's head
  // goes down) when the line it shortens stays `min_fill` full, the word is
  // short and the paragraph has fewer breaks inside words; true when one was
  // tried (kept or not).
  auto push_word = [&](Extra& e, LayoutPtr& l, const std::vector<LineInfo>& lines,
                       std::set<size_t>& tried_pushes) {
    for (size_t i = 0; i + 1 < lines.size(); ++i) {
      if (lines[i].paragraph_end) continue;
      const size_t at = lines[i + 1].start;
      auto after = std::upper_bound(words.begin(), words.end(), at);
      if (std::binary_search(words.begin(), words.end(), at) || after == words.begin() ||
          after == words.end() || !tried_pushes.insert(at).second)
        continue;
      const TextRange word{*(after - 1), *after};
      if (word.start <= lines[i].start) continue;  // the whole line is one word
      // (what the line keeps, measured before laying it out again)
      PangoRectangle from, to;
      pango_layout_index_to_pos(l.get(), static_cast<int>(lines[i].start), &from);
      pango_layout_index_to_pos(l.get(), static_cast<int>(word.start), &to);
      const double kept = static_cast<double>(to.x - from.x) / PANGO_SCALE;
      if (kept < min_fill * width_pt - em_pt) return true;
      // Only a short word: a long one held together could run out of its line.
      if (word.end > lines[i + 1].end) return true;
      PangoRectangle next_start, word_end;
      pango_layout_index_to_pos(l.get(), static_cast<int>(lines[i + 1].start), &next_start);
      pango_layout_index_to_pos(l.get(), static_cast<int>(word.end), &word_end);
      if (word.end == lines[i + 1].end)
        word_end.x = next_start.x + static_cast<int>(lines[i + 1].width_pt * PANGO_SCALE);
      const double length =
          lines[i].width_pt - kept + static_cast<double>(word_end.x - next_start.x) / PANGO_SCALE;
      if (length > kMaxWordPushShare * width_pt) return true;
      Extra tried_extra = e;
      tried_extra.no_break.push_back(word);
      LayoutPtr t = build(engine, rt, style, width_pt, tried_extra, spacing);
      auto now = line_infos(t.get());
      PangoRectangle logical;
      pango_layout_get_extents(t.get(), nullptr, &logical);
      if (now.size() == lines.size() && now[i].width_pt >= min_fill * width_pt &&
          static_cast<double>(logical.width) / PANGO_SCALE <= width_pt + 0.01 &&
          prohibited_breaks(now, chars).empty() &&
          breaks_inside_words(now) < breaks_inside_words(lines)) {
        e = std::move(tried_extra);
        l = std::move(t);
      }
      return true;
    }
    return false;
  };
  // A character's em (pt), for the shrink that pulls a unit up.
  auto em_of = [&](const Char& ch) {
    return style.size_pt * char_style(rt, style, ch.start).first;
  };
  // Lays out with `e`, then until stable: forbid every break that breaks the
  // line-start and line-end rules (JLREQ 3.1.7, 3.1.8), trim the blanks of
  // the punctuation at the lines' edges; then shrink and keep words whole.
  auto settle = [&](Extra& e) {
    LayoutPtr l = build(engine, rt, style, width_pt, e, spacing);
    if (width_pt < 0) return l;
    bool pulled = false;
    std::set<size_t> tried;         // next-line starts a shrink was tried at
    std::set<size_t> tried_words;   // the same, for the rest of a word
    std::set<size_t> tried_pushes;  // breaks inside a word a push was tried at
    int shrinks = 0;
    int pushes = 0;
    // (each pull or push tried may take a few passes to settle again)
    for (int pass = 0; pass < kMaxFixPasses + 3 * (kMaxShrinkPulls + kMaxWordPushes); ++pass) {
      auto lines = line_infos(l.get());
      auto bad = prohibited_breaks(lines, chars);
      if (!bad.empty()) {
        e.no_break.insert(e.no_break.end(), bad.begin(), bad.end());
      } else if (auto pulls = pull_back_candidates(l.get(), lines, chars, width_pt);
                 !pulled && !pulls.empty()) {
        pulled = true;  // once: a pull changes the lines after it
        Extra tried = e;
        for (const auto& pb : pulls) {
          tried.no_break.push_back(pb.no_break);
          tried.squeeze = merge_squeezes(tried.squeeze, {pb.trim});
        }
        LayoutPtr t = build(engine, rt, style, width_pt, tried, spacing);
        if (pango_layout_get_line_count(t.get()) <= pango_layout_get_line_count(l.get()) &&
            prohibited_breaks(line_infos(t.get()), chars).empty()) {
          e = std::move(tried);
          l = std::move(t);
        }
        continue;
      } else {
        auto squeeze = merge_squeezes(
            merge_squeezes(consecutive, e.shrink),
            stable_edge_trims(l.get(), lines, chars, e.squeeze, width_pt, style.size_pt));
        if (squeeze == e.squeeze) {
          // Stable: shrink before stretch (JLREQ 3.8) to take a last line back.
          if (style.title || shrinks >= kMaxShrinkPulls) break;
          auto pull = shrink_pull(l.get(), lines, chars, e.squeeze, consecutive, tried, width_pt,
                                  em_of, nullptr);
          // Then a break inside a word (使 / 用できない, GIカー / ド) is avoided
          // when shrinking can take the rest of the word up (issue 16 item 4).
          bool word = false;
          if (!pull && !words.empty()) {
            pull = shrink_pull(l.get(), lines, chars, e.squeeze, consecutive, tried_words, width_pt,
                               em_of, &words);
            word = true;
          }
          if (!pull) {
            // Else the word's head goes down with it (push_word).
            if (words.empty() || pushes++ >= kMaxWordPushes ||
                !push_word(e, l, lines, tried_pushes))
              break;
            continue;
          }
          ++shrinks;
          (word ? tried_words : tried).insert(pull->unit_start);
          Extra tried_extra = e;
          tried_extra.no_break.push_back(pull->no_break);
          tried_extra.shrink = merge_squeezes(tried_extra.shrink, pull->squeezes);
          // The line's old edges are inside it now: their trims go.
          std::vector<Squeeze> edges;
          for (const auto& q : line_edge_trims(lines, chars))
            if (q.range.start != pull->line_end && q.range.start != pull->unit_start)
              edges.push_back(q);
          tried_extra.squeeze =
              merge_squeezes(merge_squeezes(merge_squeezes(consecutive, tried_extra.shrink), edges),
                             pull->end_trim);
          LayoutPtr t = build(engine, rt, style, width_pt, tried_extra, spacing);
          PangoRectangle logical;
          pango_layout_get_extents(t.get(), nullptr, &logical);
          // Kept only when the unit did go up, nothing runs out and no rule is broken.
          int unit_line = -1, x = 0, old_line = -1;
          pango_layout_index_to_line_x(t.get(), static_cast<int>(pull->unit_start), FALSE,
                                       &unit_line, &x);
          pango_layout_index_to_line_x(l.get(), static_cast<int>(pull->line_end), FALSE, &old_line,
                                       &x);
          const int before_count = pango_layout_get_line_count(l.get());
          const int count = pango_layout_get_line_count(t.get());
          if (unit_line == old_line && (word ? count <= before_count : count < before_count) &&
              static_cast<double>(logical.width) / PANGO_SCALE <= width_pt + 0.01 &&
              prohibited_breaks(line_infos(t.get()), chars).empty() &&
              (!word || breaks_inside_words(line_infos(t.get())) < breaks_inside_words(lines))) {
            e = std::move(tried_extra);
            l = std::move(t);
          }
          continue;
        }
        e.squeeze = std::move(squeeze);
      }
      l = build(engine, rt, style, width_pt, e, spacing);
    }
    return l;
  };
  Extra plain = extra;
  layout = settle(extra);
  if (balanced) {
    // The even split measured unwrapped may not hold once wrapped (a trim, a
    // break Pango does not allow there): then the greedy breaks between words.
    PangoRectangle logical;
    pango_layout_get_extents(layout.get(), nullptr, &logical);
    if (static_cast<double>(logical.width) / PANGO_SCALE > width_pt + 0.01 ||
        pango_layout_get_line_count(layout.get()) > 3) {
      extra = plain;
      extra.no_break.clear();
      for (size_t i = 1; i < title_points.size(); ++i)
        extra.no_break.push_back({title_points[i - 1], title_points[i]});
      layout = settle(extra);
    }
  }
  if (width_pt >= 0) {
    // A last line of two letters or fewer (る。, する。) is avoided: settle takes it
    // back by shrinking when it can; else the word or character before it goes down.
    if (!style.title) {
      // (from the paragraph's own breaks: the shrinks settle made for the
      // lines before do not hold for the new ones)
      Extra pushed = plain;
      // The letters of the last line (not its closing marks).
      auto last_letters = [&](const LineInfo& last) {
        int letters = 0;
        for (const auto& ch : chars)
          if (ch.start >= last.start && ch.end <= last.end && !g_unichar_isspace(ch.c) &&
              may_start_line(ch.c) && jlreq_class(ch.c) != JlreqClass::closing_bracket)
            ++letters;
        return letters;
      };
      for (int round = 0; round < 2; ++round) {
        auto lines = line_infos(layout.get());
        if (lines.size() < 2 || lines[lines.size() - 2].paragraph_end) break;
        const LineInfo& last = lines.back();
        const int letters = last_letters(last);
        const Char* before = char_before(chars, last.start);
        auto [first, _] = visible_ends(chars, last.start, last.end);
        if (letters < 1 || letters > 2 || !before || !first) break;
        // (no break from the last character before it to the end: the break
        // can only come earlier)
        // (kept short: Pango 1.50 asserts on a run it may not break that is
        // wider than its line)
        auto short_enough = [&](size_t from) {
          long n = 0;
          for (const auto& ch : chars) n += ch.start >= from && ch.end <= last.end;
          return static_cast<double>(n) * style.size_pt <= width_pt / 2;
        };
        // A short text breaking between words takes the whole word before
        // (定置射撃 / フェイズのみ。, not 定置射撃フェイ / ズのみ。); else one character.
        std::vector<TextRange> options;
        if (!words.empty() && std::binary_search(words.begin(), words.end(), last.start)) {
          auto w = std::lower_bound(words.begin(), words.end(), last.start);
          if (w != words.begin() && *(w - 1) > lines[lines.size() - 2].start &&
              short_enough(*(w - 1)))
            options.push_back({*(w - 1), last.end});
        }
        options.push_back({before->start, short_enough(before->start) ? last.end : first->end});
        bool kept = false;
        for (const TextRange& keep : options) {
          Extra tried = pushed;
          tried.no_break.push_back(keep);
          LayoutPtr retry = settle(tried);
          // (kept only when the last line did get longer: settling again may
          // move the breaks before it)
          const auto now = line_infos(retry.get());
          if (now.size() != lines.size() || !prohibited_breaks(now, chars).empty() ||
              last_letters(now.back()) <= letters)
            continue;
          layout = std::move(retry);
          pushed.no_break.push_back(keep);
          extra = std::move(tried);
          kept = true;
          break;
        }
        if (!kept) break;
      }
    }
    if (style.align == TextAlign::justify) {
      auto starts = line_starts(layout.get());
      Extra justified = extra;
      double slack = 0;
      auto gaps = justification(line_infos(layout.get()), chars, extra.squeeze, extra.rules,
                                width_pt, style.size_pt, slack);
      justified.spacing.insert(justified.spacing.end(), gaps.begin(), gaps.end());
      LayoutPtr j = build(engine, rt, style, width_pt + slack, justified, spacing);
      if (line_starts(j.get()) == starts) layout = std::move(j);  // never let spacing move a break
    }
  }

  // A run with no allowed break that is longer than the line: broken at
  // the least bad place, and said (a body text; a title is shrunk instead).
  if (width_pt >= 0 && !style.title && depth < 2 * kMaxForcedBreaks) {
    std::vector<TextRange> protect = protected_runs(rt);
    if (auto fb =
            least_bad_break(layout.get(), line_infos(layout.get()), chars, protect, width_pt)) {
      const bool join = fb->join.end > fb->join.start;
      if (join)
        rt.styles.push_back({StyleRange::Kind::nobr, fb->join, {}, 1});
      else
        rt.insert(fb->at, kZeroWidthSpace);
      return lay_out_paragraph_forced(engine, std::move(rt), style, width_pt,
                                      forced + (join ? 0 : 1), depth + 1);
    }
  }

  Paragraph p;
  p.forced_breaks = forced;
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
    double rw = static_cast<double>(rr.width) / PANGO_SCALE,
           rh = static_cast<double>(rr.height) / PANGO_SCALE;
    p.rubies.push_back({std::move(ruby_layouts[k]), (x0 + x1) / 2 - rw / 2, line_top - rh});
  }
  p.layout = std::move(layout);
  return p;
}

}  // namespace

Paragraph lay_out_paragraph(const TextEngine& engine, RichText rt, const ParagraphStyle& style,
                            double width_pt) {
  return lay_out_paragraph_forced(engine, std::move(rt), style, width_pt, 0, 0);
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
  pango_cairo_show_layout(cr, p.layout.get());
  for (const auto& r : p.rubies) {
    cairo_move_to(cr, r.x_pt, r.y_pt);
    pango_cairo_show_layout(cr, r.layout.get());
  }
  if (p.left_pt != 0) cairo_restore(cr);
}

}  // namespace bocage
