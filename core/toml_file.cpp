#include "toml_file.h"

#include <fstream>
#include <sstream>

#include "bocage/msg/core.h"
#include "limits.h"
#include "toml_nesting.h"
#include "toml_syntax.h"

namespace bocage {

namespace {

/// Reports every string longer than kMaxStringBytes; true when there is none.
bool check_strings(const toml::node& node, const std::string& file, Diagnostics& diags) {
  bool ok = true;
  if (const toml::table* t = node.as_table()) {
    for (auto&& [k, v] : *t) ok = check_strings(v, file, diags) && ok;
  } else if (const toml::array* a = node.as_array()) {
    for (const auto& v : *a) ok = check_strings(v, file, diags) && ok;
  } else if (const auto* s = node.as_string()) {
    if (s->get().size() > kMaxStringBytes) {
      const auto& src = node.source();
      diags.error({file, static_cast<int>(src.begin.line), static_cast<int>(src.begin.column)},
                  "data/too-long",
                  both(msg::core::too_long, "bytes"_a = s->get().size(), "max"_a = kMaxStringBytes),
                  both(msg::core::too_long_hint));
      ok = false;
    }
  }
  return ok;
}

}  // namespace

std::optional<toml::table> parse_toml_file(const std::filesystem::path& path, Diagnostics& diags,
                                           const SourcePos& referenced_from) {
  SourcePos pos = referenced_from.file.empty() ? SourcePos{path.string(), 0, 0} : referenced_from;
  std::ifstream in(path, std::ios::binary);
  std::error_code ec;
  if (!in || std::filesystem::is_directory(path, ec)) {
    diags.error(pos, "data/missing-file", both(msg::core::missing_file, "path"_a = path.string()),
                both(msg::core::missing_file_hint));
    return std::nullopt;
  }
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxTomlFileBytes) {
    diags.error({path.string(), 0, 0}, "data/file-too-large",
                both(msg::core::file_too_large, "path"_a = path.string(), "bytes"_a = size,
                     "max"_a = kMaxTomlFileBytes),
                both(msg::core::file_too_large_hint));
    return std::nullopt;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  if (text.size() > kMaxTomlFileBytes) {  // a pipe or a file that grew while read
    diags.error({path.string(), 0, 0}, "data/file-too-large",
                both(msg::core::file_grew, "path"_a = path.string(), "max"_a = kMaxTomlFileBytes));
    return std::nullopt;
  }
  if (auto deep = find_deep_nesting(text, kMaxNestingDepth)) {
    diags.error({path.string(), deep->line, deep->column}, "data/too-deep",
                both(msg::core::too_deep, "max"_a = kMaxNestingDepth));
    return std::nullopt;
  }
  try {
    toml::table table = toml::parse(text, path.string());
    if (!check_strings(table, path.string(), diags)) return std::nullopt;
    return table;
  } catch (const toml::parse_error& e) {
    const auto& src = e.source();
    diags.error(
        {path.string(), static_cast<int>(src.begin.line), static_cast<int>(src.begin.column)},
        "data/toml-syntax", toml_syntax_text(e.description()));
    return std::nullopt;
  }
}

}  // namespace bocage
