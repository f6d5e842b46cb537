#include "picture.h"

#include <gdk-pixbuf/gdk-pixbuf.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <string>
#include <vector>

#include "bocage/msg/gen.h"
#include "core/system_error.h"

namespace bocage {

namespace fs = std::filesystem;

bool is_svg_picture(const fs::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".svg" || ext == ".svgz";
}

namespace {

/// The picture's pixels, or the reason it cannot be read (gdk-pixbuf's own
/// words, said inside a catalogued sentence).
GdkPixbuf* decode(const fs::path& path, std::optional<IconProblem>* problem) {
  const std::string where = path.string();
  auto fail = [&](const std::string& code, Text message) {
    if (problem) *problem = IconProblem{code, std::move(message), both(msg::gen::picture_hint)};
    return nullptr;
  };
  std::error_code ec;
  if (!fs::exists(path, ec) || fs::is_directory(path, ec))
    return fail("missing-image", both(msg::gen::picture_not_found, "path"_a = where));
  // A FIFO would block the reader, /dev/zero never end: plain files only.
  if (!fs::is_regular_file(path, ec))
    return fail("bad-image", both(msg::gen::picture_not_a_file, "path"_a = where));
  const std::uintmax_t bytes = fs::file_size(path, ec);
  if (ec)
    return fail("bad-image", both(msg::gen::picture_unreadable, "path"_a = where,
                                  "why"_a = system_error_text(ec.value()).en));
  if (bytes > kMaxPictureBytes)
    return fail("image-too-large", both(msg::gen::picture_too_many_bytes, "path"_a = where,
                                        "mib"_a = static_cast<int>(bytes >> 20),
                                        "max"_a = static_cast<int>(kMaxPictureBytes >> 20)));
  // The size from the header first: a picture too large is not decoded.
  int w = 0, h = 0;
  if (!gdk_pixbuf_get_file_info(where.c_str(), &w, &h))
    return fail("bad-image", both(msg::gen::picture_not_a_picture, "path"_a = where));
  if (w > 0 && h > 0 && static_cast<std::int64_t>(w) * h > kMaxPicturePixels)
    return fail("image-too-large",
                both(msg::gen::picture_too_many_pixels, "path"_a = where, "width"_a = w,
                     "height"_a = h, "max"_a = static_cast<int>(kMaxPicturePixels / 1000000)));
  GError* err = nullptr;
  GdkPixbuf* pixbuf = gdk_pixbuf_new_from_file(where.c_str(), &err);
  if (!pixbuf) {
    const std::string why = err && err->message ? err->message : "";
    if (err) g_error_free(err);
    return fail("bad-image", both(msg::gen::picture_unreadable, "path"_a = where, "why"_a = why));
  }
  if (err) g_error_free(err);
  return pixbuf;
}

}  // namespace

PictureCheck check_picture(const fs::path& path) {
  PictureCheck out;
  if (is_svg_picture(path)) {
    out.problem = check_icon_file(path);
    if (out.problem && out.problem->code == "missing-icon") out.problem->code = "missing-image";
    if (out.problem && out.problem->code != "missing-image" && out.problem->code != "svg-text")
      out.problem->code = "bad-image";
    return out;
  }
  GdkPixbuf* pixbuf = decode(path, &out.problem);
  if (!pixbuf) return out;
  out.width = gdk_pixbuf_get_width(pixbuf);
  out.height = gdk_pixbuf_get_height(pixbuf);
  g_object_unref(pixbuf);
  return out;
}

cairo_surface_t* picture_surface(const fs::path& path) {
  GdkPixbuf* pixbuf = decode(path, nullptr);
  if (!pixbuf) return nullptr;
  // gdk-pixbuf's RGB(A) bytes, not premultiplied, into Cairo's premultiplied
  // native-endian ARGB words.
  const int w = gdk_pixbuf_get_width(pixbuf), h = gdk_pixbuf_get_height(pixbuf);
  const int n = gdk_pixbuf_get_n_channels(pixbuf);
  const bool alpha = gdk_pixbuf_get_has_alpha(pixbuf);
  const int in_stride = gdk_pixbuf_get_rowstride(pixbuf);
  const guchar* in = gdk_pixbuf_read_pixels(pixbuf);
  cairo_surface_t* s =
      cairo_image_surface_create(alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, w, h);
  if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS || n < 3) {
    cairo_surface_destroy(s);
    g_object_unref(pixbuf);
    return nullptr;
  }
  cairo_surface_flush(s);
  unsigned char* out = cairo_image_surface_get_data(s);
  const int out_stride = cairo_image_surface_get_stride(s);
  for (int y = 0; y < h; ++y) {
    const guchar* p = in + static_cast<std::ptrdiff_t>(y) * in_stride;
    auto* q = reinterpret_cast<uint32_t*>(out + static_cast<std::ptrdiff_t>(y) * out_stride);
    for (int x = 0; x < w; ++x, p += n) {
      const uint32_t a = alpha ? p[3] : 255;
      auto pre = [&](uint32_t c) { return (c * a + 127) / 255; };
      q[x] = (a << 24) | (pre(p[0]) << 16) | (pre(p[1]) << 8) | pre(p[2]);
    }
  }
  cairo_surface_mark_dirty(s);
  g_object_unref(pixbuf);
  // A JPEG goes into the PDF as it is (Cairo embeds the bytes it carries).
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".jpg" || ext == ".jpeg") {
    std::ifstream file(path, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(file)),
                            std::istreambuf_iterator<char>());
    if (!bytes.empty() && bytes.size() <= kMaxPictureBytes) {
      auto* data = static_cast<unsigned char*>(g_malloc(bytes.size()));
      std::copy(bytes.begin(), bytes.end(), data);
      cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG, data, bytes.size(), g_free, data);
    }
  }
  return s;
}

}  // namespace bocage
