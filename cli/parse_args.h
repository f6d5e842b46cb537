// Shared by the two main.cpp files: CLI11's parsing with Bocage's exit
// statuses (help and version 0, a usage error 2).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>

namespace bocage {

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
