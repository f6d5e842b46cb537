// A print shop's PDF: `build --pdfx` (and the presets that set it) writes
// one-up PDFs as PDF/X-1a:2001 in CMYK with an output intent, through
// Ghostscript, checked by a preflight of the standard's requirements
// (pdfx_preflight.h); the presets set the options a service asks for; every
// way it can go wrong is said, with nothing written.
#include <poppler-document.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <memory>

#include "../text_helpers.h"
#include "generator/text/utf8.h"
#include "pdf_probe.h"
#include "pdfx_preflight.h"

using namespace bocage;
using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

std::string problems_of(const fs::path& pdf) {
  std::string all;
  for (const auto& p : pdfx1a_problems(pdf)) all += p + "\n";
  return all;
}

/// The mean difference per channel (0-255) of page `index` of two PDFs
/// rendered at 20 dpi.
double mean_colour_difference(const fs::path& a, const fs::path& b, int index) {
  auto render = [&](const fs::path& p) {
    std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(p.string()));
    REQUIRE(doc);
    std::unique_ptr<poppler::page> page(doc->create_page(index));
    REQUIRE(page);
    poppler::page_renderer renderer;
    renderer.set_image_format(poppler::image::format_argb32);
    return renderer.render_page(page.get(), 20, 20);
  };
  poppler::image x = render(a), y = render(b);
  REQUIRE(x.width() == y.width());
  REQUIRE(x.height() == y.height());
  double sum = 0;
  long n = 0;
  for (int row = 0; row < x.height(); ++row) {
    const auto* p =
        reinterpret_cast<const unsigned char*>(x.const_data() + row * x.bytes_per_row());
    const auto* q =
        reinterpret_cast<const unsigned char*>(y.const_data() + row * y.bytes_per_row());
    for (int i = 0; i < x.width() * 4; ++i)
      if (i % 4 != 3) {
        sum += std::abs(p[i] - q[i]);
        ++n;
      }
  }
  return sum / static_cast<double>(n);
}

/// `utf8` with each character U+XX00 whose XX is printable ASCII read as
/// that ASCII letter. Ghostscript 10.0 writes the ToUnicode of a ligature
/// glyph byte-swapped (fl as U+6600 U+6C00): what it prints is right, what a
/// reader copies from it is not (docs/print-shops.md). Folded on both sides,
/// so that no other difference is hidden.
std::string unswapped(const std::string& utf8) {
  std::string out;
  for (const CodePoint& cp : decode_utf8(utf8)) {
    if (cp.c >= 0x800 && cp.c <= 0xFFFF && (cp.c & 0xFFu) == 0 && (cp.c >> 8) >= 0x20 &&
        (cp.c >> 8) < 0x7F)
      out += static_cast<char>(cp.c >> 8);
    else
      out.append(utf8, cp.start, cp.end - cp.start);
  }
  return out;
}

/// The characters of `utf8` (unswapped), sorted: the same text whatever the
/// order a reader finds its runs in (Ghostscript joins some runs otherwise).
std::vector<std::string> characters(const std::string& utf8) {
  const std::string text = unswapped(utf8);
  std::vector<std::string> out;
  for (const CodePoint& cp : decode_utf8(text))
    out.push_back(text.substr(cp.start, cp.end - cp.start));
  std::sort(out.begin(), out.end());
  return out;
}

/// Ghostscript's own CMYK profile (libgs-common), for --output-profile.
fs::path ghostscript_cmyk_profile() {
  for (const auto& e : fs::directory_iterator("/usr/share/ghostscript")) {
    const fs::path p = e.path() / "iccprofiles" / "default_cmyk.icc";
    if (fs::exists(p)) return p;
  }
  return {};
}

void write(const fs::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

/// A 128-byte ICC header of class `cls` and colour space `space`, then junk.
std::string icc_header(const std::string& cls, const std::string& space) {
  std::string h(400, '\x01');
  h.replace(12, 4, cls);
  h.replace(16, 4, space);
  h.replace(36, 4, "acsp");
  return h;
}

}  // namespace

