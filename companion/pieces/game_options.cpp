#include "game_options.h"

#include <algorithm>

#include "bocage/msg/engine.h"
#include "core/did_you_mean.h"

namespace bocage {

const std::string& GameOptions::get(const std::string& name) const {
  static const std::string none;
  auto it = values.find(name);
  return it == values.end() ? none : it->second;
}

std::vector<OptionDef> read_game_options(TomlReader& top) {
  std::vector<OptionDef> out;
  const toml::array* items = top.array("option");
  if (!items) return out;
  for (const auto& n : *items) {
    if (!n.is_table()) {
      top.diags().error(node_pos(n, top.file()), "data/wrong-type",
                        both(msg::engine::data_not_a_table, "key"_a = std::string("option")));
      continue;
    }
    TomlReader r(*n.as_table(), top.file(), "[[option]]", top.diags());
    OptionDef d;
    d.pos = r.pos();
    d.name = r.id("name", Need::required).value_or("");
    d.values = r.strings("values", Need::required).value_or(std::vector<std::string>{});
    d.default_value = r.string("default", Need::required).value_or("");
    d.rule = r.string("rule").value_or("");
    d.help = r.localized("help", Need::required).value_or(Localized{});
    if (r.has("values") && d.values.empty())
      r.diags().error(r.pos_of("values"), "companion/bad-option",
                      both(msg::engine::data_option_no_values, "name"_a = d.name));
    if (r.has("default") && !d.values.empty() &&
        std::find(d.values.begin(), d.values.end(), d.default_value) == d.values.end())
      r.diags().error(r.pos_of("default"), "companion/bad-option",
                      both(msg::engine::data_option_bad_default, "name"_a = d.name,
                           "value"_a = d.default_value));
    for (const auto& o : out)
      if (!d.name.empty() && o.name == d.name)
        r.diags().error(r.pos_of("name"), "companion/bad-option",
                        both(msg::engine::data_option_twice, "name"_a = d.name));
    r.finish();
    out.push_back(std::move(d));
  }
  return out;
}

bool parse_game_options(const std::vector<OptionDef>& defs, const std::vector<std::string>& words,
                        const std::string& game, GameOptions& out, std::string* error, Lang lang) {
  out.values.clear();
  for (const auto& d : defs) out.values[d.name] = d.default_value;
  std::vector<std::string> known;
  for (const auto& d : defs)
    for (const auto& v : d.values) known.push_back(d.name + "=" + v);
  // "a=x, a=y or b=z": said only when the words are refused.
  auto expected = [&] {
    std::string list;
    for (size_t i = 0; i < known.size(); ++i)
      list += (i == 0                  ? std::string()
               : i + 1 == known.size() ? tr(lang, msg::engine::list_last_separator)
                                       : tr(lang, msg::engine::list_separator)) +
              known[i];
    return list.empty() ? tr(lang, msg::engine::option_none) : list;
  };
  auto fail = [&](const std::string& what) {
    if (error) *error = what;
    return false;
  };
  std::vector<std::string> set;
  for (const auto& w : words) {
    std::string name, value;
    if (auto eq = w.find('='); eq != std::string::npos) {
      name = w.substr(0, eq);
      value = w.substr(eq + 1);
    } else {
      // A value alone names the one option that has it.
      int owners = 0;
      for (const auto& d : defs)
        if (std::find(d.values.begin(), d.values.end(), w) != d.values.end()) {
          ++owners;
          name = d.name;
          value = w;
        }
      if (owners != 1) name.clear();
    }
    auto def =
        std::find_if(defs.begin(), defs.end(), [&](const OptionDef& d) { return d.name == name; });
    if (def == defs.end() ||
        std::find(def->values.begin(), def->values.end(), value) == def->values.end()) {
      const std::string hint = did_you_mean(w, known).in(lang);
      return fail(
          tr(lang, msg::engine::option_unknown, "game"_a = game, "option"_a = w,
             "hint"_a = hint.empty() ? hint : tr(lang, msg::engine::option_hint, "hint"_a = hint),
             "expected"_a = expected()));
    }
    if (std::find(set.begin(), set.end(), name) != set.end())
      return fail(tr(lang, msg::engine::option_given_twice, "name"_a = name, "word"_a = w,
                     "game"_a = game, "expected"_a = expected()));
    set.push_back(name);
    out.values[name] = value;
  }
  return true;
}

}  // namespace bocage
