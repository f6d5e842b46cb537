#include "board_view.h"

#include <algorithm>

#include "core/ids.h"

namespace bocage {

BoardView hex_board_view(const HexMap& map, const HexBoard& board, std::string_view lang_code) {
  BoardView v;
  v.size = board.extent();
  std::vector<std::string> used;  // the terrains of the hexes, each once
  for (int i = 0; i < board.size(); ++i) {
    if (!board.exists(i)) continue;
    BoardView::Shape s;
    s.id = board.coordinate(i);
    s.label = board.label(i);
    s.note = board.coordinate(i);
    const MapHex* hex = map.hex(board.at(i));
    const auto t = hex ? map.terrain.find(hex->terrain) : map.terrain.end();
    s.fill = t == map.terrain.end() ? "#ffffff" : t->second.fill;
    if (t != map.terrain.end()) s.icon = t->second.icon.name;
    if (t != map.terrain.end() && std::find(used.begin(), used.end(), t->first) == used.end())
      used.push_back(t->first);
    const auto corners = board.corners(i);
    s.outline.assign(corners.begin(), corners.end());
    s.centre = board.centre(i);
    v.shapes.push_back(std::move(s));
  }
  for (const auto& side : map.hexsides) {
    const auto type = map.hexside_types.find(side.type);
    if (type == map.hexside_types.end()) continue;
    BoardView::Link l;
    l.stroke = type->second.stroke;
    l.width = type->second.width_mm;
    if (type->second.through_centres) {
      l.a = map.grid.center(side.a);
      l.b = map.grid.center(side.b);
    } else {  // the edge the neighbours share
      const auto edge = map.grid.shared_edge(side.a, side.b);
      if (!edge) continue;
      l.a = (*edge)[0];
      l.b = (*edge)[1];
    }
    v.links.push_back(l);
  }
  for (const auto& [id, terrain] : map.terrain)
    if (std::find(used.begin(), used.end(), id) != used.end())
      v.legend.push_back({terrain.fill, terrain.name.in(lang_code), terrain.icon.name});
  return v;
}

std::vector<BoardView::Shape::Part> action_parts(
    std::string_view text, const std::function<std::string(const std::string&)>& icon_name) {
  std::vector<BoardView::Shape::Part> parts;
  auto words = [&](std::string_view w) {
    const auto first = w.find_first_not_of(' ');
    if (first == std::string_view::npos) return;
    w = w.substr(first, w.find_last_not_of(' ') - first + 1);
    parts.push_back({"", std::string(w)});
  };
  size_t at = 0;
  while (at < text.size()) {
    // ":id:" with an id of icons' letters (core/ids.h), as rich text writes an icon.
    const size_t open = text.find(':', at);
    if (open == std::string_view::npos) break;
    const size_t close = text.find(':', open + 1);
    if (close == std::string_view::npos) break;
    const std::string id(text.substr(open + 1, close - open - 1));
    if (!is_valid_id(id)) {
      words(text.substr(at, close - at));
      at = close;
      continue;
    }
    words(text.substr(at, open - at));
    std::string name = icon_name ? icon_name(id) : std::string();
    parts.push_back({id, name.empty() ? id : name});
    at = close + 1;
  }
  words(text.substr(std::min(at, text.size())));
  return parts;
}

BoardView place_board_view(const Board& board, std::string_view code,
                           const std::function<std::string(const std::string&)>& icon_name) {
  BoardView v;
  for (const auto& id : board.location_order) {
    const Location& L = board.locations.at(id);
    BoardView::Shape s;
    s.id = id;
    s.label = L.name.in(code);
    s.fill = L.fill;
    s.icon = L.icon.name;
    s.action = action_parts(L.action.in(code), icon_name);
    s.centre = L.center;
    const double w = L.size.width / 2, h = (L.circle ? L.size.width : L.size.height) / 2;
    if (L.circle) {
      s.radius = w;
    } else {
      s.outline = {{L.center.x - w, L.center.y - h},
                   {L.center.x + w, L.center.y - h},
                   {L.center.x + w, L.center.y + h},
                   {L.center.x - w, L.center.y + h}};
    }
    v.size.width = std::max(v.size.width, L.center.x + w);
    v.size.height = std::max(v.size.height, L.center.y + h);
    v.shapes.push_back(std::move(s));
  }
  for (const auto& c : board.connections) {
    const auto a = board.locations.find(c.a), b = board.locations.find(c.b);
    if (a == board.locations.end() || b == board.locations.end()) continue;
    v.links.push_back({a->second.center, b->second.center, board.road_color, board.road_width_mm});
  }
  return v;
}

}  // namespace bocage
