// The finisher's libqpdf module: see qpdf_module.h. The same input gives the
// same bytes (qpdf's deterministic /ID).
// qpdf without its PointerHolder (std::shared_ptr throughout).
#define POINTERHOLDER_TRANSITION 4

#include "qpdf_module.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>
#include <stdexcept>
#include <string>

#include "pdf_numbers.h"

namespace {

using namespace bocage;

std::string finish(const BocageQpdfJob& job) {
  QPDF pdf;
  pdf.setSuppressWarnings(true);
  pdf.processMemoryFile("cairo.pdf", job.pdf, job.size);
  pdf.getRoot().replaceKey("/ViewerPreferences", QPDFObjectHandle::parse(job.viewer_preferences));
  std::vector<QPDFPageObjectHelper> pages = QPDFPageDocumentHelper(pdf).getAllPages();
  for (size_t i = 0; i < pages.size() && i < job.pages; ++i) {
    const BocageQpdfPage& hint = job.page[i];
    QPDFObjectHandle page = pages[i].getObjectHandle();
    if (hint.turned) page.replaceKey("/Rotate", QPDFObjectHandle::newInteger(90));
    if (!hint.has_boxes) continue;
    const QPDFObjectHandle::Rectangle media = pages[i].getMediaBox(true).getArrayAsRectangle();
    const double height = media.ury - media.lly;
    auto box = [&](const double* r) {
      return QPDFObjectHandle::parse(pdf_box(RectMm{r[0], r[1], r[2], r[3]}, height));
    };
    page.replaceKey("/TrimBox", box(hint.trim));
    page.replaceKey("/BleedBox", box(hint.bleed));
  }
  QPDFWriter w(pdf);
  w.setOutputMemory();
  w.setDeterministicID(true);
  w.setObjectStreamMode(qpdf_o_generate);
  w.setMinimumPDFVersion("1.5");
  w.write();
  // qpdf repairs a damaged file with warnings: a damaged PDF is an error,
  // never printed as repaired. A key written twice (Cairo 1.16 lists a form
  // once per use) is no damage: the last one counts.
  for (const auto& warning : pdf.getWarnings()) {
    const std::string what = warning.what();
    if (what.find("dictionary has duplicated key") == std::string::npos)
      throw std::runtime_error(what);
  }
  std::unique_ptr<Buffer> out(w.getBuffer());
  return std::string(reinterpret_cast<const char*>(out->getBuffer()), out->getSize());
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int bocage_qpdf_abi() {
  return kBocageQpdfAbi;
}

extern "C" __attribute__((visibility("default"))) int bocage_finish_with_qpdf(
    const BocageQpdfJob* job, BocageQpdfResult* result) {
  *result = BocageQpdfResult{};
  try {
    const std::string out = finish(*job);
    result->pdf = static_cast<char*>(std::malloc(out.size() ? out.size() : 1));
    if (!result->pdf) throw std::bad_alloc();
    std::memcpy(result->pdf, out.data(), out.size());
    result->size = out.size();
    return 0;
  } catch (const std::exception& e) {
    std::snprintf(result->error, sizeof result->error, "%s", e.what());
    return 1;
  }
}
