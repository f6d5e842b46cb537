#include "input_text.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <cstdio>

#include "bocage/msg/play.h"
#include "core/message_catalog.h"

namespace bocage {

namespace {

bool is_control(UChar32 c) {
  return (c < 0x20 && c != '\t') || (c >= 0x7f && c <= 0x9f);
}

std::string hex_byte(unsigned char b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02X", b);
  return buf;
}

std::string code_point(UChar32 c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  return buf;
}

std::string control_name(UChar32 c, Lang lang) {
  switch (c) {
    case 0x00:
      return tr(lang, msg::play::control_nul);
    case 0x0a:
      return tr(lang, msg::play::control_line_feed);
    case 0x0d:
      return tr(lang, msg::play::control_carriage_return);
    case 0x1b:
      return tr(lang, msg::play::control_esc);
    case 0x7f:
      return tr(lang, msg::play::control_del);
    default:
      return "";
  }
}

}  // namespace

std::optional<std::string> input_problem(std::string_view text, Lang lang) {
  if (text.size() > kMaxInputLineBytes)
    return tr(lang, msg::play::line_too_long, "max"_a = kMaxInputLineBytes);
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const int32_t length = static_cast<int32_t>(text.size());
  size_t column = 1;
  for (int32_t i = 0; i < length; ++column) {
    const int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(s, i, length, c);
    if (c < 0)
      return tr(lang, msg::play::not_utf8, "column"_a = column, "byte"_a = hex_byte(s[start]));
    if (is_control(c))
      return tr(lang, msg::play::control_character, "column"_a = column, "code"_a = code_point(c),
                "name"_a = control_name(c, lang));
  }
  return std::nullopt;
}

InputLine normalize_input(std::string_view line, Lang lang) {
  InputLine out;
  if (auto problem = input_problem(line, lang)) {
    out.error = *problem;
    return out;
  }
  out.text = nfkc(line);
  if (auto problem = input_problem(out.text, lang)) out.error = *problem;  // NFKC can lengthen
  return out;
}

std::string printable(std::string_view text) {
  std::string out;
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const int32_t length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    const int32_t start = i;
    UChar32 c = 0;
    U8_NEXT(s, i, length, c);
    if (c < 0 || (is_control(c) && c != '\t')) {
      if (c >= 0x80)
        out += "\\u" + code_point(c).substr(2);
      else
        for (int32_t k = start; k < i; ++k) out += hex_byte(s[k]);
      continue;
    }
    out.append(text.substr(static_cast<size_t>(start), static_cast<size_t>(i - start)));
  }
  return out;
}

size_t display_width(std::string_view text) {
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const int32_t length = static_cast<int32_t>(text.size());
  size_t width = 0;
  for (int32_t i = 0; i < length;) {
    UChar32 c = 0;
    U8_NEXT(s, i, length, c);
    const int w = c < 0 ? U_EA_NEUTRAL : u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    width += (w == U_EA_WIDE || w == U_EA_FULLWIDTH) ? 2 : 1;
  }
  return width;
}

}  // namespace bocage
