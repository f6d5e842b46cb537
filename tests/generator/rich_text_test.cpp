#include "generator/text/rich_text.h"

#include <catch2/catch.hpp>

using namespace bocage;

namespace {

std::string slice(const RichText& rt, TextRange r) {
  return rt.text.substr(r.start, r.end - r.start);
}

}  // namespace

TEST_CASE("inline markup becomes plain text with ranges") {
  RichText rt = parse_rich_text(
      "<b>太字</b>と<color #c00>赤</color>と<size 80%>小</size>と<nobr>分けない</nobr><br>次");
  CHECK(rt.text == "太字と赤と小と分けない\n次");
  REQUIRE(rt.styles.size() == 4);
  CHECK(rt.styles[0].kind == StyleRange::Kind::bold);
  CHECK(slice(rt, rt.styles[0].range) == "太字");
  CHECK(rt.styles[1].kind == StyleRange::Kind::color);
  CHECK(rt.styles[1].color.r == Approx(0.8));
  CHECK(slice(rt, rt.styles[1].range) == "赤");
  CHECK(rt.styles[2].scale == Approx(0.8));
  CHECK(rt.styles[3].kind == StyleRange::Kind::nobr);
  CHECK(slice(rt, rt.styles[3].range) == "分けない");
  CHECK(rt.errors.empty());
}

TEST_CASE("ruby in Aozora Bunko notation, with and without the base mark") {
  RichText marked = parse_rich_text("｜擲弾《てきだん》を投げる");
  CHECK(marked.text == "擲弾を投げる");
  REQUIRE(marked.rubies.size() == 1);
  CHECK(slice(marked, marked.rubies[0].base) == "擲弾");
  CHECK(marked.rubies[0].reading == "てきだん");
  RichText kanji = parse_rich_text("大勢の聴衆《ちょうしゅう》の前で");
  REQUIRE(kanji.rubies.size() == 1);
  CHECK(slice(kanji, kanji.rubies[0].base) == "聴衆");  // the kanji run before 《, not の
  RichText katakana = parse_rich_text("｜ＡＴ《エーティー》カード");
  CHECK(slice(katakana, katakana.rubies[0].base) == "ＡＴ");
  RichText none = parse_rich_text("かな《かな》");
  CHECK(none.rubies.empty());
  CHECK(none.text == "かな《かな》");
}

TEST_CASE("a ruby inside a ruby's reading is refused, not printed garbled") {
  RichText nested = parse_rich_text("｜擲弾《｜て《き》だん》を投げる");
  REQUIRE(nested.errors.size() == 1);
  CHECK_THAT(nested.errors[0].en, Catch::Contains("a ruby inside a ruby's reading"));
  CHECK(nested.rubies.empty());
  RichText opened = parse_rich_text("擲弾《て《き》");
  CHECK(opened.errors.size() == 1);
  // A plain ruby after it is still read.
  CHECK(parse_rich_text("｜擲弾《てきだん》と｜敵陣《てきじん》").errors.empty());
}

TEST_CASE("inline icons only for names that are icons") {
  auto is_icon = [](const std::string& n) { return n == "AT" || n == "L"; };
  RichText rt = parse_rich_text("対戦車:AT:と:L:、時刻10:30、:nope:", is_icon);
  CHECK(rt.text == "対戦車\xEF\xBF\xBCと\xEF\xBF\xBC、時刻10:30、:nope:");
  REQUIRE(rt.icons.size() == 2);
  CHECK(rt.icons[0].name == "AT");
  CHECK(rt.text.compare(rt.icons[1].index, 3, "\xEF\xBF\xBC") == 0);
}

TEST_CASE("markup mistakes are reported and the text kept") {
  // Each mistake is said in both languages, naming the tag.
  auto says = [](const char* markup, std::vector<std::pair<std::string, std::string>> ja_en) {
    const RichText rt = parse_rich_text(markup);
    INFO(markup);
    REQUIRE(rt.errors.size() == ja_en.size());
    for (size_t i = 0; i < ja_en.size(); ++i) {
      CHECK(rt.errors[i].ja == ja_en[i].first);
      CHECK(rt.errors[i].en == ja_en[i].second);
    }
  };
  says("<b>開いたまま", {{"<b> が閉じられていません", "<b> is never closed"}});
  says("閉じる</b>", {{"</b> に対応する <b> がありません", "</b> without <b>"}});
  says("<b><size 80%>x</b></size>", {{"</b> が、まだ閉じていない <size> より先にあります",
                                      "</b> closes <size>, which is still open"}});
  says("<size huge>x</size>", {{"<size huge>: 大きさは <size 80%> のように書きます",
                                "<size huge>: expected a size such as <size 80%>"}});
  says("<color teal-ish>x</color>", {{"<color teal-ish>: 色は <color #c00> のように書きます",
                                      "<color teal-ish>: expected a colour such as <color #c00>"}});
  // As other tools write them: one error that shows the form, not "</size> without <size>".
  says("<size=80%>x</size>", {{"<size=80%>: 大きさは <size 80%> のように書きます",
                               "<size=80%>: expected a size such as <size 80%>"}});
  says("<color=#c00>x</color>", {{"<color=#c00>: 色は <color #c00> のように書きます",
                                  "<color=#c00>: expected a colour such as <color #c00>"}});
  says("｜擲弾《てきだん",
       {{"《 に対応する 》 がありません（ルビは ｜親文字《よみ》 と書きます）",
         "《 without 》 (ruby is written ｜base《reading》)"},
        {"｜ の後に 《よみ》 がありません", "｜ without 《reading》 after it"}});
  RichText lt = parse_rich_text("1 < 2 <unknown>");
  CHECK(lt.text == "1 < 2 <unknown>");
  CHECK(lt.errors.empty());
}

TEST_CASE("inserting text moves the ranges behind it") {
  RichText rt = parse_rich_text("<b>AB</b>CD");
  rt.insert(2, "x");  // at the end of the bold range: it does not grow
  CHECK(rt.text == "ABxCD");
  CHECK(rt.styles[0].range.end == 2);
  rt.insert(0, "y");  // at its start: it moves
  CHECK(rt.styles[0].range.start == 1);
  CHECK(rt.styles[0].range.end == 3);
}
