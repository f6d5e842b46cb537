// Numbers and boxes as the finished PDFs write them, shared by the finisher
// (pdf_finish.cpp) and its libqpdf module (qpdf_module.cpp).
#pragma once

#include <charconv>
#include <string>

#include "core/units.h"

namespace bocage {

/// A number as PDF writes it: at most three decimals (a thousandth of a
/// point), no exponent, no trailing zeros, the same digits everywhere.
inline std::string pdf_number(double v) {
  char buf[48];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 3);
  std::string s(buf, ec == std::errc() ? end : buf);
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

/// A box in PDF user space (points, origin at the bottom-left of the page).
inline std::string pdf_box(const RectMm& r, double page_height_pt) {
  return "[ " + pdf_number(mm_to_pt(r.x)) + " " +
         pdf_number(page_height_pt - mm_to_pt(r.bottom())) + " " + pdf_number(mm_to_pt(r.right())) +
         " " + pdf_number(page_height_pt - mm_to_pt(r.y)) + " ]";
}

}  // namespace bocage
