// SVG icons (templates/icons/*.svg) loaded once with librsvg and drawn into a
// box, keeping their aspect ratio; and other drawings a render repeats (a
// template's stroked frame on every card), recorded once.
#pragma once

#include <cairo.h>

#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "core/diagnostic.h"
#include "core/units.h"
#include "generator/pdf/shared_drawings.h"

typedef struct _RsvgHandle RsvgHandle;

namespace bocage {

class IconCache {
 public:
  IconCache() = default;
  ~IconCache();
  IconCache(const IconCache&) = delete;
  IconCache& operator=(const IconCache&) = delete;

  /// Draws the SVG or raster picture (picture.h) at `path` fitted into `box`
  /// (mm user space), keeping its aspect ratio. Returns false when the file
  /// cannot be read or parsed.
  bool draw(cairo_t* cr, const std::filesystem::path& path, RectMm box);

  /// Loads (and keeps) the SVG; nullptr with `error` set when it cannot.
  RsvgHandle* load(const std::filesystem::path& path, Text* error = nullptr);

  /// Paints at `at` (mm user space) what `record` draws around its origin
  /// within `extents` (mm), recorded the first time `key` is asked for
  /// (SharedDrawings::paint_at): a PDF holds the drawing once. `record` draws
  /// in mm with Cairo's default tolerance of 0.1 (here mm, on a page 0.1 pt).
  void draw_recorded(cairo_t* cr, const std::string& key, cairo_rectangle_t extents, PointMm at,
                     const std::function<void(cairo_t*)>& record) {
    drawings_.paint_at(cr, at, key, extents, record);
  }

 private:
  bool draw_raster(cairo_t* cr, const std::filesystem::path& path, RectMm box);
  /// The SVG drawn once into a recording surface: the PDF then holds each
  /// icon once, as a form XObject, however often it is drawn.
  cairo_surface_t* recording(const std::filesystem::path& path, double* width, double* height);

  struct Recording {
    cairo_surface_t* surface = nullptr;
    double width = 0, height = 0;
  };
  std::map<std::string, Recording> recordings_;
  SharedDrawings drawings_;

  std::map<std::string, RsvgHandle*> handles_;
  std::map<std::string, cairo_surface_t*> images_;
};

}  // namespace bocage
