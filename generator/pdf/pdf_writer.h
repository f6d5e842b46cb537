// A multi-page PDF drawn in mm: Cairo's PDF surface with the metadata every
// Bocage PDF carries (title, subject, creator "Bocage") and fixed dates
// (SOURCE_DATE_EPOCH, else 2000-01-01). Cairo writes into memory, the bytes are
// finished with print hints (pdf_finish.h), and only then go to disk,
// atomically (atomic_file.h).
#pragma once

#include <cairo.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "atomic_file.h"
#include "core/units.h"
#include "pdf_finish.h"
#include "pdfx.h"
#include "shared_drawings.h"

namespace bocage {

struct PdfMetadata {
  std::string title;
  std::string subject;
  std::string keywords;
};

/// The date written into PDFs: SOURCE_DATE_EPOCH when set (ISO 8601, UTC),
/// else 2000-01-01T00:00:00Z, so that two builds are byte-identical.
std::string pdf_date();

class PdfWriter {
 public:
  PdfWriter(const std::filesystem::path& destination, SizeMm page, const PdfMetadata& meta);
  ~PdfWriter();
  PdfWriter(const PdfWriter&) = delete;
  PdfWriter& operator=(const PdfWriter&) = delete;

  bool ok() const { return cr_ != nullptr; }
  /// The drawing context, in mm with the origin at the page's top-left.
  cairo_t* cr() const { return cr_; }
  /// Ends the current page and starts the next.
  void next_page();
  /// Starts a page of `size`: the first page when nothing was drawn yet, else
  /// ends the current page first. Pages of one PDF may differ in size (a pack).
  void start_page(SizeMm size);
  /// The size of the current page.
  SizeMm page_size() const { return page_size_; }
  /// Paints a drawing that recurs on many pages from its one recording
  /// (shared_drawings.h); `key` names it.
  void paint_shared(const std::string& key, const std::function<void(cairo_t*)>& draw) {
    shared_.paint(cr_, page_size_, key, draw);
  }
  /// Paints at `at` (mm) what `draw` draws within `extents` around its own
  /// origin, from one recording per `key` in this PDF (a deck's backs).
  void paint_shared_at(PointMm at, const std::string& key, cairo_rectangle_t extents,
                       const std::function<void(cairo_t*)>& draw) {
    shared_.paint_at(cr_, at, key, extents, draw);
  }
  /// The index of the current page (0 for the first).
  size_t page() const { return page_; }
  /// The current page holds one piece: its trim and bleed boxes (mm from the
  /// page's top-left) become the page's /TrimBox and /BleedBox.
  void set_page_boxes(RectMm trim, RectMm bleed);
  /// The current page is shown and printed turned a quarter clockwise
  /// (/Rotate 90): drawn across, printed as a portrait page.
  void set_page_turned();
  /// How the pages are meant to be printed (the PDF's /Duplex preference).
  void set_duplex(PdfDuplex duplex) { hints_.duplex = duplex; }
  /// Writes the PDF as PDF/X-1a in CMYK (pdfx.h) instead of Cairo's RGB.
  void set_pdfx(const PdfXOptions& options) { pdfx_ = options; }
  /// Finishes the PDF and moves it into place; false with error() on failure.
  /// With `pending`, it is written but left to `pending` to put into place.
  bool commit(PendingFiles* pending = nullptr);
  /// What failed, in both languages.
  const Text& error() const { return error_; }

 private:
  std::unique_ptr<AtomicFile> file_;
  std::string buffer_;  // what Cairo has written so far
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cr_ = nullptr;
  Text error_;
  size_t page_ = 0;
  bool started_ = false;  // start_page() has been called once
  SizeMm page_size_;
  SharedDrawings shared_;
  PrintHints hints_;
  std::optional<PdfXOptions> pdfx_;
};

/// Cairo's write callback (cairo_write_func_t): appends to the std::string
/// `closure`; CAIRO_STATUS_NO_MEMORY when it cannot grow.
cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length);

/// Writes an image surface as PNG, encoded in memory, then written atomically.
bool write_png(cairo_surface_t* surface, const std::filesystem::path& destination, Text* error);

}  // namespace bocage
