// The one Pango context every text of a run is measured and drawn with, set up
// as TYPESETTING.md requires: language ja, 72 dpi (1 Pango unit = 1 pt),
// unrounded glyph positions, no hinting. Measuring and drawing share it, so
// validation sees exactly what the PDF will show.
#pragma once

#include <pango/pangocairo.h>

#include <functional>
#include <set>
#include <string>

namespace bocage {

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

/// Draws an inline icon with the drawer in force on this thread (nothing when none).
void draw_inline_icon(cairo_t* cr, const std::string& name, double size);

class TextEngine {
 public:
  TextEngine();
  ~TextEngine();
  TextEngine(const TextEngine&) = delete;
  TextEngine& operator=(const TextEngine&) = delete;

  PangoContext* context() const { return context_; }
  /// A new layout on the shared context (caller owns: g_object_unref).
  PangoLayout* new_layout() const;

  /// True when fontconfig knows a family of this name.
  bool has_family(const std::string& family) const;

 private:
  PangoFontMap* font_map_ = nullptr;
  PangoContext* context_ = nullptr;
  std::set<std::string> families_;
};

}  // namespace bocage
