// `when` and `unless` of a template element: a field that is set
// (`when = "ammo"`), or a field compared with a value (`when = "kind == 'M'"`,
// `when = "ammo >= 3"`). Parsed when the template is read; decided per card.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "field_ref.h"

namespace bocage {

struct Condition {
  enum class Op { set, eq, ne, lt, le, gt, ge };
  std::string ref;  // the field, as in `{ref}`
  Op op = Op::set;
  std::string text;              // the value compared with, without its quotes
  std::optional<double> number;  // the value, when it is a number (unquoted)

  bool empty() const { return ref.empty(); }
};

/// Parses `FIELD`, `FIELD == 'TEXT'`, `FIELD != 'TEXT'` or `FIELD OP NUMBER`
/// (OP one of == != < <= > >=). On a bad form returns nothing and sets `error`.
std::optional<Condition> parse_condition(std::string_view text, Text& error);

/// Whether the card of `ctx` meets the condition. A field the card leaves
/// unset is equal to nothing: `==` and the orderings are false, `!=` true.
bool condition_holds(const Condition& c, const BindContext& ctx);

/// "a number" or "a text" comparison that cannot work on the field's type
/// (ordering a text field, comparing a number field with 'text'); empty if fine.
std::optional<Text> condition_type_problem(const Condition& c, const Deck& deck);

}  // namespace bocage
