#include "toml_reader.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "bocage/msg/core.h"
#include "did_you_mean.h"
#include "ids.h"
#include "units.h"

namespace bocage {

SourcePos node_pos(const toml::node& node, const std::string& file) {
  const auto& src = node.source();
  return {file, static_cast<int>(src.begin.line), static_cast<int>(src.begin.column)};
}

Text node_kind_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table:
      return both(msg::core::kind_table);
    case toml::node_type::array:
      return both(msg::core::kind_array);
    case toml::node_type::string:
      return both(msg::core::kind_string);
    case toml::node_type::integer:
      return both(msg::core::kind_integer);
    case toml::node_type::floating_point:
      return both(msg::core::kind_number);
    case toml::node_type::boolean:
      return both(msg::core::kind_boolean);
    case toml::node_type::date:
      return both(msg::core::kind_date);
    case toml::node_type::time:
      return both(msg::core::kind_time);
    case toml::node_type::date_time:
      return both(msg::core::kind_date_time);
    default:
      return both(msg::core::kind_nothing);
  }
}

TomlReader::TomlReader(const toml::table& table, std::string file, Text where, Diagnostics& diags)
    : table_(table), file_(std::move(file)), where_(std::move(where)), diags_(diags) {}

SourcePos TomlReader::pos() const {
  return node_pos(table_, file_);
}

SourcePos TomlReader::pos_of(std::string_view key) const {
  if (const toml::node* n = table_.get(key)) return node_pos(*n, file_);
  return pos();
}

namespace {
std::string fmt_number(double v);
}  // namespace

void TomlReader::type_error(std::string_view key, const toml::node& found, const Text& expected) {
  Text kind = node_kind_name(found);
  // A scalar is shown as written, so that "88x" or 3.5 can be found and fixed.
  std::string value;
  if (auto str = found.value<std::string>()) {
    value = str->size() > 40 ? str->substr(0, 40) + "…" : *str;
    for (char& c : value)
      if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  } else if (auto i = found.value_exact<int64_t>()) {
    value = std::to_string(*i);
  } else if (auto d = found.value_exact<double>()) {
    value = fmt_number(*d);
  } else if (auto b = found.value_exact<bool>()) {
    value = *b ? "true" : "false";
  }
  if (!value.empty() || found.is_string())
    kind = per_lang([&, kind](Lang l) {
      return tr(l, msg::core::found_value, "kind"_a = kind.in(l), "value"_a = value);
    });
  diags_.error(node_pos(found, file_), "data/wrong-type", per_lang([&](Lang l) {
                 return tr(l, msg::core::wrong_type, "key"_a = key, "where"_a = where_.in(l),
                           "expected"_a = expected.in(l), "found"_a = kind.in(l));
               }));
}

template <typename Expected>
const toml::node* TomlReader::lookup(std::string_view key, Need need, Expected expected) {
  known_.emplace(key);
  const toml::node* n = table_.get(key);
  if (!n && need == Need::required) {
    const Text what = expected();
    diags_.error(pos(), "data/missing-key", per_lang([&](Lang l) {
                   return tr(l, msg::core::missing_key, "key"_a = key, "where"_a = where_.in(l),
                             "expected"_a = what.in(l));
                 }));
  }
  return n;
}

const toml::node* TomlReader::node(std::string_view key) {
  known_.emplace(key);
  return table_.get(key);
}

std::optional<std::string> TomlReader::string(std::string_view key, Need need) {
  const toml::node* n = lookup(key, need, [&] { return both(msg::core::kind_string); });
  if (!n) return std::nullopt;
  if (auto v = n->value<std::string>(); v && n->is_string()) return *v;
  type_error(key, *n, both(msg::core::kind_string));
  return std::nullopt;
}

std::optional<int64_t> TomlReader::integer(std::string_view key, Need need) {
  const toml::node* n = lookup(key, need, [&] { return both(msg::core::kind_integer); });
  if (!n) return std::nullopt;
  if (n->is_integer()) return n->as_integer()->get();
  // 3.0 (as a spreadsheet exports a whole number) is the integer 3.
  if (n->is_floating_point()) {
    const double v = n->as_floating_point()->get();
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9.0e15)
      return static_cast<int64_t>(v);
  }
  type_error(key, *n, both(msg::core::kind_integer));
  return std::nullopt;
}

