// The checklist of shared TYPESETTING.md, row by row, on real Pango layouts
// at many box widths.
#include "generator/text/paragraph.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "../default_engine.h"
#include "generator/text/jlreq.h"
#include "generator/text/word_breaks.h"

using namespace bocage;
using bocage::test::engine;

namespace {

ParagraphStyle style(TextAlign align = TextAlign::left, bool title = false) {
  ParagraphStyle s;
  s.size_pt = 10;
  s.align = align;
  s.title = title;
  return s;
}

Paragraph lay(const std::string& markup, double width_pt, const ParagraphStyle& s = style()) {
  return lay_out_paragraph(engine(), parse_rich_text(markup), s, width_pt);
}

std::u32string chars_of(const std::string& s) {
  std::u32string out;
  for (const char* p = s.c_str(); *p; p = g_utf8_next_char(p)) {
    char32_t c = g_utf8_get_char(p);
    if (!g_unichar_isspace(c)) out += c;
  }
  return out;
}

std::string strip(const std::string& s) {
  std::string out;
  for (char32_t c : chars_of(s)) {
    char buf[8];
    out.append(buf, static_cast<size_t>(g_unichar_to_utf8(c, buf)));
  }
  return out;
}

/// x and width (pt) of the character at byte `index` of the laid-out text.
std::pair<double, double> pos(const Paragraph& p, size_t index) {
  PangoRectangle r;
  pango_layout_index_to_pos(p.layout.get(), static_cast<int>(index), &r);
  return {r.x / double(PANGO_SCALE), r.width / double(PANGO_SCALE)};
}

size_t find(const Paragraph& p, const std::string& s, size_t from = 0) {
  size_t at = p.text.find(s, from);
  REQUIRE(at != std::string::npos);
  return at;
}

std::vector<double> line_widths(const Paragraph& p) {
  std::vector<double> out;
  for (int i = 0; i < pango_layout_get_line_count(p.layout.get()); ++i) {
    PangoRectangle r;
    pango_layout_line_get_extents(pango_layout_get_line_readonly(p.layout.get(), i), nullptr, &r);
    out.push_back(r.width / double(PANGO_SCALE));
  }
  return out;
}

/// Each line's byte range in the layout's text.
std::vector<std::pair<size_t, size_t>> line_infos_of(const Paragraph& p) {
  std::vector<std::pair<size_t, size_t>> out;
  for (GSList* l = pango_layout_get_lines_readonly(p.layout.get()); l; l = l->next) {
    auto* line = static_cast<PangoLayoutLine*>(l->data);
    out.emplace_back(static_cast<size_t>(line->start_index),
                     static_cast<size_t>(line->start_index + line->length));
  }
  return out;
}

/// A break at byte `at` of `text`, between the break points `before` and
/// `after`, that cuts a piece of under four katakana (ー included) off a
/// katakana word: ICU's guess inside a loan word (ハーフ|トラック).
bool splits_katakana_word(const std::string& text, size_t before, size_t at, size_t after) {
  auto katakana = [](char32_t c) { return (c >= U'ァ' && c <= U'ヺ') || c == U'ー'; };
  auto run = [&](std::u32string s, bool backwards) {
    if (backwards) std::reverse(s.begin(), s.end());
    size_t n = 0;
    while (n < s.size() && katakana(s[n])) ++n;
    return n;
  };
  const size_t a = run(chars_of(text.substr(before, at - before)), true);
  const size_t b = run(chars_of(text.substr(at, after - at)), false);
  return a > 0 && b > 0 && (a < 4 || b < 4);
}

std::vector<double> widths(double from, double to, double step) {
  std::vector<double> out;
  for (double w = from; w <= to; w += step) out.push_back(w);
  return out;
}

}  // namespace

TEST_CASE("1: no line starts with closing punctuation, iteration marks, ー or small kana") {
  for (const std::string text : {"このカードを捨て札にする。その後、カードを1枚引く。",
                                 "ちょっとキャッシュ、ヴェーッ！まぁ、いいか？「了解」。ゝゞ々。",
                                 "敵は「撤退」した……。味方・友軍：到着；（以上）】〕！？"}) {
    for (double w : widths(20, 240, 3.3)) {
      Paragraph p = lay(text, w);
      auto lines = layout_lines(p.layout.get());
      for (size_t i = 1; i < lines.size(); ++i) {
        auto c = chars_of(lines[i]);
        if (c.empty()) continue;
        INFO(text << " at " << w << " pt, line " << i << ": " << lines[i]);
        // Below seven em a run with no allowed break (解」。ゝゞ々。) is longer than
        // the line and broken at the least bad place (tested below).
        if (w >= 70) CHECK(p.forced_breaks == 0);
        if (p.forced_breaks == 0) CHECK(may_start_line(c.front()));
      }
    }
  }
}

TEST_CASE("2: no line ends with an opening bracket") {
  for (const std::string text :
       {"「ストップ」と言う。", "敵（歩兵）と『本』と【重要】と〔注〕と「引用」の話。"}) {
    for (double w : widths(20, 200, 2.9)) {
      Paragraph p = lay(text, w);
      auto lines = layout_lines(p.layout.get());
      for (size_t i = 0; i + 1 < lines.size(); ++i) {
        auto c = chars_of(lines[i]);
        if (c.empty()) continue;
        INFO(text << " at " << w << " pt, line " << i << ": " << lines[i]);
        CHECK(may_end_line(c.back()));
      }
    }
  }
}

