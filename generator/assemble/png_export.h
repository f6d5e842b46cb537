// Pictures of a deck's cards for where a PDF does not go: one PNG a piece,
// trim plus bleed, for a print-on-demand service (The Game Crafter,
// MakePlayingCards: docs/print-shops.md). Tabletop Simulator's are
// tts_export.h's.
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

}  // namespace bocage
