// Shared by the two main.cpp files: CLI11's parsing with Bocage's exit
// statuses (docs/exit-codes.md: help and version 0, a usage error 2), an
// unknown command or option named with the nearest one, and CLI11's own
// English errors and help labels said in the chosen language.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>

#include "bocage/msg/cli.h"
#include "bocage/msg/core.h"
#include "core/diagnostic.h"
#include "core/did_you_mean.h"
#include "core/message_catalog.h"
#include "core/odd_characters.h"
#include "help_text.h"

namespace bocage {

/// A validator for --seed: a whole number from 0 to 2^64-1 in decimal
/// digits, so "-1" or "18446744073709551616" is refused, never clamped.
inline CLI::Validator seed_range(Lang lang) {
  return CLI::Validator(
      [lang](std::string& text) -> std::string {
        const std::string max = "18446744073709551615";
        const bool digits =
            !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        std::string n =
            digits ? text.substr(std::min(text.find_first_not_of('0'), text.size() - 1)) : text;
        if (!digits || n.size() > max.size() || (n.size() == max.size() && n > max))
          return tr(lang, msg::cli::cli_bad_seed, "max"_a = max, "value"_a = text);
        return {};
      },
      "SEED");
}

/// CLI11's help labels ("Usage", "Options", ...) in `lang`, for `app` and the
/// subcommands added after this call.
inline void localize_help(CLI::App& app, Lang lang) {
  app.formatter(std::make_shared<ColumnFormatter>());
  auto f = app.get_formatter();
  f->label("Usage", tr(lang, msg::cli::cli_usage));
  f->label("OPTIONS", tr(lang, msg::cli::cli_options_badge));
  f->label("Positionals", tr(lang, msg::cli::cli_positionals));
  f->label("REQUIRED", tr(lang, msg::cli::cli_required_mark));
  f->label("SUBCOMMAND", tr(lang, msg::cli::cli_command_badge));
  app.option_defaults()->group(tr(lang, msg::cli::cli_options));
  if (auto* help = app.get_help_ptr()) help->group(tr(lang, msg::cli::cli_options));
  if (auto* version = app.get_version_ptr()) version->group(tr(lang, msg::cli::cli_options));
}

/// CLI11's error text said in `lang`: the usual ones mapped to catalog
/// messages (the option and values kept), any other inside a catalogued
/// sentence with CLI11's words as its detail.
inline std::string parse_error_text(const std::string& what, Lang lang) {
  std::smatch m;
  static const std::regex extras("The following arguments? (?:was|were) not expected: (.*)");
  static const std::regex required("(.*) is required");
  static const std::regex convert("Could not convert: (.*) = (.*)");
  static const std::regex range("(.*): Value (.*) not in range (.*) to (.*)");
  static const std::regex member("(.*): (.*) not in \\{(.*)\\}");
  static const std::regex missing("(.*): (\\d+) required .* missing");
  static const std::regex at_most("(.*): At Most (\\d+) required but received (\\d+)");
  if (std::regex_match(what, m, extras))
    return tr(lang, msg::cli::cli_unexpected, "words"_a = m[1].str());
  if (what == "A subcommand is required") return tr(lang, msg::cli::cli_command_required);
  if (std::regex_match(what, m, required))
    return tr(lang, msg::cli::cli_required, "what"_a = m[1].str());
  if (std::regex_match(what, m, convert))
    return tr(lang, msg::cli::cli_not_a_value, "option"_a = m[1].str(), "value"_a = m[2].str());
  if (std::regex_match(what, m, range))
    return tr(lang, msg::cli::cli_out_of_range, "option"_a = m[1].str(), "value"_a = m[2].str(),
              "min"_a = m[3].str(), "max"_a = m[4].str());
  if (std::regex_match(what, m, member))
    return tr(lang, msg::cli::cli_not_one_of, "option"_a = m[1].str(), "value"_a = m[2].str(),
              "choices"_a = m[3].str());
  if (std::regex_match(what, m, missing))
    return tr(lang, msg::cli::cli_needs_value, "option"_a = m[1].str());
  if (std::regex_match(what, m, at_most))
    return tr(lang, msg::cli::cli_given_twice, "option"_a = m[1].str(), "most"_a = m[2].str(),
              "count"_a = m[3].str());
  return tr(lang, msg::cli::cli_unreadable, "detail"_a = what);
}

/// The first word of the command line that is neither a top-level option nor
/// the value of --lang, when it names no subcommand of `app` (or is an option
/// `app` does not know): an error that names it and the nearest command.
/// A hint line naming the invisible or lookalike characters of `word`
/// (core/odd_characters.h), or nothing.
inline std::string odd_characters_hint(const std::string& word, Lang lang) {
  const std::string list = odd_characters_list(word);
  if (list.empty()) return {};
  return "\n  hint: " + tr(lang, msg::core::odd_characters, "word"_a = word, "list"_a = list);
}

inline std::optional<std::string> unknown_first_word(CLI::App& app, int argc, char** argv,
                                                     Lang lang) {
  std::vector<std::string> commands;
  for (const auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
    commands.push_back(sub->get_name());
  const std::vector<std::string> options = {"--help", "--version", "--lang"};
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--lang") {
      ++i;
      continue;
    }
    if (word.rfind("--lang=", 0) == 0 || word == "-h" || word == "--help" || word == "--version")
      continue;
    if (word.size() > 1 && word[0] == '-') {
      // -V, -v: the long option of that letter; else the nearest by spelling.
      std::string near;
      if (word.size() == 2)
        for (const auto& o : options)
          if (std::tolower(static_cast<unsigned char>(o[2])) ==
              std::tolower(static_cast<unsigned char>(word[1])))
            near = o;
      if (near.empty()) near = closest_name(word, options);
      return tr(lang, msg::cli::cli_unknown_option, "word"_a = word, "program"_a = app.get_name()) +
             (near.empty() ? ""
                           : "\n  hint: " + tr(lang, msg::cli::cli_did_you_mean, "name"_a = near)) +
             odd_characters_hint(word, lang);
    }
    if (std::find(commands.begin(), commands.end(), word) != commands.end()) return std::nullopt;
    std::string known;
    for (const auto& c : commands) known += (known.empty() ? "" : ", ") + c;
    const std::string near = closest_name(word, commands);
    return tr(lang, msg::cli::cli_unknown_command, "word"_a = word, "commands"_a = known) +
           (near.empty() ? ""
                         : "\n  hint: " + tr(lang, msg::cli::cli_did_you_mean, "name"_a = near)) +
           odd_characters_hint(word, lang);
  }
  return std::nullopt;
}

