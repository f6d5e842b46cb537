#include "piece_fit.h"

#include <algorithm>
#include <cmath>

#include "bocage/msg/core.h"
#include "did_you_mean.h"
#include "number_text.h"

namespace bocage {

namespace {

/// The decks `ids` names, each once; an unknown id is an error at `pos`.
std::vector<const Deck*> piece_decks(const Game& game, const std::vector<std::string>& ids,
                                     const SourcePos& pos, Diagnostics& diags) {
  std::vector<const Deck*> out;
  for (const auto& id : ids) {
    const Deck* d = game.deck(id);
    if (!d) {
      std::vector<std::string> known;
      for (const auto& deck : game.decks) known.push_back(deck.id);
      diags.error(pos, "data/unknown-deck", both(msg::core::unknown_piece_deck, "id"_a = id),
                  did_you_mean(id, known));
      continue;
    }
    if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  }
  return out;
}

/// A length as a message quotes it: to the hundredth, no trailing zeros.
std::string mm(double v) {
  return format_g(std::round(v * 100) / 100);
}

/// Warns when a piece of `deck` does not fit `room` (mm, width x height),
/// kPieceMarginMm to spare on each side. `place` names the room.
void check_fit(const Deck& deck, SizeMm room, const Text& place, const SourcePos& pos,
               Diagnostics& diags) {
  const double piece = std::max(deck.size.width, deck.size.height);
  const double fits = std::min(room.width, room.height) - 2 * kPieceMarginMm;
  if (piece <= fits + 1e-6) return;
  diags.warning(pos, "data/piece-fit", per_lang([&](Lang l) {
                  return tr(l, msg::core::piece_does_not_fit, "deck"_a = deck.id,
                            "piece"_a = mm(piece), "place"_a = place.in(l),
                            "margin"_a = mm(kPieceMarginMm));
                }),
                both(msg::core::piece_does_not_fit_hint, "piece"_a = mm(fits),
                     "room"_a = mm(piece + 2 * kPieceMarginMm)));
}

}  // namespace

void check_piece_fit(const Game& game, Diagnostics& diags) {
  for (const auto& map : game.maps) {
    const double flats = map.grid.across_flats_mm();
    for (const Deck* d : piece_decks(game, map.pieces, map.pieces_pos, diags))
      check_fit(*d, {flats, flats},
                both(msg::core::place_hex, "map"_a = map.id, "room"_a = mm(flats)), map.pieces_pos,
                diags);
  }
  for (const auto& board : game.boards) {
    // The smallest location speaks for all.
    const Location* smallest = nullptr;
    double least = 0;
    for (const auto& id : board.location_order) {
      const Location& loc = board.locations.at(id);
      const double side =
          loc.circle ? loc.size.width / std::sqrt(2.0) : std::min(loc.size.width, loc.size.height);
      if (!smallest || side < least) smallest = &loc, least = side;
    }
    for (const Deck* d : piece_decks(game, board.pieces, board.pieces_pos, diags))
      if (smallest)
        check_fit(
            *d, {least, least},
            both(msg::core::place_location, "location"_a = smallest->id, "room"_a = mm(least)),
            board.pieces_pos, diags);
    for (const auto& track : board.tracks)
      for (const Deck* d : piece_decks(game, track.pieces, track.pieces_pos, diags))
        check_fit(*d, track.box,
                  both(msg::core::place_track, "track"_a = track.id,
                       "room"_a = mm(std::min(track.box.width, track.box.height))),
                  track.pieces_pos, diags);
  }
}

}  // namespace bocage