namespace {

/// NaN and the infinities are refused wherever a number is read.
bool finite_or_report(double v, std::string_view key, const Text& where, const SourcePos& at,
                      Diagnostics& diags) {
  if (std::isfinite(v)) return true;
  std::string_view value = std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
  diags.error(at, "data/bad-number", per_lang([&](Lang l) {
                return tr(l, msg::core::bad_number, "key"_a = key, "where"_a = where.in(l),
                          "value"_a = value);
              }));
  return false;
}

std::string fmt_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

}  // namespace

std::optional<double> TomlReader::number(std::string_view key, Need need) {
  const toml::node* n = lookup(key, need, [&] { return both(msg::core::kind_number); });
  if (!n) return std::nullopt;
  if (n->is_number()) {
    double v = *n->value<double>();
    if (!finite_or_report(v, key, where_, node_pos(*n, file_), diags_)) return std::nullopt;
    return v;
  }
  type_error(key, *n, both(msg::core::kind_number));
  return std::nullopt;
}

bool TomlReader::check_range(std::string_view key, const SourcePos& at, double value, double lo,
                             double hi, std::string_view unit) {
  if (value >= lo && value <= hi) return true;
  std::string u = unit.empty() ? std::string() : " " + std::string(unit);
  diags_.error(at, "data/out-of-range", per_lang([&](Lang l) {
                 return tr(l, msg::core::out_of_range, "key"_a = key, "where"_a = where_.in(l),
                           "value"_a = fmt_number(value), "unit"_a = u, "lo"_a = fmt_number(lo),
                           "hi"_a = fmt_number(hi));
               }));
  return false;
}

std::optional<double> TomlReader::number_in(std::string_view key, double lo, double hi,
                                            std::string_view unit, Need need) {
  auto v = number(key, need);
  if (!v || !check_range(key, pos_of(key), *v, lo, hi, unit)) return std::nullopt;
  return v;
}

std::optional<double> TomlReader::length_in(std::string_view key, double lo, double hi, Need need) {
  auto v = length(key, need);
  if (!v || !check_range(key, pos_of(key), *v, lo, hi, "mm")) return std::nullopt;
  return v;
}

std::optional<int64_t> TomlReader::integer_in(std::string_view key, int64_t lo, int64_t hi,
                                              Need need) {
  auto v = integer(key, need);
  if (!v) return std::nullopt;
  if (!check_range(key, pos_of(key), static_cast<double>(*v), static_cast<double>(lo),
                   static_cast<double>(hi), ""))
    return std::nullopt;
  return v;
}

std::optional<std::vector<double>> TomlReader::lengths_in(std::string_view key, size_t count,
                                                          double lo, double hi, Need need) {
  auto v = lengths(key, count, need);
  if (!v) return std::nullopt;
  const toml::array* arr = table_.get(key)->as_array();
  for (size_t i = 0; i < count; ++i)
    if (!check_range(key, node_pos(*arr->get(i), file_), (*v)[i], lo, hi, "mm"))
      return std::nullopt;
  return v;
}

std::optional<std::string> TomlReader::id(std::string_view key, Need need) {
  auto s = string(key, need);
  if (!s) return std::nullopt;
  if (!is_valid_id(*s)) {
    diags_.error(pos_of(key), "data/bad-id", per_lang([&](Lang l) {
                   return tr(l, msg::core::bad_id, "key"_a = key, "where"_a = where_.in(l),
                             "id"_a = s->substr(0, 80));
                 }),
                 both(msg::core::bad_id_hint));
    return std::nullopt;
  }
  return s;
}

std::optional<bool> TomlReader::boolean(std::string_view key, Need need) {
  const toml::node* n = lookup(key, need, [&] { return both(msg::core::kind_true_or_false); });
  if (!n) return std::nullopt;
  if (n->is_boolean()) return n->as_boolean()->get();
  type_error(key, *n, both(msg::core::kind_true_or_false));
  return std::nullopt;
}

namespace {

std::optional<double> node_length(const toml::node& n) {
  if (n.is_number()) return *n.value<double>();
  if (n.is_string()) return parse_length_mm(n.as_string()->get());
  return std::nullopt;
}

Text length_expected() {
  return both(msg::core::kind_length);
}

}  // namespace

