// Helpers for tests that assert on diagnostics: find one by code, check its
// file, line, column and message.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "core/diagnostic.h"

namespace bocage::test {

inline const Diagnostic* find_code(const Diagnostics& diags, const std::string& code, int nth = 0) {
  for (const auto& d : diags.items())
    if (d.code == code && nth-- == 0) return &d;
  return nullptr;
}

inline bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Requires a diagnostic with `code` at `file_suffix:line:column` whose message contains `text`.
inline void require_diagnostic(const Diagnostics& diags, const std::string& code,
                               const std::string& file_suffix, int line, int column,
                               const std::string& text, int nth = 0) {
  INFO(diags.format_all());
  const Diagnostic* d = find_code(diags, code, nth);
  REQUIRE(d != nullptr);
  CHECK(d->severity == Severity::error);
  CHECK(ends_with(d->pos.file, file_suffix));
  CHECK(d->pos.line == line);
  CHECK(d->pos.column == column);
  CHECK_THAT(d->message.en, Catch::Contains(text));
}

}  // namespace bocage::test
