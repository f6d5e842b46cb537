#include "tts_export.h"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "bocage/msg/gen.h"
#include "core/fnv1a.h"
#include "core/units.h"
#include "generator/layout/face_raster.h"
#include "generator/pdf/pdf_writer.h"
#include "generator/render/face_painter.h"
#include "generator/render/face_png.h"

namespace bocage {

namespace fs = std::filesystem;
// Keys in the order they are set, as the game writes them: the same input
// gives the same bytes.
using Json = nlohmann::ordered_json;

namespace {

// The structure of a saved object follows the game's own files as open tools
// write them: jeandeaual/tts-deckconverter (tts/structs.go, tts/builder.go)
// for SavedObject, DeckCustom, Card and CustomDeck; argonui/TTSModManager
// (saved-object-feature.md) for what a saved object leaves empty; the
// typed-tabletop-simulator declarations (objectData.d.ts, forge/tile.js) for
// CustomImage and CustomTile. docs/print-shops.md cites them.

/// A card at scale 1 is about 56 x 80 mm on the table (tts-deckconverter,
/// tts/builder.go): a piece's scale in x and z is its size over these.
constexpr double kCardWidthAtScale1Mm = 56;
constexpr double kCardHeightAtScale1Mm = 80;
/// The tint the game saves for a card or a deck.
constexpr double kCardTint = 0.713235259;
/// CustomDeck.Type: the shape of the cards.
constexpr int kRoundedRectangle = 0;
constexpr int kRectangle = 1;
/// A piece's room on the table beside the next, in the game's units (inches).
constexpr double kGapUnits = 0.5;

/// The colour a plain back is painted in: the face's background, else the
/// mean of its edges (the frame a card is seen by).
Color plain_back_colour(const Face& face) {
  if (face.background.set && face.background.a > 0) return face.background;
  Color mean{0, 0, 0, 1, true};
  for (const Color& c : edge_colours(face)) {
    mean.r += c.r / 4;
    mean.g += c.g / 4;
    mean.b += c.b / 4;
  }
  return mean;
}

/// What is drawn in a slot: a face, or a plain colour.
struct SlotArt {
  std::shared_ptr<const Face> face;
  Color plain;
};

/// Paints `p` into the w x h pixels at (x, y).
void paint_slot(cairo_t* cr, const SlotArt& p, int x, int y, int w, int h,
                const TemplateLibrary& templates, IconCache& icons) {
  cairo_save(cr);
  cairo_translate(cr, x, y);
  cairo_rectangle(cr, 0, 0, w, h);
  cairo_clip(cr);
  if (p.face) {
    cairo_scale(cr, w / p.face->size.width, h / p.face->size.height);
    paint_face(cr, *p.face, {0, 0, p.face->size.width, p.face->size.height}, {}, icons, templates);
  } else {
    cairo_set_source_rgb(cr, p.plain.r, p.plain.g, p.plain.b);
    cairo_paint(cr);
  }
  cairo_restore(cr);
}

/// A picture of `columns` x `rows` slots of w x h pixels, on white, each slot
/// drawn by `slot(k)` (nothing for an empty optional).
template <typename SlotPicture>
std::string sheet_png(int columns, int rows, int w, int h, double dpi, SlotPicture slot,
                      const TemplateLibrary& templates, IconCache& icons) {
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w * columns, h * rows);
  cairo_t* cr = cairo_create(s);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  for (int k = 0; k < columns * rows; ++k)
    if (const std::optional<SlotArt> p = slot(k))
      paint_slot(cr, *p, (k % columns) * w, (k / columns) * h, w, h, templates, icons);
  cairo_destroy(cr);
  std::string bytes = surface_png_bytes(s, dpi);
  cairo_surface_destroy(s);
  return bytes;
}

/// GUIDs of one saved object: derived from keys, made unique within it.
class Guids {
 public:
  std::string operator()(const std::string& key) {
    std::string g = tts_guid(key);
    for (int n = 1; used_.count(g); ++n) g = tts_guid(key + "#" + std::to_string(n));
    used_.insert(g);
    return g;
  }

