// The message catalogs: formatting, the pattern syntax, every shipped
// catalog's two languages, and bocage-msgc's errors on a bad catalog.
#include "core/message_catalog.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../run_command.h"
#include "../scratch_dir.h"
#include "../text_helpers.h"
#include "bocage/msg/cli.h"
#include "bocage/msg/core.h"
#include "bocage/msg/engine.h"
#include "bocage/msg/ep.h"
#include "bocage/msg/gen.h"
#include "bocage/msg/help.h"
#include "bocage/msg/play.h"
#include "bocage/msg/sim.h"
#include "bocage/msg/svz.h"
#include "bocage/msg/test.h"
#include "bocage/msg/toml_syntax.h"

using namespace bocage;
using bocage::test::contains;
using bocage::test::run_command;
using bocage::test::ScratchDir;
using bocage::test::slurp;
using Files = std::vector<std::pair<std::string, std::string>>;

TEST_CASE("a message is said in the language asked, its placeholders filled") {
  CHECK(tr(Lang::ja, msg::test::hexes_moved, "unit"_a = "M5", "count"_a = 3) ==
        "M5は3ヘクス移動した");
  CHECK(tr(Lang::en, msg::test::hexes_moved, "unit"_a = std::string("M5"), "count"_a = 3) ==
        "M5 moved 3 hexes");
  CHECK(tr(Lang::en, msg::test::hexes_moved, "count"_a = 1, "unit"_a = "M5") == "M5 moved one hex");
  CHECK(tr(Lang::en, msg::test::hexes_moved, "count"_a = 0, "unit"_a = "M5") == "M5 moved 0 hexes");
  CHECK(tr(Lang::ja, msg::test::no_placeholder) == "波括弧 { と } はそのまま");
  CHECK(tr(Lang::en, msg::test::new_) == "a new game");
}

TEST_CASE("a pattern's placeholders and its errors are found") {
  PatternInfo ok = inspect_pattern("{b} and {a|one|# others} and {b}, {{x}}");
  CHECK(ok.errors.empty());
  CHECK(ok.params == std::vector<std::string>{"a", "b"});
  CHECK(ok.plural_params == std::vector<std::string>{"a"});
  for (const char* bad :
       {"a { b", "{Name}", "{n|one}", "{n|one|two|three}", "x } y", "{n", "{n|{m}|x}", "{}"}) {
    INFO(bad);
    CHECK_FALSE(inspect_pattern(bad).errors.empty());
  }
}

namespace {
template <size_t N>
void check_catalog(const CatalogEntry (&catalog)[N]) {
  for (const CatalogEntry& e : catalog) {
    INFO(e.id);
    PatternInfo ja = inspect_pattern(e.ja), en = inspect_pattern(e.en);
    CHECK(ja.errors.empty());
    CHECK(en.errors.empty());
    CHECK(ja.params == en.params);
    CHECK_FALSE(e.ja.empty());
    CHECK_FALSE(e.en.empty());
  }
}
}  // namespace

TEST_CASE("every shipped catalog has both languages with the same placeholders") {
  check_catalog(msg::engine::catalog);
  check_catalog(msg::play::catalog);
  check_catalog(msg::sim::catalog);
  check_catalog(msg::svz::catalog);
  check_catalog(msg::ep::catalog);
  check_catalog(msg::test::catalog);
}

TEST_CASE("bocage-gen's catalogs core and gen have both languages with the same placeholders") {
  check_catalog(msg::core::catalog);
  check_catalog(msg::gen::catalog);
}

TEST_CASE("the command lines' catalogs cli, help and toml_syntax have both languages alike") {
  check_catalog(msg::cli::catalog);
  check_catalog(msg::help::catalog);
  check_catalog(msg::toml_syntax::catalog);
}

namespace {

/// The lines of C++ `source` holding a string literal with a byte >= 0x80
/// (Japanese, or any text that is not ASCII), as "LINE: literal". Comments
/// and character literals are skipped; raw strings count as literals.
std::vector<std::string> inline_texts(const std::string& source) {
  std::vector<std::string> found;
  int line = 1;
  size_t i = 0;
  const size_t n = source.size();
  auto advance = [&](size_t to) {
    for (; i < to && i < n; ++i) line += source[i] == '\n';
  };
  while (i < n) {
    const char c = source[i];
    if (source.compare(i, 2, "//") == 0) {
      advance(source.find('\n', i));
    } else if (source.compare(i, 2, "/*") == 0) {
      size_t end = source.find("*/", i + 2);
      advance(end == std::string::npos ? n : end + 2);
    } else if (c == '\'') {
      size_t j = i + 1;
      while (j < n && source[j] != '\'' && source[j] != '\n') j += source[j] == '\\' ? 2 : 1;
      advance(j + 1);
    } else if (c == '"' || (c == 'R' && i + 1 < n && source[i + 1] == '"')) {
      const int at = line;
      size_t start = i, end;
      if (c == 'R') {  // R"delim( ... )delim"
        size_t open = source.find('(', i + 2);
        std::string close = ")" + source.substr(i + 2, open - i - 2) + "\"";
        end = source.find(close, open);
        end = end == std::string::npos ? n : end + close.size();
      } else {
        end = i + 1;
        while (end < n && source[end] != '"' && source[end] != '\n')
          end += source[end] == '\\' ? 2 : 1;
        end = std::min(end + 1, n);
      }
      const std::string literal = source.substr(start, end - start);
      for (unsigned char b : literal)
        if (b >= 0x80) {
          found.push_back(std::to_string(at) + ": " + literal);
          break;
        }
      advance(end);
    } else {
      advance(i + 1);
    }
  }
  return found;
}

}  // namespace

