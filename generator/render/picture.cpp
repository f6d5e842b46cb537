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

int be16(std::string_view s, size_t at) {
  return (static_cast<unsigned char>(s[at]) << 8) | static_cast<unsigned char>(s[at + 1]);
}

uint32_t le(std::string_view s, size_t at, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[at + size_t(i)]);
  return v;
}

}  // namespace

PictureHeader read_picture_header(std::string_view s) {
  PictureHeader out;
  auto has = [&](size_t at, std::string_view what) {
    return at <= s.size() && s.substr(at, what.size()) == what;
  };
  if (has(0, "\x89PNG\r\n\x1a\n")) {
    out.format = "PNG";
    if (s.size() >= 24 && has(12, "IHDR")) {
      const uint32_t w = (uint32_t(be16(s, 16)) << 16) | uint32_t(be16(s, 18));
      const uint32_t h = (uint32_t(be16(s, 20)) << 16) | uint32_t(be16(s, 22));
      out.width = w > 0x7fffffff ? -1 : static_cast<int>(w);
      out.height = h > 0x7fffffff ? -1 : static_cast<int>(h);
    }
  } else if (has(0, "\xFF\xD8")) {
    out.format = "JPEG";
    // The segments up to the first start of frame (SOF0-SOF15 but DHT, JPG, DAC).
    for (size_t at = 2; at + 4 <= s.size();) {
      if (static_cast<unsigned char>(s[at]) != 0xFF) break;
      const auto marker = static_cast<unsigned char>(s[at + 1]);
      if (marker == 0xFF) {
        ++at;  // fill byte
        continue;
      }
      if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
        at += 2;
        continue;
      }
      const int length = be16(s, at + 2);
      if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
        if (at + 9 <= s.size()) {
          out.height = be16(s, at + 5);
          out.width = be16(s, at + 7);
        }
        break;
      }
      if (length < 2) break;
      at += 2 + static_cast<size_t>(length);
    }
  } else if (has(0, "RIFF") && has(8, "WEBP") && s.size() >= 30) {
    out.format = "WebP";
    if (has(12, "VP8 ") && s.size() >= 30 && has(23, "\x9D\x01\x2A")) {
      out.width = static_cast<int>(le(s, 26, 2) & 0x3FFF);
      out.height = static_cast<int>(le(s, 28, 2) & 0x3FFF);
    } else if (has(12, "VP8L") && static_cast<unsigned char>(s[20]) == 0x2F) {
      const uint32_t bits = le(s, 21, 4);
      out.width = static_cast<int>((bits & 0x3FFF) + 1);
      out.height = static_cast<int>(((bits >> 14) & 0x3FFF) + 1);
    } else if (has(12, "VP8X")) {
      out.width = static_cast<int>(le(s, 24, 3) + 1);
      out.height = static_cast<int>(le(s, 27, 3) + 1);
    }
  } else if (has(0, "GIF8")) {
    out.format = "GIF";  // refused: its frames are composited whole, each as large as the screen
    out.supported = false;
  } else if (has(0, "BM")) {
    out.format = "BMP";
    out.supported = false;
  } else if (has(0, "II*") || has(0, "MM\x00*")) {
    out.format = "TIFF";
    out.supported = false;
  }
  return out;
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
  // The size from the header, read by us: gdk-pixbuf's own loaders may
  // allocate gigabytes for a crafted header before they say its size (its BMP
  // loader does), so only the formats read here reach it.
  std::string head(kPictureHeadBytes, '\0');
  {
    std::ifstream in(path, std::ios::binary);
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  }
  const PictureHeader header = read_picture_header(head);
  if (header.format.empty())
    return fail("bad-image", both(msg::gen::picture_not_a_picture, "path"_a = where));
  if (!header.supported)
    return fail("bad-image",
                both(msg::gen::picture_format, "path"_a = where, "format"_a = header.format));
  if (header.width <= 0 || header.height <= 0)
    return fail("bad-image",
                both(msg::gen::picture_no_size, "path"_a = where, "format"_a = header.format));
  const int w = header.width, h = header.height;
  if (static_cast<std::int64_t>(w) * h > kMaxPicturePixels)
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