TEST_CASE("3: protected runs are never broken") {
  const std::string text =
      "10ダメージを与える。HP10の敵に+3、10%の確率で……と——を使う。｜擲弾《てきだん》と<nobr>"
      "撃破不可</nobr>。3枚引く。";
  const std::vector<std::string> tokens = {"10ダメージ", "HP10", "+3",       "10%", "……",
                                           "——",         "擲弾", "撃破不可", "3枚"};
  for (double w : widths(30, 200, 2.3)) {
    Paragraph p = lay(text, w);
    auto lines = layout_lines(p.layout.get());
    for (size_t i = 0; i + 1 < lines.size(); ++i) {
      std::string left = strip(lines[i]), right = strip(lines[i + 1]);
      for (const auto& t : tokens) {
        for (size_t k = 1; k < t.size(); ++k) {
          if ((t[k] & 0xC0) == 0x80) continue;  // not a character boundary
          bool split = left.size() >= k && left.compare(left.size() - k, k, t, 0, k) == 0 &&
                       right.compare(0, t.size() - k, t, k, t.size() - k) == 0;
          INFO(t << " at " << w << " pt: [" << lines[i] << "] [" << lines[i + 1] << "]");
          CHECK_FALSE(split);
        }
      }
    }
  }
}

TEST_CASE("a number's katakana unit is a short word kept whole, a long word is no unit") {
  // 10ダメージ and 2マス stay whole with their numbers; 506パラシュート
  // breaks between the number and the word if anywhere, never after パ
  // (issue 47: 第101空挺師団第506パ / ラシュート歩兵連隊).
  const std::string text =
      "第101空挺師団第506パラシュート歩兵連隊は10ダメージを受け、2マス下がる。";
  int seen = 0;
  // (from 7 em: パラシュート fits a line with room to spare)
  for (double w : widths(70, 200, 1.3)) {
    Paragraph p = lay(text, w);
    const auto lines = layout_lines(p.layout.get());
    for (size_t i = 0; i + 1 < lines.size(); ++i) {
      const std::u32string a = chars_of(lines[i]), b = chars_of(lines[i + 1]);
      INFO(w << " pt: [" << lines[i] << "] [" << lines[i + 1] << "]");
      CHECK_FALSE((a.size() >= 4 && a.substr(a.size() - 4) == U"506パ"));
      CHECK_FALSE((a.size() >= 3 && a.substr(a.size() - 3) == U"10ダ"));
      CHECK_FALSE((a.size() >= 3 && a.substr(a.size() - 3) == U"10ダメ"));
      CHECK_FALSE((!a.empty() && a.back() == U'2' && b.rfind(U"マス", 0) == 0));
      seen += a.size() >= 3 && a.substr(a.size() - 3) == U"506";
    }
  }
  CHECK(seen > 0);  // a long word after a number may start the next line
}

TEST_CASE(
    "4: a quarter em between Japanese and Latin letters or digits, none at line edges or by "
    "punctuation") {
  Paragraph p = lay("攻撃力HP10の敵、M1ガーランド", -1);
  auto [x_ryoku, w_ryoku] = pos(p, find(p, "力"));
  auto [x_h, _] = pos(p, find(p, "HP"));
  CHECK(x_h - (x_ryoku + w_ryoku) == Approx(2.5).margin(0.01));  // 10 pt text: 2.5 pt
  auto [x_0, w_0] = pos(p, find(p, "0"));
  auto [x_no, _2] = pos(p, find(p, "の"));
  CHECK(x_no - (x_0 + w_0) == Approx(2.5).margin(0.01));
  auto [x_1, w_1] = pos(p, find(p, "1", find(p, "M")));
  auto [x_ga, _3] = pos(p, find(p, "ガ"));
  CHECK(x_ga - (x_1 + w_1) == Approx(2.5).margin(0.01));
  // Not next to punctuation.
  Paragraph q = lay("「M1」と、HPは", -1);
  CHECK(q.text == "「M1」と、HP\xE2\x80\x85は");
  // At a line's edge the space takes no room: the next line starts at 0.
  Paragraph edge = lay("あいうえおHPかきく", 50);
  auto lines = layout_lines(edge.layout.get());
  REQUIRE(lines.size() >= 2);
  CHECK(line_widths(edge)[0] == Approx(50).margin(0.01));
  CHECK(pos(edge, find(edge, "HP")).first == Approx(0));
}

TEST_CASE("5: Latin runs in the Latin font, ※①…「」 in the Japanese font, language ja") {
  ParagraphStyle s = style();
  s.japanese_family = "BIZ UDMincho";
  s.latin_family = "BIZ UDPGothic";
  Paragraph p = lay_out_paragraph(engine(), parse_rich_text("Card「…」→※①と M1"), s, -1);
  PangoLayoutIter* it = pango_layout_get_iter(p.layout.get());
  int checked = 0;
  do {
    PangoLayoutRun* run = pango_layout_iter_get_run_readonly(it);
    if (!run) continue;
    const std::string family = font_family_name(run->item->analysis.font);
    std::string text = p.text.substr(static_cast<size_t>(run->item->offset),
                                     static_cast<size_t>(run->item->length));
    INFO(text << " in " << family);
    // Pango derives a Latin run's language from its script; Japanese runs keep ja.
    if (text.find("と") != std::string::npos)
      CHECK(std::string(pango_language_to_string(run->item->analysis.language)) == "ja");
    bool latin = text.find_first_of("CardM1") != std::string::npos;
    if (latin) CHECK(family == "BIZ UDPGothic");
    if (text.find("「") != std::string::npos || text.find("※") != std::string::npos)
      CHECK(family == "BIZ UDMincho");
    ++checked;
  } while (pango_layout_iter_next_run(it));
  pango_layout_iter_free(it);
  CHECK(checked >= 3);
  // The whole text carries language ja.
  PangoAttrIterator* ai = pango_attr_list_get_iterator(pango_layout_get_attributes(p.layout.get()));
  auto* lang =
      reinterpret_cast<PangoAttrLanguage*>(pango_attr_iterator_get(ai, PANGO_ATTR_LANGUAGE));
  REQUIRE(lang);
  CHECK(std::string(pango_language_to_string(lang->value)) == "ja");
  CHECK(lang->attr.start_index == 0);
  CHECK(lang->attr.end_index == p.text.size());
  pango_attr_iterator_destroy(ai);
}

