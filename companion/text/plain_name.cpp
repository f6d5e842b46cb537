#include "plain_name.h"

#include <cstdint>

namespace bocage {

namespace {

constexpr std::string_view kBar = "\uFF5C";    // ｜ where a ruby's base begins
constexpr std::string_view kOpen = "\u300A";   // 《 the ruby's reading begins
constexpr std::string_view kClose = "\u300B";  // 》 and ends

/// The code point at `at` of valid UTF-8 (what was read: advances `at`).
char32_t next_code(std::string_view s, size_t& at) {
  const auto b = static_cast<unsigned char>(s[at]);
  const size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
  for (size_t i = 1; i < n && at + i < s.size(); ++i)
    c = (c << 6) | (static_cast<unsigned char>(s[at + i]) & 0x3F);
  at += n;
  return c;
}

/// A kanji (or 々, ヶ): a ruby written without ｜ covers the run of them before it.
bool kanji(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || c == U'\u3005' ||
         c == U'\u30F6' || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x2FFFF);
}

/// Where the run of kanji that ends at `end` begins.
size_t kanji_run_start(std::string_view s, size_t end) {
  size_t start = end;
  size_t at = 0;
  size_t run = std::string_view::npos;
  while (at < end) {
    const size_t here = at;
    const char32_t c = next_code(s, at);
    if (kanji(c)) {
      if (run == std::string_view::npos) run = here;
    } else {
      run = std::string_view::npos;
    }
  }
  if (run != std::string_view::npos) start = run;
  return start;
}

/// `text` with its markup taken out; each ruby as its base (`reading`
/// false) or as its reading (true).
std::string strip(std::string_view text, bool reading, bool* had_ruby) {
  std::string out;
  size_t at = 0;
  size_t base = std::string::npos;  // in `out`: where the ruby's base began (｜)
  while (at < text.size()) {
    if (text.substr(at, kBar.size()) == kBar) {
      base = out.size();
      at += kBar.size();
      continue;
    }
    if (text.substr(at, kOpen.size()) == kOpen) {
      const size_t close = text.find(kClose, at);
      if (close != std::string_view::npos) {
        const std::string_view ruby = text.substr(at + kOpen.size(), close - at - kOpen.size());
        if (had_ruby) *had_ruby = true;
        if (reading) {
          const size_t from = base != std::string::npos ? base : kanji_run_start(out, out.size());
          out.erase(from);
          out += ruby;
        }
        base = std::string::npos;
        at = close + kClose.size();
        continue;
      }
    }
    if (text[at] == '<') {
      // A tag: <b>, </b>, <nobr>, <size 80%>, <color #c00>, <br>.
      const size_t close = text.find('>', at);
      const std::string_view tag = close == std::string_view::npos
                                       ? std::string_view()
                                       : text.substr(at + 1, close - at - 1);
      const std::string_view name =
          tag.empty() ? tag : tag.substr(tag.front() == '/' ? 1 : 0, tag.find(' '));
      if (name == "b" || name == "nobr" || name == "size" || name == "color" || name == "br" ||
          name == "br/") {
        if (name == "br" || name == "br/") out += ' ';
        at = close + 1;
        continue;
      }
    }
    if (text[at] == ':') {
      // An inline icon: a lower-case name between colons.
      size_t end = at + 1;
      while (end < text.size() &&
             ((text[end] >= 'a' && text[end] <= 'z') || (text[end] >= '0' && text[end] <= '9') ||
              text[end] == '-' || text[end] == '_'))
        ++end;
      const bool letter = at + 1 < text.size() && text[at + 1] >= 'a' && text[at + 1] <= 'z';
      if (letter && end < text.size() && text[end] == ':') {
        at = end + 1;
        continue;
      }
    }
    out += text[at++];
  }
  // Spaces left where markup was: one each, none at the ends.
  std::string tidy;
  for (char c : out)
    if (c != ' ' || (!tidy.empty() && tidy.back() != ' ')) tidy += c;
  while (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
  return tidy;
}

}  // namespace

std::string plain_name(std::string_view text) {
  if (text.find_first_of("<:") == std::string_view::npos &&
      text.find(kOpen) == std::string_view::npos && text.find(kBar) == std::string_view::npos)
    return std::string(text);
  return strip(text, false, nullptr);
}

std::string ruby_reading(std::string_view text) {
  if (text.find(kOpen) == std::string_view::npos) return {};
  bool had = false;
  std::string r = strip(text, true, &had);
  return had ? r : std::string();
}

}  // namespace bocage
