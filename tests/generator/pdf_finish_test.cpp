// The finisher adds to Cairo's PDF what Cairo cannot write (print hints,
// trim and bleed boxes) and drops the keys Cairo 1.16 writes twice, copying
// every stream byte for byte; anything that is not such a file is an error,
// never a crash. The finished files are read back with qpdf, an independent
// reader (the e2e tests read every shipped PDF with it too).
// qpdf 11: no deprecated PointerHolder in its headers.
#define POINTERHOLDER_TRANSITION 4

#include "generator/pdf/pdf_finish.h"

#include <cairo-pdf.h>
#include <zlib.h>

#include <catch2/catch.hpp>
#include <qpdf/Buffer.hh>
#include <qpdf/Pl_Discard.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFWriter.hh>
#include <regex>
#include <string>

#include "generator/pdf/pdf_writer.h"

using namespace bocage;

namespace {

/// A Cairo PDF of `pages` A7 pages (74 x 105 mm) on which one recorded
/// circle is painted three times: Cairo lists the form three times in the
/// page's /XObject resources.
std::string cairo_pdf(int pages) {
  std::string bytes;
  cairo_surface_t* s =
      cairo_pdf_surface_create_for_stream(append_to_string, &bytes, mm_to_pt(74), mm_to_pt(105));
  cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, "A (title) with \\ and >>");
  cairo_rectangle_t extents{0, 0, 20, 20};
  cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cairo_t* rc = cairo_create(rec);
  cairo_arc(rc, 10, 10, 8, 0, 6.283);
  cairo_stroke(rc);
  cairo_destroy(rc);
  cairo_t* cr = cairo_create(s);
  for (int p = 0; p < pages; ++p) {
    for (int i = 0; i < 3; ++i) {
      cairo_set_source_surface(cr, rec, 20 + 30 * i, 20 + p);
      cairo_paint(cr);
    }
    cairo_show_page(cr);
  }
  cairo_destroy(cr);
  cairo_surface_destroy(rec);
  cairo_surface_destroy(s);
  return bytes;
}

PrintHints hints_for(size_t pages) {
  PrintHints h;
  h.duplex = PdfDuplex::flip_long_edge;
  for (size_t i = 0; i < pages; ++i)
    h.page_boxes.push_back(PageBoxes{{5.5, 8.5, 63, 88}, {2.5, 5.5, 69, 94}});
  return h;
}

std::string finish(const std::string& in, const PrintHints& h) {
  std::string error;
  std::string out = finish_pdf(in, h, &error);
  INFO(error);
  REQUIRE(!out.empty());
  REQUIRE(error.empty());
  return out;
}

/// The finished file as qpdf reads it: every object and stream read (as
/// `qpdf --check` does), the warnings, the print hints and each page's boxes.
struct Read {
  std::vector<std::string> warnings;
  std::string print_scaling, duplex;
  std::vector<std::vector<double>> trim, bleed;
  std::vector<std::string> xobjects;  // each page's /XObject names, in order
  std::string id;

  explicit Read(const std::string& bytes) {
    QPDF pdf;
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile("finished", bytes.data(), bytes.size());
    QPDFObjectHandle prefs = pdf.getRoot().getKey("/ViewerPreferences");
    if (prefs.isDictionary()) {
      if (prefs.getKey("/PrintScaling").isName())
        print_scaling = prefs.getKey("/PrintScaling").getName();
      if (prefs.getKey("/Duplex").isName()) duplex = prefs.getKey("/Duplex").getName();
    }
    auto numbers = [](QPDFObjectHandle box) {
      std::vector<double> v;
      if (box.isArray())
        for (auto& item : box.getArrayAsVector()) v.push_back(item.getNumericValue());
      return v;
    };
    for (QPDFObjectHandle page : pdf.getAllPages()) {
      trim.push_back(numbers(page.getKey("/TrimBox")));
      bleed.push_back(numbers(page.getKey("/BleedBox")));
      std::string names;
      QPDFObjectHandle resources = page.getKey("/Resources");
      if (resources.isDictionary() && resources.getKey("/XObject").isDictionary())
        for (const auto& k : resources.getKey("/XObject").getKeys()) names += k;
      xobjects.push_back(names);
    }
    QPDFObjectHandle ids = pdf.getTrailer().getKey("/ID");
    if (ids.isArray() && ids.getArrayNItems() == 2) id = ids.getArrayItem(0).getStringValue();
    QPDFWriter w(pdf);
    Pl_Discard discard;
    w.setOutputPipeline(&discard);
    w.write();
    for (auto& e : pdf.getWarnings()) warnings.push_back(e.what());
  }
};

