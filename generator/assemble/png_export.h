// Pictures of a deck's cards for where a PDF does not go: one PNG a piece,
// trim plus bleed, for a print-on-demand service (The Game Crafter,
// MakePlayingCards: docs/print-shops.md), and the sheets a Tabletop Simulator
// custom deck takes (a grid of faces, a back, a JSON that says the grid).
#pragma once

#include <filesystem>

#include "game_layout.h"
#include "generator/pdf/atomic_file.h"
#include "generator/render/icon_cache.h"

namespace bocage {

/// Writes into `folder` (<out>/<game>/<deck>-png/) each distinct card's face
/// as <card>.png and its back as <card>-back.png, trim plus `bleed_mm` on
/// every side at `dpi`, and cards.csv (card, copies, face file, back file) for
/// the order form. The files are left to `pending` to put in place. Returns
/// the files written; 0 with `error` set on failure.
int write_oneup_pngs(const DeckLayout& deck, double bleed_mm, int dpi,
                     const TemplateLibrary& templates, IconCache& icons,
                     const std::filesystem::path& folder, PendingFiles& pending, Text* error);

/// Tabletop Simulator's custom deck: at most this many columns and rows a
/// sheet, the last slot left to the hidden card (the back).
inline constexpr int kTtsColumns = 10;
inline constexpr int kTtsRows = 7;
/// A sheet's largest side in pixels (what the game loads without trouble).
inline constexpr int kTtsMaxSheetPx = 4096;

/// Writes into `folder` (<out>/<game>/tts/) the deck's face sheets
/// <deck>-faces-<n>.png, its back <deck>-back.png (or, for backs that
/// differ, back sheets <deck>-backs-<n>.png in the faces' grid) and
/// <deck>.json: each sheet's file, columns, rows and cards (id, copies,
/// slot). Returns the files written; 0 with `error` set on failure.
int write_tts_deck(const DeckLayout& deck, const TemplateLibrary& templates, IconCache& icons,
                   const std::filesystem::path& folder, PendingFiles& pending, Text* error);

}  // namespace bocage