TEST_CASE("build --preset printshop writes every shipped game's one-up PDFs as PDF/X-1a:2001") {
  TempDir plain, pdfx;
  RunResult r = run_gen("build --all --imposition one-up --bleed 3.175 --out '" +
                        plain.path.string() + "' " + kRoots);
  REQUIRE(r.status == 0);
  r = run_gen("build --all --preset printshop --out '" + pdfx.path.string() + "' " + kRoots);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto converted = pdfs_under(pdfx.path);
  REQUIRE(converted.size() == pdfs_under(plain.path).size());
  REQUIRE(converted.size() >= 20);
  for (const auto& pdf : converted) {
    INFO(pdf);
    CHECK(problems_of(pdf) == "");
    CHECK(contains(r.out, "wrote " + pdf.string() + " (one-up, "));
    // The same pages, the same sizes, the same characters on each page
    // (kept as text, not drawn as pictures), the same metadata.
    const fs::path original = plain.path / fs::relative(pdf, pdfx.path);
    // The preflight tells the RGB file from it.
    const std::string rgb = problems_of(original);
    CHECK(contains(rgb, "no GTS_PDFX output intent"));
    CHECK(contains(rgb, "GTS_PDFXVersion is not PDF/X-1:2001"));
    CHECK((contains(rgb, "an RGB colour operator") || contains(rgb, "colour space /DeviceRGB")));
    const PdfProbe a = probe_pdf(original), b = probe_pdf(pdf);
    REQUIRE(b.opened);
    CHECK(b.pages == a.pages);
    REQUIRE(b.page_sizes_pt.size() == a.page_sizes_pt.size());
    for (size_t i = 0; i < a.page_sizes_pt.size(); ++i) {
      CHECK(std::abs(b.page_sizes_pt[i].first - a.page_sizes_pt[i].first) < 0.01);
      CHECK(std::abs(b.page_sizes_pt[i].second - a.page_sizes_pt[i].second) < 0.01);
    }
    REQUIRE(b.page_texts.size() == a.page_texts.size());
    for (size_t i = 0; i < a.page_texts.size(); ++i)
      CHECK(characters(b.page_texts[i]) == characters(a.page_texts[i]));
    CHECK(b.title == a.title);
    for (const auto& font : b.fonts) CHECK(font.embedded);
    // The colours as they were, within what converting to a press's CMYK
    // changes (sRGB to SWOP and back: 7.6 of 255 on SQUAD's green counters).
    CHECK(mean_colour_difference(original, pdf, 0) < 10);
  }
}

TEST_CASE("a PDF/X build is byte-identical from run to run, in every locale") {
  TempDir a, b;
  RunResult r = run_gen("build stuart-vs-zombies --pdfx --imposition one-up --out '" +
                        a.path.string() + "' " + kRoots);
  REQUIRE(r.status == 0);
  r = run_gen("build stuart-vs-zombies --pdfx --imposition one-up --out '" + b.path.string() +
                  "' " + kRoots,
              {}, "LANG=ja_JP.UTF-8 LC_ALL=ja_JP.UTF-8 TZ=Asia/Tokyo");
  REQUIRE(r.status == 0);
  const auto first = pdfs_under(a.path), second = pdfs_under(b.path);
  REQUIRE(first.size() == 4);
  REQUIRE(second.size() == first.size());
  for (size_t i = 0; i < first.size(); ++i) {
    INFO(first[i]);
    CHECK(slurp(first[i]) == slurp(second[i]));
    // Dated as every Bocage PDF is: 2000-01-01 unless SOURCE_DATE_EPOCH says.
    CHECK(probe_pdf(first[i]).creation_time == 946684800);
  }
}

TEST_CASE("the drivethrucards preset: back before face, 1/8 in of bleed, PDF/X-1a") {
  TempDir out, reference;
  RunResult r = run_gen("build endless-patrol --preset drivethrucards --out '" + out.path.string() +
                        "' " + kRoots);
  INFO(r.err);
  REQUIRE(r.status == 0);
  r = run_gen(
      "build endless-patrol --imposition one-up --oneup-order back-face --bleed 3.175 "
      "--out '" +
      reference.path.string() + "' " + kRoots);
  REQUIRE(r.status == 0);
  const fs::path gi = out.path / "endless-patrol" / "gi-oneup.pdf";
  CHECK(problems_of(gi) == "");
  const PdfProbe p = probe_pdf(gi), ref = probe_pdf(reference.path / "endless-patrol/gi-oneup.pdf");
  REQUIRE(p.page_texts.size() == ref.page_texts.size());
  for (size_t i = 0; i < p.page_texts.size(); ++i)
    CHECK(characters(p.page_texts[i]) == characters(ref.page_texts[i]));
  // A poker card (63 x 88 mm) and 3.175 mm of bleed on every side.
  REQUIRE(p.pages > 0);
  CHECK(std::abs(p.page_sizes_pt[0].first - (63 + 6.35) / 25.4 * 72) < 0.01);
  CHECK(std::abs(p.page_sizes_pt[0].second - (88 + 6.35) / 25.4 * 72) < 0.01);
  // An option the preset sets, given alike, is no conflict.
  TempDir again;
  r = run_gen(
      "build endless-patrol --preset drivethrucards --bleed 3.175 --oneup-order back-face "
      "--out '" +
      again.path.string() + "' " + kRoots);
  CHECK(r.status == 0);
}

TEST_CASE("the thegamecrafter preset writes a PNG a side at 300 dpi with 1/8 in of bleed") {
  TempDir out;
  RunResult r = run_gen("build stuart-vs-zombies --preset thegamecrafter --out '" +
                        out.path.string() + "' " + kRoots);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path folder = out.path / "stuart-vs-zombies" / "markers-png";
  REQUIRE(fs::is_directory(folder));
  CHECK(fs::exists(folder / "cards.csv"));
  CHECK(pdfs_under(out.path).empty());
  int pngs = 0;
  for (const auto& e : fs::directory_iterator(folder))
    if (e.path().extension() == ".png") {
      ++pngs;
      const auto [w, h] = png_size(e.path());
      CHECK(w > 0);
      CHECK(h > 0);
    }
  CHECK(pngs > 0);
  CHECK(contains(r.out, "300 dpi"));
}

