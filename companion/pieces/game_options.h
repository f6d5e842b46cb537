// A game's options, declared in its companion.toml ([[option]]: name, values,
// default, rule, help) and chosen with `new GAME --option name=value`. They are
// written in the session's header, so `resume` replays the game with them.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/localized.h"
#include "core/toml_reader.h"

namespace bocage {

struct OptionDef {
  std::string name;                 // "mode"
  std::vector<std::string> values;  // "table", "virtual"
  std::string default_value;        // one of values
  std::string rule;                 // the rules' section, may be empty
  Localized help;
  SourcePos pos;
  /// The Japanese names a player reads and types (title = "難易度",
  /// names = { normal = "ノーマル" }); empty: the id serves in both languages.
  std::string title_ja;
  std::map<std::string, std::string> value_ja;
};

/// How `value` of the option `d` is written in `lang`: 「難易度=ノーマル」,
/// "level=normal" (an id where the data gives no Japanese name).
std::string option_word(const OptionDef& d, const std::string& value, Lang lang);
/// Its two halves: the option's name (難易度, level) and the value's
/// (ノーマル, normal), Japanese where the data gives the option a Japanese title.
std::string option_title(const OptionDef& d, Lang lang);
std::string option_value_name(const OptionDef& d, const std::string& value, Lang lang);

/// The value chosen for each option (its default unless the session set it).
struct GameOptions {
  std::map<std::string, std::string> values;
  /// The value of `name` (a declared option), "" if undeclared.
  const std::string& get(const std::string& name) const;
  bool is(const std::string& name, const std::string& value) const { return get(name) == value; }
};

/// Reads the [[option]] array of the companion.toml that `top` reads;
/// problems (no values, a default that is not one of them, a name twice) go
/// to its diagnostics with file:line:col.
std::vector<OptionDef> read_game_options(TomlReader& top);

/// The options a module plays and their values, for `check_option_values`.
struct PlayedOption {
  std::string name;
  std::vector<std::string> values;
};

/// Checks that every option `defs` declares (data the user may edit) is one
/// of `played`, with values among its values; problems go to `diags` at the
/// option's position. The module may then read every value it meets.
void check_option_values(const std::vector<OptionDef>& defs,
                         const std::vector<PlayedOption>& played, Diagnostics& diags);

/// The options `words` choose: "name=value", or a value alone when exactly one
/// option has it ("virtual" is "mode=virtual"); every other option its
/// default. False with `error` ("unknown option 'x' for GAME; expected ...",
/// with a suggestion), in `lang`, on an unknown option or value, or one set twice.
/// Options may be named by their printed names too, in full or half width
/// (難易度=ノーマル, ノーマル).
bool parse_game_options(const std::vector<OptionDef>& defs, const std::vector<std::string>& words,
                        const std::string& game, GameOptions& out, std::string* error,
                        Lang lang = Lang::en);

/// `words` with each one that names an option of `defs` (by id or printed
/// name) written as the log keeps it, "name=value"; others as they are (the
/// engine's own, like "manual-dice").
std::vector<std::string> canonical_option_words(const std::vector<OptionDef>& defs,
                                                const std::vector<std::string>& words);
/// `words` as a player of `lang` writes them: each that names an option of
/// `defs` by option_word() (難易度=ノーマル), others as they are.
std::vector<std::string> shown_option_words(const std::vector<OptionDef>& defs,
                                            const std::vector<std::string>& words, Lang lang);

}  // namespace bocage
