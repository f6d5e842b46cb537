#include "generator/text/word_breaks.h"

#include <catch2/catch.hpp>
#include <thread>

using namespace bocage;

namespace {

std::vector<std::string> words(const std::string& s) {
  auto b = title_break_points(s);
  std::vector<std::string> out;
  for (size_t i = 1; i < b.size(); ++i) out.push_back(s.substr(b[i - 1], b[i] - b[i - 1]));
  return out;
}

}  // namespace

TEST_CASE("titles break between words found by ICU's dictionary") {
  CHECK(words("ブローニングオートマチックライフル") ==
        std::vector<std::string>{"ブローニング", "オートマチック", "ライフル"});
  CHECK(words("トンプソンサブマシンガン").front() == "トンプソン");
  CHECK(words("ユンカース急降下爆撃機") ==
        std::vector<std::string>{"ユンカース", "急降下", "爆撃機"});
}

TEST_CASE("fragments that must not stand alone are joined to their word") {
  CHECK(words("M1ガーランドライフル") == std::vector<std::string>{"M1", "ガーランド", "ライフル"});
  CHECK(words("対戦車ライフル擲弾M9A1") ==
        std::vector<std::string>{"対戦車", "ライフル", "擲弾", "M9A1"});
  CHECK(words("占領された農家") == std::vector<std::string>{"占領された", "農家"});
  CHECK(words("ハッチに手榴弾を落とす") ==
        std::vector<std::string>{"ハッチに", "手榴弾を", "落とす"});
}

TEST_CASE("a body text's phrases: a compound's last kanji with its particle stays with it") {
  // ICU gives 一番|上の; 上の is the end of the compound 一番上, then its particle.
  const std::string text = "デッキの一番上のカードを表にする。";
  const auto starts = word_starts(text);
  const size_t ue = text.find("上の");
  CHECK(std::find(starts.begin(), starts.end(), ue) == starts.end());
  CHECK(std::find(starts.begin(), starts.end(), text.find("一番")) != starts.end());
  CHECK(std::find(starts.begin(), starts.end(), text.find("カード")) != starts.end());
}

TEST_CASE("ICU prepared on another thread, while this one segments, finds the same words") {
  const std::string text = "トンプソンサブマシンガンで機関銃チームを撃破する。";
  std::thread preparing(prepare_word_boundaries);
  const auto during = word_boundaries(text);
  preparing.join();
  const auto after = word_boundaries(text);
  CHECK(during == after);
  CHECK(during.size() > 4);
}
