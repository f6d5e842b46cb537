#include "svg_check.h"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <fstream>
#include <sstream>

#include "core/limits.h"

namespace bocage {

namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}

/// Whether `svg` has an element named text, with or without a prefix (<s:text>).
bool has_text_element(const std::string& svg) {
  for (size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
    size_t i = at + 1;
    size_t name_start = i;
    while (i < svg.size() && (is_name_char(svg[i]) || svg[i] == ':')) ++i;
    std::string_view name(svg.data() + name_start, i - name_start);
    if (auto colon = name.rfind(':'); colon != std::string_view::npos)
      name.remove_prefix(colon + 1);
    if (name != "text") continue;
    char next = i < svg.size() ? svg[i] : '>';
    if (next == ' ' || next == '>' || next == '\n' || next == '\t' || next == '\r' || next == '/')
      return true;
  }
  return false;
}

std::optional<std::string> read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace

bool svg_has_text(const std::filesystem::path& path) {
  auto svg = read_all(path);
  return svg && has_text_element(*svg);
}

std::optional<IconProblem> check_icon_file(const std::filesystem::path& path) {
  const std::string name = "icon '" + path.string() + "'";
  std::error_code ec;
  if (path.empty() || !std::filesystem::is_regular_file(path, ec))
    return IconProblem{"missing-icon", name + " not found", ""};
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return IconProblem{"bad-icon", name + " cannot be read: " + ec.message(), ""};
  if (size > kMaxIconBytes)
    return IconProblem{"bad-icon",
                       name + " has " + std::to_string(size) + " bytes (at most " +
                           std::to_string(kMaxIconBytes) + ")",
                       "simplify the icon, or export it as a plain SVG"};
  auto svg = read_all(path);
  if (!svg) return IconProblem{"bad-icon", name + " cannot be read", ""};
  if (svg->empty()) return IconProblem{"bad-icon", name + " is empty", ""};
  GError* err = nullptr;
  RsvgHandle* h =
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg->data()), svg->size(), &err);
  std::string why;
  if (h) {
    // Draw it once into a recording surface: a truncated document can load
    // and still fail to draw.
    cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(rec);
    RsvgRectangle viewport{0, 0, 100, 100};
    if (!rsvg_handle_render_document(h, cr, &viewport, &err)) why = "librsvg cannot draw it";
    cairo_destroy(cr);
    cairo_surface_destroy(rec);
    g_object_unref(h);
  } else {
    why = "it is not an SVG librsvg can read";
  }
  if (err) {
    std::string detail = err->message;  // librsvg's messages may span lines
    for (char& c : detail)
      if (c == '\n' || c == '\r') c = ' ';
    while (!detail.empty() && detail.back() == ' ') detail.pop_back();
    why += std::string(why.empty() ? "" : ": ") + detail;
    g_error_free(err);
  }
  if (!why.empty())
    return IconProblem{"bad-icon", name + " is broken: " + why,
                       "open and save the icon again in an SVG editor"};
  if (has_text_element(*svg))
    return IconProblem{"svg-text",
                       name +
                           " contains <text>, which librsvg cannot draw into a PDF without "
                           "corrupting the text after it",
                       "convert the icon's text to paths (Inkscape: Path > Object to Path)"};
  return std::nullopt;
}

}  // namespace bocage
