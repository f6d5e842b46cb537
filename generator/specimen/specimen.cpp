#include "specimen.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "generator/layout/template.h"
#include "generator/pdf/pdf_writer.h"
#include "generator/render/icon_cache.h"
#include "generator/text/text_block.h"

namespace bocage {

namespace {

const std::set<std::string> kFonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};

struct Page {
  cairo_t* cr;
  const TextEngine& engine;
  std::function<bool(const std::string&)> is_icon;
};

// The leading of the examples' running text: JLREQ's line gap of half an em
// (line height 1.5), not set solid.
constexpr double kBodyLeading = 1.5;

TextStyle base_style(double size, double min_size) {
  TextStyle s;
  s.family = "BIZ UDGothic";
  s.latin_family = "BIZ UDPGothic";
  s.size_pt = size;
  s.min_size_pt = min_size;
  s.line_spacing = kBodyLeading;
  return s;
}

void text_at(Page& p, const std::string& text, RectMm box, const TextStyle& style, double r = 0,
             double g = 0, double b = 0) {
  TextBlock block = fit_text(p.engine, text, style, {box.width, box.height}, kFonts, p.is_icon);
  cairo_set_source_rgb(p.cr, r, g, b);
  draw_text_block(p.cr, block, box, TextVAlign::top);
}

/// An example: its box outlined in light grey, the text fitted into it, and
/// under it the size the text was set at.
void example(Page& p, const std::string& text, RectMm box, TextStyle style) {
  cairo_set_source_rgb(p.cr, 0.75, 0.78, 0.82);
  cairo_set_line_width(p.cr, 0.15);
  cairo_rectangle(p.cr, box.x, box.y, box.width, box.height);
  cairo_stroke(p.cr);
  TextBlock block = fit_text(p.engine, text, style, {box.width, box.height}, kFonts, p.is_icon);
  cairo_set_source_rgb(p.cr, 0.1, 0.1, 0.1);
  draw_text_block(p.cr, block, box, TextVAlign::top);
  char caption[96];
  std::snprintf(caption, sizeof caption, "%.0f mm · %.2f pt%s", box.width, block.size_pt,
                block.fits ? "" : " · 収まらない overflow");
  text_at(p, caption, {box.x, box.bottom() + 0.6, std::max(box.width, 30.0), 3}, base_style(5, 5),
          block.fits ? 0.45 : 0.75, block.fits ? 0.45 : 0.1, block.fits ? 0.5 : 0.1);
}

void heading(Page& p, const std::string& ja, const std::string& en, double x, double y) {
  TextStyle s = base_style(9, 9);
  s.bold = true;
  text_at(p, ja + "　<size 80%>" + en + "</size>", {x, y, 90, 5}, s, 0.29, 0.33, 0.13);
  cairo_set_source_rgb(p.cr, 0.29, 0.33, 0.13);
  cairo_set_line_width(p.cr, 0.25);
  cairo_move_to(p.cr, x, y + 5.2);
  cairo_line_to(p.cr, x + 90, y + 5.2);
  cairo_stroke(p.cr);
}

}  // namespace

