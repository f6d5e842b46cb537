// SVG icons (templates/icons/*.svg) loaded once with librsvg and drawn into a
// box, keeping their aspect ratio.
#pragma once

#include <cairo.h>

#include <filesystem>
#include <map>
#include <string>

#include "core/diagnostic.h"
#include "core/units.h"

typedef struct _RsvgHandle RsvgHandle;

namespace bocage {

class IconCache {
 public:
  IconCache() = default;
  ~IconCache();
  IconCache(const IconCache&) = delete;
  IconCache& operator=(const IconCache&) = delete;

  /// Draws the SVG or PNG at `path` fitted into `box` (mm user space), keeping
  /// its aspect ratio. Returns false when the file cannot be read or parsed.
  bool draw(cairo_t* cr, const std::filesystem::path& path, RectMm box);

  /// Loads (and keeps) the SVG; nullptr with `error` set when it cannot.
  RsvgHandle* load(const std::filesystem::path& path, Text* error = nullptr);

 private:
  bool draw_png(cairo_t* cr, const std::filesystem::path& path, RectMm box);
  /// The SVG drawn once into a recording surface: the PDF then holds each
  /// icon once, as a form XObject, however often it is drawn.
  cairo_surface_t* recording(const std::filesystem::path& path, double* width, double* height);

  struct Recording {
    cairo_surface_t* surface = nullptr;
    double width = 0, height = 0;
  };
  std::map<std::string, Recording> recordings_;

  std::map<std::string, RsvgHandle*> handles_;
  std::map<std::string, cairo_surface_t*> images_;
};

}  // namespace bocage
