#include "field_ref.h"

#include <cmath>
#include <cstdio>

#include "bocage/msg/gen.h"
#include "core/did_you_mean.h"
#include "generator/sheets/print_punctuation.h"

namespace bocage {

namespace {

std::vector<std::string> split(std::string_view ref) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t dot = ref.find('.', start);
    parts.emplace_back(ref.substr(start, dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

bool is_lang(const std::string& s) {
  return s == "ja" || s == "en";
}

std::string format_number(double v) {
  char buf[32];
  if (std::fabs(v - std::round(v)) < 1e-9)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(std::llround(v)));
  else
    std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

/// A modifier as players write it: "+1", "-2", plus-minus zero.
std::string format_signed(double v) {
  if (std::fabs(v) < 1e-9) return print::kPlusMinusZero;
  return (v > 0 ? "+" : "") + format_number(v);
}

/// A localized value, optionally followed by a language part.
bool lang_tail_ok(const std::vector<std::string>& parts, size_t at) {
  return parts.size() == at || (parts.size() == at + 1 && is_lang(parts[at]));
}
std::string lang_at(const std::vector<std::string>& parts, size_t at) {
  return parts.size() > at ? parts[at] : "ja";
}

std::vector<std::string> names_for(const Deck& deck) {
  std::vector<std::string> names = {"deck.name", "deck.id", "game.name", "index",  "id",
                                    "count",     "name",    "name.ja",   "name.en"};
  for (const auto& f : deck.fields) names.push_back(f.name);
  return names;
}

RefCheck unknown(std::string_view ref, const Deck& deck) {
  std::string fields;
  for (const auto& f : deck.fields) fields += (fields.empty() ? "" : ", ") + f.name;
  return {false,
          both(msg::gen::unknown_field, "ref"_a = ref, "deck"_a = deck.id,
               "fields"_a = "id, count, name" + (fields.empty() ? "" : ", " + fields)),
          did_you_mean(ref, names_for(deck))};
}

std::string join_symbols(const std::vector<std::string>& ids, const Game& game,
                         const std::string& what, const std::string& lang) {
  std::string out;
  for (const auto& id : ids) {
    auto it = game.symbols.find(id);
    if (it == game.symbols.end()) continue;
    if (what.empty()) {
      out += (out.empty() ? "" : " ") + id;
    } else if (what == "name") {
      out += (out.empty() ? ""
                          : tr(lang == "en" ? Lang::en : Lang::ja, msg::gen::print_symbol_joiner)) +
             it->second.name.in(lang);
    } else if (!it->second.rule.empty()) {
      out += (out.empty() ? "" : "\n") + it->second.rule.in(lang);
    }
  }
  return out;
}

}  // namespace

RefCheck check_ref(std::string_view ref, const Game& game, const Deck& deck, bool in_repeat) {
  auto p = split(ref);
  const std::string& head = p[0];
  if (head == "index") {
    if (p.size() == 1 && in_repeat) return {};
    return {false, both(msg::gen::index_outside_repeat), {}};
  }
  if (head == "deck") {
    if (p.size() == 2 && p[1] == "id") return {};
    if (p.size() >= 2 && p[1] == "name" && lang_tail_ok(p, 2)) return {};
    return unknown(ref, deck);
  }
  if (head == "game") {
    if (p.size() == 2 && p[1] == "id") return {};
    if (p.size() >= 2 && p[1] == "name" && lang_tail_ok(p, 2)) return {};
    return unknown(ref, deck);
  }
  if (head == "symbol") {
    if (p.size() < 3 || (p[2] != "name" && p[2] != "rule") || !lang_tail_ok(p, 3))
      return {false, both(msg::gen::bad_symbol_ref, "ref"_a = ref), {}};
    if (!game.symbols.count(p[1])) {
      std::vector<std::string> ids;
      for (const auto& [id, _] : game.symbols) ids.push_back(id);
      return {false, both(msg::gen::unknown_symbol_ref, "id"_a = p[1], "ref"_a = ref),
              did_you_mean(p[1], ids)};
    }
    return {};
  }
  if ((head == "id" || head == "count") && p.size() == 1) return {};
  if (head == "name" && lang_tail_ok(p, 1)) return {};
  const FieldDef* def = deck.field_def(head);
  if (!def) return unknown(ref, deck);
  switch (def->type) {
    case FieldType::number:
      if (p.size() == 1 || (p.size() == 2 && p[1] == "signed")) return {};
      break;
    case FieldType::flag:
      if (p.size() == 1) return {};
      break;
    case FieldType::text:
      if (lang_tail_ok(p, 1)) return {};
      break;
    case FieldType::symbols:
      if (p.size() == 1) return {};
      if ((p[1] == "name" || p[1] == "rule") && lang_tail_ok(p, 2)) return {};
      break;
  }
  return {false,
          both(msg::gen::ref_does_not_fit, "ref"_a = ref, "type"_a = field_type_name(def->type),
               "field"_a = head),
          def->type == FieldType::text      ? both(msg::gen::ref_text_hint, "field"_a = head)
          : def->type == FieldType::symbols ? both(msg::gen::ref_symbols_hint, "field"_a = head)
                                            : both(msg::gen::ref_plain_hint, "field"_a = head)};
}

RefValue ref_value(std::string_view ref, const BindContext& ctx) {
  auto p = split(ref);
  const std::string& head = p[0];
  if (head == "index") return {std::to_string(ctx.index), ctx.index >= 0};
  if (head == "deck") {
    if (p[1] == "id") return {ctx.deck.id, true};
    std::string v = ctx.deck.name.in(lang_at(p, 2));
    return {v, !v.empty()};
  }
  if (head == "game") {
    if (p[1] == "id") return {ctx.game.id, true};
    std::string v = ctx.game.name.in(lang_at(p, 2));
    return {v, !v.empty()};
  }
  if (head == "symbol") {
    auto it = ctx.game.symbols.find(p[1]);
    if (it == ctx.game.symbols.end()) return {};
    const Localized& l = p[2] == "name" ? it->second.name : it->second.rule;
    std::string v = l.in(lang_at(p, 3));
    return {v, !v.empty()};
  }
  if (!ctx.card) return {};
  const Card& card = *ctx.card;
  if (head == "id") return {card.id, true};
  if (head == "count") return {std::to_string(card.count), true};
  if (head == "name") {
    std::string v = card.name.in(lang_at(p, 1));
    return {v, !v.empty()};
  }
  const FieldValue* f = card.field(head);
  if (!f) return {};
  switch (f->type) {
    case FieldType::number:
      return {p.size() > 1 ? format_signed(f->number) : format_number(f->number), true};
    case FieldType::flag:
      return {f->flag ? "true" : "", f->flag};
    case FieldType::text: {
      std::string v = f->text.in(lang_at(p, 1));
      return {v, !v.empty()};
    }
    case FieldType::symbols: {
      std::string what = p.size() > 1 ? p[1] : "";
      std::string v = join_symbols(f->symbols, ctx.game, what, lang_at(p, 2));
      return {v, !f->symbols.empty() && (what.empty() || !v.empty())};
    }
  }
  return {};
}

std::vector<std::string> refs_in(std::string_view text, Text* error) {
  std::vector<std::string> refs;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{') {
      if (i + 1 < text.size() && text[i + 1] == '{') {
        ++i;
        continue;
      }
      size_t close = text.find('}', i);
      if (close == std::string_view::npos) {
        if (error) *error = both(msg::gen::unclosed_brace, "text"_a = text);
        return refs;
      }
      refs.emplace_back(text.substr(i + 1, close - i - 1));
      i = close;
    } else if (text[i] == '}' && i + 1 < text.size() && text[i + 1] == '}') {
      ++i;
    }
  }
  return refs;
}

std::string interpolate(std::string_view text, const BindContext& ctx) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      out += c;
      ++i;
    } else if (c == '{') {
      size_t close = text.find('}', i);
      if (close == std::string_view::npos) {
        out.append(text.substr(i));
        break;
      }
      out += ref_value(text.substr(i + 1, close - i - 1), ctx).text;
      i = close;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace bocage
