#include "oneup_plan.h"

namespace bocage {

std::optional<OneUpOrder> parse_oneup_order(const std::string& name) {
  if (name == "face-back") return OneUpOrder::face_back;
  if (name == "back-face") return OneUpOrder::back_face;
  if (name == "faces-then-backs") return OneUpOrder::faces_then_backs;
  return std::nullopt;
}

std::vector<OneUpPage> oneup_pages(const std::vector<int>& counts, bool has_backs,
                                   OneUpOrder order) {
  std::vector<size_t> copies;
  for (size_t i = 0; i < counts.size(); ++i)
    for (int n = 0; n < counts[i]; ++n) copies.push_back(i);
  std::vector<OneUpPage> pages;
  if (!has_backs) {
    for (size_t c : copies) pages.push_back({c, false});
    return pages;
  }
  switch (order) {
    case OneUpOrder::face_back:
      for (size_t c : copies) {
        pages.push_back({c, false});
        pages.push_back({c, true});
      }
      break;
    case OneUpOrder::back_face:
      for (size_t c : copies) {
        pages.push_back({c, true});
        pages.push_back({c, false});
      }
      break;
    case OneUpOrder::faces_then_backs:
      for (size_t c : copies) pages.push_back({c, false});
      for (size_t c : copies) pages.push_back({c, true});
      break;
  }
  return pages;
}

OneUpGeometry oneup_geometry(SizeMm piece, double bleed_mm) {
  OneUpGeometry g;
  g.page = {piece.width + 2 * bleed_mm, piece.height + 2 * bleed_mm};
  g.trim = {bleed_mm, bleed_mm, piece.width, piece.height};
  g.bleed = {0, 0, g.page.width, g.page.height};
  return g;
}

}  // namespace bocage
