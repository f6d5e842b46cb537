// The descriptions CLI11 shows in --help, said in the chosen language: each
// is found by its English text in the help catalog (cli/help.toml), so
// main.cpp keeps writing them in English where the options are declared.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "bocage/msg/help.h"
#include "core/lang.h"

namespace bocage {

/// `english` said in `lang`: the catalog's text whose English is `english`,
/// or (for an English ending in ": ", like "Paper: ") the one it starts with,
/// the rest kept. Empty when the catalog does not have it.
inline std::string help_text(std::string_view english, Lang lang) {
  for (const auto& m : msg::help::catalog)
    if (m.en == english) return std::string(lang == Lang::ja ? m.ja : m.en);
  for (const auto& m : msg::help::catalog)
    if (m.en.size() > 2 && m.en.substr(m.en.size() - 2) == ": " &&
        english.substr(0, m.en.size()) == m.en)
      return std::string(lang == Lang::ja ? m.ja : m.en) + std::string(english.substr(m.en.size()));
  return {};
}

/// Calls `f(description)` for the description of `app`, of each of its
/// options and of each subcommand, all the way down.
template <typename F>
void for_each_description(CLI::App& app, F&& f) {
  f(app.get_description(), [&](const std::string& d) { app.description(d); });
  for (auto* o : app.get_options())
    f(o->get_description(), [o](const std::string& d) { o->description(d); });
  for (auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
    for_each_description(*sub, f);
}

/// Says the group headings of `app` and its subcommands in `lang`.
inline void translate_groups(CLI::App& app, Lang lang) {
  for (auto* o : app.get_options())
    if (o->get_group() == "Options") o->group(help_text("Options", lang));
  for (auto* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    if (sub->get_group() == "Subcommands") sub->group(help_text("Subcommands", lang));
    translate_groups(*sub, lang);
  }
}

/// What an option's value is called in `lang` (--data DIR, --data フォルダ):
/// the catalog's value-<name> (a positional's value-arg-<name>), else its choices ({ja,en}), else
/// VALUE.
inline std::string value_name(const CLI::Option* o, Lang lang) {
  const std::string key = (o->get_positional() ? "value-arg-" : "value-") + o->get_single_name();
  for (const auto& m : msg::help::catalog)
    if (m.id == key) return std::string(lang == Lang::ja ? m.ja : m.en);
  // CLI11's type name: "TEXT", "FLOAT:FLOAT in [0 - 20]", "TEXT:{long,short}".
  const std::string type = o->get_type_name();
  if (const size_t brace = type.find('{'); brace != std::string::npos)
    return type.substr(brace, type.find('}', brace) + 1 - brace);
  return lang == Lang::ja ? "値" : "VALUE";
}

/// Writes each value an option of `app` and its subcommands takes as --help
/// shows it after the option's name: its value_name in `lang`, its default
/// (=3), " ..." for a list; never CLI11's own type names (TEXT, FLOAT:FLOAT
/// in [0 - 20]) nor its Excludes notes.
inline void name_option_values(CLI::App& app, Lang lang) {
  for (CLI::Option* o : app.get_options()) {
    if (o->get_expected_max() == 0 || o->get_name() == "--help") continue;  // a flag
    std::string text = value_name(o, lang);
    if (!o->get_default_str().empty()) text += "=" + o->get_default_str();
    if (o->get_expected_max() >= CLI::detail::expected_max_vector_size) text += " ...";
    o->option_text(text);
  }
  for (auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
    name_option_values(*sub, lang);
}

/// CLI11's help, its options' column padded by the columns a terminal shows
/// (a kana or kanji takes two, in three bytes) rather than by bytes, so that
/// --data フォルダ's description lines up with the others'.
class ColumnFormatter : public CLI::Formatter {
 public:
  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    const std::string name = "  " + make_option_name(opt, is_positional) + make_option_opts(opt);
    const std::string description = make_option_desc(opt);
    size_t columns = 0;
    for (unsigned char c : name)
      if ((c & 0xC0) != 0x80) columns += c >= 0xE0 && c <= 0xEF ? 2 : 1;
    std::string out = name;
    if (!description.empty()) {
      if (columns >= column_width_)
        out += "\n" + std::string(column_width_, ' ');
      else
        out += std::string(column_width_ - columns, ' ');
      for (const char c : description) {
        out += c;
        if (c == '\n') out += std::string(column_width_, ' ');
      }
    }
    return out + "\n";
  }
};

/// Says every description and heading of `app` in `lang`; a description the
/// catalog does not have stays as main.cpp wrote it.
inline void translate_help(CLI::App& app, Lang lang) {
  if (lang == Lang::en) return;
  for_each_description(app, [&](const std::string& text, const auto& set) {
    if (std::string said = help_text(text, lang); !said.empty()) set(said);
  });
  translate_groups(app, lang);
}

}  // namespace bocage
