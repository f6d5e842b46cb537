// Writes a deck one-up, for a print shop or a card printer: each card or
// counter (each copy) on its own page of trim plus bleed with /TrimBox and
// /BleedBox, no marks, faces and backs in the order of OneUpOrder.
#pragma once

#include <filesystem>
#include <string>

#include "deck_pdf.h"

namespace bocage {

/// The pages `deck` takes one-up.
int oneup_page_count(const DeckLayout& deck, const DeckPdfOptions& options);

/// Draws every piece of `deck` one-up as new pages of `pdf`.
void draw_oneup_pages(PdfWriter& pdf, const DeckLayout& deck, const DeckPdfOptions& options,
                      const TemplateLibrary& templates, IconCache& icons);

/// Writes `destination` atomically; false with `error` set on failure.
bool write_oneup_pdf(const GameLayout& game, const DeckLayout& deck, const DeckPdfOptions& options,
                     const TemplateLibrary& templates, IconCache& icons,
                     const std::filesystem::path& destination, Text* error,
                     PendingFiles* pending = nullptr);

}  // namespace bocage
