// A board as a screen draws it (bocage-play serve's page): shapes in
// millimetres (the hexes of a hex map, the locations of a point-to-point
// board), the lines between them (roads, hedgerows), and the pieces where
// the companion knows them, as the seat looking may see them. Made from the
// same map and board data the generator prints (core/hex_map.h through
// core/hex_board.h, core/board.h).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/hex_board.h"
#include "core/hex_map.h"

namespace bocage {

struct BoardView {
  struct Shape {
    std::string id;     // what a piece names: a hex's coordinate ("0405"), a location's id
    std::string label;  // printed large: a hex's label ("6", "★"), a location's name
    std::string note;   // printed small: a hex's coordinate
    std::string fill;   // "#rrggbb"
    std::vector<PointMm> outline;  // a polygon; empty for a circle
    PointMm centre;
    double radius = 0;  // a circle's
    std::string icon;   // the printed icon's name (templates/icons/<name>.svg), or empty
    /// What a piece there may do, as the board prints it (a location's
    /// action): its icons (`:food:`) and the words between them (→ ＋ ／).
    struct Part {
      std::string icon;  // an icon's name; empty for words
      std::string text;  // the words, or the icon's printed name (what a reader hears)
    };
    std::vector<Part> action;
  };
  struct Link {
    PointMm a, b;
    std::string stroke;
    double width = 1;
  };
  struct Piece {
    std::string at;    // a Shape's id
    std::string text;  // its printed name, or "?" face down
    std::string side;  // "own", "enemy", "hidden" or "neutral": how it is drawn
  };
  /// The printed map's legend: each terrain its hexes have, its colour and
  /// printed name (and its icon, so that it does not rest on colour alone),
  /// in the map's order.
  struct Legend {
    std::string fill;
    std::string name;
    std::string icon;  // as on the printed legend, or empty
  };
  SizeMm size;
  std::vector<Legend> legend;
  std::vector<Shape> shapes;
  std::vector<Link> links;
  std::vector<Piece> pieces;
};

/// A track the table keeps (the turn, morale, soldiers, the range), as the
/// page draws it: its printed name, its boxes from `min` to `max` (labelled
/// by their numbers, or by `labels`, one per box, where the sheet prints
/// words: PB, S, M, L) and the box its marker is on. Tracks are public: every
/// seat sees the same.
struct TrackView {
  std::string name;
  int min = 0, max = 0, value = 0;
  std::vector<std::string> labels;
};

/// Every existing hex of `board` (its coordinate, label and outline) in the
/// colour of its terrain on `map`, the map `board` was built from, and the
/// map's hexside features (along the shared edge, or centre to centre for a
/// road), with the legend of its terrains named in `lang_code` ("ja" or "en").
BoardView hex_board_view(const HexMap& map, const HexBoard& board, std::string_view lang_code);
/// Every location of `board` (box or circle, its name and action in
/// `lang_code`, "ja" or "en") and the roads. `icon_name` names an action's
/// icon as the player aid prints it (Maquis's 空中投下), else its id is used.
BoardView place_board_view(const Board& board, std::string_view lang_code,
                           const std::function<std::string(const std::string&)>& icon_name = {});

/// A location's action text split into its icons (`:food:`, named by
/// `icon_name`) and the words between them, each trimmed; none for an empty text.
std::vector<BoardView::Shape::Part> action_parts(
    std::string_view text, const std::function<std::string(const std::string&)>& icon_name);

}  // namespace bocage
