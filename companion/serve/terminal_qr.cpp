#include "terminal_qr.h"

#include <qrencode.h>

#include <memory>

namespace bocage {

std::string terminal_qr(const std::string& text) {
  std::unique_ptr<QRcode, decltype(&QRcode_free)> qr(
      QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
  if (!qr) return {};
  const int n = qr->width, quiet = 2;
  // Light (drawn) outside the code and on its light modules: a terminal's
  // dark background then reads as the dark modules.
  auto light = [&](int x, int y) {
    x -= quiet, y -= quiet;
    if (x < 0 || y < 0 || x >= n || y >= n) return true;
    return (qr->data[size_t(y) * size_t(n) + size_t(x)] & 1) == 0;
  };
  std::string out;
  const int size = n + 2 * quiet;
  for (int y = 0; y < size; y += 2) {
    for (int x = 0; x < size; ++x) {
      const bool top = light(x, y), bottom = y + 1 < size ? light(x, y + 1) : false;
      // Full block, upper half, lower half (drawing, not words: no catalog).
      out += top && bottom ? "\u2588" : top ? "\u2580" : bottom ? "\u2584" : " ";
    }
    out += "\n";
  }
  return out;
}

}  // namespace bocage
