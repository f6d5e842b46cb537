#include "toml_file.h"

#include <fstream>
#include <sstream>

#include "bocage/msg/core.h"
#include "limits.h"
#include "system_error.h"
#include "toml_nesting.h"
#include "toml_syntax.h"

namespace bocage {

namespace {

/// Reports every string longer than kMaxStringBytes, and every one holding a
/// NUL (which would cut the printed text there); true when there is none.
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
    if (s->get().find('\0') != std::string::npos) {
      const auto& src = node.source();
      diags.error({file, static_cast<int>(src.begin.line), static_cast<int>(src.begin.column)},
                  "data/bad-value", both(msg::core::nul_in_text),
                  both(msg::core::nul_in_text_hint));
      ok = false;
    }
  }
  return ok;
}

}  // namespace

bool report_read_problem(const BoundedRead& read, const std::filesystem::path& path,
                         const SourcePos& referenced_from, std::uintmax_t max, Diagnostics& diags) {
  using Problem = BoundedRead::Problem;
  const std::string file = path.string();
  switch (read.problem) {
    case Problem::none:
      return true;
    case Problem::missing:
      diags.error(referenced_from, "data/missing-file",
                  both(msg::core::missing_file, "path"_a = file),
                  both(msg::core::missing_file_hint));
      return false;
    case Problem::not_regular:
      diags.error(referenced_from, "data/not-a-file", both(msg::core::not_a_file, "path"_a = file),
                  both(msg::core::not_a_file_hint));
      return false;
    case Problem::too_large:
      diags.error(
          {file, 0, 0}, "data/file-too-large",
          both(msg::core::file_too_large, "path"_a = file, "bytes"_a = read.size, "max"_a = max),
          both(msg::core::file_too_large_hint));
      return false;
    case Problem::unreadable:
      diags.error(referenced_from, "data/unreadable-file", per_lang([&](Lang l) {
                    return tr(l, msg::core::unreadable_file, "path"_a = file,
                              "why"_a = system_error_text(read.error).in(l));
                  }));
      return false;
  }
  return false;
}

std::optional<toml::table> parse_toml_file(const std::filesystem::path& path, Diagnostics& diags,
                                           const SourcePos& referenced_from) {
  SourcePos pos = referenced_from.file.empty() ? SourcePos{path.string(), 0, 0} : referenced_from;
  BoundedRead read = read_bounded(path, kMaxTomlFileBytes);
  if (!report_read_problem(read, path, pos, kMaxTomlFileBytes, diags)) return std::nullopt;
  std::string text = std::move(read.bytes);
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
