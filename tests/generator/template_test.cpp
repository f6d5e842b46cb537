#include "generator/layout/template.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "../diagnostic_matchers.h"

using namespace bocage;
namespace fs = std::filesystem;

namespace {

/// A scratch templates folder with the given files.
struct Scratch {
  fs::path root;
  explicit Scratch(std::initializer_list<std::pair<std::string, std::string>> files) {
    root = fs::temp_directory_path() /
           ("bocage-templates-" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::remove_all(root);
    for (const auto& [name, text] : files) {
      fs::create_directories((root / name).parent_path());
      std::ofstream(root / name) << text;
    }
  }
  ~Scratch() { fs::remove_all(root); }
};

}  // namespace

TEST_CASE("extends draws the parent's elements first and inherits the background") {
  Scratch s({{"base.toml",
              "[template]\nbackground = \"#ff0000\"\n[[element]]\nkind = \"rect\"\nbox = [0, 0, "
              "10, 10]\n"},
             {"child.toml",
              "[template]\nextends = \"base\"\n[[element]]\nkind = \"circle\"\ncenter = [5, "
              "5]\nradius = 2\n"}});
  Diagnostics diags;
  TemplateLibrary lib(s.root, diags);
  const Template* t = lib.get("child", {});
  INFO(diags.format_all());
  REQUIRE(t);
  REQUIRE(t->elements.size() == 2);
  CHECK(t->elements[0].kind == ElementKind::rect);
  CHECK(t->elements[1].kind == ElementKind::circle);
  CHECK(t->background.r == 1);
  CHECK(diags.empty());
}

TEST_CASE("template errors give positions and hints") {
  Scratch s({{"bad.toml",
              "[template]\n"
              "[[element]]\n"
              "kind = \"txt\"\n"
              "[[element]]\n"
              "kind = \"text\"\n"
              "box = [0, 0, 10]\n"
              "text = \"x\"\n"
              "size = 9\n"
              "colour = \"#000\"\n"
              "[[element]]\n"
              "kind = \"rect\"\n"
              "box = [0, 0, 5, 5]\n"
              "fill = \"red\"\n"},
             {"loop-a.toml", "[template]\nextends = \"loop-b\"\n"},
             {"loop-b.toml", "[template]\nextends = \"loop-a\"\n"}});
  Diagnostics diags;
  TemplateLibrary lib(s.root, diags);
  lib.get("bad", {});
  bocage::test::require_diagnostic(diags, "template/unknown-kind", "bad.toml", 3, 8,
                                   "unknown element kind 'txt'");
  bocage::test::require_diagnostic(diags, "data/wrong-type", "bad.toml", 6, 7,
                                   "'box' in [[element]] #2");
  bocage::test::require_diagnostic(diags, "data/unknown-key", "bad.toml", 9, 1,
                                   "unknown key 'colour'");
  CHECK(bocage::test::find_code(diags, "data/unknown-key")->hint.en == "did you mean 'color'?");
  bocage::test::require_diagnostic(diags, "template/bad-color", "bad.toml", 13, 8,
                                   "'red' is not a colour");
  Diagnostics loop;
  TemplateLibrary lib2(s.root, loop);
  CHECK(lib2.get("loop-a", {}) == nullptr);
  REQUIRE(bocage::test::find_code(loop, "template/extends-cycle"));
}

TEST_CASE("colours are read in every documented form") {
  CHECK(parse_color("#fff")->r == 1);
  CHECK(parse_color("#336699")->b == Approx(0.6));
  CHECK(parse_color("#00000080")->a == Approx(128 / 255.0));
  CHECK_FALSE(parse_color("none")->set);
  CHECK_FALSE(parse_color("blue"));
  CHECK_FALSE(parse_color("#12"));
}
