#include "condition.h"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "bocage/msg/gen.h"

namespace bocage {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_ref_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

std::optional<double> read_number(std::string_view s) {
  std::string t(s);
  if (t.empty() || t.find_first_not_of("0123456789+-.eE") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

std::optional<Condition> parse_condition(std::string_view text, Text& error) {
  std::string_view s = trim(text);
  // One comparison a condition: joining two is for when and unless together
  // (looked for outside quoted texts: 'Rock and roll' is a text).
  std::string unquoted;
  for (size_t k = 0; k < s.size(); ++k) {
    if (s[k] == '\'' || s[k] == '"') {
      const size_t end = s.find(s[k], k + 1);
      if (end == std::string_view::npos) break;
      unquoted += ' ';
      k = end;
      continue;
    }
    unquoted += s[k];
  }
  for (std::string_view join : {"&&", "||", " and ", " or ", "!("})
    if (unquoted.find(join) != std::string::npos) {
      error = both(msg::gen::condition_joined, "text"_a = std::string(text),
                   "join"_a = std::string(trim(join)));
      return std::nullopt;
    }
  Condition c;
  size_t i = 0;
  while (i < s.size() && is_ref_char(s[i])) ++i;
  c.ref = std::string(s.substr(0, i));
  std::string_view rest = trim(s.substr(i));
  if (c.ref.empty()) {
    error = both(msg::gen::bad_condition, "text"_a = std::string(text));
    return std::nullopt;
  }
  if (rest.empty()) return c;
  static const std::pair<std::string_view, Condition::Op> kOps[] = {
      {"==", Condition::Op::eq}, {"!=", Condition::Op::ne}, {"<=", Condition::Op::le},
      {">=", Condition::Op::ge}, {"<", Condition::Op::lt},  {">", Condition::Op::gt}};
  bool found = false;
  for (const auto& [sym, op] : kOps) {
    if (rest.substr(0, sym.size()) == sym) {
      c.op = op;
      rest = trim(rest.substr(sym.size()));
      found = true;
      break;
    }
  }
  if (!found || rest.empty()) {
    error = both(msg::gen::bad_condition, "text"_a = std::string(text));
    return std::nullopt;
  }
  char q = rest.front();
  if (q == '\'' || q == '"') {
    if (rest.size() < 2 || rest.back() != q ||
        rest.substr(1, rest.size() - 2).find(q) != std::string_view::npos) {
      error = both(msg::gen::bad_condition, "text"_a = std::string(text));
      return std::nullopt;
    }
    c.text = std::string(rest.substr(1, rest.size() - 2));
    if (c.op != Condition::Op::eq && c.op != Condition::Op::ne) {
      error = both(msg::gen::condition_orders_text, "text"_a = std::string(text));
      return std::nullopt;
    }
    return c;
  }
  c.number = read_number(rest);
  if (!c.number) {
    error = both(msg::gen::condition_bare_word, "text"_a = std::string(text),
                 "value"_a = std::string(rest));
    return std::nullopt;
  }
  c.text = std::string(rest);
  return c;
}

bool condition_holds(const Condition& c, const BindContext& ctx) {
  RefValue v = ref_value(c.ref, ctx);
  if (c.op == Condition::Op::set) return v.set;
  if (!v.set) return c.op == Condition::Op::ne;
  if (!c.number) return (v.text == c.text) == (c.op == Condition::Op::eq);
  auto n = read_number(v.text);
  if (!n) return c.op == Condition::Op::ne;
  switch (c.op) {
    case Condition::Op::eq:
      return *n == *c.number;
    case Condition::Op::ne:
      return *n != *c.number;
    case Condition::Op::lt:
      return *n < *c.number;
    case Condition::Op::le:
      return *n <= *c.number;
    case Condition::Op::gt:
      return *n > *c.number;
    case Condition::Op::ge:
      return *n >= *c.number;
    case Condition::Op::set:
      break;
  }
  return v.set;
}

std::optional<Text> condition_type_problem(const Condition& c, const Deck& deck) {
  if (c.op == Condition::Op::set) return std::nullopt;
  std::string head = c.ref.substr(0, c.ref.find('.'));
  const FieldDef* def = deck.field_def(head);
  bool numeric_field =
      head == "count" || head == "index" || (def && def->type == FieldType::number);
  if (c.number && !numeric_field && c.op != Condition::Op::eq && c.op != Condition::Op::ne)
    return both(msg::gen::condition_not_a_number, "field"_a = c.ref);
  if (!c.number && numeric_field)
    return both(msg::gen::condition_number_as_text, "field"_a = c.ref, "value"_a = c.text);
  return std::nullopt;
}

}  // namespace bocage
