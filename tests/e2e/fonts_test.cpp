// End to end: bocage-gen prints and validates the same on a machine with more
// fonts (another font preferred for Japanese text, as fonts-noto-cjk is) as on
// a bare one.
#include <catch2/catch.hpp>
#include <map>

#include "../font_machines.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = BOCAGE_FIXTURES;

/// Every file under `dir`, by path relative to it, with its bytes.
std::map<std::string, std::string> files_under(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out[fs::relative(e.path(), dir).string()] = slurp(e.path());
  return out;
}

/// `text` with every `dir` replaced by OUT.
std::string without(std::string text, const fs::path& dir) {
  const std::string d = dir.string();
  for (size_t i; (i = text.find(d)) != std::string::npos;) text.replace(i, d.size(), "OUT");
  return text;
}

}  // namespace

TEST_CASE("build --all writes byte-identical PDFs with another font installed") {
  ExtraFontMachine other;
  REQUIRE(other.ok());
  ScopedEnv epoch("SOURCE_DATE_EPOCH", "1700000000");
  TempDir plain, crowded;
  RunResult a = run_gen("build --all " + kRoots + " --out '" + plain.path.string() + "'");
  INFO(a.err);
  REQUIRE(a.status == 0);
  RunResult b;
  {
    ScopedEnv fonts("FONTCONFIG_FILE", other.conf_file());
    b = run_gen("build --all " + kRoots + " --out '" + crowded.path.string() + "'");
  }
  INFO(b.err);
  REQUIRE(b.status == 0);
  CHECK(without(a.out, plain.path) == without(b.out, crowded.path));
  const auto pa = files_under(plain.path), pb = files_under(crowded.path);
  REQUIRE(pa.size() == pb.size());
  REQUIRE_FALSE(pa.empty());
  for (const auto& [name, bytes] : pa) {
    INFO(name);
    REQUIRE(pb.count(name));
    CHECK((bytes == pb.at(name)));
  }
  // Only the game's fonts are embedded (no font for U+2005, none from the other machine).
  for (const auto& [name, bytes] : pa) {
    if (fs::path(name).extension() != ".pdf") continue;
    for (const auto& f : probe_pdf(plain.path / name).fonts) {
      INFO(name << ": " << f.name);
      CHECK(f.name.find("BIZUD") != std::string::npos);
    }
  }
}

TEST_CASE("validation reports the same missing glyphs with another font installed") {
  ExtraFontMachine other;
  REQUIRE(other.ok());
  REQUIRE(other.has_char(U'♞'));  // the other machine could draw the knight
  const std::string args = "validate missing-glyph --data '" + kFixtures + "/bad' --templates '" +
                           kFixtures + "/templates'";
  RunResult a = run_gen(args);
  RunResult b;
  {
    ScopedEnv fonts("FONTCONFIG_FILE", other.conf_file());
    b = run_gen(args);
  }
  CHECK(a.status == 1);
  CHECK(b.status == a.status);
  CHECK(b.err == a.err);
  CHECK(a.err.find("'♞' (U+265E) has no glyph in the game's fonts") != std::string::npos);
}

TEST_CASE("the specimen's missing-glyph row is the same with another font installed") {
  ExtraFontMachine other;
  REQUIRE(other.ok());
  REQUIRE(other.has_char(U'⚃'));
  ScopedEnv epoch("SOURCE_DATE_EPOCH", "1700000000");
  TempDir out;
  const std::string templates = " --templates '" + kRoot + "/templates'";
  RunResult a = run_gen("specimen -o '" + (out.path / "plain.pdf").string() + "'" + templates);
  RunResult b;
  {
    ScopedEnv fonts("FONTCONFIG_FILE", other.conf_file());
    b = run_gen("specimen -o '" + (out.path / "crowded.pdf").string() + "'" + templates);
  }
  INFO(a.err << b.err);
  REQUIRE(a.status == 0);
  REQUIRE(b.status == 0);
  CHECK((slurp(out.path / "plain.pdf") == slurp(out.path / "crowded.pdf")));
  // 𠮷 (in Noto CJK) and ⚃ (in DejaVu Sans) are reported missing on both.
  const std::string text = probe_pdf(out.path / "plain.pdf").page_texts.at(0);
  CHECK(text.find("U+20BB7U+2683字形なしnoglyph") != std::string::npos);
}
