#include "svg_check.h"

#include <cairo-script.h>
#include <cairo.h>
#include <librsvg/rsvg.h>

#include <string>

#include "bocage/msg/gen.h"
#include "core/bounded_read.h"
#include "core/limits.h"
#include "core/system_error.h"

namespace bocage {

namespace {

cairo_status_t append_to(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

/// What librsvg draws of an SVG: whether it can, whether anything shows, and
/// whether any of it is text. Checked on what librsvg draws, not on the
/// file's bytes, so that an entity, an XInclude, UTF-16 or gzip cannot hide a
/// <text>, and a <text> in a comment or CDATA is no text: the icon is drawn
/// twice, the second time with every text element hidden by a user style
/// sheet, and any difference is text. (librsvg draws text as paths, so the
/// drawing alone cannot tell.)
struct Drawn {
  bool loaded = false, drew = false;
  bool ink = false;   // something visible in its 100 x 100 viewport
  bool text = false;  // text elements draw something
  std::string error;  // librsvg's words, on one line
};

/// The viewport the renderer draws `h` in (IconCache::recording): its
/// intrinsic size in pixels, else 100 x 100.
RsvgRectangle viewport_of(RsvgHandle* h) {
  gdouble w = 0, hgt = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hgt) || w <= 0 || hgt <= 0) w = hgt = 100;
  return RsvgRectangle{0, 0, w, hgt};
}

/// The Cairo script of `h` drawn as the renderer draws it; empty when it cannot draw.
std::string script_of(RsvgHandle* h, GError** err) {
  std::string script;
  cairo_device_t* dev = cairo_script_create_for_stream(append_to, &script);
  cairo_surface_t* ss = cairo_script_surface_create(dev, CAIRO_CONTENT_COLOR_ALPHA, 100, 100);
  cairo_t* sc = cairo_create(ss);
  const RsvgRectangle viewport = viewport_of(h);
  const bool ok = rsvg_handle_render_document(h, sc, &viewport, err);
  cairo_destroy(sc);
  cairo_surface_finish(ss);
  cairo_surface_destroy(ss);
  cairo_device_finish(dev);
  cairo_device_destroy(dev);
  return ok ? script : std::string();
}

RsvgHandle* load(const std::string& svg, GError** err) {
  return rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), err);
}

Drawn draw(const std::string& svg) {
  Drawn out;
  GError* err = nullptr;
  if (RsvgHandle* h = load(svg, &err)) {
    out.loaded = true;
    const RsvgRectangle viewport = viewport_of(h);
    // Into a recording surface for the ink; a truncated document can load
    // and still fail to draw.
    cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(rec);
    out.drew = rsvg_handle_render_document(h, cr, &viewport, &err);
    cairo_destroy(cr);
    double x = 0, y = 0, w = 0, hgt = 0;
    cairo_recording_surface_ink_extents(rec, &x, &y, &w, &hgt);
    out.ink = w > 0 && hgt > 0;
    cairo_surface_destroy(rec);
    if (out.drew) {
      GError* ignored = nullptr;
      const std::string with_text = script_of(h, &ignored);
      if (ignored) g_error_free(ignored);
      if (RsvgHandle* hidden = load(svg, nullptr)) {
        static const char kHide[] =
            "text, tspan, textPath, tref, altGlyph { display: none !important; "
            "visibility: hidden !important; }";
        rsvg_handle_set_stylesheet(hidden, reinterpret_cast<const guint8*>(kHide), sizeof kHide - 1,
                                   nullptr);
        GError* also = nullptr;
        out.text = script_of(hidden, &also) != with_text;
        if (also) g_error_free(also);
        g_object_unref(hidden);
      }
    }
    g_object_unref(h);
  }
  if (err) {
    out.error = err->message;
    for (char& c : out.error)
      if (c == '\n' || c == '\r') c = ' ';
    while (!out.error.empty() && out.error.back() == ' ') out.error.pop_back();
    g_error_free(err);
  }
  return out;
}

}  // namespace

bool svg_has_text(const std::filesystem::path& path) {
  BoundedRead read = read_bounded(path, kMaxIconBytes);
  return read.problem == BoundedRead::Problem::none && draw(read.bytes).text;
}

std::optional<IconProblem> check_icon_file(const std::filesystem::path& path) {
  const std::string name = path.string();
  if (path.empty())
    return IconProblem{"missing-icon", both(msg::gen::icon_not_found, "path"_a = name), {}};
  // Read as data files are (core/bounded_read.h): a FIFO or a device is
  // refused unopened, and no more than the limit is ever read.
  BoundedRead read = read_bounded(path, kMaxIconBytes);
  using Problem = BoundedRead::Problem;
  switch (read.problem) {
    case Problem::none:
      break;
    case Problem::missing:
      return IconProblem{"missing-icon", both(msg::gen::icon_not_found, "path"_a = name), {}};
    case Problem::not_regular:
      return IconProblem{"bad-icon", both(msg::gen::icon_not_a_file, "path"_a = name),
                         both(msg::gen::icon_not_a_file_hint)};
    case Problem::too_large:
      return IconProblem{"bad-icon",
                         both(msg::gen::icon_too_large, "path"_a = name, "bytes"_a = read.size,
                              "max"_a = kMaxIconBytes),
                         both(msg::gen::icon_too_large_hint)};
    case Problem::unreadable:
      return IconProblem{"bad-icon",
                         per_lang([&](Lang l) {
                           return tr(l, msg::gen::icon_unreadable_why, "path"_a = name,
                                     "why"_a = system_error_text(read.error).in(l));
                         }),
                         {}};
  }
  const std::string& svg = read.bytes;
  if (svg.empty()) return IconProblem{"bad-icon", both(msg::gen::icon_empty, "path"_a = name), {}};
  const Drawn drawn = draw(svg);
  const std::string detail =
      drawn.error.empty() ? "" : ": " + drawn.error;  // librsvg's, in English
  if (!drawn.loaded)
    return IconProblem{"bad-icon",
                       both(msg::gen::icon_not_svg, "path"_a = name, "detail"_a = detail),
                       both(msg::gen::icon_broken_hint)};
  if (!drawn.drew)
    return IconProblem{"bad-icon",
                       both(msg::gen::icon_cannot_draw, "path"_a = name, "detail"_a = detail),
                       both(msg::gen::icon_broken_hint)};
  if (!drawn.error.empty())
    return IconProblem{"bad-icon",
                       both(msg::gen::icon_broken, "path"_a = name, "detail"_a = detail),
                       both(msg::gen::icon_broken_hint)};
  if (drawn.text)
    return IconProblem{"svg-text", both(msg::gen::svg_text, "path"_a = name),
                       both(msg::gen::svg_text_hint)};
  // An empty viewBox, an image it cannot load, a filter or pattern it cannot
  // draw: librsvg draws nothing, and the card would show a blank.
  if (!drawn.ink)
    return IconProblem{"bad-icon", both(msg::gen::icon_draws_nothing, "path"_a = name),
                       both(msg::gen::icon_draws_nothing_hint)};
  return std::nullopt;
}

}  // namespace bocage
