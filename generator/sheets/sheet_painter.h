// Draws what a sheet carries besides the cards: crop marks, the page label
// and the 100%-scale ruler (its caption: ruler_caption()).
#pragma once

#include <cairo.h>

#include <string>
#include <vector>

#include "bocage/msg/gen.h"
#include "card_sheet_plan.h"
#include "generator/text/text_engine.h"

namespace bocage {

/// A message as a sheet prints it, whatever the locale: Japanese, `sep`,
/// English ("表 face"). A macro: a message is checked where it is named.
#define BOCAGE_PRINT_BOTH(message, sep) \
  (::bocage::tr(::bocage::Lang::ja, message) + (sep) + ::bocage::tr(::bocage::Lang::en, message))

/// Under the ruler: "実際のサイズ(100%)で印刷 · Print at 100% · 50 mm".
std::string ruler_caption();
/// The size of the page label and the ruler's caption on every sheet: the
/// legibility floor for Latin text, never shrunk (a label too long for its
/// box takes a shorter form instead, see paint_margin_label).
constexpr double kLabelPt = 6;
constexpr double kLabelLineSpacing = 1.25;  // a label on two lines: their glyphs apart

void paint_crop_marks(cairo_t* cr, const std::vector<CropMark>& marks);

/// A page label in its margin box, at kLabelPt: the first of `forms` (the
/// label, then shorter forms of it: without its English, without the game's
/// name) that fits on one line, or on two broken at the " · " that balances
/// them; none: left out, never spilt past its box or printed smaller. With
/// `sized_as` (parallel to `forms`: the labels of a PDF's pages, which differ
/// only by their page number), the form is chosen as it is for `sized_as`,
/// the longest of them, so that every page takes the same form and lines.
void paint_margin_label(cairo_t* cr, const TextEngine& engine, const std::string& family,
                        const std::vector<std::string>& forms, const MarginBox& where,
                        const std::vector<std::string>& sized_as = {});

/// A 50 mm ruler with millimetre ticks and its caption; nothing when the box
/// is too small for it (see ruler_fits).
void paint_ruler(cairo_t* cr, const TextEngine& engine, const std::string& family,
                 const MarginBox& where);

}  // namespace bocage
