// Binds a card's data into its template and lays out every element in mm:
// the result (a Face) is what both validation and drawing use. Text that does
// not fit, and glyphs the game's fonts lack, become diagnostics here.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/hex_map.h"
#include "field_ref.h"
#include "generator/text/text_block.h"
#include "template.h"

namespace bocage {

/// A text placed on a map or legend: a hex's label or coordinate, a legend entry.
struct PlacedText {
  RectMm box;
  std::shared_ptr<TextBlock> block;
  TextVAlign valign = TextVAlign::middle;
  Color color{0.1, 0.1, 0.1, 1, true};
  bool operator==(const PlacedText&) const = default;
};

struct PlacedElement {
  const Element* element = nullptr;    // the template's, or `own`
  std::shared_ptr<const Element> own;  // the element with this card's colours (card_art.h)
  std::filesystem::path image_file;    // image: the picture, resolved
  RectMm box;
  PointMm center, from, to;
  std::shared_ptr<TextBlock> block;                  // text
  std::string icon;                                  // icon: resolved icon name
  std::vector<std::string> icons;                    // symbols: icon names, in order
  std::vector<std::shared_ptr<TextBlock>> captions;  // symbols: ids drawn in the badges
  const HexMap* map = nullptr;                       // hexmap, legend
  const Board* board = nullptr;                      // board
  std::vector<PlacedText> texts;                     // hexmap, legend
  std::vector<RectMm> rows;  // legend: each entry's row (terrain, then hexsides), for its swatch
  /// The same element, placed the same (its texts the same blocks).
  bool operator==(const PlacedElement&) const = default;
};

struct Face {
  SizeMm size;
  Color background;
  std::vector<PlacedElement> items;
  /// Drawn alike: the same elements in the same places (a deck's backs).
  bool operator==(const Face&) const = default;
};

/// What a face belongs to, for messages: "deck 'gi' card 'm1-garand'".
struct FaceSubject {
  Text label;  // in both languages
  SourcePos pos;
};

/// Checks a template against a deck once: field references, icons, images.
/// Returns false when the template cannot be used.
bool check_template(const Template& tmpl, const Game& game, const Deck& deck,
                    const TemplateLibrary& library, Diagnostics& diags);

/// The box a text element is set in, from its top-left corner as the reader
/// sees it: `box` (on the card) for 0 and 180 degrees, with width and height
/// swapped for 90 and 270 (docs/templates.md, "Turned text").
RectMm text_set_box(RectMm box, int rotate_deg);

/// Where the caption of a symbol badge of `size` mm at `x, y` goes: the
/// bottom third of the badge, which the icons leave free.
RectMm caption_box(double x, double y, double size);

/// Whether a template shows anything of the card it is laid out for (a
/// field, `when`/`unless` on a field, a symbols row); if not, one layout
/// serves every card.
bool uses_card_fields(const Template& tmpl);

/// What a face of `tmpl` shows of the card of `ctx`: whether each element is
/// drawn, and its texts, icons, pictures, colours and symbols as bound. Two
/// cards with the same key have faces laid out alike (a deck's backs that
/// show a field, alike on the cards where it is alike).
std::string binding_key(const Template& tmpl, const BindContext& ctx);

/// The size a deck's cards share for each text element of `size_policy =
/// "deck"` (a title's default), by element.
using DeckSizes = std::map<const Element*, double>;

/// The shared sizes of `tmpl`'s deck-sized texts over `cards` (the cards of
/// `deck` that use the template): for each, the largest size, in the
/// element's 0.25 pt steps, at which every card's text fits its box broken
/// between words. A card whose title fits only far below the deck's other
/// cards (under 80 % of their median size, whatever the policy) is a
/// `layout/size-below-deck` warning in `diags`.
DeckSizes deck_text_sizes(const Template& tmpl, const Game& game, const Deck& deck,
                          const std::vector<const Card*>& cards, const TextEngine& engine,
                          const TemplateLibrary& library, Diagnostics& diags);

/// How much of a face lay_out_face makes: all of it, or only its background
/// and shapes (rects, circles, lines), placed and coloured as the whole face
/// has them: what face_raster.h paints, made without setting any text.
enum class FaceDepth { whole, shapes };

/// Lays out one face. Overflow and glyph problems are reported in `diags`.
/// With `deck_sizes`, its deck-sized texts are set at the deck's size.
Face lay_out_face(const Template& tmpl, const BindContext& ctx, const FaceSubject& subject,
                  const TextEngine& engine, const TemplateLibrary& library, Diagnostics& diags,
                  const DeckSizes* deck_sizes = nullptr, FaceDepth depth = FaceDepth::whole);

/// Lines whose ink comes closer than this read as one blot on a home printer
/// (ink spreads by about 0.05 mm on plain paper at 600 dpi:
/// docs/templates.md#legibility): the lines of one text (layout/lines-touch)
/// and two texts of a face (layout/texts-touch) keep this far apart.
inline constexpr double kMinLineInkGapMm = 0.2;
/// The least gap between a text's ink and the stroke of a frame it stands in
/// (layout/text-touches-frame): a number 0.4 mm from its box reads as
/// touching it at arm's length.
inline constexpr double kMinFrameGapMm = 0.5;

/// Where a text's ink lies on its piece, in mm from the trim's top-left:
/// text_block_ink turned as the element is (0, 90, 180, 270 degrees); a
/// vertical text's whole extent.
RectMm text_ink_on_piece(const PlacedElement& p);

/// The font families a game's texts may use (its configured roles).
std::set<std::string> game_font_families(const Game& game);

}  // namespace bocage
