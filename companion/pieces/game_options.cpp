#include "game_options.h"

#include <algorithm>

#include "bocage/msg/engine.h"
#include "companion/engine/vocabulary.h"
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

/// The option and value `word` names ("level=normal", "難易度=ノーマル", or a
/// value alone that one option has), or null.
struct Named {
  const OptionDef* def = nullptr;
  std::string value;
};

bool names_value(const OptionDef& d, const std::string& v, const std::string& typed_key) {
  if (Vocabulary::key(v) == typed_key) return true;
  auto it = d.value_ja.find(v);
  return it != d.value_ja.end() && Vocabulary::key(it->second) == typed_key;
}

Named named_option(const std::vector<OptionDef>& defs, const std::string& word) {
  Named out;
  // "=" or the full-width "＝" an IME gives.
  size_t eq = word.find('=');
  size_t after = eq + 1;
  if (const size_t wide = word.find("\xEF\xBC\x9D"); wide < eq) {
    eq = wide;
    after = wide + 3;
  }
  if (eq != std::string::npos) {
    const std::string name = Vocabulary::key(word.substr(0, eq));
    const std::string value = Vocabulary::key(word.substr(after));
    for (const auto& d : defs) {
      if (Vocabulary::key(d.name) != name &&
          (d.title_ja.empty() || Vocabulary::key(d.title_ja) != name))
        continue;
      for (const auto& v : d.values)
        if (names_value(d, v, value)) return {&d, v};
    }
    return out;
  }
  // A value alone names the one option that has it.
  const std::string value = Vocabulary::key(word);
  int owners = 0;
  for (const auto& d : defs)
    for (const auto& v : d.values)
      if (names_value(d, v, value)) {
        ++owners;
        out = {&d, v};
      }
  return owners == 1 ? out : Named{};
}

}  // namespace

std::string option_title(const OptionDef& d, Lang lang) {
  return lang != Lang::ja || d.title_ja.empty() ? d.name : d.title_ja;
}

std::string option_value_name(const OptionDef& d, const std::string& value, Lang lang) {
  if (lang != Lang::ja || d.title_ja.empty()) return value;
  auto it = d.value_ja.find(value);
  return it == d.value_ja.end() ? value : it->second;
}

std::string option_word(const OptionDef& d, const std::string& value, Lang lang) {
  return option_title(d, lang) + "=" + option_value_name(d, value, lang);
}

std::vector<std::string> canonical_option_words(const std::vector<OptionDef>& defs,
                                                const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const auto& w : words) {
    const Named n = named_option(defs, w);
    out.push_back(n.def ? n.def->name + "=" + n.value : w);
  }
  return out;
}

std::vector<std::string> shown_option_words(const std::vector<OptionDef>& defs,
                                            const std::vector<std::string>& words, Lang lang) {
  std::vector<std::string> out;
  for (const auto& w : words) {
    const Named n = named_option(defs, w);
    out.push_back(n.def ? option_word(*n.def, n.value, lang) : w);
  }
  return out;
}

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
    d.title_ja = r.string("title").value_or("");
    if (const toml::table* names = r.table("names")) {
      for (const auto& [k, v] : *names) {
        const std::string value(k.str());
        const SourcePos at = node_pos(v, top.file());
        if (std::find(d.values.begin(), d.values.end(), value) == d.values.end())
          r.diags().error(
              at, "companion/bad-option",
              both(msg::engine::data_option_name_not_value, "name"_a = d.name, "value"_a = value));
        else if (!v.is_string() || v.as_string()->get().empty())
          r.diags().error(
              at, "data/wrong-type",
              both(msg::engine::data_option_name_not_text, "name"_a = d.name, "value"_a = value));
        else
          d.value_ja[value] = v.as_string()->get();
      }
    }
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
  // Said in the session's language: 難易度=ノーマル where the data names it.
  std::vector<std::string> known;
  for (const auto& d : defs)
    for (const auto& v : d.values) known.push_back(option_word(d, v, lang));
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
    const Named named = named_option(defs, w);
    if (!named.def) {
      const std::string hint = did_you_mean(w, known).in(lang);
      return fail(
          tr(lang, msg::engine::option_unknown, "game"_a = game, "option"_a = w,
             "hint"_a = hint.empty() ? hint : tr(lang, msg::engine::option_hint, "hint"_a = hint),
             "expected"_a = expected()));
    }
    const std::string& name = named.def->name;
    if (std::find(set.begin(), set.end(), name) != set.end())
      return fail(tr(lang, msg::engine::option_given_twice,
                     "name"_a = option_title(*named.def, lang), "word"_a = w, "game"_a = game,
                     "expected"_a = expected()));
    set.push_back(name);
    out.values[name] = named.value;
  }
  return true;
}

}  // namespace bocage
