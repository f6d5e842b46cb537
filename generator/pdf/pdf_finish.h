// What Cairo cannot write into a PDF, added after it finishes:
// the print hints a viewer's print dialog reads (/ViewerPreferences:
// /PrintScaling /None so that nothing is printed "fit to page", /Duplex as the
// sheets were imposed), /TrimBox and /BleedBox on pages that hold one piece,
// and dictionaries without the duplicated keys Cairo 1.16 writes. The output
// is deterministic: the same input gives the same bytes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/units.h"

namespace bocage {

/// How the pages are meant to be printed (the /Duplex viewer preference).
enum class PdfDuplex { unspecified, simplex, flip_long_edge, flip_short_edge };

/// A page's trim and bleed boxes, in mm from the page's top-left.
struct PageBoxes {
  RectMm trim;
  RectMm bleed;
};

struct PrintHints {
  PdfDuplex duplex = PdfDuplex::unspecified;
  /// Per page, in page order; pages past the end or empty ones get no boxes.
  std::vector<std::optional<PageBoxes>> page_boxes;
  /// Per page, in page order: shown and printed turned a quarter clockwise
  /// (/Rotate 90): a sheet drawn across a landscape page that prints as a
  /// portrait one, so that its duplex flip is the portrait sheet's.
  std::vector<bool> turned;
};

/// Rewrites the PDF `cairo_bytes` with `hints` applied. Cairo 1.16's output
/// (one revision, a classic cross-reference table) is rewritten here, every
/// object it does not change copied byte for byte; any other structure (object
/// streams, a cross-reference stream, incremental updates: a newer Cairo) is
/// finished through libqpdf instead, so a build never fails on it. Empty with
/// `error` set (what was wrong and at which byte, in English: the caller says
/// it inside its sentence) when neither reads the input.
std::string finish_pdf(const std::string& cairo_bytes, const PrintHints& hints, std::string* error);

}  // namespace bocage
