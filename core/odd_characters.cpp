#include "odd_characters.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <cstdio>

namespace bocage {

std::vector<std::string> odd_characters(std::string_view word) {
  const auto* s = reinterpret_cast<const uint8_t*>(word.data());
  const auto length = static_cast<int32_t>(word.size());
  // Lookalikes matter in a word of ASCII letters, where the eye expects Latin.
  int ascii_letters = 0;
  for (char c : word) ascii_letters += (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  std::vector<std::string> out;
  int position = 0;
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    ++position;
    if (c < 0) return {};
    if (c < 0x80) continue;
    UErrorCode err = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(c, &err);
    const bool invisible = u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
                           (u_isUWhiteSpace(c) && c != 0x3000);
    const bool lookalike = ascii_letters > 0 && u_isalpha(c) && U_SUCCESS(err) &&
                           (script == USCRIPT_CYRILLIC || script == USCRIPT_GREEK ||
                            (script == USCRIPT_LATIN && c >= 0x100));
    if (!invisible && !lookalike) continue;
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    char name[128] = "";
    err = U_ZERO_ERROR;
    u_charName(c, U_UNICODE_CHAR_NAME, name, sizeof name, &err);
    out.push_back(std::string(code) + (name[0] ? " " + std::string(name) : std::string()) + " (" +
                  std::to_string(position) + ")");
  }
  return out;
}

std::string odd_characters_list(std::string_view word) {
  std::string out;
  for (const auto& c : odd_characters(word)) out += (out.empty() ? "" : ", ") + c;
  return out;
}

}  // namespace bocage
