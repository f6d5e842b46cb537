// toml++'s syntax errors in both languages (core/toml_syntax.h): the English
// as toml++ wrote it, its usual forms in Japanese, file:line:col kept.
#include "core/toml_syntax.h"

#include <catch2/catch.hpp>

#include "../scratch_dir.h"
#include "core/toml_file.h"

using namespace bocage;
using bocage::test::ScratchDir;

TEST_CASE("toml++'s usual syntax errors are said in Japanese, its English kept") {
  Text t = toml_syntax_text("Error while parsing key-value pair: expected value, saw '\\n'");
  CHECK(t.en == "TOML syntax error: Error while parsing key-value pair: expected value, saw '\\n'");
  CHECK(t.ja == "TOML の構文エラー: キーと値の組: 値が来るべき所に改行があります");
  CHECK(toml_syntax_text("Error while parsing key-value pair: expected '=', saw 'b'").ja ==
        "TOML の構文エラー: キーと値の組: 「=」が来るべき所に「b」があります");
  CHECK(toml_syntax_text("Error while parsing array: encountered end-of-file").ja ==
        "TOML の構文エラー: 配列の途中でファイルが終わっています");
  CHECK(
      toml_syntax_text("Error while parsing table header: cannot redefine existing table 't'").ja ==
      "TOML の構文エラー: テーブルの見出し: 「t」はすでに定義されています");
  CHECK(toml_syntax_text("Error while parsing date: expected month between 1 and 12 (inclusive), "
                         "saw 13")
            .ja ==
        "TOML の構文エラー: 日付: 月は 1 から 12 まででなければなりません（13 になっています）");
  CHECK(toml_syntax_text("Error while parsing inline table: expected key-value pair, saw closing "
                         "'}' (dangling comma)")
            .ja ==
        "TOML の構文エラー: インラインテーブル: "
        "キーと値の組が来るべき所に「}」（余分な「,」の後）があります");
  CHECK(toml_syntax_text("Error while parsing string: unknown escape sequence '\\q'").ja ==
        "TOML の構文エラー: 文字列: 「\\q」は使えないエスケープです");
  // A form the catalog does not know: a Japanese context, toml++'s words.
  CHECK(toml_syntax_text("Error while parsing string: something new").ja ==
        "TOML の構文エラー: 文字列: something new");
  CHECK(toml_syntax_text("no context at all").ja == "TOML の構文エラー: no context at all");
}

TEST_CASE("a TOML syntax error keeps file:line:col in both languages") {
  ScratchDir s(std::vector<std::pair<std::string, std::string>>{{"bad.toml", "a = 1\nb = \n"}});
  Diagnostics diags;
  CHECK_FALSE(parse_toml_file(s.root / "bad.toml", diags));
  const std::string ja = diags.format_all(Lang::ja);
  const std::string en = diags.format_all(Lang::en);
  CHECK_THAT(ja, Catch::Contains("bad.toml:2:5: error: TOML の構文エラー: キーと値の組: "
                                 "値が来るべき所に改行があります [data/toml-syntax]"));
  CHECK_THAT(en, Catch::Contains("bad.toml:2:5: error: TOML syntax error: Error while parsing "
                                 "key-value pair: expected value, saw '\\n' [data/toml-syntax]"));
}