std::optional<double> TomlReader::length(std::string_view key, Need need) {
  const toml::node* n = lookup(key, need, [&] { return length_expected(); });
  if (!n) return std::nullopt;
  if (auto v = node_length(*n)) {
    if (!finite_or_report(*v, key, where_, node_pos(*n, file_), diags_)) return std::nullopt;
    return v;
  }
  type_error(key, *n, length_expected());
  return std::nullopt;
}

std::optional<std::vector<double>> TomlReader::lengths(std::string_view key, size_t count,
                                                       Need need) {
  auto expected = [&] { return both(msg::core::kind_lengths, "count"_a = count); };
  const toml::node* n = lookup(key, need, expected);
  if (!n) return std::nullopt;
  const toml::array* arr = n->as_array();
  if (!arr || arr->size() != count) {
    type_error(key, *n, expected());
    return std::nullopt;
  }
  std::vector<double> out;
  for (const auto& item : *arr) {
    auto v = node_length(item);
    if (!v) {
      type_error(key, item, length_expected());
      return std::nullopt;
    }
    if (!finite_or_report(*v, key, where_, node_pos(item, file_), diags_)) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

std::optional<Localized> TomlReader::localized(std::string_view key, Need need) {
  auto expected = [] { return both(msg::core::kind_text); };
  const toml::node* n = lookup(key, need, expected);
  if (!n) return std::nullopt;
  if (n->is_string()) {
    std::string s = n->as_string()->get();
    return Localized{s, s};
  }
  if (const toml::table* t = n->as_table()) {
    TomlReader sub(*t, file_, per_lang([&](Lang l) {
      return tr(l, msg::core::where_key_of, "key"_a = key, "where"_a = where_.in(l));
    }),
                   diags_);
    Localized out;
    out.ja = sub.string("ja").value_or("");
    out.en = sub.string("en").value_or("");
    sub.finish();
    if (out.empty())
      diags_.error(node_pos(*n, file_), "data/missing-key", per_lang([&](Lang l) {
                     return tr(l, msg::core::text_needs_a_language, "key"_a = key,
                               "where"_a = where_.in(l));
                   }));
    return out;
  }
  type_error(key, *n, expected());
  return std::nullopt;
}

std::optional<std::vector<std::string>> TomlReader::strings(std::string_view key, Need need) {
  const toml::node* n = lookup(key, need, [&] { return both(msg::core::kind_strings); });
  if (!n) return std::nullopt;
  const toml::array* arr = n->as_array();
  if (!arr) {
    type_error(key, *n, both(msg::core::kind_strings));
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (const auto& item : *arr) {
    if (!item.is_string()) {
      type_error(key, item, both(msg::core::kind_string_in_strings));
      return std::nullopt;
    }
    out.push_back(item.as_string()->get());
  }
  return out;
}

const toml::table* TomlReader::table(std::string_view key, Need need) {
  const toml::node* n = lookup(key, need, [&] { return both(msg::core::kind_table); });
  if (!n) return nullptr;
  if (const toml::table* t = n->as_table()) return t;
  type_error(key, *n, both(msg::core::kind_table));
  return nullptr;
}

const toml::array* TomlReader::array(std::string_view key, Need need) {
  const toml::node* n = lookup(key, need, [&] { return both(msg::core::kind_array); });
  if (!n) return nullptr;
  if (const toml::array* a = n->as_array()) return a;
  type_error(key, *n, both(msg::core::kind_array));
  return nullptr;
}

void TomlReader::accept(std::initializer_list<std::string_view> keys) {
  for (auto k : keys) known_.emplace(k);
}

void TomlReader::finish() {
  std::vector<std::string> known(known_.begin(), known_.end());
  for (auto&& [k, v] : table_) {
    if (known_.count(k.str())) continue;
    SourcePos p{file_, static_cast<int>(k.source().begin.line),
                static_cast<int>(k.source().begin.column)};
    if (p.line == 0) p = node_pos(v, file_);
    // A copy: clang 14 does not let a lambda capture a structured binding.
    const std::string key(k.str());
    diags_.error(p, "data/unknown-key", per_lang([&](Lang l) {
                   return tr(l, msg::core::unknown_key, "key"_a = key, "where"_a = where_.in(l));
                 }),
                 did_you_mean(key, known));
  }
}

}  // namespace bocage
