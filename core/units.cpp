#include "units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <vector>

#include "paper.h"

namespace bocage {

namespace {

struct NamedSize {
  const char* name;
  SizeMm size;
};

// Trim sizes in mm, portrait (width x height).
constexpr NamedSize kSizes[] = {
    {"poker", {63, 88}},       {"bridge", {57, 88}},    {"mini", {44, 63}},
    {"tarot", {70, 120}},      {"japanese", {59, 86}},  {"a5", {148, 210}},
    {"a6", {105, 148}},        {"1/2in", {12.7, 12.7}}, {"5/8in", {15.875, 15.875}},
    {"3/4in", {19.05, 19.05}}, {"1in", {25.4, 25.4}},
};  // and the paper sizes of paper.h

}  // namespace

namespace {

/// Full-width forms a Japanese IME types read as ASCII: ０-９, ．, ｍｍ, the
/// ideographic space, and the unit signs ㎜ ㎝ (NFKC, for the few a length has).
std::string ascii_length(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const auto b0 = static_cast<unsigned char>(text[i]);
    if (b0 == 0xEF && i + 2 < text.size()) {
      const auto b1 = static_cast<unsigned char>(text[i + 1]);
      const auto b2 = static_cast<unsigned char>(text[i + 2]);
      const int cp = ((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F);
      if (cp >= 0xFF01 && cp <= 0xFF5E) {
        out += static_cast<char>(cp - 0xFEE0);
        i += 3;
        continue;
      }
    }
    if (text.substr(i, 3) == "\u3000") {
      out += ' ';
      i += 3;
    } else if (text.substr(i, 3) == "\u339C") {
      out += "mm";
      i += 3;
    } else if (text.substr(i, 3) == "\u339D") {
      out += "cm";
      i += 3;
    } else {
      out += text[i++];
    }
  }
  return out;
}

}  // namespace

std::optional<double> parse_length_mm(std::string_view written) {
  const std::string ascii = ascii_length(written);
  std::string_view text = ascii;
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{}) return std::nullopt;
  std::string_view unit(end, text.data() + text.size() - end);
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  if (unit.empty() || unit == "mm") return value;
  if (unit == "cm") return value * 10;
  if (unit == "in") return value * kMmPerInch;
  if (unit == "pt") return pt_to_mm(value);
  return std::nullopt;
}

std::optional<SizeMm> named_size(std::string_view name) {
  for (const auto& s : kSizes)
    if (name == s.name) return s.size;
  if (auto paper = named_paper(name)) return paper->size;
  return std::nullopt;
}

const std::vector<std::string>& size_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& s : kSizes) v.emplace_back(s.name);
    for (const auto& p : paper_sizes()) v.push_back(p.name);
    return v;
  }();
  return names;
}

double distance(const RectMm& a, const RectMm& b) {
  const double gx = std::max(b.x - a.right(), a.x - b.right());
  const double gy = std::max(b.y - a.bottom(), a.y - b.bottom());
  if (gx <= 0 && gy <= 0) return 0;
  if (gx <= 0) return gy;
  if (gy <= 0) return gx;
  return std::hypot(gx, gy);
}

}  // namespace bocage
