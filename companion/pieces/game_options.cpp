#include "game_options.h"

#include <algorithm>

#include "bocage/msg/engine.h"
#include "core/did_you_mean.h"

namespace bocage {

namespace {

/// "a, b or c" ("a、b、c") in `lang`.
std::string join_list(const std::vector<std::string>& items, Lang lang) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i + 1 == items.size() && i > 0)
      text += tr(lang, msg::engine::list_last_separator);
    else if (i > 0)
      text += tr(lang, msg::engine::list_separator);
    text += items[i];
  }
  return text;
}

}  // namespace

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

void check_option_values(const std::vector<OptionDef>& defs,
                         const std::vector<PlayedOption>& played, Diagnostics& diags) {
  for (const OptionDef& d : defs) {
    auto it = std::find_if(played.begin(), played.end(),
                           [&](const PlayedOption& p) { return p.name == d.name; });
    if (it == played.end()) {
      std::vector<std::string> names;
      for (const auto& p : played) names.push_back(p.name);
      diags.error(d.pos, "companion/bad-option", per_lang([&](Lang lang) {
                    return tr(lang, msg::engine::data_option_not_played, "name"_a = d.name,
                              "expected"_a = join_list(names, lang));
                  }));
      continue;
    }
    for (const auto& v : d.values)
      if (std::find(it->values.begin(), it->values.end(), v) == it->values.end())
        diags.error(d.pos, "companion/bad-option", per_lang([&](Lang lang) {
                      return tr(lang, msg::engine::data_option_value_not_played, "name"_a = d.name,
                                "value"_a = v, "expected"_a = join_list(it->values, lang));
                    }));
  }
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
    return known.empty() ? tr(lang, msg::engine::option_none) : join_list(known, lang);
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
