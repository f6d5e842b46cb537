// A game loaded, checked and laid out: every card face and back bound to its
// template and fitted. `bocage-gen validate` stops here; `build` and `preview`
// draw from it, so validation and printing can never disagree.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/model.h"
#include "generator/layout/face_layout.h"
#include "generator/layout/template.h"
#include "generator/text/text_engine.h"

namespace bocage {

/// A page-sized piece (an aid) a little larger than the paper's printable
/// area is printed at most this much smaller rather than tiled.
inline constexpr double kMinFitScale = 0.93;

struct DeckLayout {
  const Deck* deck = nullptr;
  std::vector<Face> faces;                 // parallel to deck->cards
  std::vector<std::optional<Face>> backs;  // parallel to deck->cards; empty optional: no back

  bool has_backs() const { return deck->has_backs(); }
  // The smallest print scale at which the component still works, when a
  // piece too large for the paper may be printed a little smaller instead of
  // tiled (page_deck): 1 for a map or a board (measured in mm), what its
  // boxes need to hold their pieces (a tracker), else kMinFitScale.
  double min_scale = 1;
  // Whether some faces' edges, or some backs' edges, differ in colour
  // (face_raster.h, unlike_edges): page_deck gives such pieces a gutter.
  bool faces_unlike_edges = false;
  bool backs_unlike_edges = false;
};

struct GameLayout {
  Game game;
  std::vector<DeckLayout> decks;  // parallel to game.decks, for decks whose templates work
  int cards_checked = 0;
  int components_checked = 0;

  const DeckLayout* deck(const std::string& id) const;
};

/// Loads `data_root/<game_id>`, checks fonts, icons and templates, and lays
/// out every face. Problems go to `diags`; the layout holds what could be made.
GameLayout lay_out_game(const std::filesystem::path& data_root, const std::string& game_id,
                        TemplateLibrary& templates, const TextEngine& engine, Diagnostics& diags);
/// The same, the engine made (DeferredTextEngine::get) once the game's data is
/// loaded: the loading overlaps fontconfig's start.
GameLayout lay_out_game(const std::filesystem::path& data_root, const std::string& game_id,
                        TemplateLibrary& templates, DeferredTextEngine& engine, Diagnostics& diags);

/// The same, for a game already loaded.
GameLayout lay_out_loaded_game(Game game, TemplateLibrary& templates, const TextEngine& engine,
                               Diagnostics& diags);

}  // namespace bocage
