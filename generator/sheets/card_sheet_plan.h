// Imposition of cards on paper, as pure geometry in mm: how many cards fit
// (portrait paper, cards upright, at least 5 mm from the paper edge, and
// nothing printed within the printer's margin), where each trim box lies (the
// grid centred), how far each card's art may bleed, the crop marks, the page
// label and the 100% ruler, and where each back is printed so that it falls
// behind its face after a duplex flip. What the layout had to give up to keep
// the printer's margin clear is said in `notes`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/units.h"

namespace bocage {

/// Where backs go: behind their faces for a printer that flips on the long or
/// the short edge, on pages of their own (none), or on the right half of the
/// same page, to fold along the middle and glue (fold).
enum class Duplex { long_edge, short_edge, none, fold };

constexpr double kCropMarkLengthMm = 5;
constexpr double kMinCropMarkMm = 3;          // what a cutter can lay a ruler on
constexpr double kCropMarkOffsetMm = 1;       // beyond the outer bleed
constexpr double kMinCropMarkOffsetMm = 0.5;  // given up first, for a mark of kMinCropMarkMm
constexpr double kMinOuterBleedMm = 1.5;      // then the outer bleed, down to this
constexpr double kFitCropMarkMm = 1.5;    // the room a sheet keeps for a mark, beyond the offset
constexpr double kLabelClearMm = 0.4;     // a page label between two marks, from the bleed
constexpr double kMinLabelLengthMm = 40;  // a page label shorter than this is left out
constexpr double kPrinterMarginMm = 4;    // what most home printers cannot print
constexpr double kRulerLengthMm = 50;

struct SheetOptions {
  SizeMm paper{210, 297};
  double printer_margin_mm = kPrinterMarginMm;  // no ink closer than this to the paper edge
  double bleed_mm = 3;
  double gap_mm = 0;  // space between neighbouring trim boxes
  bool crop_marks = true;
  double margin_mm = 5;  // minimum distance from a trim box to the paper edge
  double crop_mark_mm =
      5;  // length of a crop mark (counters, which have cut lines, use short ones)
  // At most this many rows (0: as many as fit): a sheet whose pieces all fit
  // in fewer rows than the paper holds is planned with just those rows,
  // centred, so the label and ruler sit beside them, not in a thin margin.
  int max_rows = 0;
  // A row more with the vertical cut lines marked at the top only, where
  // marks at both ends leave no room for it (SheetPlan::marks_top_only).
  bool allow_marks_top_only = true;
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

/// What a layout gave up to keep the printer's margin clear, in both languages.
struct SheetNote {
  Text text;
  bool fewer_pieces = false;  // fewer pieces on a page than the paper would hold
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
  double bleed_mm = 3;
  double gap_mm = 0;
  double printer_margin_mm = kPrinterMarginMm;
  // Beyond the grid's outer cut lines: the art's bleed, and where the crop
  // marks start (the bleed and the marks' offset), left and right (x) and
  // above and below (y). The bleed and the offset are what they were asked
  // to be unless a mark of kMinCropMarkMm needs their room (plan_card_sheet).
  double outer_bleed_x = 3, outer_bleed_y = 3;
  double mark_start_x = 4, mark_start_y = 4;
  // Marks only above the grid (marks_top_only): one row more than marks at
  // both ends of the vertical cut lines allow (Letter: 9 poker cards, not 8).
  // The grid then stands low on the page, with this bleed below its last row.
  bool marks_top_only = false;
  double outer_bleed_bottom = 3;
  RectMm mark_limit;             // where crop marks may be drawn (faces' side of the paper)
  std::vector<SheetNote> notes;  // what the layout gave up, for the user
  int per_page_unreserved = 0;   // what would fit without the printer's margin and marks
  bool marks_short = false;      // a piece too large for whole crop marks on an axis
  int per_page() const { return columns * rows; }
};

/// Whether a margin box can hold the 50 mm ruler (at least 3 mm across).
bool ruler_fits(const MarginBox& box);

/// Plans a sheet of `card`-sized cards; `columns == 0` when none fits. For
/// fold-and-glue the faces fill the left half of the page only.
SheetPlan plan_card_sheet(SizeMm card, const SheetOptions& options,
                          Duplex duplex = Duplex::long_edge);

/// Where the registration target goes: the corner of the top-left margin,
/// outside every cut line and crop mark; else the band under the grid, where
/// the target and its back (by `flip`) are clear of pieces, marks, the label
/// and the ruler. Empty when the paper has no such room.
std::optional<PointMm> registration_point(const SheetPlan& plan, Duplex flip = Duplex::long_edge);

constexpr double kFoldGapMm = 5;            // from the fold line to the nearest card, on each side
constexpr double kCounterMarginMm = 10;     // counters: room for the registration target
constexpr double kCounterCropMarkMm = 2.5;  // counters have cut lines: short marks

/// The bleed of each used slot of a page (`used`: slot indices): full on every
/// edge whose neighbour across it is empty or missing (it is cut), at most half
/// the gap towards a used neighbour (it must not cover that card).
std::vector<Insets> page_bleeds(const SheetPlan& plan, const std::vector<int>& used);

/// A rectangle grown by insets.
RectMm grow(RectMm r, Insets by);

/// Crop marks for the given trim boxes (those used on a page): one mark at
/// each end of every cut line, starting `start_x` left and right of the
/// outermost trims and `start_y` above and below them (outside the outer
/// bleed), up to `length_mm` long, cut short at the edge of `limit` (the
/// paper inside the printer's margin); marks with no room are left out.
std::vector<CropMark> crop_marks_for(const std::vector<RectMm>& trims, RectMm limit, double start_x,
                                     double start_y, double length_mm = kCropMarkLengthMm,
                                     double shortest_mm = 0.5);

/// crop_marks_for with a plan's own starts and length.
std::vector<CropMark> crop_marks_for(const std::vector<RectMm>& trims, RectMm limit,
                                     const SheetPlan& plan);

/// Where the back of a card whose face is at `face` must be printed, on a page
/// of `paper`, so that it falls behind the face: long edge mirrors
/// horizontally, short edge vertically, none keeps the position, fold mirrors
/// across the page's vertical middle (the fold line).
RectMm back_position(RectMm face, SizeMm paper, Duplex duplex);

/// The flip of a page drawn across (landscape) and printed turned a quarter
/// to portrait: the portrait sheet's long edge is the drawing's short one.
Duplex turned_flip(Duplex duplex);

/// The bleed of a back: the face's bleed mirrored like its position.
Insets back_bleed(Insets face, Duplex duplex);

}  // namespace bocage
