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
