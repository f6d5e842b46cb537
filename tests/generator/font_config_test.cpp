// The generator's fonts do not depend on what else is installed: the text
// engine draws only with the files of the families it was given, so a machine
// with more fonts (fonts-noto-cjk on most Japanese desktops) lays out, checks
// and prints exactly as a bare one.
#include <algorithm>
#include <catch2/catch.hpp>

#include "../font_machines.h"
#include "generator/text/text_block.h"

using namespace bocage;
using namespace bocage::test;

namespace {

const std::set<std::string> kFonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};

TextStyle style() {
  TextStyle s;
  s.family = "BIZ UDGothic";
  s.latin_family = "BIZ UDPGothic";
  s.size_pt = 9;
  s.min_size_pt = 9;
  return s;
}

/// Everything a layout decides, glyph by glyph: font, glyph, position.
std::string describe(PangoLayout* layout) {
  std::string out;
  PangoLayoutIter* it = pango_layout_get_iter(layout);
  do {
    PangoLayoutRun* run = pango_layout_iter_get_run_readonly(it);
    if (!run) {
      out += "|\n";
      continue;
    }
    PangoFontDescription* desc = pango_font_describe(run->item->analysis.font);
    char* name = pango_font_description_to_string(desc);
    out += name;
    g_free(name);
    pango_font_description_free(desc);
    out += " @" + std::to_string(pango_layout_iter_get_run_baseline(it)) + ":";
    for (int i = 0; i < run->glyphs->num_glyphs; ++i) {
      const PangoGlyphInfo& g = run->glyphs->glyphs[i];
      out += " " + std::to_string(g.glyph) + "/" + std::to_string(g.geometry.width) + "/" +
             std::to_string(g.geometry.x_offset) + "/" + std::to_string(g.geometry.y_offset);
    }
    out += "\n";
  } while (pango_layout_iter_next_run(it));
  pango_layout_iter_free(it);
  return out;
}

std::string problems(const TextBlock& b) {
  std::string out;
  for (const auto& g : b.glyph_problems)
    out += codepoint_name(g.codepoint) + (g.font_family.empty() ? " none" : " " + g.font_family) +
           "\n";
  return out;
}

/// Texts that touch every font decision: mixed scripts (U+2005 between
/// them), bold, size, symbols, characters the BIZ UD fonts lack (a die face
/// and a knight, which DejaVu has; 𠮷, which Noto CJK has).
const std::vector<std::string> kTexts = {
    "攻撃力HP10の敵にM1ガーランドで射撃する。",
    "<b>太字</b>の<size 80%>小さな</size>文字、※①㉑「カード」→",
    "サイコロ⚃の目、𠮷野家の髙橋さん、騎士♞",
};

}  // namespace

TEST_CASE("a character the game's fonts lack is missing even when another installed font has it") {
  // DejaVu Sans (fontconfig's own dependency) has the die face ⚃; the engine
  // does not look at it.
  REQUIRE(system_has_char(U'⚃'));
  TextEngine engine;
  TextBlock b = fit_text(engine, "サイコロ⚃の目。𠮷野家。", style(), {60, 10}, kFonts);
  CHECK(problems(b) == "U+2683 none\nU+20BB7 none\n");
  TextBlock clean = fit_text(engine, "攻撃力HP10の敵、M1ガーランド。", style(), {60, 10}, kFonts);
  CHECK(problems(clean).empty());
}

TEST_CASE("a game's font is known by its file, under any of its names, in any locale") {
  // fontconfig names a family in the language of LANG: Pango reports "BIZ
  // UDPゴシック" on a Japanese desktop. A game may name its fonts either way.
  TextEngine engine;
  const std::string text = "攻撃力HP10の敵、M1ガーランド。";
  for (const std::set<std::string>& names :
       {std::set<std::string>{"BIZ UDGothic", "BIZ UDPGothic"},
        std::set<std::string>{"BIZ UDゴシック", "BIZ UDPゴシック"},
        std::set<std::string>{"BIZ UDゴシック", "BIZ UDPGothic"}}) {
    INFO(*names.begin());
    CHECK(problems(fit_text(engine, text, style(), {60, 10}, names)).empty());
  }
  // A glyph from a font outside the game's is named by the font's English
  // name, whatever the locale: the report is the same on every machine.
  TextStyle mincho = style();
  mincho.family = mincho.latin_family = "BIZ UDMincho";
  CHECK(problems(fit_text(engine, "敵", mincho, {60, 10}, {"BIZ UDGothic"})) ==
        "U+6575 BIZ UDMincho\n");
}

