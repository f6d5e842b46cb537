// No diagnostic of bocage-gen is written inline: every message and hint given
// to Diagnostics::error or ::warning in core/, generator/ and cli/ comes from
// a catalog (both(msg::...), a Text), never a string literal, so an English
// sentence cannot slip back past the translations.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "../text_helpers.h"

namespace fs = std::filesystem;
using bocage::test::slurp;

namespace {

/// The top-level arguments of the call whose '(' is at `open`, as written.
std::vector<std::string> call_arguments(const std::string& src, size_t open) {
  std::vector<std::string> args(1);
  int depth = 0;
  for (size_t i = open + 1; i < src.size(); ++i) {
    char c = src[i];
    if (c == '"' || c == '\'') {  // a literal, copied whole
      size_t end = i + 1;
      while (end < src.size() && src[end] != c) end += src[end] == '\\' ? 2 : 1;
      args.back() += src.substr(i, end + 1 - i);
      i = end;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (depth == 0) return args;
      --depth;
    }
    if (c == ',' && depth == 0) {
      args.emplace_back();
      continue;
    }
    args.back() += c;
  }
  return args;
}

/// Whether `arg` has a string literal outside any parentheses, brackets or braces.
bool has_bare_literal(const std::string& arg) {
  int depth = 0;
  for (size_t i = 0; i < arg.size(); ++i) {
    char c = arg[i];
    if (c == '"' && depth == 0) return true;
    if (c == '"' || c == '\'') {
      size_t end = i + 1;
      while (end < arg.size() && arg[end] != c) end += arg[end] == '\\' ? 2 : 1;
      i = end;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
  }
  return false;
}

/// "line N: call" for every .error( / .warning( / ->error( / ->warning( call
/// whose message or hint (the third argument on) is written as a string literal.
std::vector<std::string> inline_messages(const std::string& src) {
  std::vector<std::string> found;
  for (const std::string name : {".error(", "->error(", ".warning(", "->warning("}) {
    for (size_t at = src.find(name); at != std::string::npos; at = src.find(name, at + 1)) {
      auto args = call_arguments(src, at + name.size() - 1);
      for (size_t i = 2; i < args.size(); ++i)
        if (has_bare_literal(args[i])) {
          size_t line = 1 + std::count(src.begin(), src.begin() + at, '\n');
          found.push_back("line " + std::to_string(line) + ": " + src.substr(at, 60));
          break;
        }
    }
  }
  return found;
}

}  // namespace

TEST_CASE("the scan finds a message written inline and only that") {
  CHECK(inline_messages("diags.error(pos, \"data/x\", \"no such thing\");").size() == 1);
  CHECK(inline_messages("r.diags().warning(p, \"x/y\", both(m), \"a hint\");").size() == 1);
  CHECK(inline_messages("d->error(p, \"x/y\", \"unknown '\" + id + \"'\");").size() == 1);
  CHECK(inline_messages("diags_.error(p, \"data/\" + code, both(msg::core::x, \"id\"_a = id),\n"
                        "             did_you_mean(id, known));")
            .empty());
  CHECK(inline_messages("diags.error(p, \"x/y\", per_lang([&](Lang l) {\n"
                        "  return tr(l, msg::gen::x, \"what\"_a = what.in(l)); }));")
            .empty());
  CHECK(inline_messages("if (!pdf.ok()) error = pdf.error();").empty());
}

TEST_CASE("no diagnostic of either program is an inline string") {
  const fs::path root = BOCAGE_SOURCE_DIR;
  int files = 0;
  for (const char* dir : {"core", "generator", "cli", "companion"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      const auto ext = entry.path().extension();
      if (ext != ".cpp" && ext != ".h") continue;
      ++files;
      for (const auto& call : inline_messages(slurp(entry.path())))
        FAIL_CHECK(entry.path().lexically_relative(root).string()
                   << " " << call << "... gives Diagnostics an inline string: "
                   << "put the message in the module's messages.toml");
    }
  }
  CHECK(files > 50);
}
