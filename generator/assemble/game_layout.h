// A game loaded, checked and laid out: every card face and back bound to its
// template and fitted. `bocage-gen validate` stops here; `build` and `preview`
// draw from it, so validation and printing can never disagree.
#pragma once

#include <filesystem>
#include <memory>
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

/// When a game's faces are laid out, and so checked: all at once, before
/// lay_out_game returns (validate, preview, watch), or each when it is first
/// asked for, to be drawn (build: a deck of 10 000 cards is never held whole
/// in memory; GameLayout::check_all checks what was not drawn).
enum class FaceTiming { now, when_drawn };

/// At most this many faces and backs of a deck are kept laid out; one asked
/// for again after it was let go is laid out again (alike: layout is
/// deterministic), its problems not said twice.
inline constexpr size_t kFaceWindow = 512;

struct LayoutContext;  // the game, templates, engine and diagnostics faces are laid out with
class DeckFaces;       // a deck's faces, laid out when asked for (game_layout.cpp)

struct DeckLayout {
  const Deck* deck = nullptr;

  /// The number of cards (distinct pieces) of the deck.
  size_t size() const { return deck->cards.size(); }
  /// Card `card`'s face, laid out (and checked, the first time) when asked for.
  std::shared_ptr<const Face> face(size_t card) const;
  /// Its back, likewise; null when the card has none.
  std::shared_ptr<const Face> back(size_t card) const;
  /// The first card whose back is drawn alike: for a back that shows nothing
  /// of its card, the deck's first card with the same back template; else
  /// `card` itself. Null for no back.
  std::optional<size_t> first_alike_back(size_t card) const;

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

  std::shared_ptr<DeckFaces> faces;  // what face() and back() ask
};

/// A game laid out. Its faces are laid out on demand: the TemplateLibrary,
/// the TextEngine and the Diagnostics it was laid out with must outlive it.
struct GameLayout {
  Game game;
  std::vector<DeckLayout> decks;  // parallel to game.decks, for decks whose templates work
  int components_checked = 0;

  GameLayout() = default;
  GameLayout(GameLayout&& other) noexcept;
  GameLayout& operator=(GameLayout&& other) noexcept;

  const DeckLayout* deck(const std::string& id) const;
  /// How many cards' faces have been checked.
  int cards_checked() const;
  /// Lays out, and so checks, every face and back not yet checked, deck by
  /// deck in the cards' order (FaceTiming::when_drawn: after drawing, or
  /// instead of drawing once an error was found).
  void check_all() const;

  std::shared_ptr<LayoutContext> context;
};

/// Loads `data_root/<game_id>`, checks fonts, icons and templates, and lays
/// out every face. Problems go to `diags`; the layout holds what could be made.
GameLayout lay_out_game(const std::filesystem::path& data_root, const std::string& game_id,
                        TemplateLibrary& templates, const TextEngine& engine, Diagnostics& diags,
                        FaceTiming timing = FaceTiming::now);
/// The same, the engine made (DeferredTextEngine::get) once the game's data is
/// loaded: the loading overlaps fontconfig's start.
GameLayout lay_out_game(const std::filesystem::path& data_root, const std::string& game_id,
                        TemplateLibrary& templates, DeferredTextEngine& engine, Diagnostics& diags,
                        FaceTiming timing = FaceTiming::now);

/// The same, for a game already loaded.
GameLayout lay_out_loaded_game(Game game, TemplateLibrary& templates, const TextEngine& engine,
                               Diagnostics& diags);

}  // namespace bocage
