// A component as a Tabletop Simulator saved object (`--export tts`): the JSON
// the game loads from its Saved Objects folder, with the pictures it names.
// Cards become a DeckCustom, maps and boards Custom_Board or Custom_Tile
// objects, page-sized aids CardCustom cards (docs/print-shops.md).
#pragma once

#include <filesystem>
#include <string>

#include "game_layout.h"
#include "generator/pdf/atomic_file.h"
#include "generator/render/icon_cache.h"

namespace bocage {

/// Tabletop Simulator's custom deck: at most this many columns and rows a
/// sheet, the last slot left to the hidden card (the back).
inline constexpr int kTtsColumns = 10;
inline constexpr int kTtsRows = 7;
/// A deck sheet's largest side in pixels (what the game loads without trouble).
inline constexpr int kTtsMaxSheetPx = 4096;
/// A board's or an aid's largest side in pixels: the game takes larger
/// pictures than a deck sheet, not without limit.
inline constexpr int kTtsMaxImagePx = 8192;
/// The resolution of a board's or an aid's picture, unless kTtsMaxImagePx
/// asks for less.
inline constexpr int kTtsImageDpi = 300;
/// A piece whose longer side is longer than this is a sheet (an aid), not a
/// card: the largest card sizes (tarot, 120 mm) and a nation card (128 mm) are
/// cards, an A6 sheet (148 mm) is not.
inline constexpr double kTtsLargestCardMm = 130;

/// How a component goes onto the virtual table.
enum class TtsForm {
  deck,   // a DeckCustom (a CardCustom for a single card)
  board,  // a map, a board or a tracker: a Custom_Board, or a Custom_Tile with a back
  aid,    // a page-sized sheet: a CardCustom for each page
};

/// A board when its first face draws a hex map, a board or a legend, or has
/// a box that holds pieces and no back (a tracker); else an aid when a piece
/// is longer than kTtsLargestCardMm; else a deck.
TtsForm tts_form(const DeckLayout& deck);

/// The file:// URL of an absolute path, each byte outside the unreserved
/// characters and "/" percent-encoded (spaces, non-ASCII).
std::string file_url(const std::filesystem::path& absolute);

/// A stable 6-hex-digit GUID for `key` (a hash, never the clock or a random
/// number): the same key gives the same GUID on every run.
std::string tts_guid(const std::string& key);

/// What write_tts_component wrote.
struct TtsWritten {
  int files = 0;         // pictures and the JSON
  int custom_decks = 0;  // CustomDeck keys used, from the first one given
  int objects = 0;       // objects on the table (a deck counts once)
};

/// Writes into `folder` (<out>/<game>/tts/) the component's pictures and
/// <component>.json, a saved object the game loads as it is: for a deck the
/// face sheets <component>-faces-<n>.png (at most 10 x 7, 4096 px a side),
/// the back <component>-back.png or back sheets <component>-backs-<n>.png, and
/// a DeckCustom whose DeckIDs hold each card as many times as its copies;
/// for a board or an aid a picture a piece at kTtsImageDpi (pHYs set),
/// <component>-<card>.png and <component>-<card>-back.png. CustomDeck keys
/// start at `first_key` (unique within the game). Every picture is named by
/// its absolute file:// URL. The files are left to `pending` to put in place.
/// Returns what was written; files == 0 with `error` set on failure.
TtsWritten write_tts_component(const DeckLayout& deck, int first_key,
                               const TemplateLibrary& templates, IconCache& icons,
                               const std::filesystem::path& folder, PendingFiles& pending,
                               Text* error);

}  // namespace bocage
