// Imposition of cards on paper, as pure geometry in mm: how many cards fit
// (portrait paper, cards upright, at least 5 mm from the paper edge), where
// each trim box lies (the grid centred), how far each card's art may bleed,
// the crop marks, the page label and the 100% ruler, and where each back is
// printed so that it falls behind its face after a duplex flip.
#pragma once

#include <optional>
#include <vector>

#include "core/units.h"

namespace bocage {

/// Where backs go: behind their faces for a printer that flips on the long or
/// the short edge, on pages of their own (none), or on the right half of the
/// same page, to fold along the middle and glue (fold).
enum class Duplex { long_edge, short_edge, none, fold };

struct SheetOptions {
  SizeMm paper{210, 297};
  double bleed_mm = 3;
  double gap_mm = 0;  // space between neighbouring trim boxes
  bool crop_marks = true;
  double margin_mm = 5;  // minimum distance from a trim box to the paper edge
  double crop_mark_mm =
      5;  // length of a crop mark (counters, which have cut lines, use short ones)
};

struct CardSlot {
  RectMm trim;
  Insets bleed;  // how far the art reaches past each trim edge
};

struct CropMark {
  PointMm from, to;
};

/// A box in the margin for the page label or the ruler; `vertical` boxes are
/// read bottom to top (text rotated 90 degrees counter-clockwise).
struct MarginBox {
  RectMm box;
  bool vertical = false;
};

struct SheetPlan {
  SizeMm paper;
  int columns = 0;
  int rows = 0;
  RectMm grid;                  // the union of the trim boxes
  std::vector<CardSlot> slots;  // row-major, left to right, top to bottom
  std::vector<CropMark> crop_marks;
  MarginBox label;
  MarginBox ruler;
  double crop_mark_mm = 5;
  int per_page() const { return columns * rows; }
};

constexpr double kCropMarkLengthMm = 5;
constexpr double kCropMarkOffsetMm = 1;  // beyond the outer bleed
constexpr double kPrinterMarginMm = 4;   // what most home printers cannot print
constexpr double kRulerLengthMm = 50;

/// Plans a sheet of `card`-sized cards; `columns == 0` when none fits. For
/// fold-and-glue the faces fill the left half of the page only.
SheetPlan plan_card_sheet(SizeMm card, const SheetOptions& options,
                          Duplex duplex = Duplex::long_edge);

/// Where the registration target goes: the corner of the top-left margin,
/// outside every cut line and crop mark. Empty when the margin is too small.
std::optional<PointMm> registration_point(const SheetPlan& plan, double bleed_mm);

constexpr double kFoldGapMm = 5;
constexpr double kCounterMarginMm = 10;     // counters: room for the registration target
constexpr double kCounterCropMarkMm = 2.5;  // counters have cut lines: short marks  // from the
                                            // fold line to the nearest card, on each side

/// Crop marks for the given trim boxes (those used on a page): one mark at
/// each end of every cut line, outside the outer bleed, up to 5 mm long.
std::vector<CropMark> crop_marks_for(const std::vector<RectMm>& trims, SizeMm paper,
                                     double bleed_mm, double length_mm = kCropMarkLengthMm);

/// Where the back of a card whose face is at `face` must be printed, on a page
/// of `paper`, so that it falls behind the face: long edge mirrors
/// horizontally, short edge vertically, none keeps the position, fold mirrors
/// across the page's vertical middle (the fold line).
RectMm back_position(RectMm face, SizeMm paper, Duplex duplex);

/// The bleed of a back: the face's bleed mirrored like its position.
Insets back_bleed(Insets face, Duplex duplex);

}  // namespace bocage