TEST_CASE("6: two punctuation marks in a row take 1.5 em, not 2") {
  Paragraph p = lay("カード」、あ", -1);
  double from = pos(p, find(p, "」")).first, to = pos(p, find(p, "あ")).first;
  CHECK(to - from == Approx(15).margin(0.01));
  Paragraph q = lay("（1）。と「カード」、（2）", -1);
  double a = pos(q, find(q, "）")).first, b = pos(q, find(q, "と")).first;
  CHECK(b - a == Approx(15).margin(0.01));
}

TEST_CASE("7: brackets at a line's start and punctuation at its end are trimmed half an em") {
  Paragraph p = lay("あいうえお「かきくけこ」さしすせそ。", 50);
  auto lines = layout_lines(p.layout.get());
  REQUIRE(lines.size() >= 2);
  REQUIRE(lines[1].rfind("「", 0) == 0);
  CHECK(pos(p, find(p, "か")).first == Approx(5).margin(0.01));
  Paragraph q = lay("あいう「かきくけ」さしすせそ", 85);
  auto qlines = layout_lines(q.layout.get());
  CHECK(strip(qlines[0]) == "あいう「かきくけ」");
  CHECK(line_widths(q)[0] == Approx(85).margin(0.01));
  // Rather than push a character down, the closing punctuation is pulled up.
  Paragraph r = lay("の敵を倒す。攻撃力を上げる。", 55);
  CHECK(strip(layout_lines(r.layout.get())[0]) == "の敵を倒す。");
}

TEST_CASE("a Latin bracket that starts a line keeps its own width and no gap after it") {
  // "(" has no blank to trim; it used to be replaced by a full em box of the
  // Japanese font, which left a visible space: "( overrun)".
  for (double width : widths(60, 140, 2)) {
    INFO(width);
    Paragraph p = lay("enter its hex together (overrun), or if a zombie is left", width);
    const size_t open = find(p, "("), letter = find(p, "overrun");
    auto [x_open, w_open] = pos(p, open);
    auto [x_letter, w_letter] = pos(p, letter);
    if (x_open != Approx(0).margin(0.01)) continue;  // only where "(" starts a line
    CHECK(x_letter - x_open == Approx(w_open).margin(0.01));
    CHECK(w_open < 5);  // a Latin parenthesis at 10 pt, not a 10 pt em box
  }
  Paragraph p = lay("enter its hex together (overrun), or", 0.1);  // one word a line
  CHECK(pos(p, find(p, "o", find(p, "("))).first - pos(p, find(p, "(")).first < 5);
}

TEST_CASE("8: justified lines fill the box, with no gap over 0.15 em and none inside Latin words") {
  const std::string text =
      "HP 3の敵を倒す。攻撃力を上げる。このカードを捨て札にする。その後、カードを1枚引く。";
  Paragraph plain = lay(text, -1);
  const double hp = pos(plain, find(plain, "P")).first - pos(plain, find(plain, "H")).first;
  for (double w : widths(60, 200, 7.1)) {
    Paragraph p = lay(text, w, style(TextAlign::justify));
    auto ws = line_widths(p);
    auto lines = layout_lines(p.layout.get());
    INFO("width " << w);
    for (size_t i = 0; i + 1 < ws.size(); ++i) {
      // Full, unless no breaks could be found that fill it with gaps of at
      // most 0.15 em: then the paragraph is set ragged, with no gap at all.
      if (!p.set_ragged) CHECK(ws[i] == Approx(w).margin(0.05));
      if (p.set_ragged) CHECK(p.gaps_em.empty());
      CHECK(ws[i] <= w + 0.05);
    }
    for (double g : p.gaps_em) CHECK(g <= 0.15);
    CHECK(pos(p, find(p, "P")).first - pos(p, find(p, "H")).first == Approx(hp).margin(0.01));
    // No gap between neighbours over half an em beyond their natural advance.
    for (size_t i = 0; i < lines.size(); ++i) {
      Paragraph natural = lay(lines[i], -1);
      double stretch = line_widths(p)[i] - line_widths(natural)[0];
      CHECK(stretch <= 0.15 * 10 * std::max<size_t>(1, chars_of(lines[i]).size()) + 0.05);
    }
  }
}

