// Diagnostics are values: severity, position, a stable code, message and hint.
// Loaders and the layout collect them; the command line prints them together.
// A diagnostic keeps its message in both languages (from a message catalog:
// core/messages.toml, generator/messages.toml), so loaders need not know the
// language; the language is chosen only when it is formatted (bocage-gen --lang).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lang.h"
#include "message_catalog.h"
#include "source_pos.h"

namespace bocage {

enum class Severity { error, warning };

/// A sentence in both languages.
struct Text {
  std::string ja;
  std::string en;
  const std::string& in(Lang lang) const { return lang == Lang::en ? en : ja; }
  bool empty() const { return ja.empty() && en.empty(); }
};

/// A catalog message said in both languages: `both(msg::core::unknown_key, "key"_a = k)`.
template <typename... Args>
Text both(CheckedMessage<std::type_identity_t<Args>...> m, const Args&... args) {
  std::array<MessageArg, sizeof...(Args)> values{detail::message_arg(args)...};
  return {format_message(m.ja, values.data(), values.size()),
          format_message(m.en, values.data(), values.size())};
}

/// Both languages where an argument is itself in both: `f(lang)` says it in `lang`.
template <typename F>
Text per_lang(F f) {
  return {f(Lang::ja), f(Lang::en)};
}

struct Diagnostic {
  Severity severity = Severity::error;
  SourcePos pos;
  std::string code;  // stable, e.g. "data/unknown-key"; printed as is in every language
  Text message;      // what is wrong and what is expected
  Text hint;         // optional: "did you mean 'ammo'?"
};

/// Formats `file:line:col: error: message [code]` in `lang` and, when present,
/// a hint line. "error:", "warning:" and "hint:" stay English in both
/// languages, as compilers print them, so editors and scripts find them.
std::string format_diagnostic(const Diagnostic& d, Lang lang);

class Diagnostics {
 public:
  void error(const SourcePos& pos, std::string code, Text message, Text hint = {});
  void warning(const SourcePos& pos, std::string code, Text message, Text hint = {});
  void add(Diagnostic d) { items_.push_back(std::move(d)); }
  void append(const Diagnostics& other);
  /// `other`'s diagnostics, placed before the one at `at` (at size(): appended).
  void insert(size_t at, const Diagnostics& other);

  const std::vector<Diagnostic>& items() const { return items_; }
  size_t error_count() const;
  size_t warning_count() const;
  bool has_errors() const { return error_count() > 0; }
  bool empty() const { return items_.empty(); }
  size_t size() const { return items_.size(); }

  /// All diagnostics in `lang`, one formatted entry after the other, in the
  /// order found. bocage-gen always passes its --lang; English is the default
  /// for logs and tests only.
  std::string format_all(Lang lang = Lang::en) const;

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace bocage