bool write_specimen(const std::filesystem::path& destination,
                    const std::filesystem::path& templates, Text* error) {
  PdfMetadata meta{"Bocage 組版見本 (typesetting specimen)",
                   "Japanese typesetting rules at card sizes", "specimen"};
  PdfWriter pdf(destination, {210, 297}, meta);
  if (!pdf.ok()) {
    if (error) *error = pdf.error();
    return false;
  }
  // Only the fonts above: a character they lack is missing on every machine.
  TextEngine engine({kFonts.begin(), kFonts.end()});
  Diagnostics diags;
  TemplateLibrary library(templates, diags);
  IconCache icons;
  ScopedIconDrawer drawer([&](cairo_t* c, const std::string& name, double size) {
    icons.draw(c, library.icon_path(name), {0, 0, size, size});
  });
  Page p{pdf.cr(), engine,
         [&](const std::string& n) { return std::filesystem::exists(library.icon_path(n)); }};

  TextStyle title = base_style(15, 15);
  title.bold = true;
  text_at(p, "Bocage 組版見本　<size 70%>Typesetting specimen</size>", {12, 10, 186, 9}, title);
  text_at(p,
          "枠は文字の箱、下の数字は箱の幅と組んだ文字サイズ。Boxes are the text boxes; under each, "
          "its width and the size the text was set at.",
          {12, 19, 186, 5}, base_style(6.5, 6.5), 0.35, 0.35, 0.35);

  const double L = 12, R = 108;
  const TextStyle body = base_style(9, 9);

  heading(p, "1・2 行頭・行末禁則", "Line-start and line-end rules", L, 27);
  const std::string kinsoku =
      "このカードを捨て札にする。その後、カードを1枚引く。「ストップ」と言う。";
  example(p, kinsoku, {L, 34, 18, 48}, body);
  example(p, kinsoku, {L + 22, 34, 25, 40}, body);
  example(p, kinsoku, {L + 51, 34, 39, 26}, body);

  heading(p, "3 分離禁止", "Unbreakable runs", R, 27);
  const std::string runs = "10ダメージを与える。HP10の敵に+3、10%の確率で……と——を使う。";
  example(p, runs, {R, 34, 21, 40}, body);
  example(p, runs, {R + 25, 34, 29, 32}, body);
  example(p, runs, {R + 58, 34, 32, 26}, body);

  heading(p, "4・5 和欧文間・書体", "Mixed scripts and fonts", L, 90);
  example(p, "攻撃力HP10の敵にM1ガーランドで射撃する。Card「…」→※①の効果。", {L, 97, 60, 12}, body);
  TextStyle mincho = body;
  mincho.family = "BIZ UDMincho";
  example(p, "明朝体のM1ガーランドと45口径、Radio Ground Supportを使う。", {L, 115, 60, 12},
          mincho);

  heading(p, "6・7 約物の詰め・行頭行末", "Punctuation", R, 90);
  example(p, "「カード」、（1）。と言う。", {R, 97, 40, 6}, body);
  example(p, "あいうえお「かきくけこ」さしすせそ。（括弧）が行頭に来る。", {R + 44, 97, 17, 34},
          body);
  example(p, "の敵を倒す。攻撃力を上げる。", {R, 110, 19.5, 14}, body);

  heading(p, "8 均等割り", "Justification", L, 134);
  TextStyle justify = body;
  justify.align = TextAlign::justify;
  const std::string para =
      "HP 3の敵を倒す。攻撃力を上げる。このカードを捨て札にする。その後、カードを1枚引く。";
  example(p, para, {L, 141, 42.5, 26}, justify);
  example(p, para, {L + 46, 141, 42.5, 26}, body);

  heading(p, "9・10 縦書き・縦中横", "Vertical writing, tate-chu-yoko", R, 134);
  TextStyle vertical = base_style(10, 8);
  vertical.vertical = true;
  vertical.line_spacing = 0;  // the columns' own pitch
  vertical.align = TextAlign::justify;
  example(p, "縦書きの「テスト」、です。第12章、M1ライフルを2丁、ー〜……。", {R, 141, 34, 50},
          vertical);
  TextStyle vmincho = vertical;
  vmincho.family = "BIZ UDMincho";
  example(p, "大勢の聴衆《ちょうしゅう》は<b>残り</b><color #b02020>3発</color>、:AT:弾薬100発。",
          {R + 40, 141, 22, 50}, vmincho);

  heading(p, "11 ルビ", "Ruby", L, 176);
  TextStyle ruby = base_style(11, 11);
  example(p, "｜擲弾《てきだん》を投げる。大勢の聴衆《ちょうしゅう》の前で。", {L, 183, 88, 12},
          ruby);
  example(p, "｜擲弾《てきだん》を投げる。大勢の聴衆《ちょうしゅう》の前で。", {L, 200, 30, 24},
          ruby);
  TextStyle tiny = base_style(4.5, 4.5);
  example(p, "5 pt未満は括弧書き：｜擲弾《てきだん》", {L + 36, 200, 50, 5}, tiny);

  heading(p, "12 字形の確認", "Glyph coverage", R, 198);
  example(p, "髙橋さん①㉑※「カード」", {R, 205, 45, 6}, body);
  // 𠮷 is in Noto CJK and ⚃ in DejaVu Sans, but never drawn from them.
  TextBlock missing = fit_text(engine, "𠮷野家⚃", body, {45, 6}, kFonts);
  std::string report = "𠮷野家⚃ →";
  for (const auto& g : missing.glyph_problems)
    report += " " + codepoint_name(g.codepoint) +
              (g.font_family.empty() ? "" : " (" + g.font_family + ")");
  report += " 字形なし no glyph: validation error";
  text_at(p, report, {R, 215, 88, 5}, base_style(7, 6), 0.7, 0.1, 0.1);

  heading(p, "2・13 題名の改行と縮小", "Titles and fitting", L, 232);
  TextStyle t = base_style(13, 7.5);
  t.line_spacing = 1.05;  // a title's lines belong together
  t.title = true;
  t.bold = true;
  t.max_lines = 2;
  example(p, "トンプソンサブマシンガン", {L, 239, 24, 11}, t);
  example(p, "ブローニングオートマチックライフル", {L + 27, 239, 32, 11}, t);
  example(p, "M1903スプリングフィールド狙撃ライフル", {L + 62, 239, 28, 11}, t);
  TextStyle fit = base_style(9, 6);
  example(p,
          "長い説明文は最小サイズまで少しずつ縮小して枠に収める。収まらなければ検証エラーになる。",
          {L, 258, 40, 11}, fit);
  example(p, "衛生兵", {L + 46, 258, 20, 8}, t);

  heading(p, "インライン書式", "Inline markup", R, 232);
  example(p,
          "<b>太字</b>、<color #b02020>赤字</color>、<size "
          "70%>小さく</size>、:AT:対戦車、<nobr>改行しない語句</nobr>、<br>改行。",
          {R, 239, 60, 16}, body);

  // The second pass (issue 16): balanced titles at one size per deck, quotes
  // as brackets, full-width numbers with their counters, signs spaced.
  heading(p, "題名の均等改行・約物", "Balanced titles, quotes, numbers", R, 259);
  TextStyle deck_title = t;
  deck_title.break_before_shrink = true;  // a deck's shared size: broken, not shrunk
  deck_title.size_pt = 12;
  // One size for the three, the largest at which each fits (deck_text_sizes).
  const std::vector<std::string> names = {"トンプソンサブマシンガン", "ブローニング自動小銃",
                                          "手榴弾"};
  double shared = deck_title.size_pt;
  for (const auto& n : names)
    shared = std::min(shared, fit_text(engine, n, deck_title, {27, 11}, kFonts).size_pt);
  deck_title.size_pt = shared;
  for (size_t i = 0; i < names.size(); ++i)
    example(p, names[i], {R + 30.0 * static_cast<double>(i), 266, 27, 11}, deck_title);
  example(p, "“Hold”と宣言し、カードを３枚引く。攻撃で+2、防御で−1。", {R, 282, 88, 10}, body);

  // Page 2: the line breaker (issue 16 items 3 and 9): one total-fit search
  // for lines and columns, shrinking before stretching.
  pdf.next_page();
  p.cr = pdf.cr();
  text_at(p, "行分割　<size 70%>Line breaking</size>", {12, 10, 186, 9}, title);
  text_at(p,
          "段落全体を一度に分割する（Knuth–Plass、JLREQ の規則）。横組も縦組も同じ分割。"
          "One total-fit search over the whole paragraph, the same for lines and columns.",
          {12, 19, 186, 5}, base_style(6.5, 6.5), 0.35, 0.35, 0.35);

  heading(p, "横組と縦組で同じ分割", "The same breaks across and down", L, 27);
  const std::string same = "このカードを捨て札にする。その後、カードを一枚引き、手札に加える。";
  example(p, same, {L, 34, 45, 30}, body);
  TextStyle down = base_style(9, 8);
  down.vertical = true;
  down.line_spacing = 0;
  example(p, same, {L + 50, 34, 40, 45}, down);

  heading(p, "詰めてから空ける", "Shrink before stretch", R, 27);
  // Without reducing two commas, す。 would take a line of its own.
  example(p, "敵は、弾薬を、渡す。", {R, 34, 29, 10}, body);
  example(p, "歩兵・戦車、砲兵・工兵、偵察・補給、各部隊の行動を決める。", {R + 36, 34, 44.5, 14},
          body);
  example(p, "敵は。弾薬を。渡す。", {R, 54, 29, 10}, body);
  text_at(p,
          "上：読点の二分を詰めて 1 行に収める。中点を先に詰める。下：句点は詰めないので 2 行。"
          "Above: commas give their blank back, one line; middle dots first. Below: full stops "
          "never do: two lines.",
          {R + 36, 55, 54, 14}, base_style(6.5, 6.5), 0.35, 0.35, 0.35);

  heading(p, "最後の行・語の途中", "Last lines and words", L, 84);
  example(p, "PBで+1。定置射撃フェイズのみ。", {L, 91, 32, 10}, body);
  example(p, "ATのパトロールカードは、ATのGIカード1枚で撃破できる。", {L + 36, 91, 50, 10}, body);

  heading(p, "分割できない長い語句", "Runs with no allowed break", R, 84);
  example(p, "敵は「ァァッッーーァァッッ」と叫んだ。", {R, 91, 30, 16}, body);
  example(p, "あいうえお……かきく", {R + 36, 91, 21.2, 10}, body);

  if (!pdf.commit()) {
    if (error) *error = pdf.error();
    return false;
  }
  return true;
}

}  // namespace bocage
