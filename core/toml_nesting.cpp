#include "toml_nesting.h"

#include <vector>

namespace bocage {

std::optional<TextPos> find_deep_nesting(std::string_view text, int max_depth) {
  TextPos at;
  // Brackets of values ('[' arrays, '{' inline tables) opened and not closed;
  // kept as a count and a bit per level (true: inline table) up to max_depth.
  std::vector<bool> open;
  bool in_key = true;   // reading a key (or a header), where '.' adds a level
  bool header = false;  // inside [a.b] or [[a.b]]
  int key_parts = 1;
  size_t i = 0;
  auto advance = [&](size_t n) {
    for (size_t k = 0; k < n && i < text.size(); ++k, ++i) {
      if (text[i] == '\n') {
        ++at.line;
        at.column = 1;
      } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
        ++at.column;
      }
    }
  };
  auto too_deep = [&] { return static_cast<int>(open.size()) + key_parts > max_depth; };
  auto skip_string = [&](char quote) {
    const bool multi = text.substr(i, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''");
    advance(multi ? 3 : 1);
    while (i < text.size()) {
      char c = text[i];
      if (quote == '"' && c == '\\') {
        advance(2);
        continue;
      }
      if (c == quote) {
        if (!multi) {
          advance(1);
          return;
        }
        if (text.substr(i, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''")) {
          advance(3);
          while (i < text.size() && text[i] == quote) advance(1);  // """" ends with a quote
          return;
        }
      }
      if (!multi && c == '\n') return;  // unterminated: toml++ reports it
      advance(1);
    }
  };
  while (i < text.size()) {
    const char c = text[i];
    const TextPos here = at;
    if (c == '"' || c == '\'') {
      skip_string(c);
      continue;
    }
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') advance(1);
      continue;
    }
    if (c == '\n') {
      if (open.empty()) {
        in_key = true;
        header = false;
        key_parts = 1;
      }
      advance(1);
      continue;
    }
    if (in_key) {
      if (c == '[' && open.empty() && !header) {
        header = true;
      } else if (c == '.') {
        ++key_parts;
        if (too_deep()) return here;
      } else if (c == ']' && header) {
        in_key = false;
      } else if (c == '=') {
        in_key = false;
        key_parts = 1;
      } else if (c == '}' && !open.empty()) {
        open.pop_back();
        in_key = false;
      }
      advance(1);
      continue;
    }
    // A value.
    if (c == '[' || c == '{') {
      open.push_back(c == '{');
      if (too_deep()) return here;
      if (c == '{') {
        in_key = true;
        key_parts = 1;
      }
    } else if ((c == ']' || c == '}') && !open.empty()) {
      open.pop_back();
    } else if (c == ',' && !open.empty() && open.back()) {
      in_key = true;
      key_parts = 1;
    }
    advance(1);
  }
  return std::nullopt;
}

}  // namespace bocage