TEST_CASE(
    "11: ruby at half size, centred, spread 1:2:1 when longer, never split, parentheses when "
    "tiny") {
  Paragraph p = lay("大勢の聴衆《ちょうしゅう》の前で", -1);
  REQUIRE(p.rubies.size() == 1);
  PangoRectangle rr;
  pango_layout_get_extents(p.rubies[0].layout.get(), nullptr, &rr);
  const double ruby_w = rr.width / double(PANGO_SCALE);
  CHECK(ruby_w == Approx(30).margin(0.01));  // 6 kana at 5 pt
  auto [x0, w0] = pos(p, find(p, "聴"));
  auto [x1, w1] = pos(p, find(p, "衆"));
  // 1:2:1: half a share before 聴, a share between, half after 衆 (shares of 5 pt).
  CHECK(w0 == Approx(15).margin(0.01));
  CHECK(w1 == Approx(15).margin(0.01));
  CHECK(x1 + w1 - x0 == Approx(ruby_w).margin(0.01));
  CHECK(p.rubies[0].x_pt == Approx(x0).margin(0.01));
  CHECK(p.rubies[0].y_pt + rr.height / double(PANGO_SCALE) == Approx(p.top_pt).margin(0.01));
  PangoFontDescription* d =
      pango_font_description_copy(pango_layout_get_font_description(p.rubies[0].layout.get()));
  CHECK(pango_font_description_get_size(d) / double(PANGO_SCALE) == Approx(5));
  pango_font_description_free(d);
  // Shorter ruby is centred on its base.
  Paragraph c = lay("｜擲弾《てき》を", -1);
  auto [bx, bw] = pos(c, find(c, "擲"));
  CHECK(c.rubies[0].x_pt == Approx(bx + 10 - 5).margin(0.01));  // 2 kana at 5 pt over 20 pt of base
  // Never split from its base, at any width.
  for (double w : widths(20, 120, 3.1)) {
    Paragraph n = lay("あいうえお｜擲弾《てきだん》かきくけこ", w);
    CHECK(pos(n, find(n, "擲")).first + 10 <= w + 20.01);
    PangoRectangle a, b;
    pango_layout_index_to_pos(n.layout.get(), static_cast<int>(find(n, "擲")), &a);
    pango_layout_index_to_pos(n.layout.get(), static_cast<int>(find(n, "弾")), &b);
    CHECK(a.y == b.y);
  }
  // Below 5 pt the reading goes in parentheses.
  ParagraphStyle tiny = style();
  tiny.size_pt = 4.5;
  Paragraph t = lay_out_paragraph(engine(), parse_rich_text("聴衆《ちょうしゅう》"), tiny, -1);
  CHECK(t.rubies.empty());
  CHECK(t.text == "聴衆（ちょうしゅう）");
}

TEST_CASE("titles break only between words, and a body avoids a lone last character") {
  for (const std::string name :
       {"トンプソンサブマシンガン", "ブローニングオートマチックライフル",
        "M1903スプリングフィールド狙撃ライフル", "ネーベルベルファー部隊"}) {
    for (double w : widths(45, 130, 4.3)) {
      Paragraph p = lay(name, w, style(TextAlign::left, true));
      auto points = title_break_points(p.text);
      for (GSList* l = pango_layout_get_lines_readonly(p.layout.get())->next; l; l = l->next) {
        size_t start = static_cast<size_t>(static_cast<PangoLayoutLine*>(l->data)->start_index);
        INFO(name << " at " << w << " pt breaks at byte " << start);
        CHECK(std::find(points.begin(), points.end(), start) != points.end());
      }
    }
  }
  for (double w : widths(40, 200, 5.7)) {
    Paragraph p = lay("このカードを捨て札にする。その後、カードを1枚引く。敵を倒す。", w);
    auto lines = layout_lines(p.layout.get());
    if (lines.size() < 2) continue;
    int letters = 0;
    for (char32_t c : chars_of(lines.back()))
      if (may_start_line(c) && jlreq_class(c) != JlreqClass::closing_bracket) ++letters;
    INFO("width " << w << ": last line " << lines.back());
    CHECK(letters >= 2);
  }
}

TEST_CASE("a full-width number stays with its counter, as a Western one does") {
  for (const std::string text :
       {"カードを３枚引き、敵に１０ダメージを与え、２回攻撃する。",
        "手札から３枚を選び、山札の上から２枚目に置く。その後１２０点を得る。"}) {
    for (double w : widths(20, 160, 1.7)) {
      Paragraph p = lay(text, w);
      auto lines = layout_lines(p.layout.get());
      for (size_t i = 0; i + 1 < lines.size(); ++i) {
        auto left = chars_of(lines[i]), right = chars_of(lines[i + 1]);
        if (left.empty() || right.empty()) continue;
        INFO(text << " at " << w << " pt: [" << lines[i] << "] [" << lines[i + 1] << "]");
        const bool digit_before = left.back() >= U'０' && left.back() <= U'９';
        const bool counter_after = right.front() == U'枚' || right.front() == U'ダ' ||
                                   right.front() == U'回' || right.front() == U'点' ||
                                   (right.front() >= U'０' && right.front() <= U'９');
        CHECK_FALSE((digit_before && counter_after));
      }
    }
  }
}

TEST_CASE("a sign after Japanese takes the quarter em that its number takes") {
  Paragraph p = lay("攻撃で+2、防御で−1、移動で2", -1);
  for (const std::string sign : {"+", "−", "2"}) {
    const size_t at = sign == "2" ? p.text.rfind(sign) : find(p, sign);
    const size_t de = p.text.rfind("で", at);
    REQUIRE(de != std::string::npos);
    auto [x_de, w_de] = pos(p, de);
    auto [x_sign, _] = pos(p, at);
    INFO("before " << sign);
    CHECK(x_sign - (x_de + w_de) == Approx(2.5).margin(0.01));
  }
  // A hyphen between words is no sign: no space.
  Paragraph q = lay("ノルマンディ-上陸", -1);
  CHECK(q.text == "ノルマンディ-上陸");
}