/// What the finished file's object streams hold, inflated.
std::string inflated_object_streams(const std::string& pdf) {
  std::string all;
  for (size_t at = pdf.find("/Type /ObjStm"); at != std::string::npos;
       at = pdf.find("/Type /ObjStm", at + 1)) {
    const size_t begin = pdf.find("stream\n", at) + 7;
    const size_t end = pdf.find("\nendstream", begin);
    std::string out(1 << 20, '\0');
    uLongf size = out.size();
    REQUIRE(uncompress(reinterpret_cast<Bytef*>(out.data()), &size,
                       reinterpret_cast<const Bytef*>(pdf.data() + begin), end - begin) == Z_OK);
    all += out.substr(0, size);
  }
  return all;
}

/// A hand-made PDF of the objects `bodies` (numbered from 1; the first is
/// the catalog), with a correct cross-reference table.
std::string hand_made(const std::vector<std::string>& bodies) {
  std::string pdf = "%PDF-1.5\n";
  std::vector<size_t> at;
  for (const auto& body : bodies) {
    at.push_back(pdf.size());
    pdf += std::to_string(at.size()) + " 0 obj\n" + body + "\nendobj\n";
  }
  const size_t xref = pdf.size();
  const std::string size = std::to_string(bodies.size() + 1);
  pdf += "xref\n0 " + size + "\n0000000000 65535 f \n";
  char entry[32];
  for (size_t a : at) {
    std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", a);
    pdf += entry;
  }
  pdf += "trailer\n<< /Size " + size + " /Root 1 0 R >>\nstartxref\n" + std::to_string(xref) +
         "\n%%EOF\n";
  return pdf;
}

/// One page: the catalog (object 1), the page tree (2) and the page (3).
std::string hand_made(const std::string& catalog, const std::string& pages,
                      const std::string& page) {
  return hand_made(std::vector<std::string>{catalog, pages, page});
}

const std::string kCatalog = "<< /Type /Catalog /Pages 2 0 R >>";
const std::string kPages = "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>";
const std::string kPage = "<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 200 300 ] >>";

}  // namespace

TEST_CASE("the finished PDF asks for no scaling and the duplex the sheets were imposed for") {
  const Read r(finish(cairo_pdf(2), hints_for(2)));
  CHECK(r.warnings.empty());
  CHECK(r.print_scaling == "/None");
  CHECK(r.duplex == "/DuplexFlipLongEdge");
  PrintHints simplex;
  simplex.duplex = PdfDuplex::unspecified;
  const Read plain(finish(cairo_pdf(1), simplex));
  CHECK(plain.print_scaling == "/None");
  CHECK(plain.duplex.empty());
  CHECK(plain.trim == std::vector<std::vector<double>>{{}});
}

TEST_CASE("each page holding one piece gets its trim and bleed box, in points from the bottom") {
  PrintHints h = hints_for(3);
  h.page_boxes[1] = std::nullopt;  // a page of several pieces: no boxes
  const Read r(finish(cairo_pdf(3), h));
  // The page is 105 mm (297.638 pt) high; the trim box 5.5 to 68.5 mm across,
  // 8.5 to 96.5 mm down: 24.094 to 273.543 pt up.
  const std::vector<double> trim{15.591, 24.094, 194.173, 273.543};
  const std::vector<double> bleed{7.087, 15.591, 202.677, 282.047};
  REQUIRE(r.trim.size() == 3);
  CHECK(r.trim[0] == trim);
  CHECK(r.trim[1].empty());
  CHECK(r.trim[2] == trim);
  CHECK(r.bleed[0] == bleed);
  CHECK(r.bleed[1].empty());
}

TEST_CASE("a key Cairo writes twice is written once, and every stream is copied as it was") {
  const std::string in = cairo_pdf(1);
  REQUIRE(std::regex_search(in, std::regex(R"((/x\d+) \d+ 0 R \1 \d+ 0 R)")));
  const std::string out = finish(in, hints_for(1));
  const Read r(out);
  CHECK(r.warnings.empty());  // qpdf warns of a duplicated key
  CHECK(std::regex_search(r.xobjects.at(0), std::regex(R"(^/x\d+$)")));
  const std::string objects = inflated_object_streams(out);
  CHECK_FALSE(std::regex_search(objects, std::regex(R"((/x\d+) \d+ 0 R \1 \d+ 0 R)")));
  int streams = 0;
  for (size_t at = in.find(">>\nstream\n"); at != std::string::npos;
       at = in.find(">>\nstream\n", at + 1)) {
    const size_t end = in.find("endstream", at);
    CHECK(out.find(in.substr(at + 3, end - at - 3)) != std::string::npos);
    ++streams;
  }
  CHECK(streams >= 2);
  // The title (UTF-16, as Cairo writes it) is untouched.
  const size_t title = in.find("/Title <");
  REQUIRE(title != std::string::npos);
  CHECK(objects.find(in.substr(title, in.find('>', title) - title)) != std::string::npos);
}

