#include "normal_form.h"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

namespace bocage {

std::string nfkc(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(status);
  if (U_FAILURE(status)) return std::string(text);
  icu::UnicodeString in = icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  icu::UnicodeString out = n->normalize(in, status);
  if (U_FAILURE(status)) return std::string(text);
  std::string result;
  out.toUTF8String(result);
  return result;
}

std::string command_text(std::string_view normalized) {
  std::string_view text = normalized.substr(0, normalized.find('#'));
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  u.foldCase();
  std::string out;
  u.toUTF8String(out);
  return out;
}

}  // namespace bocage
