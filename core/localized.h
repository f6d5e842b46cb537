// Text in both of the project's languages: Japanese first, English second.
#pragma once

#include <string>

namespace bocage {

struct Localized {
  std::string ja;
  std::string en;

  bool empty() const { return ja.empty() && en.empty(); }
  /// The text in `lang` ("ja" or "en"), falling back to the other language.
  const std::string& in(std::string_view lang) const {
    if (lang == "en") return en.empty() ? ja : en;
    return ja.empty() ? en : ja;
  }
};

}  // namespace bocage
