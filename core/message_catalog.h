// Messages by id, in both languages, with named placeholders (the model of
// Project Fluent, kept in the project's own TOML). Each module has a catalog,
// `messages.toml` beside its code; at build time bocage-msgc checks it (both
// languages, the same placeholders, the syntax; errors carry file:line:col)
// and writes a header of constants, one per message:
//
//   [game-over]                                    namespace bocage::msg::engine
//   ja = "ゲームは終了しています（{reason}）。"  ->    inline constexpr Message<1> game_over
//   en = "The game is over ({reason})."
//
// and code says it with named arguments, checked against the message's
// placeholders when it compiles (a wrong or missing name does not build):
//
//   tr(lang, msg::engine::game_over, "reason"_a = why)      (PlayContext: ctx.m(...))
//
// Placeholders: `{name}` is the argument's text or number; `{name|one|other}`
// picks the English plural form by the number (`#` in it is the number);
// `{{` and `}}` are braces. Message text syntax: docs/messages.md.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "lang.h"

namespace bocage {

/// A message of a catalog: its id, its placeholders (sorted) and its texts.
template <size_t N>
struct Message {
  std::string_view id;
  std::array<std::string_view, N> params;
  std::array<bool, N> counted;  // used with plural forms: the argument must be a number
  std::string_view ja;
  std::string_view en;
};

/// One message as tests list a catalog (the generated `catalog` array).
struct CatalogEntry {
  std::string_view id;
  std::string_view ja;
  std::string_view en;
};

/// A string literal as a template argument: the name of a named argument.
template <size_t N>
struct FixedString {
  char text[N]{};
  constexpr FixedString(const char (&s)[N]) {
    for (size_t i = 0; i < N; ++i) text[i] = s[i];
  }
  constexpr std::string_view view() const { return {text, N - 1}; }
};

/// One argument, as the formatter reads it.
struct MessageArg {
  std::string_view name;
  std::string_view text;  // when !is_number
  long long number = 0;   // when is_number
  bool is_number = false;
};

template <FixedString Name, typename T>
struct NamedArg {
  static constexpr std::string_view name = Name.view();
  static constexpr bool is_number = std::is_integral_v<std::remove_cvref_t<T>> &&
                                    !std::is_same_v<std::remove_cvref_t<T>, bool> &&
                                    !std::is_same_v<std::remove_cvref_t<T>, char>;
  const T& value;
};

template <FixedString Name>
struct ArgName {
  template <typename T>
  constexpr NamedArg<Name, T> operator=(const T& value) const {
    return {value};
  }
};

namespace message_literals {
/// `"count"_a = 3`: a named argument of a message.
template <FixedString Name>
constexpr ArgName<Name> operator""_a() {
  return {};
}
}  // namespace message_literals
using namespace message_literals;

namespace detail {

template <typename A>
MessageArg message_arg(const A& arg) {
  if constexpr (A::is_number) {
    return {A::name, {}, static_cast<long long>(arg.value), true};
  } else {
    return {A::name, std::string_view(arg.value), 0, false};
  }
}

/// Reached only when a check below fails: not constexpr, so the call does not compile.
void message_arguments_do_not_match_its_placeholders();
void plural_forms_need_a_number();

}  // namespace detail

/// A message whose placeholders are exactly the names of `Args`: checked
/// when the call compiles (as fmt checks its format strings).
template <typename... Args>
struct CheckedMessage {
  std::string_view ja;
  std::string_view en;

  template <size_t N>
  consteval CheckedMessage(const Message<N>& m) : ja(m.ja), en(m.en) {
    constexpr std::array<std::string_view, sizeof...(Args)> names{Args::name...};
    constexpr std::array<bool, sizeof...(Args)> numbers{Args::is_number...};
    for (size_t p = 0; p < N; ++p) {  // every placeholder has its argument
      bool found = false;
      for (size_t a = 0; a < names.size(); ++a)
        if (names[a] == m.params[p]) {
          found = true;
          if (m.counted[p] && !numbers[a]) detail::plural_forms_need_a_number();
        }
      if (!found) detail::message_arguments_do_not_match_its_placeholders();
    }
    for (size_t a = 0; a < names.size(); ++a) {  // and every argument its placeholder, once
      int uses = 0;
      for (size_t p = 0; p < N; ++p) uses += names[a] == m.params[p];
      for (size_t b = 0; b < a; ++b) uses += names[a] == names[b] ? 2 : 0;
      if (uses != 1) detail::message_arguments_do_not_match_its_placeholders();
    }
  }
};

/// The message's text in `lang` with `args` put in.
std::string format_message(std::string_view pattern, const MessageArg* args, size_t count);

template <typename... Args>
std::string tr(Lang lang, CheckedMessage<std::type_identity_t<Args>...> m, const Args&... args) {
  std::array<MessageArg, sizeof...(Args)> values{detail::message_arg(args)...};
  return format_message(lang == Lang::en ? m.en : m.ja, values.data(), values.size());
}

/// What is wrong with a pattern, at which byte.
struct PatternError {
  size_t offset = 0;
  std::string what;
};
/// The placeholders of `pattern` (sorted, once each) and its syntax errors.
struct PatternInfo {
  std::vector<std::string> params;
  std::vector<std::string> plural_params;  // those used with plural forms
  std::vector<PatternError> errors;
};
PatternInfo inspect_pattern(std::string_view pattern);

}  // namespace bocage
