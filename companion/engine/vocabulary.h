// The words a player may type for the things of a game: each thing's id (the
// canonical word GameModule::words() writes and the log keeps), its printed
// names in Japanese and English, and whatever else is printed on it (a card's
// number, a hex's label, "ゾンビ2"). One vocabulary per game, built from its
// data when the module is made; the engine resolves every argument of a
// command and every answer to a question through it (GameCore, PlayContext),
// so no game keeps its own resolver. docs/companion.md#names.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/lang.h"

namespace bocage {

/// One thing a player may name. Every call below that takes a `kind` looks
/// among the terms of that kind only; an empty kind looks among the terms
/// without a kind, or, where there are none, among all terms (an id two
/// kinds share then names neither: say which with the kind).
struct Term {
  std::string id;                 // the canonical word ("patrol-03", "0206", "doctor")
  std::string ja;                 // its printed Japanese name (may be empty)
  std::string en;                 // its printed English name (may be empty)
  std::vector<std::string> also;  // other printed forms: a number, a label, "ゾンビ2"
  /// Which of a game's sets of things it belongs to, where two sets name
  /// their things alike: Endless Patrol's GI card 3 and patrol card 3 are
  /// terms "3" of kinds "gi" and "patrol". Empty for most games.
  std::string kind = {};
  /// Shown by its id rather than its name: a card whose id is the number
  /// printed on it (an Endless Patrol card is "3", not its long name).
  bool shown_as_id = false;
};

class Vocabulary {
 public:
  /// Adds a term; a second term with the same kind and id adds its names and
  /// forms to the first.
  void add(Term term);
  bool empty() const { return terms_.empty(); }
  const std::vector<Term>& terms() const { return terms_; }
  /// The term of `id` (the one term of any kind with it, for an empty
  /// kind), or null.
  const Term* find(std::string_view id, std::string_view kind = {}) const;

  /// The key a form is looked up by, the same for what is typed and what is
  /// printed: Unicode NFKC and case-folded (as the shell reads input: full-
  /// and half-width alike), markup (`<nobr>`) dropped, and spaces, hyphens,
  /// underscores and middle dots removed ("Take out the bridges",
  /// "take-out-the-bridges" and "ＴＡＫＥ_ＯＵＴ…" are one key).
  static std::string key(std::string_view text);

  /// What a typed word names.
  struct Match {
    std::optional<std::string> id;        // the one id (or choice) it names
    std::vector<std::string> candidates;  // what it could name, when more than one
  };
  /// The id of the term one of whose forms (id, names, printed labels) has
  /// the typed word's key. Several: `candidates` lists them.
  Match resolve(std::string_view typed, std::string_view kind = {}) const;
  /// The one of `choices` (ids, or printed forms of terms, or words no term
  /// has) that `typed` names: a choice whose own key, or the key of one of
  /// its term's forms, is the typed word's; else the one such key the typed
  /// word begins (never for a number: "3" is not "30"). Several choices:
  /// `candidates` lists them, `id` is empty.
  Match choose(std::string_view typed, const std::vector<std::string>& choices,
               std::string_view kind = {}) const;
  /// The term a word stands for: the term of that id, else the one term
  /// that has it as a form; null when none or several.
  const Term* term_of(std::string_view word, std::string_view kind = {}) const;

  /// How `id` (or a choice, see term_of) is shown to a player in `lang`: its
  /// term's printed name in that language (else the other's) when no other
  /// term has that name, else its first other printed form no other term
  /// has (one in the session's script first: "パトロール3" in Japanese,
  /// "Patrol 3" in English), else its id; a word no term has as it is; a
  /// term shown_as_id by its id.
  std::string shown(std::string_view id, Lang lang, std::string_view kind = {}) const;
  /// `ids` shown and joined (join_choices): "医者 フェンス".
  std::string shown_list(const std::vector<std::string>& ids, Lang lang,
                         std::string_view kind = {}) const;

  /// `ids` shown and joined by "|", for a command's usage ("land 左|中央|右").
  std::string alternatives(const std::vector<std::string>& ids, Lang lang,
                           std::string_view kind = {}) const;

  /// Every form printed for the terms (names and labels), for "did you mean".
  std::vector<std::string> forms(Lang lang) const;

 private:
  std::vector<Term> terms_;
  // Each id with its terms (one a kind).
  std::unordered_map<std::string, std::vector<size_t>> by_id_;
  // Each form's key with the terms it names.
  std::unordered_map<std::string, std::vector<size_t>> by_key_;
  void index(size_t term, std::string_view form);
  /// The terms of `kind` (all for an empty kind) among `terms`.
  std::vector<size_t> of_kind(const std::vector<size_t>& terms, std::string_view kind) const;
};

/// Whether `s` is a number written in ASCII digits ("3", "0206"): a number
/// names only itself, never the beginning of another ("3" is not "30").
bool is_number(std::string_view s);

/// Choices joined for a player to read: by spaces, or by " / " where one of
/// them has a space of its own ("Rue Baradat / Fence").
std::string join_choices(const std::vector<std::string>& choices);

}  // namespace bocage
