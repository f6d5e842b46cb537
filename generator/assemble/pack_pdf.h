// Writes a whole game as one PDF in print order (`build --pack`): every
// component in the order game.toml lists them, as sheets (each single-sided
// page followed by a blank page when the pack is printed on both sides) or
// one-up, so that each font is embedded once, for a convenience-store printer
// or a print shop.
#pragma once

#include <filesystem>
#include <string>

#include "deck_pdf.h"

namespace bocage {

/// The pack's file name for a game: "<game>-pack.pdf", or "<game>-pack-oneup.pdf".
std::string pack_file_name(const std::string& game_id, bool one_up);

/// Writes `destination` atomically; returns the number of pages, 0 with
/// `error` set on failure (nothing is written then).
int write_pack_pdf(const GameLayout& game, const DeckPdfOptions& options, const TextEngine& engine,
                   const TemplateLibrary& templates, IconCache& icons,
                   const std::filesystem::path& destination, Text* error);

}  // namespace bocage
