// Pictures for where a PDF does not go: a PNG a piece for a print-on-demand
// service, read back as files and pixels (Tabletop Simulator's:
// tts_export_test.cpp), and the options an export refuses.
#include <gdk-pixbuf/gdk-pixbuf.h>

#include <catch2/catch.hpp>

#include "../text_helpers.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

struct Picture {
  int width = 0, height = 0;
  GdkPixbuf* pixels = nullptr;
  explicit Picture(const fs::path& path) {
    pixels = gdk_pixbuf_new_from_file(path.c_str(), nullptr);
    if (pixels) {
      width = gdk_pixbuf_get_width(pixels);
      height = gdk_pixbuf_get_height(pixels);
    }
  }
  /// The resolution its pHYs says, as gdk-pixbuf reads it ("" without one).
  std::string x_dpi() const {
    const char* dpi = pixels ? gdk_pixbuf_get_option(pixels, "x-dpi") : nullptr;
    return dpi ? dpi : "";
  }
  ~Picture() {
    if (pixels) g_object_unref(pixels);
  }
  /// The red, green and blue of pixel (x, y), summed: 765 is white.
  int lightness(int x, int y) const {
    const guchar* p = gdk_pixbuf_read_pixels(pixels) + y * gdk_pixbuf_get_rowstride(pixels) +
                      x * gdk_pixbuf_get_n_channels(pixels);
    return p[0] + p[1] + p[2];
  }
};

}  // namespace

TEST_CASE("one-up as PNG writes each piece and its back with bleed at the dpi and a card list") {
  TempDir out;
  RunResult r = run_gen("build stuart-vs-zombies --imposition one-up --format png " + kRoots +
                        " --out '" + out.path.string() + "'");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path counters = out.path / "stuart-vs-zombies" / "counters-png";
  CHECK(contains(r.out, "wrote 20 PNGs and cards.csv in " + counters.string() +
                            " (trim plus bleed, 300 dpi)"));
  // 19.05 mm and 3 mm of bleed a side: 25.05 mm at 300 dpi.
  Picture m5(counters / "m5.png");
  CHECK(m5.width == 296);
  CHECK(m5.height == 296);
  CHECK(m5.x_dpi() == "300");  // pHYs: a print service reads 25.05 mm, not 72 dpi's 104 mm
  CHECK(Picture(counters / "m5-back.png").x_dpi() == "300");
  CHECK(fs::exists(counters / "m5-back.png"));
  const std::string csv = slurp(counters / "cards.csv");
  CHECK(csv.rfind("\xEF\xBB\xBF"
                  "card,copies,face,back\r\n",
                  0) == 0);
  CHECK(contains(csv, "m5,1,m5.png,m5-back.png\r\n"));
  // Another resolution and bleed.
  TempDir fine;
  REQUIRE(run_gen("build stuart-vs-zombies --imposition one-up --format png --dpi 600 --bleed 2 " +
                  kRoots + " --out '" + fine.path.string() + "'")
              .status == 0);
  Picture big(fine.path / "stuart-vs-zombies" / "counters-png" / "m5.png");
  CHECK(big.width == 544);  // 23.05 mm at 600 dpi
  CHECK(big.x_dpi() == "600");
}

TEST_CASE("options that mean nothing for an export are refused") {
  TempDir out;
  const std::string tail = " " + kRoots + " --out '" + out.path.string() + "'";
  RunResult paper = run_gen("build endless-patrol --export tts --paper a4" + tail);
  CHECK(paper.status == 2);
  CHECK(contains(paper.err, "--paper does not apply to --export tts"));
  RunResult pack = run_gen("build endless-patrol --export tts --pack" + tail);
  CHECK(pack.status == 2);
  RunResult png = run_gen("build endless-patrol --format png" + tail);
  CHECK(png.status == 2);
  CHECK(contains(png.err, "--format png applies only to --imposition one-up"));
  RunResult dpi = run_gen("build endless-patrol --imposition one-up --dpi 600" + tail);
  CHECK(dpi.status == 2);
  CHECK(contains(dpi.err, "--dpi applies only to --format png"));
  CHECK(fs::is_empty(out.path));
}
