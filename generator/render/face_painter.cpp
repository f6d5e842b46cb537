#include "face_painter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

#include "core/hex_board.h"
#include "core/safe_path.h"

namespace bocage {

namespace {

/// Moves the origin to the corner of `box` that is the top-left of its text
/// as the reader sees it, and turns the axes by `rotate_deg` clockwise, so a
/// block drawn at (0, 0) in text_set_box(box, rotate_deg) fills `box`.
void turn_to_reader(cairo_t* cr, RectMm box, int rotate_deg) {
  switch (rotate_deg) {
    case 90:  // read from the right edge: the text's top faces right
      cairo_translate(cr, box.right(), box.y);
      break;
    case 180:  // read from the top edge, upside down
      cairo_translate(cr, box.right(), box.bottom());
      break;
    case 270:  // read from the left edge
      cairo_translate(cr, box.x, box.bottom());
      break;
    default:
      cairo_translate(cr, box.x, box.y);
      return;
  }
  cairo_rotate(cr, rotate_deg * M_PI / 180);
}

/// The shape's geometry and paint, in full precision: two elements that would
/// draw the same shape share one recording.
std::string shape_key(const Element& e, SizeMm size) {
  std::string key = e.kind == ElementKind::circle ? "circle" : "rect";
  char buf[32];
  auto add = [&](double v) {
    auto [end, _] = std::to_chars(buf, buf + sizeof buf, v);
    key.push_back(' ');
    key.append(buf, end);
  };
  for (double v : {size.width, size.height, e.radius_mm, e.stroke_width_mm}) add(v);
  for (const Color& c : {e.fill, e.stroke})
    for (double v : {c.set ? 1.0 : 0.0, c.r, c.g, c.b, c.a}) add(v);
  for (double v : e.dash_mm) add(v);
  return key;
}

/// A rect or circle element filled and stroked at `box`: recorded once and
/// painted (see IconCache::draw_recorded), since every card of a deck draws
/// the same frame and badge.
void paint_shape(cairo_t* cr, const Element& e, RectMm box, IconCache& drawings) {
  const double margin = e.stroke.set ? e.stroke_width_mm : 0;  // a miter's corner fits
  cairo_rectangle_t extents{-margin, -margin, box.width + 2 * margin, box.height + 2 * margin};
  drawings.draw_recorded(cr, shape_key(e, {box.width, box.height}), extents, {box.x, box.y},
                         [&](cairo_t* rc) {
                           // The tolerance (0.1 mm, Cairo's default in the recording's units) sets
                           // how many Bezier segments an arc gets (four per circle either way below
                           // a radius of 370 mm) and how finely Cairo flattens a curve to find its
                           // extents, which is most of what a stroke costs it. A stroke thinner
                           // than twice the tolerance would be measured as empty and dropped.
                           if (e.stroke.set)
                             cairo_set_tolerance(rc, std::min(0.1, e.stroke_width_mm / 2));
                           if (e.kind == ElementKind::circle) {
                             cairo_new_sub_path(rc);
                             cairo_arc(rc, box.width / 2, box.height / 2, e.radius_mm, 0, 2 * M_PI);
                           } else {
                             rounded_rect_path(rc, {0, 0, box.width, box.height}, e.radius_mm);
                           }
                           fill_and_stroke(rc, e);
                         });
}

/// Grows the sides of `box` that lie on the trim edge into the bleed.
RectMm extend_into_bleed(RectMm box, SizeMm trim, Insets b) {
  constexpr double eps = 0.01;
  double left = box.x, top = box.y, right = box.right(), bottom = box.bottom();
  if (left <= eps) left -= b.left;
  if (top <= eps) top -= b.top;
  if (right >= trim.width - eps) right += b.right;
  if (bottom >= trim.height - eps) bottom += b.bottom;
  return {left, top, right - left, bottom - top};
}

void hexagon(cairo_t* cr, const std::array<PointMm, 6>& corners, PointMm offset) {
  cairo_new_sub_path(cr);
  for (const auto& c : corners) cairo_line_to(cr, c.x + offset.x, c.y + offset.y);
  cairo_close_path(cr);
}

void fill_terrain(cairo_t* cr, const Terrain* t) {
  auto color = t ? parse_color(t->fill) : std::nullopt;
  if (color)
    cairo_set_source_rgba(cr, color->r, color->g, color->b, color->a);
  else
    cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_fill_preserve(cr);
}

/// The hexes that exist, filled with their terrain and outlined, the terrain
/// icons, then the labels and coordinates.
void paint_hexmap(cairo_t* cr, const PlacedElement& p, IconCache& icons,
                  const TemplateLibrary& lib) {
  const Element& e = *p.element;
  const HexGrid& g = p.map->grid;
  const PointMm origin{p.box.x, p.box.y};
  const HexBoard board(*p.map);  // each hex as the companion's page draws it too
  for (int i = 0; i < board.size(); ++i) {
    if (!board.exists(i)) continue;
    const MapHex& hex = *p.map->hex(board.at(i));
    auto t = p.map->terrain.find(hex.terrain);
    const Terrain* terrain = t == p.map->terrain.end() ? nullptr : &t->second;
    hexagon(cr, board.corners(i), origin);
    fill_terrain(cr, terrain);
    set_color(cr, e.stroke);
    cairo_set_line_width(cr, e.stroke_width_mm);
    cairo_stroke(cr);
    if (terrain && !terrain->icon.empty()) {
      PointMm c = board.centre(i);
      // Low in the hex, clear of the label in its middle.
      const double s = g.across_flats_mm() * 0.3;
      icons.draw(
          cr, lib.icon_path(terrain->icon.name),
          {origin.x + c.x - s / 2, origin.y + c.y + g.across_flats_mm() * 0.22 - s / 2, s, s});
    }
  }
  // Hexside features: roads through the centres first, then edges (hedgerows, rivers).
  for (bool through : {true, false}) {
    for (const auto& side : p.map->hexsides) {
      const HexsideType& type = p.map->hexside_types.at(side.type);
      if (type.through_centres != through) continue;
      PointMm from, to;
      if (through) {
        from = g.center(side.a);
        to = g.center(side.b);
      } else {
        const auto edge = g.shared_edge(side.a, side.b);
        if (!edge) continue;
        from = (*edge)[0];
        to = (*edge)[1];
      }
      auto color = parse_color(type.stroke);
      if (color) set_color(cr, *color);
      cairo_set_line_width(cr, type.width_mm);
      cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to(cr, origin.x + from.x, origin.y + from.y);
      cairo_line_to(cr, origin.x + to.x, origin.y + to.y);
      cairo_stroke(cr);
    }
  }
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  for (const auto& t : p.texts) draw_text_block(cr, *t.block, t.box, t.valign);
}

/// A swatch hexagon (with the terrain's icon, so the legend does not rest on
/// colour alone) and the name of each terrain the map uses.
void paint_legend(cairo_t* cr, const PlacedElement& p, IconCache& icons,
                  const TemplateLibrary& lib) {
  const Element& e = *p.element;
  auto used = p.map->used_terrain();
  auto sides = p.map->used_hexside_types();
  for (size_t k = 0; k < sides.size() && used.size() + k < p.rows.size(); ++k) {
    const RectMm& box = p.rows[used.size() + k];
    auto color = parse_color(sides[k]->stroke);
    if (color) set_color(cr, *color);
    cairo_set_line_width(cr, sides[k]->width_mm);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_move_to(cr, p.box.x + 0.5, box.y + box.height / 2);
    cairo_line_to(cr, p.box.x + box.height * 0.84 + 0.5, box.y + box.height / 2);
    cairo_stroke(cr);
  }
  for (size_t i = 0; i < used.size() && i < p.rows.size(); ++i) {
    const RectMm& box = p.rows[i];
    const double r = box.height * 0.42;
    const PointMm c{p.box.x + r + 0.5, box.y + box.height / 2};
    HexGrid one(HexOrientation::flat_top, HexOffset::odd, 1, 1, r * std::sqrt(3.0));
    hexagon(cr, one.corners({0, 0}), {c.x - one.radius_mm(), c.y - one.across_flats_mm() / 2});
    fill_terrain(cr, used[i]);
    set_color(cr, e.stroke);
    cairo_set_line_width(cr, e.stroke_width_mm);
    cairo_stroke(cr);
    if (!used[i]->icon.empty()) {
      const double s = r * 1.3;
      icons.draw(cr, lib.icon_path(used[i]->icon.name), {c.x - s / 2, c.y - s / 2, s, s});
    }
  }
  // The entries' names: one text a row, or the Japanese above the English.
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  for (const auto& t : p.texts) draw_text_block(cr, *t.block, t.box, t.valign);
}

/// Roads between locations, the locations (box or circle, icon, texts), and the tracks.
void paint_board(cairo_t* cr, const PlacedElement& p, IconCache& icons,
                 const TemplateLibrary& lib) {
  const Element& e = *p.element;
  const Board& b = *p.board;
  const PointMm o{p.box.x, p.box.y};
  auto road = parse_color(b.road_color);
  cairo_save(cr);
  if (road) set_color(cr, *road);
  cairo_set_line_width(cr, b.road_width_mm);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  for (const auto& c : b.connections) {
    const PointMm& a = b.locations.at(c.a).center;
    const PointMm& z = b.locations.at(c.b).center;
    cairo_move_to(cr, o.x + a.x, o.y + a.y);
    cairo_line_to(cr, o.x + z.x, o.y + z.y);
  }
  cairo_stroke(cr);
  cairo_restore(cr);
  for (const auto& id : b.location_order) {
    const Location& l = b.locations.at(id);
    RectMm box{o.x + l.center.x - l.size.width / 2, o.y + l.center.y - l.size.height / 2,
               l.size.width, l.size.height};
    if (l.circle) {
      cairo_new_sub_path(cr);
      cairo_arc(cr, o.x + l.center.x, o.y + l.center.y, l.size.width / 2, 0, 2 * M_PI);
    } else {
      rounded_rect_path(cr, box, 2);
    }
    auto fill = parse_color(l.fill);
    if (fill) set_color(cr, *fill);
    cairo_fill_preserve(cr);
    set_color(cr, e.stroke);
    cairo_set_line_width(cr, e.stroke_width_mm);
    cairo_stroke(cr);
    if (!l.icon.empty()) {
      double s = std::min(box.height * 0.3, 6.0);
      icons.draw(cr, lib.icon_path(l.icon.name), {box.x + 1, box.y + 1, s, s});
    }
  }
  for (const auto& t : b.tracks) {
    for (size_t k = 0; k < t.boxes.size(); ++k) {
      RectMm r = b.track_box(t, k);
      r = {r.x + o.x, r.y + o.y, r.width, r.height};
      cairo_rectangle(cr, r.x, r.y, r.width, r.height);
      if (t.boxes[k].marked)
        cairo_set_source_rgb(cr, 0.98, 0.82, 0.55);
      else
        cairo_set_source_rgb(cr, 1, 1, 1);
      cairo_fill_preserve(cr);
      set_color(cr, e.stroke);
      cairo_set_line_width(cr, e.stroke_width_mm);
      cairo_stroke(cr);
    }
  }
  for (const auto& t : p.texts) {
    set_color(cr, t.color);
    draw_text_block(cr, *t.block, t.box, t.valign);
  }
}

void paint_symbols(cairo_t* cr, const PlacedElement& p, IconCache& icons,
                   const TemplateLibrary& lib) {
  const Element& e = *p.element;
  double size = p.box.height;
  double n = static_cast<double>(p.icons.size());
  double total = n * size + (n - 1) * e.gap_mm;
  double x = p.box.x;
  if (e.align == TextAlign::center) x += (p.box.width - total) / 2;
  if (e.align == TextAlign::right) x += p.box.width - total;
  for (size_t i = 0; i < p.icons.size(); ++i) {
    icons.draw(cr, lib.icon_path(p.icons[i]), {x, p.box.y, size, size});
    if (i < p.captions.size()) {
      cairo_set_source_rgb(cr, 1, 1, 1);
      draw_text_block(cr, *p.captions[i], caption_box(x, p.box.y, size), TextVAlign::middle);
    }
    x += size + e.gap_mm;
  }
}

/// Where a picture is missing (in `watch`): a grey box crossed corner to
/// corner, so that the card's other parts can still be judged.
void paint_picture_placeholder(cairo_t* cr, RectMm box) {
  cairo_save(cr);
  cairo_rectangle(cr, box.x, box.y, box.width, box.height);
  cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
  cairo_set_line_width(cr, 0.3);
  cairo_stroke(cr);
  cairo_move_to(cr, box.x, box.y);
  cairo_line_to(cr, box.right(), box.bottom());
  cairo_move_to(cr, box.right(), box.y);
  cairo_line_to(cr, box.x, box.bottom());
  cairo_stroke(cr);
  cairo_restore(cr);
}

}  // namespace

void set_color(cairo_t* cr, const Color& c) {
  cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

void fill_and_stroke(cairo_t* cr, const Element& e) {
  if (e.fill.set) {
    set_color(cr, e.fill);
    if (e.stroke.set)
      cairo_fill_preserve(cr);
    else
      cairo_fill(cr);
  }
  if (e.stroke.set) {
    set_color(cr, e.stroke);
    cairo_set_line_width(cr, e.stroke_width_mm);
    if (!e.dash_mm.empty())
      cairo_set_dash(cr, e.dash_mm.data(), static_cast<int>(e.dash_mm.size()), 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
  }
  cairo_new_path(cr);
}

void rounded_rect_path(cairo_t* cr, RectMm r, double radius) {
  radius = std::min({radius, r.width / 2, r.height / 2});
  if (radius <= 0) {
    cairo_rectangle(cr, r.x, r.y, r.width, r.height);
    return;
  }
  cairo_new_sub_path(cr);
  cairo_arc(cr, r.right() - radius, r.y + radius, radius, -M_PI / 2, 0);
  cairo_arc(cr, r.right() - radius, r.bottom() - radius, radius, 0, M_PI / 2);
  cairo_arc(cr, r.x + radius, r.bottom() - radius, radius, M_PI / 2, M_PI);
  cairo_arc(cr, r.x + radius, r.y + radius, radius, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

void paint_face(cairo_t* cr, const Face& face, RectMm trim, Insets bleed, IconCache& icons,
                const TemplateLibrary& library) {
  ScopedIconDrawer inline_icons([&](cairo_t* c, const std::string& name, double size) {
    icons.draw(c, library.icon_path(name), {0, 0, size, size});
  });
  cairo_save(cr);
  cairo_translate(cr, trim.x, trim.y);
  cairo_rectangle(cr, -bleed.left, -bleed.top, face.size.width + bleed.left + bleed.right,
                  face.size.height + bleed.top + bleed.bottom);
  cairo_clip(cr);
  if (face.background.set) {
    set_color(cr, face.background);
    cairo_paint(cr);
  }
  for (const auto& p : face.items) {
    const Element& e = *p.element;
    switch (e.kind) {
      case ElementKind::rect: {
        RectMm box = e.bleed ? extend_into_bleed(p.box, face.size, bleed) : p.box;
        if (e.stroke.set || e.radius_mm > 0) {
          paint_shape(cr, e, box, icons);
        } else {
          cairo_rectangle(cr, box.x, box.y, box.width, box.height);
          fill_and_stroke(cr, e);
        }
        break;
      }
      case ElementKind::circle:
        paint_shape(
            cr, e,
            {p.center.x - e.radius_mm, p.center.y - e.radius_mm, 2 * e.radius_mm, 2 * e.radius_mm},
            icons);
        break;
      case ElementKind::line:
        cairo_move_to(cr, p.from.x, p.from.y);
        cairo_line_to(cr, p.to.x, p.to.y);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        fill_and_stroke(cr, e);
        break;
      case ElementKind::text:
        set_color(cr, e.color);
        if (e.rotate_deg == 0) {
          draw_text_block(cr, *p.block, p.box, e.valign);
        } else {
          cairo_save(cr);
          turn_to_reader(cr, p.box, e.rotate_deg);
          draw_text_block(cr, *p.block, text_set_box(p.box, e.rotate_deg), e.valign);
          cairo_restore(cr);
        }
        break;
      case ElementKind::icon:
        icons.draw(cr, library.icon_path(p.icon), p.box);
        break;
      case ElementKind::image: {
        // Resolved by the layout (card_art.h); a face made by hand names it in the element.
        auto path = !p.image_file.empty() ? std::optional(p.image_file)
                                          : resolve_inside(library.root(), e.image);
        // A picture missing or broken reaches here only in `watch`
        // (TemplateLibrary::pictures_may_be_missing): its place is shown.
        if (path && !icons.draw(cr, *path, p.box)) paint_picture_placeholder(cr, p.box);
        break;
      }
      case ElementKind::hexmap:
        paint_hexmap(cr, p, icons, library);
        break;
      case ElementKind::legend:
        paint_legend(cr, p, icons, library);
        break;
      case ElementKind::board:
        paint_board(cr, p, icons, library);
        break;
      case ElementKind::symbols:
        paint_symbols(cr, p, icons, library);
        break;
    }
  }
  cairo_restore(cr);
}

}  // namespace bocage