TEST_CASE("a title of two or three lines breaks where its lines are most even") {
  // Each split a title may take (its break points), measured piece by piece.
  auto piece_width = [](const std::string& text) {
    Paragraph p = lay(text, -1, style(TextAlign::left, true));
    return p.width_pt;
  };
  for (const std::string name :
       {"トンプソンサブマシンガン", "M1903スプリングフィールド",
        "ブローニングオートマチックライフル", "ユンカース急降下爆撃機", "対戦車ライフル擲弾M9A1"}) {
    const double total = piece_width(name);
    for (double w : widths(total * 0.55, total * 0.98, total * 0.03)) {
      Paragraph p = lay(name, w, style(TextAlign::left, true));
      auto lines = layout_lines(p.layout.get());
      INFO(name << " at " << w << " pt");
      REQUIRE(lines.size() >= 2);
      if (lines.size() != 2) continue;
      // (the text without the line separators the breaker put in)
      std::string text = p.text;
      for (size_t at = text.find("\u2028"); at != std::string::npos; at = text.find("\u2028"))
        text.erase(at, 3);
      const auto points = title_break_points(text);
      // Among the splits that keep katakana words whole, else among all.
      double best = 1e9;
      for (bool any : {false, true}) {
        for (size_t i = 1; i + 1 < points.size(); ++i) {
          if (!any && splits_katakana_word(text, points[i - 1], points[i], points[i + 1])) continue;
          const double a = piece_width(text.substr(0, points[i]));
          const double b = piece_width(text.substr(points[i]));
          if (a <= w + 0.01 && b <= w + 0.01) best = std::min(best, std::max(a, b));
        }
        if (best < 1e9) break;
      }
      double longest = 0;
      for (double lw : line_widths(p)) longest = std::max(longest, lw);
      INFO("[" << lines[0] << "] [" << lines[1] << "]");
      CHECK(longest <= best + 0.6);  // a trimmed blank, the hung quarter em
    }
  }
  // The name of the issue, at a width where greedy breaking left a two-character last line.
  Paragraph t = lay("トンプソンサブマシンガン", 95, style(TextAlign::left, true));
  CHECK(layout_lines(t.layout.get()) == std::vector<std::string>{"トンプソン", "サブマシンガン"});
}

TEST_CASE("a title keeps a katakana word whole when a split into as many lines can") {
  // ICU splits katakana by guesswork (ネー|ベル|ベル|ファー, ハーフ|トラック): at every
  // width where the whole word fits a line, the title breaks beside it.
  const std::vector<std::pair<std::string, std::vector<std::string>>> names = {
      {"補給ハーフトラック", {"補給", "ハーフトラック"}},
      {"ネーベルベルファー部隊", {"ネーベルベルファー", "部隊"}},
  };
  for (const auto& [name, want] : names) {
    const double whole = std::max(lay(want[0], -1, style(TextAlign::left, true)).width_pt,
                                  lay(want[1], -1, style(TextAlign::left, true)).width_pt);
    const double all = lay(name, -1, style(TextAlign::left, true)).width_pt;
    for (double w : widths(whole + 0.5, all - 1, 2.3)) {
      Paragraph p = lay(name, w, style(TextAlign::left, true));
      INFO(name << " at " << w << " pt");
      CHECK(layout_lines(p.layout.get()) == want);
    }
  }
  // Two katakana words ICU tells apart are still two words.
  Paragraph t = lay("トンプソンサブマシンガン", 100, style(TextAlign::left, true));
  CHECK(layout_lines(t.layout.get()) == std::vector<std::string>{"トンプソン", "サブマシンガン"});
  Paragraph m = lay("M1ガーランドライフル", 80, style(TextAlign::left, true));
  CHECK(layout_lines(m.layout.get()) == std::vector<std::string>{"M1\u2005ガーランド", "ライフル"});
  // A word too long for any line is split at ICU's guess, where it is most even.
  Paragraph n = lay("ネーベルベルファー部隊", 80, style(TextAlign::left, true));
  CHECK(layout_lines(n.layout.get()).size() == 2);
}

TEST_CASE("curly quotes are brackets: a line may break before “ and after ”") {
  const std::string text = "この場合は“Hold”と宣言し、“Move”と“Fire”の順に行動する。";
  bool broke_before_quote = false;
  for (double w : widths(40, 160, 3.1)) {
    Paragraph p = lay(text, w);
    auto lines = layout_lines(p.layout.get());
    INFO("width " << w);
    // The longest unbreakable run is “Hold”, 4 em at most: nothing overflows.
    CHECK(p.width_pt <= w + 0.01);
    for (size_t i = 0; i < lines.size(); ++i) {
      auto c = chars_of(lines[i]);
      if (c.empty()) continue;
      INFO("line " << i << ": " << lines[i]);
      if (i > 0 && c.front() == U'“') broke_before_quote = true;
      if (i > 0) CHECK(c.front() != U'”');
      if (i + 1 < lines.size()) CHECK(c.back() != U'“');
    }
  }
  CHECK(broke_before_quote);
  // The break takes no room and draws no glyph.
  Paragraph one = lay(text, -1);
  CHECK(pango_layout_get_unknown_glyphs_count(one.layout.get()) == 0);
}

