// A point-to-point board as data: locations (boxes or circles with a name, an
// icon and an action text), the connections between them, and tracks of
// numbered boxes (a morale track with a second number per box, a day track
// with marked boxes). Loaded from a component file with [board]; printed by
// the generator, walked by the companion (escape routes, patrols).
#pragma once

#include <toml++/toml.h>

#include <map>
#include <string>
#include <vector>

#include "diagnostic.h"
#include "localized.h"
#include "ref.h"
#include "units.h"

namespace bocage {

struct Location {
  std::string id;
  Localized name;
  Localized action;  // what a piece there may do; may be empty
  PointMm center;
  bool circle = false;
  SizeMm size{30, 18};  // box; a circle uses width as its diameter
  std::string fill = "#f4efe1";
  Ref icon;
  SourcePos pos;
};

struct Connection {
  std::string a, b;  // location ids
  SourcePos pos;
};

struct TrackBox {
  std::string label;    // "Fail", "1", ...
  std::string second;   // a second number (red), may be empty
  bool marked = false;  // highlighted (an orange day, a starred day)
  std::string mark;     // a symbol printed in the corner, e.g. "★"
};

struct Track {
  std::string id;
  Localized name;
  PointMm origin;  // top-left of the first box
  SizeMm box{12, 12};
  int columns = 0;  // boxes per row; 0: all in one row
  std::vector<TrackBox> boxes;
  // The decks whose pieces go in its boxes (checked: each fits with room to pick it up).
  std::vector<std::string> pieces;
  SourcePos pieces_pos;
  SourcePos pos;
};

struct Board {
  std::string id;
  Localized name;
  std::map<std::string, Location> locations;
  std::vector<std::string> location_order;
  std::vector<Connection> connections;
  std::vector<Track> tracks;
  std::string road_color = "#8a6a3c";
  double road_width_mm = 1.2;
  // The decks whose pieces stand on its locations (checked like a map's).
  std::vector<std::string> pieces;
  SourcePos pieces_pos;
  std::string file;
  SourcePos pos;

  /// The locations connected to `id`.
  std::vector<std::string> neighbours(const std::string& id) const;
  /// A shortest path from `from` to `to` along the connections, both ends
  /// included, never through a location in `blocked` (the ends may be);
  /// empty when no path leads there or an id is unknown. Between paths of the
  /// same length, the one through neighbours listed first.
  std::vector<std::string> path(const std::string& from, const std::string& to,
                                const std::vector<std::string>& blocked = {}) const;
  /// Connections crossed on the shortest path; -1 when none leads there.
  int distance(const std::string& from, const std::string& to,
               const std::vector<std::string>& blocked = {}) const;
  /// Where a track's box `index` lies.
  RectMm track_box(const Track& t, size_t index) const;
};

/// Reads the [board] table of a component file; problems go to `diags`.
bool read_board(const toml::table& table, const std::string& file, Board& board,
                Diagnostics& diags);

}  // namespace bocage
