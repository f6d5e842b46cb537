// The first step of typesetting: a text field's markup parsed into plain text
// with ranges. Inline markup: <b>…</b>, <color #c00>…</color>,
// <size 80%>…</size>, <nobr>…</nobr> (never broken), <br> (a line break),
// :ICON: (an inline icon, when templates/icons/ICON.svg exists) and ruby in
// Aozora Bunko notation: ｜擲弾《てきだん》, or 擲弾《てきだん》 after a kanji run.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "generator/layout/color.h"

namespace bocage {

/// A byte range of RichText::text.
struct TextRange {
  size_t start = 0;
  size_t end = 0;
};

struct StyleRange {
  enum class Kind { bold, color, size, nobr };
  Kind kind = Kind::bold;
  TextRange range;
  Color color;       // kind == color
  double scale = 1;  // kind == size: a factor of the element's size
};

struct RubyRun {
  TextRange base;
  std::string reading;
};

/// An inline icon stands in the text as U+FFFC (OBJECT REPLACEMENT CHARACTER).
struct InlineIcon {
  size_t index = 0;  // byte index of its U+FFFC
  std::string name;
};

struct RichText {
  std::string text;
  std::vector<StyleRange> styles;
  std::vector<RubyRun> rubies;
  std::vector<InlineIcon> icons;
  std::vector<Text> errors;  // markup mistakes in both languages, for diagnostics

  /// Inserts `s` at byte `at`, moving every range and index behind it. A range
  /// that starts at `at` moves; one that ends at `at` does not grow.
  void insert(size_t at, std::string_view s);
};

constexpr std::string_view kObjectReplacement = "\xEF\xBF\xBC";  // U+FFFC

/// Parses markup. `is_icon` tells whether `:NAME:` names an icon; other text
/// between colons stays as written. Unknown tags stay as written too.
RichText parse_rich_text(std::string_view markup,
                         const std::function<bool(const std::string&)>& is_icon = {});

}  // namespace bocage