TEST_CASE("a run with no allowed break longer than the line is broken at the least bad place") {
  // Small kana and ー may not start a line (JLREQ 3.1.7): between the brackets
  // there is no allowed break at all.
  const std::string text = "敵は「ァァッッーーァァッッ」と叫んだ。";
  // The run 「ァァッッーーァァッッ」 is 11 em once its bracket starts a line.
  for (double w : widths(30, 125, 3.7)) {
    Paragraph p = lay(text, w);
    auto lines = layout_lines(p.layout.get());
    INFO("width " << w);
    CHECK(p.width_pt <= w + 0.01);  // no line runs out of its box
    // As few breaks against the rules as the run needs (the line breaker
    // weighs a break against them above any number of lines).
    // (「 starts a line at half an em; ten kana, then 」 (its blank trimmed
    // when it ends a line), packed into lines of whole ems)
    int needed = 0;
    double used = 5;
    for (int k = 0; k < 11; ++k) {
      const double next = k < 10 ? 10 : 5;
      if (used + next > w + 0.01) {
        ++needed;
        used = 0;
      }
      used += 10;
    }
    CHECK(p.forced_breaks == needed);
    // No near-empty lines: every line between the first and the last is at
    // least half full.
    auto ws = line_widths(p);
    for (size_t i = 1; i + 1 < ws.size(); ++i) {
      INFO("line " << i << ": " << lines[i]);
      CHECK(ws[i] >= w / 2);
    }
    // The breaks made fall before small kana or ー (the least bad), never
    // before the closing bracket or after the opening one.
    for (size_t i = 1; i < lines.size(); ++i) {
      auto c = chars_of(lines[i]);
      auto before = chars_of(lines[i - 1]);
      if (c.empty() || before.empty()) continue;
      INFO("line " << i << ": " << lines[i]);
      CHECK(c.front() != U'」');
      CHECK(before.back() != U'「');
    }
  }
  // A text with allowed breaks is not touched.
  Paragraph ok = lay("このカードを捨て札にする。その後、カードを1枚引く。", 50);
  CHECK(ok.forced_breaks == 0);
}

TEST_CASE("two dashes in a row are one unbroken rule, one em per dash, in every face") {
  // BIZ UD's U+2014 is half an em wide: set as the font has it, "——" would
  // be one em with a seam. Drawn at 4 px per pt and looked at along the
  // dash's stroke: ink from the first em's start to the second's end.
  for (const char* family : {"BIZ UDGothic", "BIZ UDMincho"}) {
    for (const char* run : {"——", "――", "———"}) {
      ParagraphStyle s = style();
      s.size_pt = 20;
      s.japanese_family = family;
      const std::string text = std::string("あ") + run + "い";
      Paragraph p = lay(text, -1, s);
      INFO(family << " " << run);
      const double dashes = static_cast<double>(g_utf8_strlen(run, -1));
      CHECK(pos(p, find(p, "い")).first == Approx(20 * (1 + dashes)));
      CHECK(pos(p, find(p, run)).first == Approx(20));
      const int scale = 4, w = static_cast<int>(20 * (2 + dashes)) * scale, h = 30 * scale;
      cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h);
      cairo_t* cr = cairo_create(surface);
      cairo_scale(cr, scale, scale);
      draw_paragraph(cr, p);
      cairo_surface_flush(surface);
      const unsigned char* px = cairo_image_surface_get_data(surface);
      const int stride = cairo_image_surface_get_stride(surface);
      // The stroke's row: the most ink half way along the rule.
      const int mid_x = static_cast<int>(20 * (1 + dashes / 2)) * scale;
      int row = 0;
      for (int y = 0; y < h; ++y)
        if (px[y * stride + mid_x] > px[row * stride + mid_x]) row = y;
      REQUIRE(px[row * stride + mid_x] > 200);
      int gaps = 0;
      for (int x = 20 * scale + 2; x < static_cast<int>(20 * (1 + dashes)) * scale - 2; ++x)
        if (px[row * stride + x] < 128) ++gaps;
      CHECK(gaps == 0);
      cairo_destroy(cr);
      cairo_surface_destroy(surface);
    }
  }
}

TEST_CASE("a two-em dash is never broken and takes no justification inside it") {
  const std::string text = "彼は何も言わなかった——ただ黙って前を見つめていた。";
  for (double w : widths(40, 200, 7)) {
    Paragraph p = lay(text, w, style(TextAlign::justify));
    INFO("width " << w);
    for (const auto& line : layout_lines(p.layout.get())) {
      const auto c = chars_of(line);
      // both dashes on one line, each one em
      CHECK((c.find(U'—') == std::u32string::npos) == (c.find(U"——") == std::u32string::npos));
    }
    const size_t at = find(p, "——");
    auto [x0, w0] = pos(p, at);
    auto [x1, w1] = pos(p, at + std::string("—").size());
    CHECK(w0 == Approx(10));
    CHECK(w1 == Approx(10));
    CHECK(x1 - x0 == Approx(10));
  }
}

TEST_CASE("a comma before a Latin word keeps its blank, in every face and alignment") {
  const std::string text = "敵に、ATカードを使う。次に、Rallyと言う、M1で撃つ。";
  for (const char* family : {"BIZ UDGothic", "BIZ UDMincho"})
    for (TextAlign align : {TextAlign::left, TextAlign::justify})
      for (double w : widths(45, 260, 5.3)) {
        ParagraphStyle s = style(align);
        s.japanese_family = family;
        Paragraph p = lay(text, w, s);
        // Unwrapped, nothing is shrunk: the whole em.
        Paragraph one = lay(text, -1, s);
        for (size_t at = one.text.find("、"); at != std::string::npos;
             at = one.text.find("、", at + 1))
          CHECK(pos(one, at + std::string("、").size()).first - pos(one, at).first == Approx(10));
        INFO(family << " at " << w << " pt");
        for (size_t at = p.text.find("、"); at != std::string::npos;
             at = p.text.find("、", at + 1)) {
          const size_t next = at + std::string("、").size();
          auto [x, width] = pos(p, at);
          auto [nx, nw] = pos(p, next);
          if (nx < x) continue;  // the comma ends its line: its blank is trimmed there
          // A line shrunk to take a word back may reduce a comma's blank (JLREQ 3.8),
          // but never before a Latin letter, which has no blank of its own.
          CHECK(width >= 5 - 0.01);
          if (is_western(g_utf8_get_char(p.text.c_str() + next))) CHECK(nx - x >= 10 - 0.01);
        }
      }
}

