// Pieces that fit their places: a counter meant for a map is smaller than its
// hex, one meant for a board's locations or a track's boxes smaller than
// them, by a margin a player can pick it up by. The map, the board and each
// track name the decks whose pieces they take (`pieces = ["counters"]`).
#pragma once

#include "diagnostic.h"
#include "model.h"

namespace bocage {

/// Room left on each side of a piece in its hex or box, mm: a fingertip's
/// hold on the piece's edge without pushing its neighbours.
constexpr double kPieceMarginMm = 1.0;

/// Warns for every piece larger than a hex, location or track box that takes
/// it (less kPieceMarginMm each side); an unknown deck id is an error.
void check_piece_fit(const Game& game, Diagnostics& diags);

}  // namespace bocage
