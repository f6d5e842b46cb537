// A single-sided sheet larger than the paper (a map, a board): printed tiled
// over overlapping pages with alignment marks, a page name ("A1") and a small
// assembly diagram, and also whole on one large page for a print shop.
#pragma once

#include <filesystem>
#include <string>

#include "deck_pdf.h"
#include "generator/sheets/tile_plan.h"

namespace bocage {

/// The tiles of `deck`'s sheets on the paper of `options`.
TilePlan tile_plan_for(const DeckLayout& deck, const DeckPdfOptions& options);

/// Draws every card of `deck` tiled, as new pages of `pdf`; returns the number
/// of tiled pages. With `blank_backs` (a pack printed on both sides) each is
/// followed by a blank page.
int draw_tiled_pages(PdfWriter& pdf, const GameLayout& game, const DeckLayout& deck,
                     const DeckPdfOptions& options, const TextEngine& engine,
                     const TemplateLibrary& templates, IconCache& icons, bool blank_backs);

/// Writes every card of `deck` tiled to `destination`, and each card whole to
/// `<stem>-full.pdf` beside it. Returns the number of tiled pages, 0 on error.
int write_tiled_pdf(const GameLayout& game, const DeckLayout& deck, const DeckPdfOptions& options,
                    const TextEngine& engine, const TemplateLibrary& templates, IconCache& icons,
                    const std::filesystem::path& destination, Text* error,
                    PendingFiles* pending = nullptr);

}  // namespace bocage
