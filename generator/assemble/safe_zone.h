// The print shops' safe zone: a piece printed one-up is cut anywhere within a
// few millimetres of its trim, so its text keeps that far inside
// (docs/print-shops.md). `validate --imposition one-up` and `build
// --imposition one-up` warn for text that does not, where its ink lies on its
// piece (text_ink_on_piece, face_layout.h).
#pragma once

#include "core/diagnostic.h"
#include "game_layout.h"

namespace bocage {

/// What the services ask: 3 mm (1/8 in) inside the trim.
inline constexpr double kSafeZoneMm = 3;

/// Warns (layout/outside-safe-zone) for each text element, on faces and
/// backs, whose ink comes nearer than `safe_mm` to its piece's trim: once per
/// element, at the card where it comes nearest. Lays out what was not yet.
/// Counters are left out (too small to keep the zone; punched from sheets).
void check_safe_zone(const GameLayout& game, double safe_mm, Diagnostics& diags);

}  // namespace bocage
