// One laid-out face as a PNG file at a resolution: what `preview` and `watch`
// write for a card, on white, at the card's trim size.
#pragma once

#include <filesystem>
#include <string>

#include "face_layout_fwd.h"
#include "icon_cache.h"

typedef struct _cairo_surface cairo_surface_t;

namespace bocage {

class PendingFiles;

struct PngSize {
  int width = 0;
  int height = 0;
};

/// The PNG file of `face` painted at `dpi` (its bytes); empty when Cairo fails.
std::string face_png_bytes(const Face& face, int dpi, IconCache& icons,
                           const TemplateLibrary& library, PngSize& size);

/// `png` with a pHYs chunk saying `dpi` (pixels a metre, rounded) after its
/// IHDR, so that image editors and printers take the picture at its size;
/// `png` unchanged when it is not a PNG or already says its density.
std::string with_png_dpi(std::string png, double dpi);

/// A surface's PNG bytes, saying `dpi` (pHYs) when it is above 0; empty when
/// Cairo fails.
std::string surface_png_bytes(cairo_surface_t* surface, double dpi = 0);

/// Leaves `bytes` to `pending` as `folder/name` (written atomically when the
/// export ends); false with `error` when it cannot be opened, or when `bytes`
/// is empty (a picture Cairo could not draw).
bool put_pending_file(const std::filesystem::path& folder, const std::string& name,
                      const std::string& bytes, PendingFiles& pending, Text* error);

/// Paints `face` at `dpi` and writes it atomically to `dest`; on failure
/// returns false with the reason in `error`.
bool write_face_png(const Face& face, int dpi, IconCache& icons, const TemplateLibrary& library,
                    const std::filesystem::path& dest, PngSize& size, Text& error);

}  // namespace bocage
