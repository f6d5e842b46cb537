#include "vocabulary.h"

#include <algorithm>

#include "companion/text/normal_form.h"
#include "companion/text/plain_name.h"

namespace bocage {

bool is_number(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string Vocabulary::key(std::string_view text) {
  const std::string folded = command_text(nfkc(plain_name(text)));
  std::string out;
  out.reserve(folded.size());
  for (size_t i = 0; i < folded.size(); ++i) {
    const char c = folded[i];
    if (c == ' ' || c == '\t' || c == '-' || c == '_') continue;
    // U+30FB katakana middle dot (NFKC makes the half-width one this) and U+00B7.
    if (folded.compare(i, 3, "\u30FB") == 0) {
      i += 2;
      continue;
    }
    if (folded.compare(i, 2, "\u00B7") == 0) {
      i += 1;
      continue;
    }
    out += c;
  }
  return out;
}

void Vocabulary::index(size_t term, std::string_view form) {
  const std::string k = key(form);
  if (k.empty()) return;
  auto& named = by_key_[k];
  if (std::find(named.begin(), named.end(), term) == named.end()) named.push_back(term);
}

std::vector<size_t> Vocabulary::of_kind(const std::vector<size_t>& terms,
                                        std::string_view kind) const {
  std::vector<size_t> out;
  for (size_t t : terms)
    if (terms_[t].kind == kind) out.push_back(t);
  // No kind asked for and none of the terms without one: any of them.
  if (kind.empty() && out.empty()) return terms;
  return out;
}

void Vocabulary::add(Term term) {
  // Printed names may carry the card's markup (ruby, <nobr>, :icon:): a
  // screen shows them without it, and a player types the base text or
  // what the ruby reads.
  std::vector<std::string> readings;
  for (std::string* name : {&term.ja, &term.en}) {
    if (std::string r = ruby_reading(*name); !r.empty()) readings.push_back(std::move(r));
    *name = plain_name(*name);
  }
  for (auto& form : term.also) form = plain_name(form);
  term.also.insert(term.also.end(), readings.begin(), readings.end());
  auto& same_id = by_id_[term.id];
  auto it = std::find_if(same_id.begin(), same_id.end(),
                         [&](size_t t) { return terms_[t].kind == term.kind; });
  size_t at = 0;
  if (it != same_id.end()) {
    at = *it;
  } else {
    at = terms_.size();
    same_id.push_back(at);
    terms_.push_back(Term{term.id, {}, {}, {}, term.kind, term.shown_as_id});
    index(at, term.id);
  }
  Term& t = terms_[at];
  if (t.ja.empty()) t.ja = term.ja;
  if (t.en.empty()) t.en = term.en;
  for (const std::string* name : {&term.ja, &term.en})
    if (!name->empty()) index(at, *name);
  for (auto& form : term.also) {
    index(at, form);
    if (std::find(t.also.begin(), t.also.end(), form) == t.also.end()) t.also.push_back(form);
  }
}

const Term* Vocabulary::find(std::string_view id, std::string_view kind) const {
  auto it = by_id_.find(std::string(id));
  if (it == by_id_.end()) return nullptr;
  const std::vector<size_t> terms = of_kind(it->second, kind);
  return terms.size() == 1 ? &terms_[terms.front()] : nullptr;
}

const Term* Vocabulary::term_of(std::string_view word, std::string_view kind) const {
  if (const Term* t = find(word, kind)) return t;
  auto it = by_key_.find(key(word));
  if (it == by_key_.end()) return nullptr;
  const std::vector<size_t> terms = of_kind(it->second, kind);
  return terms.size() == 1 ? &terms_[terms.front()] : nullptr;
}

Vocabulary::Match Vocabulary::resolve(std::string_view typed, std::string_view kind) const {
  Match match;
  auto it = by_key_.find(key(typed));
  if (it != by_key_.end())
    for (size_t t : of_kind(it->second, kind)) match.candidates.push_back(terms_[t].id);
  if (match.candidates.size() == 1) {
    match.id = match.candidates.front();
    match.candidates.clear();
  }
  return match;
}

Vocabulary::Match Vocabulary::choose(std::string_view typed,
                                     const std::vector<std::string>& choices,
                                     std::string_view kind) const {
  Match match;
  const std::string k = key(typed);
  if (k.empty()) return match;
  // The keys each choice is named by: its own, and its term's forms'.
  std::vector<std::vector<std::string>> keys(choices.size());
  for (size_t c = 0; c < choices.size(); ++c) {
    keys[c].push_back(key(choices[c]));
    if (const Term* t = term_of(choices[c], kind)) {
      for (const std::string* name : {&t->id, &t->ja, &t->en})
        if (!name->empty()) keys[c].push_back(key(*name));
      for (const auto& form : t->also) keys[c].push_back(key(form));
    }
  }
  auto pick = [&](auto&& names) {
    for (size_t c = 0; c < choices.size(); ++c)
      if (std::any_of(keys[c].begin(), keys[c].end(), names) &&
          std::find(match.candidates.begin(), match.candidates.end(), choices[c]) ==
              match.candidates.end())
        match.candidates.push_back(choices[c]);
  };
  pick([&](const std::string& name) { return name == k; });
  // A unique beginning: "ブービー" for "ブービートラップ".
  if (match.candidates.empty() && !is_number(k))
    pick([&](const std::string& name) { return name.size() > k.size() && name.rfind(k, 0) == 0; });
  if (match.candidates.size() == 1) {
    match.id = match.candidates.front();
    match.candidates.clear();
  }
  return match;
}

std::string Vocabulary::shown(std::string_view id, Lang lang, std::string_view kind) const {
  const Term* t = term_of(id, kind);
  if (!t) return std::string(id);
  if (t->shown_as_id) return t->id;
  // A form that names this term alone among those of its kind (SQUAD's
  // Ambush card and Ambush trait share a name, never a place).
  auto unique = [&](const std::string& form) {
    if (form.empty()) return false;
    auto it = by_key_.find(key(form));
    return it != by_key_.end() && of_kind(it->second, t->kind).size() == 1;
  };
  const std::string& first = lang == Lang::ja ? t->ja : t->en;
  const std::string& second = lang == Lang::ja ? t->en : t->ja;
  for (const std::string* name : {&first, &second})
    if (unique(*name)) return plain_name(*name);
  // A printed form in the session's script first: "パトロール3" for Japanese,
  // "Zombie 2" for English; else any the term alone has.
  auto ascii = [](const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return (c & 0x80) == 0; });
  };
  for (const auto& form : t->also)
    if (unique(form) && ascii(form) == (lang == Lang::en)) return form;
  for (const auto& form : t->also)
    if (unique(form)) return form;
  return t->id;
}

