// A laid-out text is drawn with fewer Cairo glyph operations than Pango's own
// renderer uses, and looks exactly the same: the same pixels, the same colours,
// its trimmed marks. (The e2e tests read the shipped PDFs' text with poppler.)
#include "generator/text/layout_drawing.h"

#include <cairo-pdf.h>
#include <cairo-script.h>
#include <pango/pangocairo.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "../default_engine.h"
#include "../text_helpers.h"
#include "generator/pdf/pdf_writer.h"
#include "generator/text/text_block.h"

using namespace bocage;
using bocage::test::engine;

namespace {

const std::set<std::string> kFonts = {"BIZ UDGothic", "BIZ UDPGothic", "BIZ UDMincho"};

/// A justified body text of several lines, as the cards' and sheets' texts
/// are: Latin words and digits among the Japanese (script spacing), commas
/// and full stops (trimmed and squeezed marks), a coloured word, and smaller
/// English words among them in loose leading (Pango shifts their runs).
TextBlock body() {
  TextStyle s;
  s.family = "BIZ UDGothic";
  s.size_pt = 9;
  s.min_size_pt = 9;
  s.align = TextAlign::justify;
  s.line_spacing = 1.35;
  TextBlock b =
      fit_text(engine(),
               "ATのパトロールカードは、ATのGIカード1枚で撃破できる。"
               "弾薬<size 80%>Ammo</size>か対戦車、<color #c00>どちらか</color>一方として使う。"
               "「射撃」フェイズに出す（1回だけ）。"
               "<size 80%>The squad is gone; all enemy squads gone: you win.</size>",
               s, {47, 60}, kFonts);
  REQUIRE(b.fits);
  REQUIRE(b.paragraph.line_count >= 4);
  // (47 mm: justified, its lines opened by gaps; at 45 mm a one-letter piece,
  // フェイ / ズ, now sets it ragged)
  REQUIRE_FALSE(b.paragraph.set_ragged);
  REQUIRE_FALSE(b.paragraph.gaps_em.empty());
  return b;
}

/// A bold heading on one line with a smaller English word, as on SQUAD's
/// cards: Pango lowers the small run (its y offset).
TextBlock heading() {
  TextStyle s;
  s.family = "BIZ UDGothic";
  s.size_pt = 9.5;
  s.min_size_pt = 7;
  s.bold = true;
  s.max_lines = 1;
  s.align = TextAlign::center;
  TextBlock b = fit_text(engine(), "回復ロール <size 80%>Rally</size>　+1", s, {53, 7}, kFonts);
  REQUIRE(b.fits);
  return b;
}

/// The text drawn at (2, 3) pt on a white image, 4 pixels a point.
std::vector<unsigned char> pixels(const std::function<void(cairo_t*)>& draw) {
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4 * 140, 4 * 190);
  cairo_t* cr = cairo_create(s);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_scale(cr, 4, 4);
  cairo_set_source_rgb(cr, 0.1, 0.2, 0.3);
  cairo_move_to(cr, 2, 3);
  draw(cr);
  cairo_destroy(cr);
  cairo_surface_flush(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  std::vector<unsigned char> out(data, data + cairo_image_surface_get_stride(s) * 4 * 190);
  cairo_surface_destroy(s);
  return out;
}

/// How many glyph operations `draw` makes, as Cairo's script surface records
/// them (one "show-glyphs" or "show-text-glyphs" each).
int glyph_operations(const std::function<void(cairo_t*)>& draw) {
  std::string script;
  cairo_device_t* device = cairo_script_create_for_stream(append_to_string, &script);
  cairo_surface_t* s = cairo_script_surface_create(device, CAIRO_CONTENT_COLOR_ALPHA, 200, 200);
  cairo_t* cr = cairo_create(s);
  cairo_move_to(cr, 2, 3);
  draw(cr);
  cairo_destroy(cr);
  cairo_surface_finish(s);
  cairo_surface_destroy(s);
  cairo_device_finish(device);
  cairo_device_destroy(device);
  return test::count(script, "show-glyphs") + test::count(script, "show-text-glyphs");
}

}  // namespace

