// Millimetres are the unit of the model. Lengths in data may be written as a
// plain number (mm) or a string with a unit ("63mm", "0.5in", "2cm", "12pt").
// Points appear only at the Cairo boundary (see mm_to_pt).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bocage {

constexpr double kMmPerInch = 25.4;
constexpr double kPtPerInch = 72.0;

constexpr double mm_to_pt(double mm) {
  return mm * kPtPerInch / kMmPerInch;
}
constexpr double pt_to_mm(double pt) {
  return pt * kMmPerInch / kPtPerInch;
}

struct SizeMm {
  double width = 0;
  double height = 0;
  bool operator==(const SizeMm&) const = default;
};

struct PointMm {
  double x = 0;
  double y = 0;
  bool operator==(const PointMm&) const = default;
};

struct RectMm {
  double x = 0;
  double y = 0;
  double width = 0;
  double height = 0;
  double right() const { return x + width; }
  double bottom() const { return y + height; }
  bool operator==(const RectMm&) const = default;
};

/// How far apart two boxes are: 0 where they touch or overlap, else the
/// shortest distance between them (across a gap, or corner to corner).
double distance(const RectMm& a, const RectMm& b);

/// Distances in mm on each side of a box (bleed, margins).
struct Insets {
  double left = 0;
  double top = 0;
  double right = 0;
  double bottom = 0;
  bool operator==(const Insets&) const = default;
};

/// Cards, counters and sheets: each side of a piece lies in this range.
constexpr double kMinPieceMm = 5;
constexpr double kMaxPieceMm = 1000;

/// Parses "63mm", "0.5in", "2cm", "12pt" or "63" (mm). Empty optional on bad input.
std::optional<double> parse_length_mm(std::string_view text);

/// Named card sizes: poker 63x88, bridge 57x88, mini 44x63, tarot 70x120, japanese 59x86;
/// counter sizes 1/2in, 5/8in, 3/4in, 1in (square);
/// a5, a6, and the paper sizes of paper.h (a4, letter, a3, b4, b5). Empty
/// optional for an unknown name.
std::optional<SizeMm> named_size(std::string_view name);

/// The names accepted by named_size, for "did you mean" and help texts.
const std::vector<std::string>& size_names();

}  // namespace bocage
