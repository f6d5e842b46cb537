#include "blank_text.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace bocage {

bool is_blank_text(std::string_view text) {
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0) return false;
    if (!u_isUWhiteSpace(c) && !u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
      return false;
  }
  return true;
}

}  // namespace bocage