 private:
  std::set<std::string> used_;
};

Json transform(double x_units, double rot_y, double rot_z, double scale_x, double scale_z) {
  return Json{{"posX", x_units},   {"posY", 1.0},   {"posZ", 0.0},
              {"rotX", 0.0},       {"rotY", rot_y}, {"rotZ", rot_z},
              {"scaleX", scale_x}, {"scaleY", 1.0}, {"scaleZ", scale_z}};
}

/// The fields every object has, in the order the game saves them.
Json object(const std::string& name, const std::string& guid, Json where,
            const std::string& nickname, const std::string& description, double tint, bool card) {
  return Json{{"GUID", guid},
              {"Name", name},
              {"Transform", std::move(where)},
              {"Nickname", nickname},
              {"Description", description},
              {"GMNotes", ""},
              {"ColorDiffuse", {{"r", tint}, {"g", tint}, {"b", tint}}},
              {"Locked", false},
              {"Grid", true},
              {"Snap", true},
              {"IgnoreFoW", false},
              {"MeasureMovement", false},
              {"DragSelectable", true},
              {"Autoraise", true},
              {"Sticky", true},
              {"Tooltip", true},
              {"GridProjection", false},
              {"HideWhenFaceDown", card},
              {"Hands", card},
              {"LuaScript", ""},
              {"LuaScriptState", ""},
              {"XmlUI", ""}};
}

Json custom_deck(const std::string& face_url, const std::string& back_url, int columns, int rows,
                 bool unique_back, int type) {
  return Json{{"FaceURL", face_url}, {"BackURL", back_url},  {"NumWidth", columns},
              {"NumHeight", rows},   {"BackIsHidden", true}, {"UniqueBack", unique_back},
              {"Type", type}};
}

/// The saved object around `objects`: a save with its outer fields left
/// empty, as the game writes into Saved Objects.
Json saved_object(Json objects) {
  return Json{{"SaveName", ""},
              {"Date", ""},
              {"VersionNumber", ""},
              {"GameMode", ""},
              {"GameType", ""},
              {"GameComplexity", ""},
              {"Tags", Json::array()},
              {"Gravity", 0.5},
              {"PlayArea", 0.5},
              {"Table", ""},
              {"Sky", ""},
              {"Note", ""},
              {"Rules", ""},
              {"XmlUI", ""},
              {"LuaScript", ""},
              {"LuaScriptState", ""},
              {"TabStates", Json::object()},
              {"ObjectStates", std::move(objects)}};
}

/// The card's printed name (Japanese first), else its id.
std::string nickname(const Card& c) {
  return c.name.empty() ? c.id : c.name.in("ja");
}
/// The English name when it differs.
std::string description(const Card& c) {
  const std::string& en = c.name.in("en");
  return en == nickname(c) ? std::string() : en;
}

std::string url_of(const fs::path& folder, const std::string& name) {
  return file_url(fs::absolute(folder / name).lexically_normal());
}

/// The JSON text of `saved`, two spaces an indent, UTF-8 as it is.
std::string json_text(const Json& saved) {
  return saved.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

/// A deck: face sheets in a grid, a back or back sheets, one DeckCustom.
TtsWritten write_deck(const DeckLayout& d, int first_key, const TemplateLibrary& templates,
                      IconCache& icons, const fs::path& folder, PendingFiles& pending,
                      Text* error) {
  const std::string& id = d.deck->id;
  const SizeMm size = d.deck->size;
  const int per_sheet = kTtsColumns * kTtsRows - 1;  // the last slot: the hidden card
  const int cards = static_cast<int>(d.size());
  const int sheets = std::max(1, (cards + per_sheet - 1) / per_sheet);
  // The grid: as many slots as the cards of the fullest sheet and the hidden
  // card need; 2 to 10 columns and 2 to 7 rows.
  const int slots = std::min(cards, per_sheet) + 1;
  const int columns = std::clamp(slots, 2, kTtsColumns);
  const int rows = std::clamp((slots + columns - 1) / columns, 2, kTtsRows);
  // Pixels a millimetre: 300 ppi, or less for a sheet within kTtsMaxSheetPx.
  const double px_per_mm =
      std::min({kTtsImageDpi / kMmPerInch, kTtsMaxSheetPx / (size.width * columns),
                kTtsMaxSheetPx / (size.height * rows)});
  const double dpi = px_per_mm * kMmPerInch;
  const int cw = static_cast<int>(std::floor(size.width * px_per_mm));
  const int ch = static_cast<int>(std::floor(size.height * px_per_mm));
  // Backs alike on every card: one back picture; else back sheets in the
  // faces' grid; no back at all: a plain one in the deck's colour.
  bool one_back = true;
  std::optional<size_t> first_back;
  for (size_t i = 0; i < d.size(); ++i) {
    const auto f = d.first_alike_back(i);
    if (i == 0) first_back = f;
    if (f != first_back) one_back = false;
  }
  const SlotArt plain{nullptr, plain_back_colour(*d.face(0))};
  const SlotArt hidden = first_back ? SlotArt{d.back(*first_back), {}} : plain;
  auto card_at = [&](int n, int k) { return n * per_sheet + k; };

  TtsWritten done;
  std::string back_url;
  if (one_back) {
    const std::string back = id + "-back.png";
    if (!put_pending_file(
            folder, back,
            sheet_png(
                1, 1, cw, ch, dpi, [&](int) { return std::optional<SlotArt>(hidden); }, templates,
                icons),
            pending, error))
      return {};
    ++done.files;
    back_url = url_of(folder, back);
  }
  const int type = d.deck->kind == Deck::Kind::counters && d.deck->corner_radius_mm <= 0
                       ? kRectangle
                       : kRoundedRectangle;
  Json decks = Json::object();
  for (int n = 0; n < sheets; ++n) {
    const int key = first_key + n;
    auto slot = [&](int k, bool backs) -> std::optional<SlotArt> {
      if (k == columns * rows - 1) return hidden;
      if (k >= per_sheet || card_at(n, k) >= cards) return std::nullopt;
      const auto card = static_cast<size_t>(card_at(n, k));
      if (!backs) return SlotArt{d.face(card), {}};
      if (auto back = d.back(card)) return SlotArt{back, {}};
      return plain;
    };
    const std::string faces = id + "-faces-" + std::to_string(n + 1) + ".png";
    if (!put_pending_file(folder, faces,
                          sheet_png(
                              columns, rows, cw, ch, dpi, [&](int k) { return slot(k, false); },
                              templates, icons),
                          pending, error))
      return {};
    ++done.files;
    std::string backs_url = back_url;
    if (!one_back) {
      const std::string backs = id + "-backs-" + std::to_string(n + 1) + ".png";
      if (!put_pending_file(folder, backs,
                            sheet_png(
                                columns, rows, cw, ch, dpi, [&](int k) { return slot(k, true); },
                                templates, icons),
                            pending, error))
        return {};
      ++done.files;
      backs_url = url_of(folder, backs);
    }
    decks[std::to_string(key)] =
        custom_deck(url_of(folder, faces), backs_url, columns, rows, !one_back, type);
  }
  done.custom_decks = sheets;

  // Each card as many times as its copies, in the data's order.
  Guids guids;
  const double sx = size.width / kCardWidthAtScale1Mm;
  const double sz = size.height / kCardHeightAtScale1Mm;
  Json ids = Json::array();
  Json contained = Json::array();
  for (int i = 0; i < cards; ++i) {
    const Card& c = d.deck->cards[static_cast<size_t>(i)];
    const int key = first_key + i / per_sheet;
    const int card_id = key * 100 + i % per_sheet;
    for (int copy = 1; copy <= c.count; ++copy) {
      ids.push_back(card_id);
      Json card =
          object("Card", guids(id + "/" + c.id + "/" + std::to_string(copy)),
                 transform(0, 180, 180, sx, sz), nickname(c), description(c), kCardTint, true);
      card["CardID"] = card_id;
      card["SidewaysCard"] = false;
      card["CustomDeck"] = Json{{std::to_string(key), decks[std::to_string(key)]}};
      contained.push_back(std::move(card));
    }
  }
  const Localized& name = d.deck->name;
  Json objects = Json::array();
  if (contained.size() == 1) {
    // A deck of one card is a card.
    Json card = std::move(contained[0]);
    card["Name"] = "CardCustom";
    objects.push_back(std::move(card));
  } else {
    Json deck = object("DeckCustom", guids(id), transform(0, 180, 180, sx, sz),
                       name.empty() ? id : name.in("ja"), name.in("en"), kCardTint, true);
    deck["Hands"] = false;
    deck["SidewaysCard"] = false;
    deck["DeckIDs"] = std::move(ids);
    deck["CustomDeck"] = std::move(decks);
    deck["ContainedObjects"] = std::move(contained);
    objects.push_back(std::move(deck));
  }
  if (!put_pending_file(folder, id + ".json", json_text(saved_object(std::move(objects))), pending,
                        error))
    return {};
  ++done.files;
  done.objects = 1;
  return done;
}

/// A board or an aid: a picture a piece at full resolution, an object a copy.
TtsWritten write_pieces(const DeckLayout& d, TtsForm form, int first_key,
                        const TemplateLibrary& templates, IconCache& icons, const fs::path& folder,
                        PendingFiles& pending, Text* error) {
  const std::string& id = d.deck->id;
  const SizeMm size = d.deck->size;
  const double longer = std::max(size.width, size.height);
  const int dpi = std::min(kTtsImageDpi, static_cast<int>(kTtsMaxImagePx * kMmPerInch / longer));
  auto picture = [&](const SlotArt& p, PngSize& px) {
    if (p.face) return with_png_dpi(face_png_bytes(*p.face, dpi, icons, templates, px), dpi);
    px.width = static_cast<int>(std::lround(size.width * dpi / kMmPerInch));
    px.height = static_cast<int>(std::lround(size.height * dpi / kMmPerInch));
    return sheet_png(
        1, 1, px.width, px.height, dpi, [&](int) { return std::optional<SlotArt>(p); }, templates,
        icons);
  };
  TtsWritten done;
  Guids guids;
  std::string plain_back_url;  // an aid without a back: one plain back for every page
  Json objects = Json::array();
  double x = 0;
  for (size_t i = 0; i < d.size(); ++i) {
    const Card& c = d.deck->cards[i];
    PngSize px;
    const std::string face = id + "-" + c.id + "-face.png";
    if (!put_pending_file(folder, face, picture({d.face(i), {}}, px), pending, error)) return {};
    ++done.files;
    std::string back_url;
    if (const auto back = d.back(i)) {
      const std::string name = id + "-" + c.id + "-back.png";
      if (!put_pending_file(folder, name, picture({back, {}}, px), pending, error)) return {};
      ++done.files;
      back_url = url_of(folder, name);
    } else if (form == TtsForm::aid) {
      if (plain_back_url.empty()) {
        const std::string name = id + "-back.png";
        if (!put_pending_file(folder, name, picture({nullptr, plain_back_colour(*d.face(0))}, px),
                              pending, error))
          return {};
        ++done.files;
        plain_back_url = url_of(folder, name);
      }
      back_url = plain_back_url;
    }
    const int key = first_key + done.custom_decks;
    for (int copy = 1; copy <= c.count; ++copy) {
      const std::string guid = guids(id + "/" + c.id + "/" + std::to_string(copy));
      Json o;
      if (form == TtsForm::aid) {
        o = object("CardCustom", guid,
                   transform(x, 180, 0, size.width / kCardWidthAtScale1Mm,
                             size.height / kCardHeightAtScale1Mm),
                   nickname(c), description(c), kCardTint, true);
        o["CardID"] = key * 100;
        o["SidewaysCard"] = false;
        o["CustomDeck"] = Json{{std::to_string(key), custom_deck(url_of(folder, face), back_url, 1,
                                                                 1, false, kRoundedRectangle)}};
      } else {
        // A Custom_Board has one side; a piece with a back is a Custom_Tile.
        o = object(back_url.empty() ? "Custom_Board" : "Custom_Tile", guid,
                   transform(x, 180, 0, 1, 1), nickname(c), description(c), 1.0, false);
        Json image{{"ImageURL", url_of(folder, face)},
                   {"ImageSecondaryURL", back_url},
                   {"ImageScalar", 1.0},
                   {"WidthScale", 0.0}};
        if (!back_url.empty())
          image["CustomTile"] =
              Json{{"Type", 0}, {"Thickness", 0.1}, {"Stackable", false}, {"Stretch", true}};
        o["CustomImage"] = std::move(image);
      }
      objects.push_back(std::move(o));
      x += size.width / kMmPerInch + kGapUnits;
    }
    if (form == TtsForm::aid) ++done.custom_decks;
  }
  done.objects = static_cast<int>(objects.size());
  if (!put_pending_file(folder, id + ".json", json_text(saved_object(std::move(objects))), pending,
                        error))
    return {};
  ++done.files;
  return done;
}

}  // namespace

TtsForm tts_form(const DeckLayout& d) {
  if (d.size() > 0) {
    for (const PlacedElement& item : d.face(0)->items) {
      const Element& e = *item.element;
      if (e.kind == ElementKind::hexmap || e.kind == ElementKind::board ||
          e.kind == ElementKind::legend)
        return TtsForm::board;
      // A tracker; a card with a box for pieces and a back (Maquis's
      // missions) is drawn from a deck.
      if (!e.holds.empty() && !d.has_backs()) return TtsForm::board;
    }
  }
  if (std::max(d.deck->size.width, d.deck->size.height) > kTtsLargestCardMm) return TtsForm::aid;
  return TtsForm::deck;
}

std::string file_url(const fs::path& absolute) {
  // RFC 8089: file:///path, the path's octets percent-encoded outside
  // RFC 3986's unreserved characters and the "/" between segments.
  std::string url = "file://";
  for (unsigned char c : absolute.generic_string()) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '.' || c == '_' || c == '~' || c == '/') {
      url += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      url += buf;
    }
  }
  return url;
}

std::string tts_guid(const std::string& key) {
  // The game's GUIDs are six hex digits.
  const uint64_t h = fnv1a(key);
  char buf[8];
  std::snprintf(buf, sizeof buf, "%06x",
                static_cast<unsigned>((h ^ (h >> 24) ^ (h >> 48)) & 0xFFFFFF));
  return buf;
}

TtsWritten write_tts_component(const DeckLayout& deck, int first_key,
                               const TemplateLibrary& templates, IconCache& icons,
                               const fs::path& folder, PendingFiles& pending, Text* error) {
  if (deck.size() == 0) return {};
  const TtsForm form = tts_form(deck);
  if (form == TtsForm::deck)
    return write_deck(deck, first_key, templates, icons, folder, pending, error);
  return write_pieces(deck, form, first_key, templates, icons, folder, pending, error);
}

}  // namespace bocage