TEST_CASE("the source scan finds text in string literals, not in comments") {
  CHECK(inline_texts("// \"撃破\" in a comment\n/* \"撃破\" */ int x = 'a';\n").empty());
  CHECK(inline_texts("f(\"ascii\", '\\'', \"a \\\" quote\");\n").empty());
  CHECK(inline_texts("f(\"ok\");\nsay(\"撃破！\");  // done\n") ==
        std::vector<std::string>{"2: \"撃破！\""});
  CHECK(inline_texts("s = R\"x(ok)\n\"撃破\")x\";\n").size() == 1);
  CHECK(inline_texts("t = \" · \";\n").size() == 1);  // any byte >= 0x80, not just kana
}

namespace {

/// The C++ files below `folder` (of the source tree) holding text in a
/// string literal, each reported; how many files were read.
int check_no_inline_text(const std::string& folder, const char* catalog) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(BOCAGE_TEST_SOURCE_ROOT) / folder;
  REQUIRE(fs::is_directory(root));
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const auto ext = entry.path().extension();
    if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
    ++files;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    for (const auto& hit : inline_texts(text.str()))
      FAIL_CHECK(entry.path().string() << ":" << hit << "\n  (move it to " << catalog << ")");
  }
  return files;
}

}  // namespace

TEST_CASE("no message of the companion is written inline: every text is in a catalog") {
  CHECK(check_no_inline_text("companion", "the module's messages.toml") > 20);
}

TEST_CASE("the words a sheet prints are in the generator's catalog, not in its C++") {
  // Page labels, the duplex notes, the ruler's caption, full size and
  // overlap, the symbols' joiner (generator/messages.toml, print-*).
  for (const char* folder : {"generator/assemble", "generator/sheets", "generator/layout"})
    CHECK(check_no_inline_text(folder, "generator/messages.toml") > 2);
}

TEST_CASE("bocage-msgc refuses a bad catalog with file, line and column, and writes nothing") {
  struct Case {
    const char* toml;
    const char* where;
    const char* what;
  };
  const Case cases[] = {
      {"[a]\nja = \"x\"\n", "m.toml:1:1", "has no en text"},
      {"[a]\nja = \"{n}個\"\nen = \"{count} items\"\n", "m.toml:1:1",
       "placeholders n, the English text count"},
      {"[a]\nja = \"x\"\nen = \"{n|one}\"\n", "m.toml:3:6", "two forms"},
      {"[a]\nja = \"x\"\nen = \"y\"\nfr = \"z\"\n", "m.toml:4:1", "unknown key 'fr'"},
      {"[Bad_Id]\nja = \"x\"\nen = \"y\"\n", "m.toml:1:2", "message id 'Bad_Id'"},
      {"[a]\nja = \"x\"\nen = 3\n", "m.toml:3:6", "must be a string"},
      {"[a]\nja = \"x\nen = \"y\"\n", "m.toml:2:", ""},
      {"[a]\nja = \"\"\nen = \"y\"\n", "m.toml:2:6", "1 to 4000 bytes"},
      {"[a-b]\nja = \"x\"\nen = \"y\"\n[a_b]\nja = \"x\"\nen = \"y\"\n", "m.toml:", "message id"},
      {"a = \"x\"\n", "m.toml:1:5", "must be a table"},
  };
  for (const Case& c : cases) {
    INFO(c.toml);
    ScratchDir dir(Files{{"m.toml", c.toml}});
    auto r = run_command("cd '" + dir.root.string() + "' && '" BOCAGE_MSGC "' test m.toml out.h");
    CHECK(r.status == 1);
    CHECK(contains(r.err, c.where));
    CHECK(contains(r.err, c.what));
    CHECK_FALSE(std::filesystem::exists(dir.root / "out.h"));
  }
  ScratchDir dir(Files{{"m.toml", "[a]\nja = \"x{n}\"\nen = \"{n|one|#}\"\n"}});
  auto r = run_command("cd '" + dir.root.string() + "' && '" BOCAGE_MSGC "' test m.toml out.h");
  CHECK(r.status == 0);
  CHECK(contains(slurp(dir.root / "out.h"), "inline constexpr Message<1> a{"));
}
