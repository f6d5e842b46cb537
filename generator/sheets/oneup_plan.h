// One-up imposition for a print shop or a card printer: each piece on its own
// page of trim plus bleed, with no marks, and the order of faces and backs
// the printer asks for (docs/printing.md cites the specifications followed).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/units.h"

namespace bocage {

/// Where the backs go in a one-up PDF: after each face (face, back, face,
/// back...), before each face (back, face...: DriveThruCards), or all faces
/// first, then all backs in the same order.
enum class OneUpOrder { face_back, back_face, faces_then_backs };

/// Parses "face-back", "back-face" or "faces-then-backs".
std::optional<OneUpOrder> parse_oneup_order(const std::string& name);

/// One page of a one-up PDF: a piece (index into the deck's cards) and its side.
struct OneUpPage {
  size_t card = 0;
  bool back = false;
};

/// The pages of a deck: each card repeated `counts[i]` times, in card order;
/// with `has_backs`, every copy also gets its back page (blank when the card
/// has none), placed as `order` says.
std::vector<OneUpPage> oneup_pages(const std::vector<int>& counts, bool has_backs,
                                   OneUpOrder order);

/// The geometry of a one-up page: the page is the trim plus the bleed on every
/// side; the trim box sits `bleed` from its top-left; the bleed box is the page.
struct OneUpGeometry {
  SizeMm page;
  RectMm trim;
  RectMm bleed;
};
OneUpGeometry oneup_geometry(SizeMm piece, double bleed_mm);

}  // namespace bocage
