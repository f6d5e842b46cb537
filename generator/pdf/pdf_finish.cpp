// qpdf 11: no deprecated PointerHolder in its headers.
#define POINTERHOLDER_TRANSITION 4

#include "pdf_finish.h"

#include <algorithm>
#include <exception>
#include <memory>
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

namespace bocage {

namespace {

/// A box in PDF user space (points, origin at the bottom-left of the page).
QPDFObjectHandle pdf_box(const RectMm& r, double page_height_pt) {
  // Millipoint precision: enough for print, and the same digits every time.
  auto real = [](double v) { return QPDFObjectHandle::newReal(v, 3); };
  return QPDFObjectHandle::newArray(std::vector<QPDFObjectHandle>{
      real(mm_to_pt(r.x)), real(page_height_pt - mm_to_pt(r.bottom())), real(mm_to_pt(r.right())),
      real(page_height_pt - mm_to_pt(r.y))});
}

double media_height_pt(QPDFObjectHandle page) {
  QPDFObjectHandle box = QPDFPageObjectHelper(page).getMediaBox();  // inherited too
  if (!box.isArray() || box.getArrayNItems() != 4) return 0;
  return box.getArrayItem(3).getNumericValue() - box.getArrayItem(1).getNumericValue();
}

const char* duplex_name(PdfDuplex d) {
  switch (d) {
    case PdfDuplex::simplex:
      return "/Simplex";
    case PdfDuplex::flip_long_edge:
      return "/DuplexFlipLongEdge";
    case PdfDuplex::flip_short_edge:
      return "/DuplexFlipShortEdge";
    case PdfDuplex::unspecified:
      break;
  }
  return nullptr;
}

}  // namespace

std::string finish_pdf(const std::string& cairo_bytes, const PrintHints& hints,
                       std::string* error) {
  try {
    QPDF pdf;
    // Cairo's duplicated keys are reported as warnings while reading; the
    // rewritten dictionaries hold each key once.
    pdf.setSuppressWarnings(true);
    pdf.processMemoryFile("Cairo output", cairo_bytes.data(), cairo_bytes.size());

    QPDFObjectHandle prefs = QPDFObjectHandle::newDictionary();
    prefs.replaceKey("/PrintScaling", QPDFObjectHandle::newName("/None"));
    if (const char* duplex = duplex_name(hints.duplex))
      prefs.replaceKey("/Duplex", QPDFObjectHandle::newName(duplex));
    pdf.getRoot().replaceKey("/ViewerPreferences", prefs);

    const auto& pages = pdf.getAllPages();
    const size_t n = std::min(pages.size(), hints.page_boxes.size());
    for (size_t i = 0; i < n; ++i) {
      if (!hints.page_boxes[i]) continue;
      QPDFObjectHandle page = pages[i];
      const double h = media_height_pt(page);
      page.replaceKey("/TrimBox", pdf_box(hints.page_boxes[i]->trim, h));
      page.replaceKey("/BleedBox", pdf_box(hints.page_boxes[i]->bleed, h));
    }

    QPDFWriter writer(pdf);
    writer.setOutputMemory();
    writer.setDeterministicID(true);  // /ID from the content, not the clock
    writer.setCompressStreams(true);
    writer.setObjectStreamMode(qpdf_o_generate);
    writer.write();
    std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
    return std::string(reinterpret_cast<const char*>(buffer->getBuffer()), buffer->getSize());
  } catch (const std::exception& e) {
    if (error) *error = e.what();  // qpdf's own text: said inside a catalogued sentence
    return {};
  }
}

}  // namespace bocage
