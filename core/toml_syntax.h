// toml++'s syntax errors in both languages: its English description kept,
// and its usual forms said in Japanese with the catalog core/toml_syntax.toml
// (core/toml_file.cpp gives the result to the data/toml-syntax diagnostic).
#pragma once

#include <string_view>

#include "diagnostic.h"

namespace bocage {

/// `description` (toml::parse_error::description(): "Error while parsing
/// key-value pair: expected value, saw '\\n'") in both languages: the English
/// as toml++ wrote it, the Japanese from the catalog; a form the catalog does
/// not know keeps toml++'s words after a Japanese context.
Text toml_syntax_text(std::string_view description);

}  // namespace bocage