TEST_CASE("finishing is deterministic, and the /ID comes from the content") {
  const std::string in = cairo_pdf(2);
  const std::string once = finish(in, hints_for(2));
  CHECK(finish(in, hints_for(2)) == once);
  const Read a(once), b(finish(in, hints_for(1)));
  CHECK(a.id.size() == 16);
  CHECK(a.id != b.id);  // other boxes, another file
  CHECK(once.compare(0, 9, "%PDF-1.5\n") == 0);
}

TEST_CASE("a hand-made file with a nested page tree and inherited media box is finished") {
  std::vector<std::string> bodies = {
      "<< /Type /Catalog /Pages 2 0 R /ViewerPreferences << /PrintScaling /AppDefault >> >>",
      "<< /Type /Pages /Kids [ 3 0 R 4 0 R ] /Count 2 /MediaBox [ 0 0 200 300 ] >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [ 5 0 R ] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R % a comment >>\n/TrimBox [ 1 2 3 4 ] >>",
      "<< /Type /Page /Parent 3 0 R /Resources << /XObject << /a 1 0 R /b 2 0 R /a 3 0 R >> >> "
      ">>"};
  const std::string pdf = hand_made(bodies);

  PrintHints h;
  h.page_boxes = {PageBoxes{{0, 0, 10, 10}, {0, 0, 10, 10}},
                  PageBoxes{{0, 0, 10, 10}, {0, 0, 10, 10}}};
  const std::string out = finish(pdf, h);
  const Read r(out);
  std::string warnings;
  for (const auto& w : r.warnings) warnings += w + "\n";
  INFO(warnings);
  CHECK(r.warnings.empty());
  CHECK(r.print_scaling == "/None");
  // Page order: object 5 (under the inner node) is the first page, 4 the
  // second; the media box is inherited from the root node.
  const std::vector<double> box{0, 271.654, 28.346, 300};
  CHECK(r.trim == std::vector<std::vector<double>>{box, box});
  CHECK(r.xobjects.at(0) == "/a/b");
  CHECK(inflated_object_streams(out).find("/XObject << /b 2 0 R /a 3 0 R >>") != std::string::npos);
}

TEST_CASE("what is not a Cairo PDF is an error naming what is wrong, never a crash") {
  const PrintHints h = hints_for(1);
  auto error_of = [&](const std::string& in) {
    std::string error;
    const std::string out = finish_pdf(in, h, &error);
    CHECK(out.empty());
    return error;
  };
  CHECK(error_of("").find("no %PDF-1. header") != std::string::npos);
  CHECK(error_of("%PDF-1.5\n").find("no startxref") != std::string::npos);
  CHECK(error_of("%PDF-1.5\nstartxref\n999999\n%%EOF\n").find("bad startxref") !=
        std::string::npos);
  CHECK(error_of("%PDF-1.5\nstartxref\n0\n%%EOF\n").find("no cross-reference table") !=
        std::string::npos);

  const std::string good = hand_made(kCatalog, kPages, kPage);
  CHECK(!finish(good, h).empty());
  // Cut anywhere, the file is refused or finished, never a crash.
  for (size_t cut = 0; cut < good.size(); cut += 7) {
    std::string error;
    const std::string out = finish_pdf(good.substr(0, cut), h, &error);
    CHECK(out.empty() != error.empty());
  }
  CHECK(error_of(hand_made("<< /Type /Catalog >>", kPages, kPage)).find("without /Pages") !=
        std::string::npos);
  CHECK(error_of(hand_made("<< /Type /Catalog /Pages 9 0 R >>", kPages, kPage))
            .find("missing object 9") != std::string::npos);
  CHECK(error_of(hand_made(kCatalog, "<< /Type /Pages /Kids [ 2 0 R ] >>", kPage)).find("cycle") !=
        std::string::npos);
  CHECK(error_of(hand_made(kCatalog, kPages, "<< /Type /Page /Title (unclosed >>"))
            .find("unclosed string") != std::string::npos);
  CHECK(error_of(hand_made(kCatalog, kPages, "<< /Type /Page 12 >>"))
            .find("a name expected as a key") != std::string::npos);
  const std::string deep = std::string(200, '[') + std::string(200, ']');
  CHECK(error_of(hand_made(kCatalog, kPages, "<< /Deep " + deep + " >>")).find("nested") !=
        std::string::npos);
  // Numbers no PDF of ours holds are refused before they are used.
  std::string huge = good;
  huge.replace(huge.find("/Size 4"), 7, "/Size 9" + std::string(300, '9'));
  CHECK(error_of(huge).find("bad /Size") != std::string::npos);
  CHECK(error_of(hand_made("<< /Type /Catalog /Pages 99999999999999999999 0 R >>", kPages, kPage))
            .find("bad reference") != std::string::npos);
  std::string section = good;
  section.replace(section.find("xref\n0 4"), 9, "xref\n0 99999999999");
  CHECK(error_of(section).find("bad cross-reference section") != std::string::npos);
  std::string garbled = good;
  garbled.replace(garbled.find("0000000000 65535 f"), 18, "xxxxxxxxxx 65535 f");
  CHECK(!error_of(garbled).empty());
}

