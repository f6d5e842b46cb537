// Shared by the two main.cpp files: CLI11's parsing with Bocage's exit
// statuses (help and version 0, a usage error 2).
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <optional>
#include <string>

namespace bocage {

/// A validator for --seed: a whole number from 0 to 2^64-1 in decimal
/// digits, so "-1" or "18446744073709551616" is refused, never clamped.
inline CLI::Validator seed_range() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const std::string max = "18446744073709551615";
        const bool digits =
            !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        std::string n =
            digits ? text.substr(std::min(text.find_first_not_of('0'), text.size() - 1)) : text;
        if (!digits || n.size() > max.size() || (n.size() == max.size() && n > max))
          return "a seed is a whole number from 0 to " + max + ", not '" + text + "'";
        return {};
      },
      "SEED");
}

/// Parses the command line. Returns the status to exit with when parsing
/// ends the program (help, version, a usage error), or nothing to go on.
inline std::optional<int> parse_args(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  return std::nullopt;
}

}  // namespace bocage