TEST_CASE("a laid-out text looks exactly as Pango draws it, colours and trimmed marks included") {
  const TextBlock b = body();
  PangoLayout* layout = b.paragraph.layout.get();
  const auto ours = pixels([&](cairo_t* cr) { show_layout(cr, layout); });
  const auto pango = pixels([&](cairo_t* cr) { pango_cairo_show_layout(cr, layout); });
  CHECK(ours == pango);
  const TextBlock h = heading();
  PangoLayout* one = h.paragraph.layout.get();
  CHECK(pixels([&](cairo_t* cr) { show_layout(cr, one); }) ==
        pixels([&](cairo_t* cr) { pango_cairo_show_layout(cr, one); }));
  // Not a blank page: the caller's colour and the red word are both there.
  auto has = [&](int r, int g, int b) {  // within 2 of each channel (rounding)
    for (size_t i = 0; i + 3 < ours.size(); i += 4)
      if (std::abs(ours[i + 2] - r) <= 2 && std::abs(ours[i + 1] - g) <= 2 &&
          std::abs(ours[i] - b) <= 2)
        return true;
    return false;
  };
  CHECK(has(26, 51, 77));  // 0.1, 0.2, 0.3
  CHECK(has(204, 0, 0));   // #c00
}

TEST_CASE("a laid-out text takes fewer glyph operations than Pango's") {
  const TextBlock b = body();
  PangoLayout* layout = b.paragraph.layout.get();
  const int ours = glyph_operations([&](cairo_t* cr) { show_layout(cr, layout); });
  const int pango = glyph_operations([&](cairo_t* cr) { pango_cairo_show_layout(cr, layout); });
  INFO(ours << " against " << pango);
  CHECK(ours > 0);
  CHECK(ours * 3 <= pango * 2);
}

TEST_CASE("a text with a line or box Pango draws around its glyphs is left to Pango") {
  PangoLayout* layout = engine().new_layout();
  pango_layout_set_markup(layout, "<u>under</u>, <s>struck</s> and <span bgcolor='#ff0'>lit</span>",
                          -1);
  CHECK(pixels([&](cairo_t* cr) { show_layout(cr, layout); }) ==
        pixels([&](cairo_t* cr) { pango_cairo_show_layout(cr, layout); }));
  g_object_unref(layout);
}

TEST_CASE("a PDF page draws a text with the very fonts Pango laid it out with") {
  // Each glyph is then loaded and measured once, for the layout, and not
  // again for the page: the same Cairo font, its glyph cache shared.
  const TextBlock b = body();
  std::string pdf;
  cairo_surface_t* s = cairo_pdf_surface_create_for_stream(append_to_string, &pdf, 200, 200);
  cairo_t* cr = cairo_create(s);
  // As PdfWriter and draw_text_block set it: mm on the page, then points.
  cairo_scale(cr, mm_to_pt(1), mm_to_pt(1));
  cairo_translate(cr, 10, 20);
  cairo_scale(cr, pt_to_mm(1), pt_to_mm(1));
  int runs = 0;
  for (GSList* l = pango_layout_get_lines_readonly(b.paragraph.layout.get()); l; l = l->next)
    for (GSList* r = static_cast<PangoLayoutLine*>(l->data)->runs; r; r = r->next) {
      PangoFont* font = static_cast<PangoLayoutRun*>(r->data)->item->analysis.font;
      cairo_scaled_font_t* laid_out = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(font));
      REQUIRE(laid_out);
      cairo_set_scaled_font(cr, laid_out);
      CHECK(cairo_get_scaled_font(cr) == laid_out);  // the page's font for these glyphs
      ++runs;
    }
  CHECK(runs >= 4);
  cairo_destroy(cr);
  cairo_surface_destroy(s);
}
