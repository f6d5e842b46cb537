#include "companion/text/input_text.h"

#include <catch2/catch.hpp>

#include "companion/engine/engine_words.h"
#include "companion/engine/vocabulary.h"
#include "companion/text/plain_name.h"

using namespace bocage;

TEST_CASE("input is read in NFKC: what a Japanese IME types reads as ASCII") {
  CHECK(nfkc("ｍｏｖｅ　０２０６") == "move 0206");
  CHECK(nfkc("２ｄ６") == "2d6");
  CHECK(nfkc("ｒｏｌｌ －－ ４") == "roll -- 4");
  CHECK(nfkc("士気") == "士気");  // Japanese text stays as it is
  CHECK(nfkc("ｶﾞ") == "ガ");      // half-width kana become full-width
  InputLine ok = normalize_input("ｓｈｏｏｔ　６");
  CHECK(ok.error.empty());
  CHECK(ok.text == "shoot 6");
}

TEST_CASE("input: too long, not UTF-8 or with control characters is refused with its column") {
  CHECK(normalize_input(std::string(4097, 'x')).error ==
        "the line is longer than 4096 bytes, the most that is read");
  CHECK(normalize_input(std::string(4096, 'x')).error.empty());
  CHECK(normalize_input("move \xff").error == "column 6: the byte \\xFF is not UTF-8 text");
  CHECK(normalize_input("士\xe5").error == "column 2: the byte \\xE5 is not UTF-8 text");
  CHECK(normalize_input(std::string("move 02\0"
                                    "06",
                                    10))
            .error == "column 8: a control character (U+0000 NUL) where text was expected");
  CHECK(normalize_input("\x1b[31m").error ==
        "column 1: a control character (U+001B ESC, the start of a terminal escape sequence) "
        "where text was expected");
  CHECK(normalize_input("a\u0085b").error.find("column 2: a control character (U+0085") == 0);
  CHECK(normalize_input("move\t0205").error.empty());  // a tab separates words
}

TEST_CASE("printable text never carries raw control bytes") {
  CHECK(printable("\x1b[2Jmove") == "\\x1B[2Jmove");
  CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(printable("\xff士") == "\\xFF士");
  CHECK(printable("a\u0085b") == "a\\u0085b");
  CHECK(printable("士気 2d6") == "士気 2d6");
}

TEST_CASE("display width: Japanese characters take two columns") {
  CHECK(display_width("2d6") == 3);
  CHECK(display_width("士気") == 4);
  CHECK(display_width("ｶ") == 1);
}

TEST_CASE("a printed name is shown and typed without its markup") {
  // Ruby, with ｜ or after a run of kanji: the base text; or its reading.
  CHECK(plain_name("｜擲弾筒《てきだんとう》班") == "擲弾筒班");
  CHECK(plain_name("擲弾筒《てきだんとう》班") == "擲弾筒班");
  CHECK(ruby_reading("｜擲弾筒《てきだんとう》班") == "てきだんとう班");
  CHECK(ruby_reading("小隊の擲弾筒《てきだんとう》") == "小隊のてきだんとう");
  CHECK(ruby_reading("擲弾筒班").empty());
  // Tags and icons go; a break is a space.
  CHECK(plain_name("バズーカ／<nobr>パンツァーファウスト</nobr>") ==
        "バズーカ／パンツァーファウスト");
  CHECK(plain_name("<b>準備</b><br>開始") == "準備 開始");
  CHECK(plain_name("<size 80%>小</size>さい") == "小さい");
  CHECK(plain_name(":star: カランタン") == "カランタン");
  // Text that only looks like markup stays.
  CHECK(plain_name("10:30:") == "10:30:");
  CHECK(plain_name("a < b") == "a < b");
  CHECK(plain_name("<unknown>") == "<unknown>");
  CHECK(plain_name("《》") == "");
  CHECK(plain_name("閉じない《るび") == "閉じない《るび");
  CHECK(plain_name("医者") == "医者");
}

TEST_CASE("a name with ruby is typed as its base or its reading, and shown without markup") {
  Vocabulary v;
  v.add({"grenadier", "｜擲弾筒《てきだんとう》班", "Grenadier squad", {}});
  v.add({"bazooka", "バズーカ／<nobr>パンツァーファウスト</nobr>", "Bazooka / Panzerfaust", {}});
  CHECK(v.resolve("擲弾筒班").id == std::optional<std::string>("grenadier"));
  CHECK(v.resolve("てきだんとう班").id == std::optional<std::string>("grenadier"));
  CHECK(v.resolve("バズーカ／パンツァーファウスト").id == std::optional<std::string>("bazooka"));
  CHECK(v.shown("grenadier", Lang::ja) == "擲弾筒班");
  CHECK(v.shown("bazooka", Lang::ja) == "バズーカ／パンツァーファウスト");
  CHECK(v.shown_list({"grenadier", "bazooka"}, Lang::ja).find('<') == std::string::npos);
}

TEST_CASE("the engine's commands by their printed names: 一手戻す 強制, 記録, キャンセル") {
  CHECK(engine_line("一手戻す") == "undo");
  CHECK(engine_line("戻す 強制 2") == "undo --force 2");
  CHECK(engine_line("記録 5") == "log 5");
  CHECK(engine_line("状況") == "status");
  CHECK(engine_line("履歴") == "history");
  CHECK(engine_line("ヘルプ 射撃") == "help 射撃");
  CHECK(engine_line("中断") == "quit");
  // Ids stay ids; a game's own command is left to the game; 強制 alone is no command.
  CHECK(engine_line("undo --force 1") == "undo --force 1");
  CHECK(engine_line("置く 医者") == "置く 医者");
  CHECK(engine_line("強制 1") == "強制 1");
  CHECK(engine_line("") == "");
  CHECK(is_cancel("キャンセル"));
  CHECK(is_cancel("ｷｬﾝｾﾙ"));
  CHECK(is_cancel("取り消す"));
  CHECK(is_cancel("CANCEL"));
  CHECK_FALSE(is_cancel("3"));
  CHECK(engine_word("undo", Lang::ja) == "一手戻す");
  CHECK(engine_word("--force", Lang::ja) == "強制");
  CHECK(engine_word("undo", Lang::en) == "undo");
}
