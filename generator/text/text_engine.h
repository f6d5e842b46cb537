// The one Pango context every text of a run is measured and drawn with, set up
// as TYPESETTING.md requires: language ja, 72 dpi (1 Pango unit = 1 pt),
// unrounded glyph positions, no hinting. Measuring and drawing share it, so
// validation sees exactly what the PDF will show.
//
// Its fonts are private: a fontconfig configuration of its own holding only the
// files of the families it was asked for (looked up once in the system's
// configuration) and none of the system's rules, so that layout, glyph checks
// and PDFs are the same whatever else is installed (docs/typesetting.md).
#pragma once

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace bocage {

struct InlineObject;
struct TextBlock;

/// Draws an inline icon (`:AT:` in text) in a square of `size` units whose
/// top-left is the origin of `cr`.
using InlineIconDrawer = std::function<void(cairo_t* cr, const std::string& name, double size)>;

/// While alive, inline icons in text drawn on this thread are drawn by `draw`.
class ScopedIconDrawer {
 public:
  explicit ScopedIconDrawer(InlineIconDrawer draw);
  ~ScopedIconDrawer();
  ScopedIconDrawer(const ScopedIconDrawer&) = delete;
  ScopedIconDrawer& operator=(const ScopedIconDrawer&) = delete;

 private:
  InlineIconDrawer draw_;
  const InlineIconDrawer* previous_;
};

/// Sets a layout's font: family, bold or regular, size in points.
void set_layout_font(PangoLayout* layout, const std::string& family, bool bold, double size_pt);

/// A font's file: what names it whatever the locale (empty for a font that
/// is not fontconfig's).
std::string font_file(PangoFont* font);

/// A font's family as a message or a test names it: its English name where
/// the font has one, else its first. Pango's own description gives the name
/// fontconfig puts first, which is in the language of LANG ("BIZ UDPゴシック"
/// on a Japanese desktop).
std::string font_family_name(PangoFont* font);

/// The files of every font of `family` (any of its names) that `config` lists
/// (the current fontconfig configuration when null), in fontconfig's order.
std::vector<std::string> font_files_of(FcConfig* config, const std::string& family);

/// Draws an inline icon with the drawer in force on this thread (nothing when none).
void draw_inline_icon(cairo_t* cr, const std::string& name, double size);

class TextEngine {
 public:
  /// An engine with the default game fonts (core/model.h: BIZ UD Gothic,
  /// PGothic and Mincho), as far as they are installed.
  TextEngine();
  /// An engine with the fonts of `families`, each looked up in `system` (the
  /// current fontconfig configuration when null: the machine's, or
  /// FONTCONFIG_FILE's). Families that are not installed are left out.
  explicit TextEngine(const std::vector<std::string>& families, FcConfig* system = nullptr);
  ~TextEngine();
  TextEngine(const TextEngine&) = delete;
  TextEngine& operator=(const TextEngine&) = delete;

  PangoContext* context() const { return context_; }
  /// A new layout on the shared context (caller owns: g_object_unref).
  PangoLayout* new_layout() const;

  /// The function that draws the engine's shaped placeholders (icons,
  /// trimmed marks, rules); its data is the engine.
  static PangoCairoShapeRendererFunc shape_renderer();

  /// The layout of `text` alone in a font (a squeezed punctuation mark, drawn
  /// in its own em box), made once per run and kept by the engine (emptied
  /// when its fonts change); its baseline in `baseline_pt`.
  PangoLayout* glyph_layout(const std::string& text, const std::string& family, bool bold,
                            double size_pt, double* baseline_pt) const;

  /// The layout of a trimmed or squeezed mark (an InlineObject of kind
  /// glyph): the glyph in its full em box, shifted so that the trimmed blank
  /// falls outside the narrowed box, its baseline on the line's. `dx`, `dy`:
  /// where its top-left corner goes, from the placeholder's current point
  /// (on the baseline at its left edge).
  PangoLayout* placed_glyph(const InlineObject& mark, double* dx, double* dy) const;

  /// True when the family is installed (fontconfig knows a font of that name,
  /// in any of its languages). An installed family not yet among the engine's
  /// fonts is added to them, so a game's own fonts (game.toml [fonts]) are
  /// usable once checked here.
  bool has_family(const std::string& family) const;
  /// Every family name fontconfig knows, sorted (for "did you mean").
  std::vector<std::string> installed_families() const;

  /// The font files the engine draws with, sorted.
  std::vector<std::string> font_files() const;

  /// The files of the fonts of `families` (each by any of its names, as
  /// fontconfig matches them): what a glyph's font is compared with. A file,
  /// unlike the family name Pango reports, does not change with the locale
  /// (fontconfig gives a family's name in the language of LANG: "BIZ
  /// UDPゴシック" in a Japanese session).
  /// Kept per set of families: fit_text asks on every layout it makes.
  const std::set<std::string>& files_of_families(const std::set<std::string>& families) const;

  /// The blocks fit_text_shared() has fitted, by their inputs: each shared
  /// while something holds it (the faces of a deck being drawn), the last
  /// kRecent kept whatever holds them; so a deck of 10 000 cards is never
  /// held whole. Emptied when the engine's fonts change.
  struct FittedBlocks {
    static constexpr size_t kRecent = 256;
    std::unordered_map<std::string, std::weak_ptr<TextBlock>> by_key;
    std::deque<std::shared_ptr<TextBlock>> recent;
    size_t sweep_at = 1024;  // by_key's size at which the blocks let go are forgotten
    void clear() {
      by_key.clear();
      recent.clear();
    }
  };
  FittedBlocks& fitted_blocks() const { return fitted_; }

 private:
  /// Makes `files_` the font map's fonts (a new private configuration).
  void load_fonts() const;

  FcConfig* system_ = nullptr;
  PangoFontMap* font_map_ = nullptr;
  PangoContext* context_ = nullptr;
  mutable std::set<std::string> files_;
  mutable std::set<std::string> families_;  // names asked for and found
  mutable std::map<std::set<std::string>, std::set<std::string>> family_files_;
  mutable FittedBlocks fitted_;
  struct Glyph {
    PangoLayout* layout;
    double baseline_pt;
  };
  mutable std::unordered_map<std::string, Glyph> glyphs_;  // glyph_layout()'s
};

/// The default TextEngine, made on first use. From construction on, a thread
/// of its own reads the machine's fontconfig configuration (every
/// configuration file parsed, every font folder's cache read: some 24 M
/// instructions, the engine's first need), then has ICU load its Japanese
/// word breaking (prepare_word_boundaries, 9 M), so that what a command does
/// before its first text, loading a game's data and templates, goes on
/// meanwhile. Pango's own font maps read fontconfig's configuration on a
/// thread too ("[pango] FcInit").
class DeferredTextEngine {
 public:
  DeferredTextEngine();
  ~DeferredTextEngine();
  DeferredTextEngine(const DeferredTextEngine&) = delete;
  DeferredTextEngine& operator=(const DeferredTextEngine&) = delete;

  /// The engine: made on the first call, once fontconfig's configuration is
  /// read (ICU may still be loading: its first user waits for it there).
  const TextEngine& get();

 private:
  std::promise<void> fonts_read_;
  std::future<void> fonts_ready_ = fonts_read_.get_future();
  std::thread preparing_;
  std::optional<TextEngine> engine_;
};

}  // namespace bocage
