#include "companion/text/input_text.h"

#include <catch2/catch.hpp>

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