TEST_CASE("the quarter-em space is the game font's own space set a quarter em wide") {
  // No BIZ UD font has U+2005; HarfBuzz draws it with the font's space.
  TextEngine engine;
  // The font and the second glyph (id, width) of a one-run text at 10 pt.
  auto second_glyph = [&](const char* text) {
    PangoLayout* l = engine.new_layout();
    pango_layout_set_text(l, text, -1);
    set_layout_font(l, "BIZ UDGothic", false, 10);
    CHECK(pango_layout_get_unknown_glyphs_count(l) == 0);
    GSList* runs = pango_layout_get_line_readonly(l, 0)->runs;
    REQUIRE(runs);
    auto* run = static_cast<PangoLayoutRun*>(runs->data);
    REQUIRE(run->glyphs->num_glyphs == 3);
    std::string out = font_family_name(run->item->analysis.font);
    const PangoGlyphInfo& g = run->glyphs->glyphs[1];
    out += " " + std::to_string(g.glyph) + " " + std::to_string(g.geometry.width);
    g_object_unref(l);
    return out;
  };
  // The space glyph, a half em wide; the same glyph a quarter em wide (2.5 pt).
  CHECK(second_glyph("あ あ") == "BIZ UDGothic 2 5120");
  CHECK(second_glyph("あ\u2005あ") == "BIZ UDGothic 2 2560");
}

TEST_CASE("bold text in a family without a bold face is emboldened") {
  // BIZ UDMincho has only a Regular face; the private configuration keeps
  // the system's synthetic emboldening for it.
  TextEngine engine;
  auto ink = [&](bool bold) {
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 200, 60);
    cairo_t* cr = cairo_create(surface);
    PangoLayout* l = engine.new_layout();
    pango_layout_set_text(l, "明朝体の太字", -1);
    set_layout_font(l, "BIZ UDMincho", bold, 30);
    pango_cairo_show_layout(cr, l);
    cairo_surface_flush(surface);
    long sum = 0;
    const unsigned char* data = cairo_image_surface_get_data(surface);
    for (int i = 0; i < cairo_image_surface_get_stride(surface) * 60; ++i) sum += data[i];
    g_object_unref(l);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return sum;
  };
  const long regular = ink(false), bold = ink(true);
  CHECK(regular > 0);
  CHECK(bold > regular * 1.15);
}

TEST_CASE("a deferred engine is the default engine, made once, and ends cleanly unused") {
  TextEngine eager;
  DeferredTextEngine deferred;
  const TextEngine& made = deferred.get();
  CHECK(&deferred.get() == &made);
  CHECK(made.font_files() == eager.font_files());
  for (const auto& text : kTexts) {
    INFO(text);
    const TextBlock a = fit_text(eager, text, style(), {60, 30}, kFonts);
    const TextBlock b = fit_text(made, text, style(), {60, 30}, kFonts);
    CHECK(describe(b.layout()) == describe(a.layout()));
  }
  { DeferredTextEngine unused; }  // its thread joined, nothing made
}

TEST_CASE("the engine's fonts are exactly the files of the families it was given") {
  TextEngine engine;
  std::vector<std::string> expected;
  for (const char* family : {"BIZ UDGothic", "BIZ UDMincho", "BIZ UDPGothic"})
    for (const auto& f : system_files_of(family)) expected.push_back(f);
  std::sort(expected.begin(), expected.end());
  REQUIRE_FALSE(expected.empty());
  CHECK(engine.font_files() == expected);

  // A game's own family is added once checked; an unknown one is not.
  CHECK_FALSE(engine.has_family("No Such Font"));
  CHECK(engine.font_files() == expected);
  REQUIRE(engine.has_family("BIZ UDPMincho"));
  const auto pmincho = system_files_of("BIZ UDPMincho");
  REQUIRE(pmincho.size() == 1);
  auto files = engine.font_files();
  CHECK(std::count(files.begin(), files.end(), pmincho[0]) == 1);
  CHECK(files.size() == expected.size() + 1);
  TextStyle s = style();
  s.family = s.latin_family = "BIZ UDPMincho";
  TextBlock b = fit_text(engine, "明朝体", s, {60, 10}, {"BIZ UDPMincho"});
  CHECK(problems(b).empty());
  // Its localized name finds the same font.
  CHECK(engine.has_family("BIZ UDP明朝"));
  CHECK(engine.font_files().size() == expected.size() + 1);
}

