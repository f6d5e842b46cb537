// Diagnostics are values: severity, position, a stable code, message and hint.
// Loaders and the layout collect them; the command line prints them together.
#pragma once

#include <string>
#include <vector>

#include "source_pos.h"

namespace bocage {

enum class Severity { error, warning };

struct Diagnostic {
  Severity severity = Severity::error;
  SourcePos pos;
  std::string code;     // stable, e.g. "data/unknown-key"
  std::string message;  // what is wrong and what is expected
  std::string hint;     // optional: "did you mean 'ammo'?"
};

/// Formats `file:line:col: error: message [code]` and, when present, a hint line.
std::string format_diagnostic(const Diagnostic& d);

class Diagnostics {
 public:
  void error(const SourcePos& pos, std::string code, std::string message, std::string hint = {});
  void warning(const SourcePos& pos, std::string code, std::string message, std::string hint = {});
  void add(Diagnostic d) { items_.push_back(std::move(d)); }
  void append(const Diagnostics& other);

  const std::vector<Diagnostic>& items() const { return items_; }
  size_t error_count() const;
  size_t warning_count() const;
  bool has_errors() const { return error_count() > 0; }
  bool empty() const { return items_.empty(); }

  /// All diagnostics, one formatted entry after the other, in the order found.
  std::string format_all() const;

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace bocage
