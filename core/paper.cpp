#include "paper.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "bocage/msg/core.h"
#include "did_you_mean.h"
#include "number_text.h"

namespace bocage {

const std::vector<Paper>& paper_sizes() {
  static const std::vector<Paper> sizes = {
      {"a4", "A4", {210, 297}},     {"letter", "Letter", {215.9, 279.4}}, {"a3", "A3", {297, 420}},
      {"b4", "JIS B4", {257, 364}}, {"b5", "JIS B5", {182, 257}},
  };
  return sizes;
}

std::vector<std::string> paper_names() {
  std::vector<std::string> names;
  for (const auto& p : paper_sizes()) names.push_back(p.name);
  return names;
}

std::optional<Paper> named_paper(std::string_view name) {
  for (const auto& p : paper_sizes())
    if (p.name == name) return p;
  return std::nullopt;
}

std::string system_paper(const char* papersize_env, const std::filesystem::path& papersize_file,
                         std::string* unknown) {
  std::string name;
  if (papersize_env && *papersize_env) {
    name = papersize_env;
  } else {
    // /etc/papersize: comments (#) and blank lines, then the name.
    std::ifstream in(papersize_file);
    std::string line;
    for (int n = 0; n < 100 && std::getline(in, line); ++n) {
      const size_t start = line.find_first_not_of(" \t\r");
      if (start == std::string::npos || line[start] == '#') continue;
      const size_t end = line.find_first_of(" \t\r#", start);
      name = line.substr(start, end == std::string::npos ? std::string::npos : end - start);
      break;
    }
  }
  if (name.empty() || name.size() > 64) return {};
  std::string lower = name;
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  // libpaper's names (ISO B sizes, not the JIS ones --paper b4 and b5 are).
  static const std::pair<const char*, const char*> kLibpaper[] = {
      {"a4", "a4"},
      {"letter", "letter"},
      {"a3", "a3"},
      {"a5", "148x210"},
      {"b4", "250x353"},
      {"b5", "176x250"},
      {"legal", "215.9x355.6"},
      {"executive", "184.15x266.7"},
      {"tabloid", "279.4x431.8"},
      {"11x17", "279.4x431.8"},
      {"ledger", "279.4x431.8"},
      {"halfletter", "139.7x215.9"},
  };
  for (const auto& [libpaper, ours] : kLibpaper)
    if (lower == libpaper) return ours;
  if (unknown) *unknown = name;
  return {};
}

namespace {

std::optional<double> parse_mm(std::string_view s) {
  double v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

std::optional<Paper> parse_paper(std::string_view text, Text* error) {
  std::string lower(text);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  if (auto p = named_paper(lower)) return p;
  std::string names;
  for (const auto& n : paper_names()) names += (names.empty() ? "" : ", ") + n;
  const auto expected = [&] {
    return both(msg::core::paper_expected, "names"_a = names, "got"_a = std::string(text));
  };
  size_t x = lower.find('x');
  if (x == std::string::npos) {
    if (error) {
      *error = expected();
      const Text hint = did_you_mean(lower, paper_names());
      if (!hint.empty()) {
        error->ja += "。" + hint.ja;
        error->en += "; " + hint.en;
      }
    }
    return std::nullopt;
  }
  auto w = parse_mm(std::string_view(lower).substr(0, x));
  auto h = parse_mm(std::string_view(lower).substr(x + 1));
  if (!w || !h) {
    if (error) *error = expected();
    return std::nullopt;
  }
  for (double side : {*w, *h}) {
    if (side < kMinPaperMm || side > kMaxPaperMm) {
      if (error)
        *error = both(msg::core::paper_side, "got"_a = std::string(text),
                      "min"_a = format_g(kMinPaperMm), "max"_a = format_g(kMaxPaperMm),
                      "side"_a = format_g(side));
      return std::nullopt;
    }
  }
  return Paper{std::string(text), format_g(*w) + " x " + format_g(*h) + " mm", {*w, *h}};
}

}  // namespace bocage
