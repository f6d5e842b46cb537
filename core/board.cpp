#include "board.h"

#include <algorithm>

#include "bocage/msg/core.h"
#include "did_you_mean.h"
#include "toml_reader.h"

namespace bocage {

std::vector<std::string> Board::neighbours(const std::string& id) const {
  std::vector<std::string> out;
  for (const auto& c : connections) {
    if (c.a == id) out.push_back(c.b);
    if (c.b == id) out.push_back(c.a);
  }
  return out;
}

std::vector<std::string> Board::path(const std::string& from, const std::string& to,
                                     const std::vector<std::string>& blocked) const {
  if (!locations.count(from) || !locations.count(to)) return {};
  auto is_blocked = [&](const std::string& id) {
    return id != to && std::find(blocked.begin(), blocked.end(), id) != blocked.end();
  };
  // Breadth-first from `from`, remembering where each location was reached from.
  std::map<std::string, std::string> came_from{{from, from}};
  std::vector<std::string> queue{from};
  for (size_t next = 0; next < queue.size() && !came_from.count(to); ++next)
    for (const auto& n : neighbours(queue[next]))
      if (!came_from.count(n) && !is_blocked(n)) {
        came_from[n] = queue[next];
        queue.push_back(n);
      }
  if (!came_from.count(to)) return {};
  std::vector<std::string> out{to};
  while (out.back() != from) out.push_back(came_from[out.back()]);
  return {out.rbegin(), out.rend()};
}

int Board::distance(const std::string& from, const std::string& to,
                    const std::vector<std::string>& blocked) const {
  return static_cast<int>(path(from, to, blocked).size()) - 1;
}

RectMm Board::track_box(const Track& t, size_t index) const {
  const size_t columns = t.columns > 0 ? static_cast<size_t>(t.columns) : t.boxes.size();
  const size_t col = columns ? index % columns : 0, row = columns ? index / columns : 0;
  return {t.origin.x + col * t.box.width, t.origin.y + row * t.box.height, t.box.width,
          t.box.height};
}

namespace {

std::optional<PointMm> read_point(TomlReader& r, std::string_view key, Need need) {
  auto v = r.lengths_in(key, 2, -kMaxPieceMm, kMaxPieceMm, need);
  if (!v) return std::nullopt;
  return PointMm{(*v)[0], (*v)[1]};
}

void read_location(const std::string& id, const toml::node& node, const std::string& file,
                   Board& board, Diagnostics& diags) {
  Location loc;
  loc.id = id;
  loc.pos = node_pos(node, file);
  const toml::table* t = node.as_table();
  if (!t) {
    diags.error(loc.pos, "data/wrong-type", both(msg::core::location_not_a_table, "id"_a = id));
    return;
  }
  TomlReader r(*t, file, "[board.location." + id + "]", diags);
  loc.name = r.localized("name", Need::required).value_or(Localized{});
  loc.action = r.localized("action").value_or(Localized{});
  loc.center = read_point(r, "at", Need::required).value_or(PointMm{});
  auto shape = r.string("shape").value_or("box");
  if (shape != "box" && shape != "circle")
    diags.error(r.pos_of("shape"), "data/bad-value",
                both(msg::core::unknown_shape, "value"_a = shape));
  loc.circle = shape == "circle";
  if (loc.circle) {
    double d = r.length_in("diameter", 1, kMaxPieceMm).value_or(24);
    loc.size = {d, d};
  } else if (auto s = r.lengths_in("size", 2, 1, kMaxPieceMm)) {
    loc.size = {(*s)[0], (*s)[1]};
  }
  loc.fill = r.string("fill").value_or(loc.fill);
  if (auto icon = r.id("icon")) loc.icon = Ref{*icon, r.pos_of("icon")};
  r.finish();
  board.location_order.push_back(id);
  board.locations[id] = loc;
}

void read_track(const toml::table& t, const std::string& file, Board& board, Diagnostics& diags) {
  Track track;
  TomlReader r(t, file, "[[board.track]]", diags);
  track.pos = r.pos();
  track.id = r.id("id", Need::required).value_or("");
  track.name = r.localized("name", Need::required).value_or(Localized{});
  track.origin = read_point(r, "at", Need::required).value_or(PointMm{});
  if (auto s = r.lengths_in("box", 2, 1, kMaxPieceMm)) track.box = {(*s)[0], (*s)[1]};
  track.columns = static_cast<int>(r.integer_in("columns", 0, 200).value_or(0));
  track.pieces_pos = r.pos_of("pieces");
  track.pieces = r.strings("pieces").value_or(std::vector<std::string>{});
  // Boxes: either a count (numbered from `first`) or a list of tables.
  if (auto count = r.integer_in("count", 1, 200)) {
    int first = static_cast<int>(r.integer_in("first", -9999, 9999).value_or(1));
    for (int k = 0; k < *count; ++k)
      track.boxes.push_back({std::to_string(first + k), {}, false, {}});
  }
  if (const toml::array* boxes = r.array("boxes")) {
    for (const auto& n : *boxes) {
      const toml::table* bt = n.as_table();
      if (!bt) {
        r.type_error("boxes", n, both(msg::core::kind_box));
        continue;
      }
      TomlReader br(*bt, file, both(msg::core::where_track_box, "track"_a = track.id), diags);
      TrackBox b;
      b.label = br.string("label", Need::required).value_or("");
      b.second = br.string("second").value_or("");
      b.marked = br.boolean("marked").value_or(false);
      b.mark = br.string("mark").value_or("");
      br.finish();
      track.boxes.push_back(b);
    }
  }
  // Marked boxes of a counted track, by label.
  if (auto marked = r.strings("marked")) {
    for (const auto& label : *marked) {
      bool found = false;
      for (auto& b : track.boxes)
        if (b.label == label) b.marked = found = true;
      if (!found)
        diags.error(r.pos_of("marked"), "data/bad-value",
                    both(msg::core::no_such_box, "track"_a = track.id, "label"_a = label));
    }
  }
  r.finish();
  if (track.boxes.empty())
    diags.error(track.pos, "data/missing-key",
                both(msg::core::track_without_boxes, "track"_a = track.id));
  board.tracks.push_back(std::move(track));
}

}  // namespace

bool read_board(const toml::table& table, const std::string& file, Board& board,
                Diagnostics& diags) {
  const size_t before = diags.error_count();
  TomlReader r(table, file, "[board]", diags);
  board.file = file;
  board.pos = r.pos();
  board.id = r.id("id", Need::required).value_or("");
  board.name = r.localized("name", Need::required).value_or(Localized{});
  board.road_color = r.string("road_color").value_or(board.road_color);
  board.road_width_mm = r.length_in("road_width", 0, 50).value_or(board.road_width_mm);
  board.pieces_pos = r.pos_of("pieces");
  board.pieces = r.strings("pieces").value_or(std::vector<std::string>{});
  if (const toml::table* locations = r.table("location", Need::required))
    for (auto&& [key, node] : *locations)
      read_location(std::string(key.str()), node, file, board, diags);
  if (const toml::array* connections = r.array("connection")) {
    for (const auto& n : *connections) {
      const toml::table* ct = n.as_table();
      if (!ct) continue;
      TomlReader cr(*ct, file, "[[board.connection]]", diags);
      auto between = cr.strings("between", Need::required);
      cr.finish();
      if (!between) continue;
      if (between->size() != 2) {
        diags.error(cr.pos_of("between"), "data/bad-connection",
                    both(msg::core::between_two_locations));
        continue;
      }
      bool ok = true;
      for (const auto& id : *between) {
        if (board.locations.count(id)) continue;
        diags.error(cr.pos_of("between"), "data/unknown-location",
                    both(msg::core::unknown_location, "id"_a = id),
                    did_you_mean(id, board.location_order));
        ok = false;
      }
      if (ok) board.connections.push_back({(*between)[0], (*between)[1], cr.pos()});
    }
  }
  if (const toml::array* tracks = r.array("track")) {
    for (const auto& n : *tracks)
      if (const toml::table* tt = n.as_table()) read_track(*tt, file, board, diags);
  }
  r.finish();
  return diags.error_count() == before;
}

}  // namespace bocage
