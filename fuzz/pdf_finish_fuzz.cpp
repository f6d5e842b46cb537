// Fuzzes the PDF finisher (generator/pdf/pdf_finish.h), which reads Cairo's
// output without a PDF library: any input gives either an error or a whole
// file (the unit tests read the finished files back with qpdf).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "generator/pdf/pdf_finish.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1 << 20) return 0;
  const std::string input(reinterpret_cast<const char*>(data), size);
  bocage::PrintHints hints;
  hints.duplex = bocage::PdfDuplex::flip_long_edge;
  hints.page_boxes.push_back(bocage::PageBoxes{{10, 10, 63, 88}, {7, 7, 69, 94}});
  hints.page_boxes.push_back(std::nullopt);
  std::string error;
  const std::string once = bocage::finish_pdf(input, hints, &error);
  check(once.empty() != error.empty());
  if (once.empty()) return 0;
  check(once.compare(0, 5, "%PDF-") == 0);
  check(once.size() >= 6 && once.compare(once.size() - 6, 6, "%%EOF\n") == 0);
  // The same input, the same bytes.
  check(bocage::finish_pdf(input, hints, &error) == once);
  return 0;
}
