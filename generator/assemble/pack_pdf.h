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

/// A component drawn on a shared page of a pack: `height_mm` of the page
/// from `y_mm` down, planned as a paper of that height (draw_deck_block).
struct PackBlock {
  const DeckLayout* deck = nullptr;
  double y_mm = 0;
  double height_mm = 0;
};
struct PackPage {
  std::vector<PackBlock> blocks;
  double used_mm = 0;
};

/// The pack's shared pages: small single-sided components of one page each
/// (block_height() at most half the paper) ganged, first fit in game order,
/// onto pages of two or more, each block below the one before, the room left
/// at the foot of the page.
std::vector<PackPage> gang_blocks(const GameLayout& game, const DeckPdfOptions& options);

/// Writes `destination` atomically; returns the number of pages, 0 with
/// `error` set on failure (nothing is written then).
int write_pack_pdf(const GameLayout& game, const DeckPdfOptions& options, const TextEngine& engine,
                   const TemplateLibrary& templates, IconCache& icons,
                   const std::filesystem::path& destination, Text* error,
                   PendingFiles* pending = nullptr);

}  // namespace bocage
