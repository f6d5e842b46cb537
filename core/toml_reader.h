// Typed, position-keeping access to one TOML table. Every read records the key
// as known; finish() then reports the keys nobody asked for, with a
// "did you mean" hint. Type errors and missing keys become diagnostics, never
// exceptions, so one run reports every error of a file.
#pragma once

#include <toml++/toml.h>

#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "diagnostic.h"
#include "localized.h"

namespace bocage {

enum class Need { optional, required };

/// Position of a toml++ node in `file`.
SourcePos node_pos(const toml::node& node, const std::string& file);

class TomlReader {
 public:
  /// `where` names the table in messages in both languages, e.g. "card 'm1-garand'".
  TomlReader(const toml::table& table, std::string file, Text where, Diagnostics& diags);
  /// A `where` that reads the same in both languages: "[deck]", "game.toml".
  TomlReader(const toml::table& table, std::string file, std::string where, Diagnostics& diags)
      : TomlReader(table, std::move(file), Text{where, where}, diags) {}

  const std::string& file() const { return file_; }
  /// The table's name in English (for messages not yet in a catalog).
  const std::string& where() const { return where_.en; }
  const Text& place() const { return where_; }
  Diagnostics& diags() { return diags_; }
  SourcePos pos() const;
  /// Position of the value of `key`, or of the table when the key is absent.
  SourcePos pos_of(std::string_view key) const;
  bool has(std::string_view key) const { return table_.contains(key); }

  std::optional<std::string> string(std::string_view key, Need need = Need::optional);
  std::optional<int64_t> integer(std::string_view key, Need need = Need::optional);
  std::optional<double> number(std::string_view key, Need need = Need::optional);
  std::optional<bool> boolean(std::string_view key, Need need = Need::optional);
  /// A length in mm: a number (mm) or a string with a unit ("63mm", "0.5in").
  std::optional<double> length(std::string_view key, Need need = Need::optional);
  /// `{ ja = "...", en = "..." }`, or a plain string used for both languages.
  std::optional<Localized> localized(std::string_view key, Need need = Need::optional);
  /// A list of strings.
  std::optional<std::vector<std::string>> strings(std::string_view key, Need need = Need::optional);
  /// A list of `count` numbers (lengths in mm), e.g. box = [x, y, w, h].
  std::optional<std::vector<double>> lengths(std::string_view key, size_t count,
                                             Need need = Need::optional);
  /// An id ([A-Za-z0-9][A-Za-z0-9_-]{0,63}, see ids.h); `data/bad-id` otherwise.
  std::optional<std::string> id(std::string_view key, Need need = Need::optional);
  /// A number (or length in mm, or integer) checked to lie in [lo, hi];
  /// `data/out-of-range` with the range and `unit` ("pt", "mm") otherwise.
  std::optional<double> number_in(std::string_view key, double lo, double hi, std::string_view unit,
                                  Need need = Need::optional);
  std::optional<double> length_in(std::string_view key, double lo, double hi,
                                  Need need = Need::optional);
  std::optional<int64_t> integer_in(std::string_view key, int64_t lo, int64_t hi,
                                    Need need = Need::optional);
  /// `count` lengths, each in [lo, hi] mm.
  std::optional<std::vector<double>> lengths_in(std::string_view key, size_t count, double lo,
                                                double hi, Need need = Need::optional);
  /// Reports `value` of `key` outside [lo, hi] at `at`; false when it is outside.
  bool check_range(std::string_view key, const SourcePos& at, double value, double lo, double hi,
                   std::string_view unit);
  const toml::table* table(std::string_view key, Need need = Need::optional);
  const toml::array* array(std::string_view key, Need need = Need::optional);
  /// The raw node, marked known; nullptr when absent.
  const toml::node* node(std::string_view key);

  /// Marks keys as known without reading them.
  void accept(std::initializer_list<std::string_view> keys);
  /// Reports every key of the table that was never read or accepted.
  void finish();

  /// Reports a wrong type for `key`: "'key' must be EXPECTED, found ACTUAL".
  void type_error(std::string_view key, const toml::node& found, const Text& expected);

 private:
  /// The key's node; when it is missing and required, says so, with what is
  /// expected there (`expected()`, formatted only then).
  template <typename Expected>
  const toml::node* lookup(std::string_view key, Need need, Expected expected);

  const toml::table& table_;
  std::string file_;
  Text where_;
  Diagnostics& diags_;
  std::set<std::string, std::less<>> known_;
};

/// "a string", "an integer", ... for messages.
/// "a string", "an integer"... in both languages.
Text node_kind_name(const toml::node& node);

}  // namespace bocage
