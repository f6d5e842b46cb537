#include "message_catalog.h"

#include <algorithm>
#include <cstdio>

namespace bocage {

namespace {

bool name_start(char c) {
  return c >= 'a' && c <= 'z';
}
bool name_char(char c) {
  return name_start(c) || (c >= '0' && c <= '9') || c == '_';
}

/// One `{...}` placeholder starting at `at` (the '{'): its name and, for a
/// plural, its two forms; `end` is past its '}'. False when malformed.
struct Placeholder {
  std::string_view name;
  std::string_view one, other;
  bool plural = false;
  size_t end = 0;
};

bool read_placeholder(std::string_view p, size_t at, Placeholder& out, PatternError& error) {
  size_t i = at + 1;
  if (i >= p.size() || !name_start(p[i])) {
    error = {at,
             "a placeholder is '{name}' with a name of a-z, 0-9 and _ (write '{{' for a brace)"};
    return false;
  }
  size_t start = i;
  while (i < p.size() && name_char(p[i])) ++i;
  out.name = p.substr(start, i - start);
  if (i < p.size() && p[i] == '}') {
    out.end = i + 1;
    return true;
  }
  if (i >= p.size() || p[i] != '|') {
    error = {at, "placeholder '{" + std::string(out.name) + "' is not closed by '}'"};
    return false;
  }
  std::string_view forms[2];
  for (int f = 0; f < 2; ++f) {
    size_t from = ++i;  // past '|'
    while (i < p.size() && p[i] != '|' && p[i] != '}' && p[i] != '{') ++i;
    forms[f] = p.substr(from, i - from);
    if (i >= p.size() || p[i] == '{' || (f == 0 && p[i] != '|') || (f == 1 && p[i] != '}')) {
      error = {at, "a plural is '{" + std::string(out.name) +
                       "|one form|other form}': two forms, no braces inside"};
      return false;
    }
  }
  out.one = forms[0];
  out.other = forms[1];
  out.plural = true;
  out.end = i + 1;
  return true;
}

const MessageArg* find_arg(const MessageArg* args, size_t count, std::string_view name) {
  for (size_t i = 0; i < count; ++i)
    if (args[i].name == name) return &args[i];
  return nullptr;
}

std::string number_text(long long n) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%lld", n);
  return buf;
}

}  // namespace

std::string format_message(std::string_view p, const MessageArg* args, size_t count) {
  std::string out;
  out.reserve(p.size() + 16);
  for (size_t i = 0; i < p.size();) {
    char c = p[i];
    if ((c == '{' || c == '}') && i + 1 < p.size() && p[i + 1] == c) {
      out += c;
      i += 2;
      continue;
    }
    if (c != '{') {
      out += c;
      ++i;
      continue;
    }
    Placeholder ph;
    PatternError error;
    if (!read_placeholder(p, i, ph, error)) {  // checked at build time: never in a shipped catalog
      out.append(p.substr(i));
      break;
    }
    const MessageArg* arg = find_arg(args, count, ph.name);
    if (!arg) {
      out += "{" + std::string(ph.name) + "}";
    } else if (!ph.plural) {
      out += arg->is_number ? number_text(arg->number) : std::string(arg->text);
    } else {
      std::string_view form = arg->is_number && arg->number == 1 ? ph.one : ph.other;
      for (char f : form) {
        if (f == '#')
          out += arg->is_number ? number_text(arg->number) : std::string(arg->text);
        else
          out += f;
      }
    }
    i = ph.end;
  }
  return out;
}

PatternInfo inspect_pattern(std::string_view p) {
  PatternInfo info;
  for (size_t i = 0; i < p.size();) {
    char c = p[i];
    if ((c == '{' || c == '}') && i + 1 < p.size() && p[i + 1] == c) {
      i += 2;
      continue;
    }
    if (c == '}') {
      info.errors.push_back({i, "a lone '}' (write '}}' for a brace)"});
      ++i;
      continue;
    }
    if (c != '{') {
      ++i;
      continue;
    }
    Placeholder ph;
    PatternError error;
    if (!read_placeholder(p, i, ph, error)) {
      info.errors.push_back(error);
      break;
    }
    info.params.emplace_back(ph.name);
    if (ph.plural) info.plural_params.emplace_back(ph.name);
    i = ph.end;
  }
  for (auto* v : {&info.params, &info.plural_params}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  return info;
}

}  // namespace bocage
