// Times the typesetting layer alone: lays out and validates 10 000 card texts
// of 40-120 Japanese characters (mixed with Latin, digits, punctuation and
// ruby) in a 53 x 30 mm box, as bocage-gen does for a card's rule text.
//   build/bench/text_bench [COUNT]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "generator/text/text_block.h"

using namespace bocage;

namespace {

/// Deterministic texts built from phrases of real card rules.
std::vector<std::string> make_texts(size_t count) {
  const std::vector<std::string> phrases = {"このカードを捨て札にする。",
                                            "その後、カードを1枚引く。",
                                            "「ストップ」と言う。",
                                            "攻撃力HP10の敵を倒す。",
                                            "ATのGIカードはこのカードに対して使用できない。",
                                            "1回だけ攻撃を行い、それから捨て札になる。",
                                            "｜擲弾《てきだん》を投げる。",
                                            "弾薬ナンバーの合計が3以上なら撃破する。",
                                            "M1ガーランドで射撃する。",
                                            "損耗を負わせない。",
                                            "（補給フェイズに）",
                                            "……敵は撤退した。",
                                            "10%の確率で+3の修正。"};
  std::mt19937 rng(12345);
  std::vector<std::string> texts;
  for (size_t i = 0; i < count; ++i) {
    std::string t;
    size_t target = 40 + rng() % 81;  // characters
    while (g_utf8_strlen(t.c_str(), -1) < static_cast<long>(target))
      t += phrases[rng() % phrases.size()];
    texts.push_back(t);
  }
  return texts;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t count = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 10000;
  auto texts = make_texts(count);
  TextEngine engine;
  const std::set<std::string> fonts = {"BIZ UDGothic", "BIZ UDPGothic"};
  TextStyle style;
  style.family = "BIZ UDGothic";
  style.latin_family = "BIZ UDPGothic";
  style.size_pt = 8;
  style.min_size_pt = 5;
  style.align = TextAlign::justify;
  size_t fitted = 0, shrunk = 0, problems = 0;
  auto start = std::chrono::steady_clock::now();
  for (const auto& t : texts) {
    TextBlock b = fit_text(engine, t, style, {53, 30}, fonts);
    fitted += b.fits;
    shrunk += b.size_pt < style.size_pt;
    problems += b.glyph_problems.size();
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "%zu texts of 40-120 characters laid out and validated in %.2f s (%.0f us each): "
      "%zu fit, %zu shrunk, %zu glyph problems\n",
      count, seconds, seconds * 1e6 / static_cast<double>(count), fitted, shrunk, problems);
  return 0;
}