/// The `help [COMMAND]` command, listed among the others (--help, the
/// unknown-command error, the man page's synopsis); parse_args answers it
/// before CLI11 parses anything.
inline void add_help_command(CLI::App& app) {
  static std::string command;
  auto* help = app.add_subcommand("help", "Show the help of the program, or of one command");
  help->add_option("command", command, "The command whose help to show");
}

/// Parses the command line. Returns the status to exit with when parsing
/// ends the program (help, version, a usage error), or nothing to go on.
/// Errors are said in `lang` on standard error, with the way to the help.
inline std::optional<int> parse_args(CLI::App& app, int argc, char** argv, Lang lang) {
  auto usage_error = [&](const std::string& text, const CLI::App* where) {
    std::cerr << tr(lang, msg::cli::cli_error, "message"_a = text) << "\n"
              << tr(lang, msg::cli::cli_see_help,
                    "command"_a = where && where != &app ? app.get_name() + " " + where->get_name()
                                                         : app.get_name())
              << "\n";
    return 2;
  };
  // `help [COMMAND]`: the help of the program or of one of its commands.
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--lang") {
      ++i;
      continue;
    }
    if (word.rfind("-", 0) == 0) continue;
    if (word != "help") break;
    std::string command;
    for (int k = i + 1; k < argc && command.empty(); ++k)
      if (std::string(argv[k]) == "--lang")
        ++k;
      else if (argv[k][0] != '-')
        command = argv[k];
    if (command.empty()) {
      std::cout << app.help();
      return 0;
    }
    for (auto* sub : app.get_subcommands([](CLI::App*) { return true; }))
      if (sub->get_name() == command) {
        std::cout << sub->help(app.get_name());
        return 0;
      }
    char* fixed[] = {argv[0], const_cast<char*>(command.c_str())};
    if (auto unknown = unknown_first_word(app, 2, fixed, lang)) return usage_error(*unknown, &app);
    break;
  }
  if (auto unknown = unknown_first_word(app, argc, argv, lang)) return usage_error(*unknown, &app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const CLI::App* where = &app;
    for (const auto* sub : app.get_subcommands()) where = sub;
    std::string text = parse_error_text(e.what(), lang);
    // An option the command does not know: the nearest one it has.
    std::smatch m;
    static const std::regex extras("The following arguments? (?:was|were) not expected: (.*)");
    const std::string what = e.what();
    if (std::regex_match(what, m, extras)) {
      std::vector<std::string> names;
      for (const CLI::Option* o : where->get_options())
        for (const auto& n : o->get_lnames()) names.push_back("--" + n);
      std::istringstream words(m[1].str());
      for (std::string w; words >> w;) {
        if (w.rfind("--", 0) != 0) continue;
        const std::string near = closest_name(w.substr(0, w.find('=')), names);
        if (!near.empty()) {
          text += "\n  hint: " + tr(lang, msg::cli::cli_did_you_mean, "name"_a = near);
          break;
        }
      }
    }
    return usage_error(text, where);
  }
  return std::nullopt;
}

}  // namespace bocage
