// The manual pages of both programs, written from what --help shows: the
// commands, their arguments and options and every description come from the
// CLI11 app as main.cpp declares it (its texts said in the chosen language
// through cli/help.toml), the rest from cli/man.toml. `bocage-gen --lang ja
// --man-page` prints the Japanese page; the build writes them this way
// (dist/CMakeLists.txt) and installs them under share/man/ja/man1/.
#pragma once

#include <CLI/CLI.hpp>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "bocage/msg/man.h"
#include "core/lang.h"
#include "core/message_catalog.h"

namespace bocage {

/// One term of a list (an environment variable, an exit status) and its text.
struct ManItem {
  std::string term;
  std::string text;
};

/// What a page says besides the command line's own descriptions.
struct ManContent {
  std::string program;  // "bocage-gen"
  std::string version;  // "0.1.0"
  std::string description;
  std::string files;
  std::vector<ManItem> environment;
  std::vector<ManItem> exit_status;
  std::vector<std::string> examples;
  std::vector<std::string> see_also;  // "bocage-play(1)"
};

/// Whether the command line asks for the manual page (`--man-page`, before
/// any `--`); not an option CLI11 knows, so that --help does not show it.
inline bool wants_man_page(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") return false;
    if (word == "--man-page") return true;
  }
  return false;
}

