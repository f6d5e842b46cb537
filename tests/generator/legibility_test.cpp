// The ink of a fitted text (descenders, accents) against its extent, and the
// gap between the ink of neighbouring lines: what `validate` checks for
// layout/ink-outside-box and layout/lines-touch.
#include <catch2/catch.hpp>

#include "../default_engine.h"
#include "generator/text/text_block.h"

using namespace bocage;
using bocage::test::engine;

namespace {

const std::set<std::string> kFonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};

TextStyle style_for(const std::string& family, bool bold, bool title, double spacing) {
  TextStyle s;
  s.family = family;
  s.latin_family = "BIZ UDPGothic";
  s.bold = bold;
  s.title = title;
  s.size_pt = 9;
  s.min_size_pt = 9;
  s.line_spacing = spacing;
  return s;
}

/// The baseline of the block's last line, in mm from its top.
double last_baseline_mm(const TextBlock& b) {
  PangoLayoutIter* it = pango_layout_get_iter(b.layout());
  while (pango_layout_iter_next_line(it)) {
  }
  const double baseline = static_cast<double>(pango_layout_iter_get_baseline(it)) / PANGO_SCALE;
  pango_layout_iter_free(it);
  return pt_to_mm(baseline + b.paragraph.top_pt);
}

}  // namespace

TEST_CASE(
    "descenders and accents keep their ink inside the fitted text, in every role and leading") {
  const std::vector<std::string> texts = {"gjpqy ÀÉÇ Åg", "Squad strength gjpqy",
                                          "補給 gjpqy ÀÉÇ Åg 撃破", "Åg\ngjpqy ÀÉÇ"};
  for (const std::string family : {"BIZ UDGothic", "BIZ UDMincho", "BIZ UDPGothic"})
    for (bool bold : {false, true})
      for (bool title : {false, true})
        for (double spacing : {0.0, 1.15, 1.2, 1.25, 1.3, 1.4, 1.5})
          for (const auto& text : texts) {
            INFO(family << (bold ? " bold" : "") << (title ? " title" : "") << " spacing "
                        << spacing << ": " << text);
            TextBlock b =
                fit_text(engine(), text, style_for(family, bold, title, spacing), {60, 30}, kFonts);
            REQUIRE(b.fits);
            REQUIRE(b.ink.width > 0);
            // Inside the extent the block is fitted and aligned by (0.05 mm: accents
            // of capitals reach a hair above the line's top).
            CHECK(b.ink.x >= -0.05);
            CHECK(b.ink.right() <= b.width_mm + 0.05);
            CHECK(b.ink.y >= -0.05);
            CHECK(b.ink.bottom() <= b.height_mm + 0.05);
            // The tails of g, j, p, q, y are there: ink below the last baseline
            // (BIZ UD's Latin descenders reach 0.119 em, the fonts' whole descent).
            CHECK(b.ink.bottom() - last_baseline_mm(b) >= 0.1 * pt_to_mm(9));
            if (text.find('\n') != std::string::npos) CHECK(b.line_ink_gap_mm.has_value());
          }
}

TEST_CASE("the ink of solid-set Japanese lines nearly touches and a 1.5 leading keeps them apart") {
  const std::string text = "撃破できない撃破できない撃破できない撃破できない撃破できない";
  auto gap = [&](double spacing) {
    TextStyle s = style_for("BIZ UDGothic", false, false, spacing);
    s.size_pt = s.min_size_pt = 6.5;
    TextBlock b = fit_text(engine(), text, s, {30, 30}, kFonts);
    REQUIRE(b.line_count >= 2);
    REQUIRE(b.line_ink_gap_mm.has_value());
    return *b.line_ink_gap_mm;
  };
  CHECK(gap(0) < 0.2);
  CHECK(gap(1.5) > 0.6);
  // One line has no neighbour.
  TextBlock one =
      fit_text(engine(), "撃破", style_for("BIZ UDGothic", false, false, 0), {30, 30}, kFonts);
  CHECK_FALSE(one.line_ink_gap_mm.has_value());
}

TEST_CASE("a block knows which scripts it shows, for the legible sizes") {
  auto scripts = [&](const std::string& text) {
    TextBlock b =
        fit_text(engine(), text, style_for("BIZ UDGothic", false, false, 0), {60, 30}, kFonts);
    return std::make_pair(b.has_japanese, b.has_latin);
  };
  CHECK(scripts("撃破") == std::make_pair(true, false));
  CHECK(scripts("Fire") == std::make_pair(false, true));
  CHECK(scripts("射撃+2") == std::make_pair(true, true));
  CHECK(scripts("・？") == std::make_pair(false, false));
}

TEST_CASE("a block knows the smallest <size> each script is drawn at") {
  auto scales = [&](const std::string& text) {
    TextBlock b =
        fit_text(engine(), text, style_for("BIZ UDGothic", false, false, 0), {60, 30}, kFonts);
    return std::make_pair(b.japanese_scale, b.latin_scale);
  };
  CHECK(scales("撃破 Fire") == std::make_pair(1.0, 1.0));
  CHECK(scales("撃破 <size 85%>Fire</size>").second == Approx(0.85));
  CHECK(scales("<size 80%>撃破</size> Fire <size 120%>x</size>").first == Approx(0.8));
  CHECK(scales("<size 80%>撃破</size> Fire <size 120%>x</size>").second == Approx(1.0));
  // Nested spans multiply, as they are laid out; a span of signs counts for neither.
  const auto nested = scales("<size 90%>撃破<size 50%>a</size></size><size 10%>・</size>");
  CHECK(nested.first == Approx(0.9));
  CHECK(nested.second == Approx(0.45));
}

TEST_CASE("a block's ink is placed in its box as it is drawn") {
  TextBlock b =
      fit_text(engine(), "gjpqy", style_for("BIZ UDPGothic", false, false, 0), {60, 30}, kFonts);
  const RectMm box{10, 20, 60, 30};
  const RectMm top = text_block_ink(b, box, TextVAlign::top);
  const RectMm bottom = text_block_ink(b, box, TextVAlign::bottom);
  CHECK(top.y == Approx(20 + b.ink.y));
  CHECK(bottom.bottom() == Approx(50 - b.height_mm + b.ink.bottom()));
  CHECK(bottom.bottom() <= 50 + 0.05);
}