TEST_CASE(
    "build --output-profile: the given CMYK profile is the output intent, named for its file") {
  const fs::path gs_profile = ghostscript_cmyk_profile();
  REQUIRE(!gs_profile.empty());
  TempDir dir;
  const fs::path mine = dir.path / "my-press.icc";
  fs::copy_file(gs_profile, mine);
  RunResult r = run_gen("build stuart-vs-zombies --pdfx --imposition one-up --output-profile '" +
                        mine.string() + "' --out '" + (dir.path / "out").string() + "' " + kRoots);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const fs::path map = dir.path / "out/stuart-vs-zombies/map-oneup.pdf";
  CHECK(problems_of(map) == "");
  const std::string bytes = slurp(map);
  CHECK(contains(bytes, "/OutputConditionIdentifier(my-press)"));
  CHECK(contains(bytes, "/Info(my-press.icc)"));
}

TEST_CASE(
    "build --pdfx, --output-profile and --preset refuse what cannot be, with nothing written") {
  TempDir dir;
  const std::string out = " --out '" + (dir.path / "out").string() + "' " + kRoots;
  auto nothing_written = [&] {
    return !fs::exists(dir.path / "out") || pdfs_under(dir.path / "out").empty();
  };

  RunResult r = run_gen("build stuart-vs-zombies --pdfx" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "error: --pdfx applies only to the PDFs of --imposition one-up"));
  r = run_gen("build stuart-vs-zombies --pdfx --imposition one-up --format png" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "--pdfx applies only to the PDFs of --imposition one-up"));
  r = run_gen("build stuart-vs-zombies --imposition one-up --output-profile x.icc" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "error: --output-profile applies only to --pdfx"));

  // Profiles that cannot be an output intent, each said for what it is.
  write(dir.path / "text.icc", "not a profile at all");
  write(dir.path / "rgb-printer.icc", icc_header("prtr", "RGB "));
  write(dir.path / "monitor.icc", icc_header("mntr", "RGB "));
  for (auto [file, says] :
       {std::pair{"missing.icc", "cannot be read"}, std::pair{"text.icc", "is not an ICC profile"},
        std::pair{"monitor.icc", "is not an output (printer) profile"},
        std::pair{"rgb-printer.icc", "is not a CMYK profile"}}) {
    r = run_gen("build stuart-vs-zombies --pdfx --imposition one-up --output-profile '" +
                (dir.path / file).string() + "'" + out);
    INFO(file << ": " << r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "error: --output-profile '" + (dir.path / file).string() + "' " + says));
  }
  // A profile whose header says CMYK printer but whose data is junk:
  // Ghostscript fails, and that is said for the file it could not write.
  write(dir.path / "junk.icc", icc_header("prtr", "CMYK"));
  r = run_gen("build stuart-vs-zombies --pdfx --imposition one-up --output-profile '" +
              (dir.path / "junk.icc").string() + "'" + out);
  INFO(r.err);
  CHECK(r.status == 3);
  CHECK(contains(r.err, "as PDF/X-1a: Ghostscript failed (exit "));
  CHECK(nothing_written());

  // No Ghostscript on the PATH.
  r = run_gen("build stuart-vs-zombies --preset printshop" + out, {}, "PATH=/nonexistent");
  CHECK(r.status == 3);
  CHECK(contains(r.err,
                 "error: --pdfx needs Ghostscript, which is not installed (sudo apt "
                 "install ghostscript)"));
  CHECK(nothing_written());
  r = run_gen_as_given("--lang ja build stuart-vs-zombies --preset printshop" + out,
                       "PATH=/nonexistent");
  CHECK(r.status == 3);
  CHECK(contains(r.err, "Ghostscript"));
  CHECK(contains(r.err, "sudo apt install ghostscript"));

  // Presets.
  r = run_gen("build stuart-vs-zombies --preset kinkos" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err,
                 "error: no print-shop preset 'kinkos': the presets are drivethrucards, "
                 "thegamecrafter, printshop"));
  r = run_gen("build stuart-vs-zombies --preset drivethrucards --oneup-order face-back" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err,
                 "error: --preset drivethrucards builds with --oneup-order back-face: it "
                 "cannot go with --oneup-order face-back (leave one out)"));
  r = run_gen("build stuart-vs-zombies --preset drivethrucards --bleed 3" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "builds with --bleed 3.175: it cannot go with --bleed 3 "));
  r = run_gen("build stuart-vs-zombies --preset printshop --imposition sheets" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "builds with --imposition one-up: it cannot go with --imposition sheets"));
  r = run_gen("build stuart-vs-zombies --preset thegamecrafter --format pdf" + out);
  CHECK(r.status == 2);
  r = run_gen("build stuart-vs-zombies --preset printshop --export tts" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "--preset"));
  r = run_gen("build stuart-vs-zombies --pdfx --export tts" + out);
  CHECK(r.status == 2);
  CHECK(nothing_written());
  r = run_gen_as_given("--lang ja build stuart-vs-zombies --preset kinkos" + out);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "印刷所の設定「kinkos」はありません"));
}