std::string Vocabulary::shown_list(const std::vector<std::string>& ids, Lang lang,
                                   std::string_view kind) const {
  std::vector<std::string> names;
  for (const auto& id : ids) names.push_back(shown(id, lang, kind));
  return join_choices(names);
}

std::string Vocabulary::alternatives(const std::vector<std::string>& ids, Lang lang,
                                     std::string_view kind) const {
  std::string out;
  for (const auto& id : ids) out += (out.empty() ? "" : "|") + shown(id, lang, kind);
  return out;
}

std::string join_choices(const std::vector<std::string>& choices) {
  const bool spaced = std::any_of(choices.begin(), choices.end(), [](const std::string& c) {
    return c.find(' ') != std::string::npos;
  });
  std::string out;
  for (const auto& c : choices) out += (out.empty() ? "" : spaced ? " / " : " ") + c;
  return out;
}

std::vector<std::string> Vocabulary::forms(Lang lang) const {
  std::vector<std::string> out;
  for (const auto& t : terms_) {
    const std::string& name = lang == Lang::ja ? t.ja : t.en;
    if (!name.empty()) out.push_back(plain_name(name));
    out.insert(out.end(), t.also.begin(), t.also.end());
    out.push_back(t.id);
  }
  return out;
}

}  // namespace bocage
