#include "diagnostic.h"

#include <algorithm>

namespace bocage {

std::string format_diagnostic(const Diagnostic& d, Lang lang) {
  std::string out;
  if (!d.pos.file.empty()) {
    out += d.pos.file;
    if (d.pos.line > 0) {
      out += ":" + std::to_string(d.pos.line) + ":" + std::to_string(std::max(d.pos.column, 1));
    }
    out += ": ";
  }
  out += d.severity == Severity::error ? "error: " : "warning: ";
  out += d.message.in(lang);
  if (!d.code.empty()) out += " [" + d.code + "]";
  if (!d.hint.empty()) out += "\n  hint: " + d.hint.in(lang);
  return out;
}

void Diagnostics::error(const SourcePos& pos, std::string code, Text message, Text hint) {
  items_.push_back({Severity::error, pos, std::move(code), std::move(message), std::move(hint)});
}

void Diagnostics::warning(const SourcePos& pos, std::string code, Text message, Text hint) {
  items_.push_back({Severity::warning, pos, std::move(code), std::move(message), std::move(hint)});
}

void Diagnostics::append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

void Diagnostics::insert(size_t at, const Diagnostics& other) {
  const auto where = items_.begin() + static_cast<std::ptrdiff_t>(std::min(at, items_.size()));
  items_.insert(where, other.items_.begin(), other.items_.end());
}

size_t Diagnostics::error_count() const {
  return std::count_if(items_.begin(), items_.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::error; });
}

size_t Diagnostics::warning_count() const {
  return items_.size() - error_count();
}

std::string Diagnostics::format_all(Lang lang) const {
  std::string out;
  for (const auto& d : items_) out += format_diagnostic(d, lang) + "\n";
  return out;
}

}  // namespace bocage
