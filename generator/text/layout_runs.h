// The runs of a laid-out Pango layout, read without a PangoLayoutIter.
#pragma once

#include <pango/pango.h>

namespace bocage {

/// Calls `visit(PangoLayoutRun*)` with each run of the layout's lines, in
/// order, until it returns false. A PangoLayoutIter would first measure every
/// line's extents (each glyph's ink), which reading the runs does not need.
template <typename Visit>
void for_each_run(PangoLayout* layout, Visit visit) {
  for (GSList* l = pango_layout_get_lines_readonly(layout); l; l = l->next)
    for (GSList* r = static_cast<PangoLayoutLine*>(l->data)->runs; r; r = r->next)
      if (!visit(static_cast<PangoLayoutRun*>(r->data))) return;
}

}  // namespace bocage
