#include "hex_grid.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "bocage/msg/core.h"

namespace bocage {

namespace {

constexpr double kSqrt3 = 1.7320508075688772;

constexpr std::array<std::array<int, 3>, 6> kCubeDirections = {
    {{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}}};

}  // namespace

HexGrid::HexGrid(HexOrientation orientation, HexOffset offset, int columns, int rows,
                 double across_flats_mm)
    : orientation_(orientation),
      offset_(offset),
      columns_(columns),
      rows_(rows),
      flats_(across_flats_mm),
      radius_(across_flats_mm / kSqrt3) {}

bool HexGrid::in_bounds(HexCoord h) const {
  return h.col >= 0 && h.row >= 0 && h.col < columns_ && h.row < rows_;
}

PointMm HexGrid::center(HexCoord h) const {
  const bool shifted_col = (h.col & 1) == (offset_ == HexOffset::odd ? 1 : 0);
  const bool shifted_row = (h.row & 1) == (offset_ == HexOffset::odd ? 1 : 0);
  if (orientation_ == HexOrientation::flat_top)
    return {radius_ + h.col * 1.5 * radius_,
            flats_ / 2 + h.row * flats_ + (shifted_col ? flats_ / 2 : 0)};
  return {flats_ / 2 + h.col * flats_ + (shifted_row ? flats_ / 2 : 0),
          radius_ + h.row * 1.5 * radius_};
}

std::optional<std::array<PointMm, 2>> HexGrid::shared_edge(HexCoord a, HexCoord b) const {
  std::array<PointMm, 2> edge;
  size_t found = 0;
  for (const auto& p : corners(a))
    for (const auto& q : corners(b))
      if (std::hypot(p.x - q.x, p.y - q.y) < 1e-6) {
        if (found == 2) return std::nullopt;
        edge[found++] = p;
      }
  if (found != 2) return std::nullopt;
  return edge;
}

std::array<PointMm, 6> HexGrid::corners(HexCoord h) const {
  std::array<PointMm, 6> out;
  PointMm c = center(h);
  const double start = orientation_ == HexOrientation::flat_top ? 0 : -30;
  for (int i = 0; i < 6; ++i) {
    double a = (start + 60 * i) * M_PI / 180;
    out[static_cast<size_t>(i)] = {c.x + radius_ * std::cos(a), c.y + radius_ * std::sin(a)};
  }
  return out;
}

SizeMm HexGrid::extent() const {
  if (columns_ <= 0 || rows_ <= 0) return {0, 0};
  if (orientation_ == HexOrientation::flat_top) {
    bool any_shift = columns_ > 1 || offset_ == HexOffset::even;
    return {2 * radius_ + (columns_ - 1) * 1.5 * radius_,
            rows_ * flats_ + (any_shift ? flats_ / 2 : 0)};
  }
  bool any_shift = rows_ > 1 || offset_ == HexOffset::even;
  return {columns_ * flats_ + (any_shift ? flats_ / 2 : 0),
          2 * radius_ + (rows_ - 1) * 1.5 * radius_};
}

HexGrid::Cube HexGrid::to_cube(HexCoord h) const {
  // Offset to cube coordinates: "odd-q"/"even-q" for flat-top columns,
  // "odd-r"/"even-r" for pointy-top rows (integer division by 2 of even numbers).
  const bool odd = offset_ == HexOffset::odd;
  int x, z;
  if (orientation_ == HexOrientation::flat_top) {
    x = h.col;
    z = odd ? h.row - (h.col - (h.col & 1)) / 2 : h.row - (h.col + (h.col & 1)) / 2;
  } else {
    z = h.row;
    x = odd ? h.col - (h.row - (h.row & 1)) / 2 : h.col - (h.row + (h.row & 1)) / 2;
  }
  return {x, -x - z, z};
}

HexCoord HexGrid::from_cube(Cube c) const {
  const bool odd = offset_ == HexOffset::odd;
  if (orientation_ == HexOrientation::flat_top) {
    int col = c.x;
    int row = odd ? c.z + (c.x - (c.x & 1)) / 2 : c.z + (c.x + (c.x & 1)) / 2;
    return {col, row};
  }
  int row = c.z;
  int col = odd ? c.x + (c.z - (c.z & 1)) / 2 : c.x + (c.z + (c.z & 1)) / 2;
  return {col, row};
}

std::vector<HexCoord> HexGrid::neighbours(HexCoord h) const {
  std::vector<HexCoord> out;
  Cube c = to_cube(h);
  for (const auto& d : kCubeDirections) {
    HexCoord n = from_cube({c.x + d[0], c.y + d[1], c.z + d[2]});
    if (in_bounds(n)) out.push_back(n);
  }
  return out;
}

int HexGrid::distance(HexCoord a, HexCoord b) const {
  Cube p = to_cube(a), q = to_cube(b);
  return std::max({std::abs(p.x - q.x), std::abs(p.y - q.y), std::abs(p.z - q.z)});
}

HexCoord HexGrid::hex_at(PointMm p) const {
  // Nearest centre among the candidates around the rough cell.
  HexCoord best{0, 0};
  double best_d = 1e300;
  int col_guess, row_guess;
  if (orientation_ == HexOrientation::flat_top) {
    col_guess = static_cast<int>(std::floor((p.x - radius_) / (1.5 * radius_) + 0.5));
    row_guess = static_cast<int>(std::floor(p.y / flats_));
  } else {
    row_guess = static_cast<int>(std::floor((p.y - radius_) / (1.5 * radius_) + 0.5));
    col_guess = static_cast<int>(std::floor(p.x / flats_));
  }
  for (int dc = -1; dc <= 1; ++dc) {
    for (int dr = -1; dr <= 1; ++dr) {
      HexCoord h{col_guess + dc, row_guess + dr};
      PointMm c = center(h);
      double d = std::hypot(c.x - p.x, c.y - p.y);
      if (d < best_d) {
        best_d = d;
        best = h;
      }
    }
  }
  return best;
}

bool valid_hex_label_format(const std::string& format, Text* error) {
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') continue;
    size_t j = i + 1;
    if (j < format.size() && format[j] == '%') {
      i = j;
      continue;
    }
    if (j < format.size() && format[j] == '0') ++j;  // the zero-padding flag
    const size_t digits = j;
    while (j < format.size() && std::isdigit(static_cast<unsigned char>(format[j]))) ++j;
    if (j - digits > 1) {  // a width of 0 to 9 characters; nothing wider is printed
      if (error) *error = both(msg::core::label_format_width, "format"_a = format);
      return false;
    }
    if (j >= format.size() || (format[j] != 'c' && format[j] != 'r')) {
      if (error) *error = both(msg::core::label_format_spec, "format"_a = format);
      return false;
    }
    i = j;
  }
  return true;
}

std::string hex_label(const std::string& format, HexCoord h, int first_col, int first_row) {
  std::string out;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      out += format[i];
      continue;
    }
    size_t j = i + 1;
    if (j < format.size() && format[j] == '%') {
      out += '%';
      i = j;
      continue;
    }
    bool zero = j < format.size() && format[j] == '0';
    int width = 0;
    while (j < format.size() && std::isdigit(static_cast<unsigned char>(format[j])))
      width = width * 10 + (format[j++] - '0');
    if (j >= format.size()) break;
    int value = format[j] == 'c' ? h.col + first_col : h.row + first_row;
    char buf[32];
    std::snprintf(buf, sizeof buf, zero ? "%0*d" : "%*d", width, value);
    out += buf;
    i = j;
  }
  return out;
}

}  // namespace bocage
