// The line breaker in narrow boxes: sets each text of a file (one per line;
// bench/narrow-texts.txt by default) at every width from 25 to 60 mm in
// 0.5 mm steps, at 7.5 and 8 pt, justified and ragged, and counts what a
// reader stumbles on (issue 47; docs/typesetting.md, "Breaks a reader
// stumbles on"):
//   one-letter pieces  a run of katakana or of kanji split with one letter on
//                      a line (GIカー / ド, 機 / 関銃, 降下猟 / 兵)
//   short last lines   a last line of one or two letters (る。, ン) where the
//                      text has more than one line
//   set ragged         justified texts no breaks set tight enough
//   > 0.1 em           justified lines whose gaps open wider than 0.1 em
//   lines              all lines (fewer is better adjustment)
//   build/bench/break_sweep [TEXTS] [--dump]
// --dump prints every layout that has a one-letter piece or a short last line,
// --all every layout.
#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "generator/text/text_block.h"
#include "generator/text/utf8.h"

using namespace bocage;

namespace {

/// 1: katakana (with ー), 2: kanji (with 々), 3: hiragana, 0: anything else.
int script(char32_t c) {
  if ((c >= 0x30A1 && c <= 0x30FA) || c == 0x30FC) return 1;
  if ((c >= 0x4E00 && c <= 0x9FFF) || c == 0x3005) return 2;
  if (c >= 0x3041 && c <= 0x3096) return 3;
  return 0;
}

/// Letters of the same script as `c` at the end (`from_end`) or start of `s`.
int run(const std::u32string& s, bool from_end, int want) {
  int n = 0;
  if (from_end)
    for (size_t k = s.size(); k-- > 0 && script(s[k]) == want;) ++n;
  else
    for (size_t k = 0; k < s.size() && script(s[k]) == want; ++k) ++n;
  return n;
}

std::u32string chars(const std::string& s) {
  std::u32string out;
  for (const CodePoint& c : decode_utf8(s)) out.push_back(c.c);
  return out;
}

int letters(const std::u32string& s) {
  int n = 0;
  for (char32_t c : s) n += script(c) != 0 || (c < 0x80 && std::isalnum(static_cast<int>(c)));
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  std::string path = BOCAGE_SOURCE_ROOT "/bench/narrow-texts.txt";
  bool dump = false, all = false;
  for (int k = 1; k < argc; ++k) {
    if (std::strcmp(argv[k], "--dump") == 0)
      dump = true;
    else if (std::strcmp(argv[k], "--all") == 0)
      dump = all = true;
    else
      path = argv[k];
  }
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "break_sweep: cannot read %s\n", path.c_str());
    return 1;
  }
  std::vector<std::string> texts;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') texts.push_back(line);

  const std::set<std::string> fonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};
  TextEngine engine;
  std::printf("%-10s %8s %8s %8s %8s %8s %8s\n", "align", "layouts", "1-letter", "short", "ragged",
              ">0.1em", "lines");
  for (TextAlign align : {TextAlign::justify, TextAlign::left}) {
    long layouts = 0, pieces = 0, shorts = 0, ragged = 0, loose = 0, lines_total = 0;
    for (double size : {7.5, 8.0})
      for (const auto& text : texts)
        for (int tenth = 250; tenth <= 600; tenth += 5) {
          const double w = tenth / 10.0;
          TextStyle s;
          s.family = "BIZ UDGothic";
          s.size_pt = size;
          s.min_size_pt = size;
          s.align = align;
          const TextBlock b = fit_text(engine, text, s, {w, 300}, fonts);
          ++layouts;
          const auto lines = layout_lines(b.layout());
          lines_total += static_cast<long>(lines.size());
          ragged += b.paragraph.set_ragged;
          for (double g : b.paragraph.gaps_em) loose += g > 0.1 + 1e-9;
          bool bad = false;
          for (size_t l = 0; l + 1 < lines.size(); ++l) {
            const std::u32string a = chars(lines[l]), c = chars(lines[l + 1]);
            if (a.empty() || c.empty()) continue;
            const int sa = script(a.back());
            if (sa != 1 && sa != 2) continue;
            if (script(c.front()) != sa) continue;
            const int left = run(a, true, sa), right = run(c, false, sa);
            if (std::min(left, right) == 1) {
              ++pieces;
              bad = true;
            }
          }
          if (lines.size() > 1 && letters(chars(lines.back())) <= 2) {
            ++shorts;
            bad = true;
          }
          if (dump && (bad || all)) {
            std::printf("%.1f pt %.1f mm %s%s:", size, w,
                        align == TextAlign::justify ? "justified" : "left",
                        !b.paragraph.set_ragged            ? ""
                        : b.paragraph.ragged_break.empty() ? " (ragged: loose)"
                                                           : " (ragged: breaks)");
            for (const auto& l : lines) std::printf(" [%s]", l.c_str());
            for (double g : b.paragraph.gaps_em) std::printf(" %.3f", g);
            std::printf("\n");
          }
        }
    std::printf("%-10s %8ld %8ld %8ld %8ld %8ld %8ld\n",
                align == TextAlign::justify ? "justified" : "left", layouts, pieces, shorts, ragged,
                loose, lines_total);
  }
  return 0;
}