TEST_CASE(
    "a PDF in another structure than Cairo 1.16's is finished through qpdf, the same every time") {
  const std::string cairo = cairo_pdf(2);
  // Object streams and a cross-reference stream, as a newer Cairo or qpdf writes.
  std::string packed;
  {
    QPDF pdf;
    pdf.processMemoryFile("cairo", cairo.data(), cairo.size());
    QPDFWriter w(pdf);
    w.setOutputMemory();
    w.setObjectStreamMode(qpdf_o_generate);
    w.write();
    std::shared_ptr<Buffer> b(w.getBuffer());
    packed.assign(reinterpret_cast<const char*>(b->getBuffer()), b->getSize());
  }
  REQUIRE(packed.find("/ObjStm") != std::string::npos);
  // An incremental update: the catalog written again after the first %%EOF.
  std::string updated = cairo;
  {
    std::smatch root, pages, size, start;
    REQUIRE(std::regex_search(cairo, root, std::regex("/Root (\\d+) 0 R")));
    REQUIRE(std::regex_search(cairo, pages, std::regex("/Type /Pages")));
    std::smatch pages_ref;
    const std::string catalog_start = root[1].str() + " 0 obj";
    const size_t at = cairo.find(catalog_start);
    REQUIRE(at != std::string::npos);
    const std::string catalog = cairo.substr(at, cairo.find("endobj", at) - at);
    REQUIRE(std::regex_search(catalog, pages_ref, std::regex("/Pages (\\d+) 0 R")));
    REQUIRE(std::regex_search(cairo, size, std::regex("/Size (\\d+)")));
    REQUIRE(std::regex_search(cairo, start, std::regex("startxref\\s+(\\d+)")));
    const size_t offset = updated.size();
    updated += root[1].str() + " 0 obj\n<< /Type /Catalog /Pages " + pages_ref[1].str() +
               " 0 R /Lang (ja) >>\nendobj\n";
    const size_t xref = updated.size();
    char entry[32];
    std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", offset);
    updated += "xref\n" + root[1].str() + " 1\n" + entry + "trailer\n<< /Size " + size[1].str() +
               " /Root " + root[1].str() + " 0 R /Prev " + start[1].str() + " >>\nstartxref\n" +
               std::to_string(xref) + "\n%%EOF\n";
  }
  for (const std::string* in : {&packed, &updated}) {
    const PrintHints h = hints_for(2);
    std::string error;
    const std::string out = finish_pdf(*in, h, &error);
    INFO(error);
    REQUIRE_FALSE(out.empty());
    const Read r(out);
    CHECK(r.warnings.empty());
    CHECK(r.print_scaling == "/None");
    CHECK(r.duplex == "/DuplexFlipLongEdge");
    REQUIRE(r.trim.size() == 2);
    CHECK(r.trim[0].size() == 4);
    CHECK(r.trim[0][0] == Approx(mm_to_pt(5.5)).margin(0.01));
    CHECK(r.bleed[1][2] == Approx(mm_to_pt(71.5)).margin(0.01));
    CHECK(finish_pdf(*in, h, &error) == out);  // the same bytes every time
  }
  // A damaged file qpdf would have to repair stays an error.
  std::string damaged = packed.substr(0, packed.size() / 2);
  std::string error;
  CHECK(finish_pdf(damaged, hints_for(1), &error).empty());
  CHECK_FALSE(error.empty());
}