TEST_CASE(
    "horizontal and vertical layout and glyph checks are the same with another font installed") {
  // The other machine: the system's fonts plus a folder with another font,
  // which fontconfig offers for Japanese text right after the family named,
  // before any other (as fonts-noto-cjk's rules offer Noto CJK).
  ExtraFontMachine other;
  REQUIRE(other.ok());
  REQUIRE(other.has_char(U'⚃'));  // it could draw the die face...
  TextEngine plain;
  TextEngine crowded(std::vector<std::string>{"BIZ UDGothic", "BIZ UDMincho", "BIZ UDPGothic"},
                     other.config());
  CHECK(crowded.font_files() == plain.font_files());

  for (const auto& text : kTexts) {
    INFO(text);
    for (bool vertical : {false, true}) {
      TextStyle s = style();
      s.vertical = vertical;
      TextBlock a = fit_text(plain, text, s, {40, 40}, kFonts);
      TextBlock b = fit_text(crowded, text, s, {40, 40}, kFonts);
      CHECK(problems(a) == problems(b));  // ...but is never asked to
      CHECK(a.size_pt == b.size_pt);
      CHECK(a.width_mm == b.width_mm);
      CHECK(a.height_mm == b.height_mm);
      if (vertical) {
        REQUIRE(a.vertical->cells.size() == b.vertical->cells.size());
        for (size_t i = 0; i < a.vertical->cells.size(); ++i)
          if (a.vertical->cells[i].layout)
            CHECK(describe(a.vertical->cells[i].layout.get()) ==
                  describe(b.vertical->cells[i].layout.get()));
      } else {
        CHECK(describe(a.layout()) == describe(b.layout()));
      }
    }
  }
  TextStyle mincho = style();
  mincho.family = "BIZ UDMincho";
  TextBlock a = fit_text(plain, kTexts[1], mincho, {40, 40}, kFonts);
  TextBlock b = fit_text(crowded, kTexts[1], mincho, {40, 40}, kFonts);
  CHECK(describe(a.layout()) == describe(b.layout()));
}

TEST_CASE("the engine takes its fonts as the system's configuration lists them") {
  // A configuration that lists BIZ UDGothic's regular file under another
  // family name: the engine uses the face as listed (fontconfig's cache),
  // without scanning the file again, which would find it "BIZ UDGothic".
  FcConfig* system = FcConfigCreate();
  FcConfigBuildFonts(system);
  FcFontSet* listed = FcConfigGetFonts(system, FcSetSystem);
  REQUIRE(listed);
  const auto files = system_files_of("BIZ UDGothic");
  REQUIRE_FALSE(files.empty());
  FcFontSet* machine = FcConfigGetFonts(FcConfigGetCurrent(), FcSetSystem);
  REQUIRE(machine);
  for (int i = 0; i < machine->nfont; ++i) {
    FcChar8* file = nullptr;
    int weight = 0;
    if (FcPatternGetString(machine->fonts[i], FC_FILE, 0, &file) != FcResultMatch ||
        std::find(files.begin(), files.end(), reinterpret_cast<const char*>(file)) == files.end() ||
        FcPatternGetInteger(machine->fonts[i], FC_WEIGHT, 0, &weight) != FcResultMatch ||
        weight != FC_WEIGHT_REGULAR)
      continue;
    FcPattern* face = FcPatternDuplicate(machine->fonts[i]);
    FcPatternDel(face, FC_FAMILY);
    FcPatternDel(face, FC_FAMILYLANG);
    FcPatternAddString(face, FC_FAMILY, reinterpret_cast<const FcChar8*>("Cached Gothic"));
    FcFontSetAdd(listed, face);
  }
  REQUIRE(listed->nfont == 1);
  TextEngine engine(std::vector<std::string>{"Cached Gothic"}, system);
  FcConfigDestroy(system);  // the engine keeps its own reference
  REQUIRE(engine.font_files().size() == 1);
  PangoLayout* l = engine.new_layout();
  pango_layout_set_text(l, "攻撃力", -1);
  set_layout_font(l, "Cached Gothic", false, 10);
  CHECK(pango_layout_get_unknown_glyphs_count(l) == 0);
  const std::string laid_out = describe(l);
  g_object_unref(l);
  CHECK(laid_out.rfind("Cached Gothic ", 0) == 0);
}
