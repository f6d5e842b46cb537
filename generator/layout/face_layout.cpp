#include "face_layout.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/did_you_mean.h"
#include "core/safe_path.h"

namespace bocage {

namespace {

std::string fmt_mm(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string fmt_mm2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string element_label(const Element& e) {
  return "template '" + e.template_name + "' line " + std::to_string(e.pos.line);
}

bool has_braces(const std::string& s) {
  return s.find('{') != std::string::npos;
}

void check_text_refs(const std::string& text, const Element& e, const Game& game, const Deck& deck,
                     Diagnostics& diags, bool& ok) {
  std::string syntax;
  for (const auto& ref : refs_in(text, &syntax)) {
    RefCheck c = check_ref(ref, game, deck, e.repeat.count > 1);
    if (!c.ok) {
      diags.error(e.pos, "template/unknown-field",
                  c.message + " in " + element_label(e) + " (used by deck '" + deck.id + "')",
                  c.hint);
      ok = false;
    }
  }
  if (!syntax.empty()) {
    diags.error(e.pos, "template/bad-text", syntax);
    ok = false;
  }
}

/// Where a text's problem should point: the value of the first card field
/// it shows, else the face's subject (the card, or the deck's back).
SourcePos text_pos(const std::string& text, const BindContext& ctx, const SourcePos& fallback) {
  if (!ctx.card) return fallback;
  for (const auto& ref : refs_in(text, nullptr)) {
    std::string head = ref.substr(0, ref.find('.'));
    if (head == "name") return ctx.card->name_pos;
    if (const FieldValue* f = ctx.card->field(head)) return f->pos;
  }
  return fallback;
}

std::string field_names(const std::string& text) {
  std::string out;
  for (const auto& r : refs_in(text, nullptr)) out += (out.empty() ? "" : ", ") + r;
  return out.empty() ? "literal text" : "field " + out;
}

void report_glyph_problems(const TextBlock& block, const std::string& what, const SourcePos& where,
                           const FaceSubject& subject, Diagnostics& diags) {
  std::set<char32_t> reported;
  for (const auto& g : block.glyph_problems) {
    if (!reported.insert(g.codepoint).second) continue;
    std::string ch = "'" + utf8_encode(g.codepoint) + "' (" + codepoint_name(g.codepoint) + ")";
    const std::string hint =
        "replace the character, or configure a font that has it under [fonts] in game.toml";
    if (g.font_family.empty())
      diags.error(
          where, "layout/missing-glyph",
          subject.label + ", " + what + ": character " + ch + " has no glyph in the game's fonts",
          hint);
    else
      diags.error(where, "layout/font-fallback",
                  subject.label + ", " + what + ": character " + ch + " would come from '" +
                      g.font_family + "', which is not one of the game's fonts",
                  hint);
  }
}

// Ink may stand this far outside its box before validate speaks (rounding,
// the accents of capitals that reach a hair above the line's top).
constexpr double kInkToleranceMm = 0.05;
// Lines whose ink comes closer than this read as one blot on a home printer
// (ink spreads by about 0.05 mm on plain paper at 600 dpi: docs/templates.md#legibility).
constexpr double kMinLineInkGapMm = 0.2;

/// Warnings for a fitted text: ink outside its box, a size below the
/// legible minimum of its script, lines whose ink touches.
void check_legibility(const TextBlock& block, RectMm box, TextVAlign valign,
                      const LegibleSizes& legible, const std::string& what, const SourcePos& where,
                      const std::string& element, Diagnostics& diags) {
  if (block.fits && block.ink.width > 0) {
    const RectMm ink = text_block_ink(block, box, valign);
    const std::pair<double, const char*> sides[] = {{box.x - ink.x, "left of"},
                                                    {ink.right() - box.right(), "right of"},
                                                    {box.y - ink.y, "above"},
                                                    {ink.bottom() - box.bottom(), "below"}};
    for (const auto& [over, side] : sides)
      if (over > kInkToleranceMm)
        diags.warning(where, "layout/ink-outside-box",
                      what + ": its ink reaches " + fmt_mm(over) + " mm " + side + " its " +
                          fmt_mm(box.width) + " x " + fmt_mm(box.height) + " mm box" + element,
                      "enlarge the box, or move it away from the edge it leaves");
  }
  auto too_small = [&](double minimum, const char* script) {
    char buf[160];
    std::snprintf(buf, sizeof buf, ": set at %.2g pt, below the legible %.2g pt for %s text",
                  block.size_pt, minimum, script);
    diags.warning(where, "layout/text-too-small", what + buf + element,
                  "give it a larger box or shorter text, so that it fits at a larger size "
                  "(min_legible_size in [template] sets the limits)");
  };
  if (block.has_japanese && block.size_pt < legible.japanese_pt - 1e-6)
    too_small(legible.japanese_pt, "Japanese");
  else if (block.has_latin && block.size_pt < legible.latin_pt - 1e-6)
    too_small(legible.latin_pt, "Latin");
  if (block.line_ink_gap_mm && *block.line_ink_gap_mm < kMinLineInkGapMm)
    diags.warning(where, "layout/lines-touch",
                  what + ": the ink of two lines comes within " +
                      fmt_mm2(std::max(0.0, *block.line_ink_gap_mm)) + " mm (at least " +
                      fmt_mm2(kMinLineInkGapMm) + " mm keeps them apart)" + element,
                  "set a larger line_spacing (1.3 to 1.5 for Japanese text)");
}

/// Fits a label of a map, legend or board, reporting overflow and glyphs
/// against the element; `what` names where it stands ("board 'town'").
std::shared_ptr<TextBlock> fit_label(const std::string& text, RectMm box, const TextStyle& style,
                                     const std::string& what, const Element& e,
                                     const FaceSubject& subject, const TextEngine& engine,
                                     const std::set<std::string>& families, Diagnostics& diags) {
  auto block = fit_text_shared(engine, text, style, {box.width, box.height}, families);
  if (!block->fits)
    diags.error(e.pos, "layout/text-overflow",
                subject.label + ": '" + text + "' on the " + what + " does not fit its " +
                    fmt_mm(box.width) + " x " + fmt_mm(box.height) + " mm box at " +
                    fmt_mm(style.min_size_pt) + " pt");
  report_glyph_problems(*block, what, e.pos, subject, diags);
  return block;
}

}  // namespace

RectMm caption_box(double x, double y, double size) {
  return {x, y + size * 0.64, size, size * 0.3};
}

bool uses_card_fields(const Template& tmpl) {
  auto card_ref = [](const std::string& ref) {
    std::string head = ref.substr(0, ref.find('.'));
    return head != "deck" && head != "game" && head != "symbol" && head != "index";
  };
  for (const auto& e : tmpl.elements) {
    if (e.kind == ElementKind::symbols) return true;
    for (const std::string* cond : {&e.when, &e.unless})
      if (!cond->empty() && card_ref(*cond)) return true;
    for (const std::string* text : {&e.text, &e.icon})
      for (const auto& ref : refs_in(*text, nullptr))
        if (card_ref(ref)) return true;
  }
  return false;
}

std::set<std::string> game_font_families(const Game& game) {
  std::set<std::string> out;
  for (const auto& [role, ref] : game.fonts.families) out.insert(ref.name);
  return out;
}

bool check_template(const Template& tmpl, const Game& game, const Deck& deck,
                    const TemplateLibrary& library, Diagnostics& diags) {
  bool ok = true;
  for (const auto& e : tmpl.elements) {
    for (const std::string* cond : {&e.when, &e.unless}) {
      if (cond->empty()) continue;
      RefCheck c = check_ref(*cond, game, deck, e.repeat.count > 1);
      if (!c.ok) {
        diags.error(e.pos, "template/unknown-field",
                    c.message + " in 'when'/'unless' of " + element_label(e) + " (used by deck '" +
                        deck.id + "')",
                    c.hint);
        ok = false;
      }
    }
    switch (e.kind) {
      case ElementKind::text:
        check_text_refs(e.text, e, game, deck, diags, ok);
        break;
      case ElementKind::icon:
        check_text_refs(e.icon, e, game, deck, diags, ok);
        if (has_braces(e.icon)) break;  // checked for each card in lay_out_face
        if (auto problem = library.check_icon(e.icon)) {
          if (problem->code == "missing-icon")
            diags.error(e.pos, "template/missing-icon",
                        "icon '" + e.icon + "' not found (expected '" +
                            (library.root() / "icons" / (e.icon + ".svg")).string() + "')");
          else
            diags.error(e.pos, "template/" + problem->code, problem->message, problem->hint);
          ok = false;
        }
        break;
      case ElementKind::image: {
        auto path = resolve_inside(library.root(), e.image);
        if (!path) {
          diags.error(e.pos, "template/path-outside-root",
                      "image path '" + e.image + "' leaves the templates folder '" +
                          library.root().string() + "'");
          ok = false;
        } else if (!std::filesystem::exists(*path)) {
          diags.error(e.pos, "template/missing-image", "image '" + path->string() + "' not found");
          ok = false;
        }
        break;
      }
      case ElementKind::rect: {
        if (e.holds.empty()) break;
        const Deck* held = game.deck(e.holds);
        if (!held) {
          std::vector<std::string> ids;
          for (const auto& d : game.decks) ids.push_back(d.id);
          diags.error(e.pos, "template/unknown-deck",
                      "'holds' of " + element_label(e) + " names no deck '" + e.holds +
                          "' of game '" + game.id + "'",
                      did_you_mean(e.holds, ids));
          ok = false;
        } else if (e.box.width + 0.01 < held->size.width ||
                   e.box.height + 0.01 < held->size.height) {
          diags.error(e.pos, "layout/box-smaller-than-piece",
                      "the box of " + element_label(e) + " is " + fmt_mm2(e.box.width) + " x " +
                          fmt_mm2(e.box.height) + " mm but holds the " + fmt_mm2(held->size.width) +
                          " x " + fmt_mm2(held->size.height) + " mm pieces of deck '" + held->id +
                          "'",
                      "make the box at least " + fmt_mm2(held->size.width) + " x " +
                          fmt_mm2(held->size.height) + " mm");
          ok = false;
        }
        break;
      }
      case ElementKind::board: {
        const Board* board = game.board(e.map);
        if (!board) {
          std::vector<std::string> ids;
          for (const auto& b : game.boards) ids.push_back(b.id);
          diags.error(e.pos, "template/unknown-board",
                      "no board '" + e.map + "' in game '" + game.id + "'",
                      did_you_mean(e.map, ids));
          ok = false;
          break;
        }
        for (const auto& [id, l] : board->locations)
          if (!l.icon.empty())
            if (auto problem = library.check_icon(l.icon.name)) {
              diags.error(l.icon.pos, "data/" + problem->code,
                          "location '" + id + "': " + problem->message, problem->hint);
              ok = false;
            }
        // Everything on the board must lie inside the element's box.
        double right = 0, bottom = 0;
        for (const auto& [id, l] : board->locations) {
          right = std::max(right, l.center.x + l.size.width / 2);
          bottom = std::max(bottom, l.center.y + l.size.height / 2);
        }
        for (const auto& t : board->tracks)
          for (size_t k = 0; k < t.boxes.size(); ++k) {
            RectMm r = board->track_box(t, k);
            right = std::max(right, r.right());
            bottom = std::max(bottom, r.bottom());
          }
        if (right > e.box.width + 0.01 || bottom > e.box.height + 0.01) {
          diags.error(e.pos, "template/bad-box",
                      "board '" + e.map + "' reaches " + fmt_mm(right) + " x " + fmt_mm(bottom) +
                          " mm, beyond its " + fmt_mm(e.box.width) + " x " + fmt_mm(e.box.height) +
                          " mm box",
                      "move the locations and tracks, or enlarge the box");
          ok = false;
        }
        break;
      }
      case ElementKind::hexmap:
      case ElementKind::legend: {
        const HexMap* map = game.map(e.map);
        if (!map) {
          std::vector<std::string> ids;
          for (const auto& m : game.maps) ids.push_back(m.id);
          diags.error(e.pos, "template/unknown-map",
                      "no map '" + e.map + "' in game '" + game.id + "'", did_you_mean(e.map, ids));
          ok = false;
          break;
        }
        for (const auto& [id, s] : map->hexside_types)
          if (!parse_color(s.stroke))
            diags.error(
                s.pos, "data/bad-color",
                "hexside type '" + id + "': '" + s.stroke + "' is not a colour (\"#rrggbb\")");
        for (const auto& [id, t] : map->terrain)
          if (!t.icon.empty())
            if (auto problem = library.check_icon(t.icon.name)) {
              diags.error(t.icon.pos, "data/" + problem->code,
                          "terrain '" + id + "': " + problem->message, problem->hint);
              ok = false;
            }
        for (const auto& [id, t] : map->terrain)
          if (!parse_color(t.fill))
            diags.error(t.pos, "data/bad-color",
                        "terrain '" + id + "': '" + t.fill + "' is not a colour (\"#rrggbb\")");
        SizeMm extent = map->grid.extent();
        if (e.kind == ElementKind::hexmap &&
            (extent.width > e.box.width + 0.01 || extent.height > e.box.height + 0.01)) {
          char buf[160];
          std::snprintf(buf, sizeof buf,
                        "map '%s' (%.1f x %.1f mm) does not fit its %.1f x %.1f mm box",
                        e.map.c_str(), extent.width, extent.height, e.box.width, e.box.height);
          diags.error(e.pos, "template/bad-box", buf,
                      "enlarge the box or make the hexes smaller (hex_size)");
          ok = false;
        }
        break;
      }
      case ElementKind::symbols: {
        const FieldDef* def = deck.field_def(e.field);
        if (!def || def->type != FieldType::symbols) {
          diags.error(e.pos, "template/unknown-field",
                      "'" + e.field + "' in " + element_label(e) +
                          " is not a symbols field of deck '" + deck.id + "'");
          ok = false;
        }
        break;
      }
      default:
        break;
    }
  }
  return ok;
}

Face lay_out_face(const Template& tmpl, const BindContext& base, const FaceSubject& subject,
                  const TextEngine& engine, const TemplateLibrary& library, Diagnostics& diags) {
  Face face;
  face.size = base.deck.size;
  face.background = tmpl.background;
  const std::set<std::string> families = game_font_families(base.game);
  auto is_icon = [&](const std::string& name) {
    std::filesystem::path p = library.icon_path(name);
    return !p.empty() && std::filesystem::exists(p);
  };
  auto family_of = [&](const std::string& role) {
    auto it = base.game.fonts.families.find(role);
    return it != base.game.fonts.families.end() ? it->second.name : std::string("BIZ UDGothic");
  };

  for (const auto& e : tmpl.elements) {
    for (int i = 0; i < e.repeat.count; ++i) {
      BindContext ctx{base.game, base.deck, base.card,
                      e.repeat.count > 1 ? e.repeat.start + i * e.repeat.step : -1};
      if (!e.when.empty() && !ref_value(e.when, ctx).set) continue;
      if (!e.unless.empty() && ref_value(e.unless, ctx).set) continue;
      double dx = e.repeat.dx_mm * (i % e.repeat.columns);
      double dy = e.repeat.dy_mm * (i / e.repeat.columns);
      PlacedElement p;
      p.element = &e;
      p.box = {e.box.x + dx, e.box.y + dy, e.box.width, e.box.height};
      p.center = {e.center.x + dx, e.center.y + dy};
      p.from = {e.from.x + dx, e.from.y + dy};
      p.to = {e.to.x + dx, e.to.y + dy};

      if (e.kind == ElementKind::text) {
        std::string text = interpolate(e.text, ctx);
        if (text.empty()) continue;
        TextStyle style;
        // Western runs are always set in the Latin face; `font` chooses the
        // Japanese face (gothic for a text whose role is "latin").
        style.family = family_of(e.font_role == "latin" ? "gothic" : e.font_role);
        style.latin_family = family_of("latin");
        style.bold = e.bold;
        style.size_pt = e.size_pt;
        style.min_size_pt = e.min_size_pt;
        style.max_lines = e.max_lines;
        style.align = e.align;
        style.line_spacing = e.line_spacing;
        style.title = e.title;
        style.vertical = e.vertical;
        style.ellipsis = e.ellipsis;
        style.tate_chu_yoko_digits = e.tate_chu_yoko_digits;
        auto block =
            fit_text_shared(engine, text, style, {p.box.width, p.box.height}, families, is_icon);
        const SourcePos where = text_pos(e.text, ctx, subject.pos);
        for (const auto& m : block->markup_errors)
          diags.error(where, "data/bad-markup",
                      subject.label + ", " + field_names(e.text) + ": " + m);
        if (!block->fits) {
          std::string how;
          if (block->overflow_height_mm > 0)
            how += fmt_mm(block->overflow_height_mm) + " mm in height";
          if (block->overflow_width_mm > 0)
            how += (how.empty() ? "" : " and ") + fmt_mm(block->overflow_width_mm) + " mm in width";
          if (how.empty()) how = "its line limit";
          diags.error(where, "layout/text-overflow",
                      subject.label + ": " + field_names(e.text) + " does not fit its " +
                          fmt_mm(p.box.width) + " x " + fmt_mm(p.box.height) +
                          " mm box at the minimum size " + fmt_mm(e.min_size_pt) +
                          " pt: it overflows by " + how +
                          (e.max_lines ? " (" + std::to_string(block->line_count) +
                                             " lines, at most " + std::to_string(e.max_lines) + ")"
                                       : "") +
                          " [" + element_label(e) + "]",
                      "shorten the text, or give the template a smaller min_size or a larger box");
        }
        report_glyph_problems(*block, field_names(e.text), where, subject, diags);
        check_legibility(*block, p.box, e.valign, tmpl.legible,
                         subject.label + ", " + field_names(e.text), where,
                         " [" + element_label(e) + "]", diags);
        p.block = std::move(block);
      } else if (e.kind == ElementKind::icon) {
        p.icon = interpolate(e.icon, ctx);
        if (p.icon.empty()) continue;
        if (has_braces(e.icon)) {  // an icon named by the card: checked for each name
          if (auto problem = library.check_icon(p.icon)) {
            diags.error(text_pos(e.icon, ctx, subject.pos), "layout/" + problem->code,
                        subject.label + ": " + problem->message + " [" + element_label(e) + "]",
                        problem->hint);
            continue;
          }
        }
      } else if (e.kind == ElementKind::board) {
        p.board = base.game.board(e.map);
        if (!p.board) continue;
        const double base_pt = e.label_size_pt > 0 ? e.label_size_pt : 8;
        auto place = [&](const std::string& text, RectMm box, double size, bool bold, int lines,
                         Color color) {
          if (text.empty()) return;
          TextStyle style;
          style.family = family_of("gothic");
          style.latin_family = family_of("latin");
          style.bold = bold;
          style.size_pt = size;
          style.min_size_pt = size * 0.6;
          style.max_lines = lines;
          style.align = TextAlign::center;
          style.title = lines == 1;
          auto block = fit_label(text, box, style, "board '" + e.map + "'", e, subject, engine,
                                 families, diags);
          p.texts.push_back({box, std::move(block), TextVAlign::middle, color});
        };
        const Color ink{0.1, 0.1, 0.1, 1, true}, red{0.7, 0.1, 0.1, 1, true};
        for (const auto& id : p.board->location_order) {
          const Location& l = p.board->locations.at(id);
          const double w = l.circle ? l.size.width * 0.72 : l.size.width - 2;
          const double x = p.box.x + l.center.x - w / 2;
          const double top =
              p.box.y + l.center.y - l.size.height / 2 + (l.circle ? l.size.height * 0.16 : 1);
          const double h = l.circle ? l.size.height * 0.68 : l.size.height - 2;
          const bool has_action = !l.action.empty();
          place(l.name.ja, {x, top, w, h * (has_action ? 0.34 : 0.6)}, base_pt * 1.2, true, 1, ink);
          place(l.name.en,
                {x, top + h * (has_action ? 0.34 : 0.6), w, h * (has_action ? 0.2 : 0.4)},
                base_pt * 0.8, false, 1, ink);
          if (has_action)
            place(l.action.ja, {x, top + h * 0.56, w, h * 0.44}, base_pt * 0.85, false, 3, ink);
        }
        for (const auto& t : p.board->tracks) {
          place(t.name.ja + " " + t.name.en,
                {p.box.x + t.origin.x, p.box.y + t.origin.y - 5,
                 t.box.width * std::max<size_t>(4, t.boxes.size()), 4.5},
                base_pt, true, 1, ink);
          for (size_t k = 0; k < t.boxes.size(); ++k) {
            RectMm b = p.board->track_box(t, k);
            b = {b.x + p.box.x, b.y + p.box.y, b.width, b.height};
            const TrackBox& tb = t.boxes[k];
            place(tb.label,
                  {b.x + 0.5, b.y + 0.5, b.width - 1, b.height * (tb.second.empty() ? 0.9 : 0.55)},
                  base_pt * 1.2, true, 1, ink);
            place(tb.second, {b.x + 0.5, b.y + b.height * 0.55, b.width - 1, b.height * 0.4},
                  base_pt, true, 1, red);
            place(tb.mark, {b.right() - b.width * 0.4, b.y, b.width * 0.4, b.height * 0.35},
                  base_pt * 0.8, false, 1, red);
          }
        }
      } else if (e.kind == ElementKind::hexmap || e.kind == ElementKind::legend) {
        p.map = base.game.map(e.map);
        if (!p.map) continue;
        auto place = [&](const std::string& text, RectMm box, double size, bool bold,
                         TextAlign align, const std::string& role) {
          TextStyle style;
          style.family = family_of(role);
          style.latin_family = family_of("latin");
          style.bold = bold;
          style.size_pt = size;
          style.min_size_pt = size / 2;
          style.max_lines = e.kind == ElementKind::hexmap ? 1 : 2;
          style.align = align;
          style.title = true;
          std::string what = e.kind == ElementKind::hexmap ? "map '" + e.map + "'"
                                                           : "legend of map '" + e.map + "'";
          auto block = fit_label(text, box, style, what, e, subject, engine, families, diags);
          p.texts.push_back({box, std::move(block), TextVAlign::middle});
        };
        const HexGrid& g = p.map->grid;
        const double flats = g.across_flats_mm();
        if (e.kind == ElementKind::hexmap) {
          const double label_pt = e.label_size_pt > 0 ? e.label_size_pt : mm_to_pt(flats * 0.42);
          for (const auto& [at, hex] : p.map->hexes) {
            PointMm c = g.center(at);
            c = {c.x + p.box.x, c.y + p.box.y};
            if (!hex.label.empty())
              place(hex.label, {c.x - flats * 0.4, c.y - flats * 0.24, flats * 0.8, flats * 0.48},
                    label_pt, true, TextAlign::center, "gothic");
            if (p.map->show_coordinates)
              place(p.map->coordinate(at),
                    {c.x - flats * 0.3,
                     c.y + (p.map->coordinates_at_bottom ? flats * 0.31 : -flats * 0.47),
                     flats * 0.6, flats * 0.16},
                    mm_to_pt(flats * 0.12), false, TextAlign::center, "latin");
          }
        } else {
          double y = p.box.y;
          const size_t entries = p.map->used_terrain().size() + p.map->used_hexside_types().size();
          const double row = std::min(7.0, p.box.height / std::max<size_t>(1, entries));
          const double size = e.label_size_pt > 0 ? e.label_size_pt : 8;
          for (const Terrain* t : p.map->used_terrain()) {
            place(t->name.ja + " " + t->name.en,
                  {p.box.x + row * 1.3, y, p.box.width - row * 1.3, row}, size, false,
                  TextAlign::left, "gothic");
            y += row;
          }
          for (const HexsideType* s : p.map->used_hexside_types()) {
            place(s->name.ja + " " + s->name.en,
                  {p.box.x + row * 1.3, y, p.box.width - row * 1.3, row}, size, false,
                  TextAlign::left, "gothic");
            y += row;
          }
        }
      } else if (e.kind == ElementKind::symbols) {
        const FieldValue* f = ctx.card ? ctx.card->field(e.field) : nullptr;
        if (!f || f->symbols.empty()) continue;
        for (const auto& id : f->symbols) {
          auto it = base.game.symbols.find(id);
          if (it == base.game.symbols.end()) continue;
          p.icons.push_back(it->second.icon.name);
          if (!e.captions) continue;
          RectMm cb = caption_box(0, 0, p.box.height);
          TextStyle style;
          style.family = base.game.fonts.families.at("gothic").name;
          style.bold = true;
          style.size_pt = mm_to_pt(p.box.height * 0.24);
          style.min_size_pt = style.size_pt / 2;
          style.max_lines = 1;
          style.align = TextAlign::center;
          style.title = true;
          auto caption = fit_text_shared(engine, id, style, {cb.width, cb.height}, families);
          report_glyph_problems(*caption, "caption of symbol " + id, f->pos, subject, diags);
          p.captions.push_back(std::move(caption));
        }
      }
      face.items.push_back(std::move(p));
    }
  }
  return face;
}

}  // namespace bocage
