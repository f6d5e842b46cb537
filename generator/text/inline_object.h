// What a shaped placeholder in a Pango layout stands for: an inline icon
// (`:AT:`), or a punctuation glyph set narrower than its em box (JLREQ 3.1.4
// consecutive punctuation, 3.1.6 line-edge trimming), which is drawn by us
// at an offset inside its narrowed box, or a run of dashes drawn as one rule
// (a two-em dash).
#pragma once

#include <string>

namespace bocage {

struct InlineObject {
  enum class Kind { icon, glyph, rule };
  Kind kind = Kind::icon;
  std::string text;    // icon: its name; glyph: the character; rule: the dashes
  std::string family;  // glyph, rule: font family
  double size_pt = 0;  // glyph, rule: font size
  bool bold = false;   // glyph, rule
  double dx_pt = 0;    // glyph: where the em box starts, from the narrowed box's left edge
};

/// Copy and free functions for pango_attr_shape_new_with_data.
void* copy_inline_object(const void* p);
void free_inline_object(void* p);

}  // namespace bocage
