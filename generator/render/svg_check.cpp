#include "svg_check.h"

#include <cairo.h>
#include <librsvg/rsvg.h>

#include <fstream>
#include <sstream>

#include "bocage/msg/gen.h"
#include "core/limits.h"
#include "core/system_error.h"

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
  const std::string name = path.string();
  std::error_code ec;
  if (path.empty() || !std::filesystem::is_regular_file(path, ec))
    return IconProblem{"missing-icon", both(msg::gen::icon_not_found, "path"_a = name), {}};
  const auto size = std::filesystem::file_size(path, ec);
  if (ec)
    return IconProblem{"bad-icon",
                       per_lang([&](Lang l) {
                         return tr(l, msg::gen::icon_unreadable_why, "path"_a = name,
                                   "why"_a = system_error_text(ec.value()).in(l));
                       }),
                       {}};
  if (size > kMaxIconBytes)
    return IconProblem{
        "bad-icon",
        both(msg::gen::icon_too_large, "path"_a = name, "bytes"_a = size, "max"_a = kMaxIconBytes),
        both(msg::gen::icon_too_large_hint)};
  auto svg = read_all(path);
  if (!svg) return IconProblem{"bad-icon", both(msg::gen::icon_unreadable, "path"_a = name), {}};
  if (svg->empty()) return IconProblem{"bad-icon", both(msg::gen::icon_empty, "path"_a = name), {}};
  GError* err = nullptr;
  RsvgHandle* h =
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg->data()), svg->size(), &err);
  enum class Broken { no, cannot_draw, not_svg } broken = Broken::no;
  if (h) {
    // Draw it once into a recording surface: a truncated document can load
    // and still fail to draw.
    cairo_surface_t* rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
    cairo_t* cr = cairo_create(rec);
    RsvgRectangle viewport{0, 0, 100, 100};
    if (!rsvg_handle_render_document(h, cr, &viewport, &err)) broken = Broken::cannot_draw;
    cairo_destroy(cr);
    cairo_surface_destroy(rec);
    g_object_unref(h);
  } else {
    broken = Broken::not_svg;
  }
  std::string detail;
  if (err) {
    detail = err->message;  // librsvg's messages may span lines
    for (char& c : detail)
      if (c == '\n' || c == '\r') c = ' ';
    while (!detail.empty() && detail.back() == ' ') detail.pop_back();
    g_error_free(err);
    if (broken != Broken::no) detail = ": " + detail;  // librsvg's own words, in English
  }
  if (broken != Broken::no || !detail.empty()) {
    Text message = broken == Broken::cannot_draw
                       ? both(msg::gen::icon_cannot_draw, "path"_a = name, "detail"_a = detail)
                   : broken == Broken::not_svg
                       ? both(msg::gen::icon_not_svg, "path"_a = name, "detail"_a = detail)
                       : both(msg::gen::icon_broken, "path"_a = name, "detail"_a = detail);
    return IconProblem{"bad-icon", message, both(msg::gen::icon_broken_hint)};
  }
  if (has_text_element(*svg))
    return IconProblem{"svg-text", both(msg::gen::svg_text, "path"_a = name),
                       both(msg::gen::svg_text_hint)};
  return std::nullopt;
}

}  // namespace bocage