namespace {

/// The text with each 、 made a 。: the same widths, blanks and line rules,
/// but a blank JLREQ never reduces inside a line: what the lines would be
/// without shrinking.
std::string without_shrink(std::string text) {
  for (size_t at = text.find("、"); at != std::string::npos; at = text.find("、", at))
    text.replace(at, std::string("、").size(), "。");
  return text;
}

}  // namespace

TEST_CASE("lines are shrunk before they are stretched: commas give their blank back") {
  const std::vector<std::string> texts = {
      "敵は、弾薬を、渡す。次に前進して、撃つ。",
      "GIカードは、パトロールカードに対して、1枚ずつ、使用できる。",
      "このカードを捨て札にする。その後、カードを1枚引き、手札に加える。",
  };
  int fewer = 0, tried = 0;
  for (const auto& text : texts)
    for (TextAlign align : {TextAlign::left, TextAlign::justify})
      for (double w : widths(55, 230, 2.9)) {
        Paragraph p = lay(text, w, style(align));
        Paragraph plain = lay(without_shrink(text), w, style(align));
        INFO(text << " at " << w << " pt");
        ++tried;
        CHECK(p.line_count <= plain.line_count);
        if (p.line_count < plain.line_count) ++fewer;
        CHECK(p.width_pt <= w + 0.01);
        // A full stop inside a line keeps its whole em; a comma keeps its ink.
        for (size_t at = p.text.find("。"); at != std::string::npos;
             at = p.text.find("。", at + 1)) {
          auto [x, width] = pos(p, at);
          // (not at a line's end: before a line separator or the next line's start)
          if (at + 3 < p.text.size() && p.text.compare(at + 3, 3, "\u2028") != 0 &&
              pos(p, at + 3).first > x)
            CHECK(width >= 10 - 0.01);
        }
        for (size_t at = p.text.find("、"); at != std::string::npos; at = p.text.find("、", at + 1))
          CHECK(pos(p, at).second >= 5 - 0.01);
      }
  // Shrinking takes a last line back often enough to matter.
  CHECK(fewer * 20 >= tried);
  // The last line す。 is taken back by reducing the two commas before it: one
  // line, not two (88 pt: 9.5 em, 8.5 once the commas give their half ems).
  Paragraph p = lay("敵は、弾薬を、渡す。", 88);
  CHECK(layout_lines(p.layout.get()) == std::vector<std::string>{"敵は、弾薬を、渡す。"});
  CHECK(p.width_pt <= 88.01);
  // (full stops are never shrunk inside a line: there it takes two)
  Paragraph stops = lay(without_shrink("敵は、弾薬を、渡す。"), 88);
  CHECK(stops.line_count == 2);
}

TEST_CASE("no last line of one or two letters where the lines before can take them or give one") {
  const std::vector<std::string> texts = {
      "このカードを捨て札にする。", "カードを1枚引いてから手札を捨てる。",
      "敵の歩兵を一人倒し、味方を前進させる。", "次のターンの終わりまで移動できない。"};
  for (const auto& text : texts)
    for (double w : widths(50, 200, 3.1)) {
      Paragraph p = lay(text, w);
      auto lines = layout_lines(p.layout.get());
      if (lines.size() < 2) continue;
      INFO(text << " at " << w << " pt: [" << lines[lines.size() - 2] << "] [" << lines.back()
                << "]");
      int letters = 0;
      for (char32_t c : chars_of(lines.back()))
        if (may_start_line(c) && jlreq_class(c) != JlreqClass::closing_bracket) ++letters;
      CHECK(letters >= 3);
    }
}

TEST_CASE("a short body text keeps its words whole where shrinking or a small push can") {
  // The breaks of the issue: GIカー / ド, 使 / 用できない, 撃 / 破, 撃破で / きる. Greedy
  // breaking made one of them at 45 % of these widths; a word's rest is now taken up by
  // shrinking, or its head sent down when the line it leaves stays 80 % full.
  const std::vector<std::string> texts = {
      "ATのパトロールカードは、ATのGIカード1枚で撃破できる。",
      "ATのGIカードはこのカードに対して使用できない。",
      "Nのパトロールカードは、NのGIカード1枚で撃破できる。弾薬の合計でも撃破できる。",
  };
  const std::vector<std::pair<std::u32string, std::u32string>> inside = {
      {U"ー", U"ド"}, {U"使", U"用"}, {U"撃", U"破"}, {U"で", U"きる"}};
  int layouts = 0, bad = 0;
  for (const auto& text : texts)
    for (double w : widths(60, 200, 2)) {
      ParagraphStyle s = style();
      s.size_pt = 9;
      Paragraph p = lay(text, w, s);
      CHECK(p.width_pt <= w + 0.01);
      auto lines = layout_lines(p.layout.get());
      ++layouts;
      for (size_t i = 1; i < lines.size(); ++i) {
        const auto a = chars_of(lines[i - 1]), b = chars_of(lines[i]);
        for (const auto& [end, start] : inside)
          if (a.size() >= end.size() && a.substr(a.size() - end.size()) == end &&
              b.substr(0, start.size()) == start) {
            UNSCOPED_INFO(text << " at " << w << " pt: [" << lines[i - 1] << "] [" << lines[i]
                               << "]");
            ++bad;
          }
      }
    }
  CHECK(bad * 5 < layouts);
  // The first of the breaks, at a width where it happened.
  ParagraphStyle s = style();
  s.size_pt = 9;
  Paragraph p = lay("ATのパトロールカードは、ATのGIカード1枚で撃破できる。", 110, s);
  for (const auto& line : layout_lines(p.layout.get())) CHECK(chars_of(line).front() != U'破');
}

