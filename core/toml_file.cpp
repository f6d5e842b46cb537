#include "toml_file.h"

#include <fstream>
#include <sstream>

namespace bocage {

std::optional<toml::table> parse_toml_file(const std::filesystem::path& path, Diagnostics& diags,
                                           const SourcePos& referenced_from) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    SourcePos pos = referenced_from.file.empty() ? SourcePos{path.string(), 0, 0} : referenced_from;
    diags.error(pos, "data/missing-file", "cannot read '" + path.string() + "'",
                "check that the file exists and is readable");
    return std::nullopt;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  try {
    return toml::parse(text, path.string());
  } catch (const toml::parse_error& e) {
    const auto& src = e.source();
    diags.error(
        {path.string(), static_cast<int>(src.begin.line), static_cast<int>(src.begin.column)},
        "data/toml-syntax", "TOML syntax error: " + std::string(e.description()));
    return std::nullopt;
  }
}

}  // namespace bocage
