#include "toml_syntax.h"

#include <regex>
#include <string>

#include "bocage/msg/core.h"
#include "bocage/msg/toml_syntax.h"

namespace bocage {

namespace {

/// `english` in Japanese when the catalog has it (`prefix` picks the kind:
/// "context-", "expect-", "saw-", "range-"); a quoted character 'x' becomes
/// 「x」; anything else stays as it is.
std::string japanese_word(const std::string& english, std::string_view prefix) {
  for (const auto& m : msg::toml_syntax::catalog)
    if (m.id.substr(0, prefix.size()) == prefix && format_message(m.en, nullptr, 0) == english)
      return format_message(m.ja, nullptr, 0);
  if (english.size() >= 3 && english.front() == '\'' && english.back() == '\'')
    return tr(Lang::ja, msg::toml_syntax::quoted, "text"_a = english.substr(1, english.size() - 2));
  return english;
}

}  // namespace

Text toml_syntax_text(std::string_view description) {
  const std::string text(description);
  Text out;
  out.en = tr(Lang::en, msg::core::toml_syntax, "what"_a = text);
  static const std::regex parsing("Error while parsing ([^:]+): ([\\s\\S]*)");
  std::smatch m;
  if (!std::regex_match(text, m, parsing)) {
    out.ja = tr(Lang::ja, msg::core::toml_syntax, "what"_a = text);
    return out;
  }
  const std::string context = japanese_word(m[1].str(), "context-");
  const std::string detail = m[2].str();
  static const std::regex expected("expected (.+), saw ([\\s\\S]+)");
  static const std::regex range(
      "expected (\\w+) between (\\d+) (?:and|to) (\\d+) \\(inclusive\\), saw (.+)");
  static const std::regex redefined("cannot redefine existing \\w+ '(.+)'");
  static const std::regex escape("unknown escape sequence (.+)");
  std::smatch d;
  if (detail == "encountered end-of-file")
    out.ja = tr(Lang::ja, msg::toml_syntax::syntax_eof, "context"_a = context);
  else if (std::regex_match(detail, d, range))
    out.ja = tr(Lang::ja, msg::toml_syntax::syntax_out_of_range, "context"_a = context,
                "what"_a = japanese_word(d[1].str(), "range-"), "min"_a = d[2].str(),
                "max"_a = d[3].str(), "value"_a = d[4].str());
  else if (std::regex_match(detail, d, expected))
    out.ja = tr(Lang::ja, msg::toml_syntax::syntax_expected, "context"_a = context,
                "expected"_a = japanese_word(d[1].str(), "expect-"),
                "saw"_a = japanese_word(d[2].str(), "saw-"));
  else if (std::regex_match(detail, d, redefined))
    out.ja = tr(Lang::ja, msg::toml_syntax::syntax_redefined, "context"_a = context,
                "name"_a = d[1].str());
  else if (std::regex_match(detail, d, escape))
    out.ja = tr(Lang::ja, msg::toml_syntax::syntax_unknown_escape, "context"_a = context,
                "sequence"_a = japanese_word(d[1].str(), "saw-"));
  else if (detail == "leading zeroes are prohibited")
    out.ja = tr(Lang::ja, msg::toml_syntax::syntax_leading_zeroes, "context"_a = context);
  else if (detail.rfind("unescaped control characters", 0) == 0)
    out.ja = tr(Lang::ja, msg::toml_syntax::syntax_control_character, "context"_a = context);
  else if (detail.find("underscores") != std::string::npos)
    out.ja = tr(Lang::ja, msg::toml_syntax::syntax_underscores, "context"_a = context);
  else
    out.ja =
        tr(Lang::ja, msg::toml_syntax::syntax_other, "context"_a = context, "detail"_a = detail);
  out.ja = tr(Lang::ja, msg::core::toml_syntax, "what"_a = out.ja);
  return out;
}

}  // namespace bocage