TEST_CASE("a line gives back its middle dots' blank before its commas' (JLREQ 3.8.3)") {
  // Each line that needs less than the middle dots' half em keeps its commas
  // whole; one that needs more takes all of the middle dots' first.
  const std::string text = "歩兵・戦車、砲兵・工兵、偵察・補給、各部隊の行動を決める。次に撃つ。";
  int dots_only = 0;
  for (double w : widths(60, 200, 1.3)) {
    Paragraph p = lay(text, w);
    INFO("width " << w);
    CHECK(p.width_pt <= w + 0.01);
    const auto lines = line_infos_of(p);
    for (const auto& [start, end] : lines) {
      // (marks inside the line: not its last, trimmed at its end)
      auto inside = [&, end = end](size_t at) {
        return at + 3 < end && p.text.compare(at + 3, 3, "\u2028") != 0;
      };
      double dot_min = 10.5, comma_min = 10;  // (10.5: no dot in the line)
      for (size_t at = p.text.find("・", start); at != std::string::npos && inside(at);
           at = p.text.find("・", at + 1))
        dot_min = std::min(dot_min, pos(p, at).second);
      for (size_t at = p.text.find("、", start); at != std::string::npos && inside(at);
           at = p.text.find("、", at + 1))
        comma_min = std::min(comma_min, pos(p, at).second);
      if (comma_min < 10 - 0.01 && dot_min < 10) {
        CHECK(dot_min == Approx(5).margin(0.01));  // the dots gave all they have first
      } else if (dot_min < 10 - 0.01 && comma_min == Approx(10)) {
        ++dots_only;
      }
    }
  }
  CHECK(dots_only > 0);
}

TEST_CASE("a colon keeps half its blank and a range of numbers stays on one line") {
  // House style: ： and ； give back at most an eighth of an em each side, so a
  // bold label's colon never touches the word after it (勝利：爆薬).
  const std::string label = "<b>勝利</b>：爆薬が1個以上残った状態で機関銃陣地に入る。";
  // 6〜9 is one unbreakable run, like a number with its unit.
  const std::string range = "列車の破壊は日マーカーが6〜9にあるときならいつでも。";
  int colons = 0;
  for (double w : widths(40, 200, 1.7)) {
    INFO("width " << w);
    Paragraph p = lay(label, w);
    CHECK(p.width_pt <= w + 0.01);
    const size_t at = p.text.find("：");
    REQUIRE(at != std::string::npos);
    if (at + 3 < p.text.size() && p.text.compare(at + 3, 3, "\u2028") != 0 &&
        pos(p, at + 3).first > pos(p, at).first) {
      CHECK(pos(p, at).second >= 7.5 - 0.01);  // 10 pt: an em less two eighths at most
      ++colons;
    }
    Paragraph r = lay(range, w);
    for (const auto& line : layout_lines(r.layout.get())) {
      const auto c = chars_of(line);
      if (c.empty()) continue;
      CHECK(c.back() != U'〜');
      CHECK(c.front() != U'〜');
    }
  }
  CHECK(colons > 50);
}

TEST_CASE("a short text never breaks beside = where another break will do") {
  // A formula is read as one word: 損耗＝ / 1D6… is avoided at every width
  // where the line can end elsewhere.
  const std::string text = "相手の移動を中止させる。さらに攻撃：損耗＝<nobr>1D6－1D6+2</nobr>。";
  // (from 110 pt, where 損耗＝1D6－1D6+2。 fits a line)
  for (double w : widths(110, 220, 3.3)) {
    Paragraph p = lay(text, w);
    INFO("width " << w);
    for (const auto& line : layout_lines(p.layout.get())) {
      const auto c = chars_of(line);
      if (!c.empty()) CHECK(c.back() != U'＝');
    }
  }
}

TEST_CASE("a Latin term stays with its gloss in brackets, in short and long texts") {
  // M / （中） on the SQUAD map (issue 16 item 4): the gloss is read with its term.
  const std::string one = "距離：PB（近接）＝1ヘクス、S（短）＝2、M（中）＝3、L（遠）＝4。";
  std::string many;
  for (int i = 0; i < 8; ++i) many += one;  // over 600 bytes: set solid, no phrases
  for (const std::string* text : std::vector<const std::string*>{&one, &many})
    for (double w : widths(70, 200, 2.9)) {
      Paragraph p = lay(*text, w);
      INFO(text->size() << " bytes at " << w << " pt");
      const auto lines = layout_lines(p.layout.get());
      for (size_t i = 1; i < lines.size(); ++i) {
        const auto a = chars_of(lines[i - 1]), b = chars_of(lines[i]);
        if (a.empty() || b.empty()) continue;
        CHECK_FALSE((is_western_alnum(a.back()) && b.front() == U'（'));
      }
    }
}