namespace man_detail {

/// The UTF-8 character starting at `text[i]` (its bytes).
inline std::string_view char_at(std::string_view text, size_t i) {
  const auto b = static_cast<unsigned char>(text[i]);
  const size_t n = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
  return text.substr(i, n);
}

/// Japanese marks a line may not start with (closing brackets and
/// punctuation) or end with (opening brackets): JLREQ's simplest rules.
inline bool no_line_start(std::string_view c) {
  for (std::string_view m : {"、", "。", "）", "」", "』", "・", "ー", "：", "，", "．", "ッ", "ャ",
                             "ュ", "ョ", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ"})
    if (c == m) return true;
  return false;
}
inline bool no_line_end(std::string_view c) {
  return c == "（" || c == "「" || c == "『";
}

/// `text` as roff reads it literally: backslashes and hyphens escaped, a
/// line never starting with a control character. Between two Japanese
/// characters a break point (`\\:`) is set, where the line-start and
/// line-end rules allow one: groff breaks lines only at spaces.
inline std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true;
  std::string_view last;
  for (size_t i = 0; i < text.size();) {
    const std::string_view c = char_at(text, i);
    i += c.size();
    if (c.size() > 1 && last.size() > 1 && !no_line_start(c) && !no_line_end(last)) out += "\\:";
    if (line_start && (c == "." || c == "'")) out += "\\&";
    if (c == "\\")
      out += "\\e";
    else if (c == "-")
      out += "\\-";
    else
      out += c;
    line_start = c == "\n";
    last = c;
  }
  return out;
}

inline bool shown(const CLI::Option* o) {
  return !o->get_description().empty() && o->get_name() != "--help" &&
         o->get_name() != "--version" && o->get_name() != "--man-page";
}

/// An option as the synopsis and the list write it: its names, then VALUE
/// when it takes one.
inline std::string option_term(const CLI::Option* o) {
  std::string names;
  for (const auto& s : o->get_snames()) names += (names.empty() ? "-" : ", -") + s;
  for (const auto& l : o->get_lnames()) names += (names.empty() ? "--" : ", --") + l;
  std::string term = ".B " + roff(names);
  if (o->get_expected_max() != 0) {  // takes a value (a flag expects none)
    // (as --help names it: name_option_values, without its default or " ...")
    std::string value = o->get_option_text();
    while (!value.empty() && value.back() == ' ') value.pop_back();
    if (value.size() > 4 && value.compare(value.size() - 4, 4, " ...") == 0)
      value.resize(value.size() - 4);
    const std::string fallback = "=" + o->get_default_str();
    if (!o->get_default_str().empty() && value.size() > fallback.size() &&
        value.compare(value.size() - fallback.size(), fallback.size(), fallback) == 0)
      value.resize(value.size() - fallback.size());
    if (value.empty()) value = "VALUE";
    term += "\n.I " + roff(value);
  }
  return term;
}

inline void options_of(std::ostringstream& out, const CLI::App& app) {
  for (const CLI::Option* o : app.get_options())
    if (!o->get_positional() && shown(o))
      out << ".TP\n" << option_term(o) << "\n" << roff(o->get_description()) << "\n";
}

}  // namespace man_detail

/// The page of `app` (its descriptions already in `lang`: translate_help;
/// not const: CLI11 lists subcommands of a non-const app only).
inline std::string man_page(CLI::App& app, const ManContent& c, Lang lang) {
  using namespace man_detail;
  std::string upper = c.program;
  for (char& ch : upper)
    if (ch >= 'a' && ch <= 'z') ch = char(ch - 'a' + 'A');
  std::ostringstream out;
  out << ".\\\" " << c.program << "(1), written by `" << c.program << " --lang "
      << (lang == Lang::ja ? "ja" : "en")
      << " --man-page` from cli/help.toml and cli/man.toml: do not edit.\n";
  out << ".TH " << upper << " 1 \"2026\" \"Bocage " << c.version << "\" \""
      << tr(lang, msg::man::user_commands) << "\"\n";
  // Left-aligned, unhyphenated: Japanese has no spaces to stretch.
  out << ".ad l\n.nh\n";
  out << ".SH " << tr(lang, msg::man::name) << "\n";
  std::string about = app.get_description();
  if (const size_t colon = about.find(": "); colon != std::string::npos && colon < 20)
    about = about.substr(colon + 2);
  out << roff(c.program) << " \\- " << roff(about) << "\n";

  const auto subs = app.get_subcommands([](CLI::App*) { return true; });
  out << ".SH " << tr(lang, msg::man::synopsis) << "\n";
  for (const CLI::App* sub : subs) {
    out << ".B " << roff(c.program + " " + sub->get_name()) << "\n";
    for (const CLI::Option* o : sub->get_options())
      if (o->get_positional()) {
        std::string name = o->get_name(true);
        for (char& ch : name)
          if (ch >= 'a' && ch <= 'z') ch = char(ch - 'a' + 'A');
        if (o->get_items_expected_max() > 1) name += " ...";
        out << (o->get_required() ? ".I " : ".RI [ ") << roff(name)
            << (o->get_required() ? "" : " ]") << "\n";
      }
    out << ".RI [ OPTIONS ]\n.br\n";
  }
  out << ".SH " << tr(lang, msg::man::description) << "\n" << roff(c.description) << "\n";
  out << ".SH " << tr(lang, msg::man::commands) << "\n";
  for (const CLI::App* sub : subs) {
    out << ".TP\n.B " << roff(sub->get_name()) << "\n" << roff(sub->get_description()) << "\n";
    bool any = false;
    for (const CLI::Option* o : sub->get_options()) any |= shown(o);
    if (!any) continue;
    out << ".RS\n";
    for (const CLI::Option* o : sub->get_options())
      if (o->get_positional() && shown(o))
        out << ".TP\n.I " << roff(o->get_name(true)) << "\n" << roff(o->get_description()) << "\n";
    options_of(out, *sub);
    out << ".RE\n";
  }
  out << ".PP\n" << tr(lang, msg::man::common_options) << "\n.RS\n";
  options_of(out, app);
  out << ".RE\n";
  out << ".SH " << tr(lang, msg::man::files) << "\n" << roff(c.files) << "\n";
  out << ".SH " << tr(lang, msg::man::environment) << "\n";
  for (const auto& e : c.environment)
    out << ".TP\n.B " << roff(e.term) << "\n" << roff(e.text) << "\n";
  out << ".SH " << tr(lang, msg::man::exit_status) << "\n";
  for (const auto& e : c.exit_status)
    out << ".TP\n.B " << roff(e.term) << "\n" << roff(e.text) << "\n";
  out << ".SH " << tr(lang, msg::man::examples) << "\n.nf\n";
  for (const auto& e : c.examples) out << roff(e) << "\n";
  out << ".fi\n.SH " << tr(lang, msg::man::see_also) << "\n";
  for (size_t i = 0; i < c.see_also.size(); ++i)
    out << roff(c.see_also[i]) << (i + 1 < c.see_also.size() ? ",\n" : "\n");
  return out.str();
}

/// bocage-gen's page content in `lang`.
inline ManContent gen_man_content(Lang lang, std::string version) {
  ManContent c;
  c.program = "bocage-gen";
  c.version = std::move(version);
  c.description = tr(lang, msg::man::gen_description);
  c.files = tr(lang, msg::man::gen_files);
  c.environment = {{"LANGUAGE, LC_ALL, LC_MESSAGES, LANG", tr(lang, msg::man::env_lang)},
                   {"BOCAGE_DATA_DIR, BOCAGE_TEMPLATES_DIR", tr(lang, msg::man::env_data_dirs)},
                   {"SOURCE_DATE_EPOCH", tr(lang, msg::man::env_date)}};
  c.exit_status = {{"0", tr(lang, msg::man::gen_exit_0)},
                   {"1", tr(lang, msg::man::gen_exit_1)},
                   {"2", tr(lang, msg::man::gen_exit_2)},
                   {"3", tr(lang, msg::man::gen_exit_3)}};
  c.examples = {"bocage-gen list", "bocage-gen validate endless-patrol",
                "bocage-gen build endless-patrol --paper letter --out ~/prints",
                "bocage-gen preview stuart-vs-zombies m5 --dpi 300"};
  c.see_also = {"bocage-play(1)"};
  return c;
}

/// bocage-play's page content in `lang`.
inline ManContent play_man_content(Lang lang, std::string version) {
  ManContent c;
  c.program = "bocage-play";
  c.version = std::move(version);
  c.description = tr(lang, msg::man::play_description);
  c.files = tr(lang, msg::man::play_files);
  c.environment = {{"LANGUAGE, LC_ALL, LC_MESSAGES, LANG", tr(lang, msg::man::env_lang)},
                   {"BOCAGE_DATA_DIR", tr(lang, msg::man::env_data_dirs)}};
  c.exit_status = {{"0", tr(lang, msg::man::play_exit_0)},
                   {"1", tr(lang, msg::man::play_exit_1)},
                   {"2", tr(lang, msg::man::play_exit_2)},
                   {"3", tr(lang, msg::man::play_exit_3)}};
  c.examples = {"bocage-play new stuart-vs-zombies", "bocage-play roll 2d6 morale",
                "bocage-play simulate stuart-vs-zombies --games 1000"};
  c.see_also = {"bocage-gen(1)"};
  return c;
}

}  // namespace bocage
