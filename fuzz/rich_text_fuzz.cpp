// Fuzzes the rich-text markup (<b>, <color>, <size>, <nobr>, <br>, ruby in
// Aozora Bunko notation, :ICON: inline icons) and checks what the layout
// relies on: every range lies inside the plain text, each icon stands on a
// U+FFFC, and RichText::insert keeps them so.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>

#include "fuzz_scratch.h"
#include "generator/text/rich_text.h"

namespace {

using namespace bocage;

std::set<std::string> shipped_icons() {
  std::set<std::string> names;
  for (const auto& entry :
       std::filesystem::directory_iterator(fuzz::source_root() / "templates" / "icons"))
    if (entry.path().extension() == ".svg") names.insert(entry.path().stem().string());
  return names;
}

void check(bool ok) {
  if (!ok) std::abort();
}

void check_ranges(const RichText& r) {
  auto inside = [&](const TextRange& t) { return t.start <= t.end && t.end <= r.text.size(); };
  for (const auto& s : r.styles) check(inside(s.range));
  for (const auto& ruby : r.rubies) check(inside(ruby.base));
  for (const auto& icon : r.icons)
    check(icon.index + kObjectReplacement.size() <= r.text.size() &&
          r.text.compare(icon.index, kObjectReplacement.size(), kObjectReplacement) == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::set<std::string> icons = shipped_icons();
  RichText rich = parse_rich_text(fuzz::as_text(data, size),
                                  [](const std::string& name) { return icons.count(name) > 0; });
  check_ranges(rich);
  // The layout inserts text (a field's value, a separator) into parsed markup,
  // between characters.
  size_t at = rich.text.size() / 2;
  while (at > 0 && (static_cast<unsigned char>(rich.text[at]) & 0xC0) == 0x80) --at;
  rich.insert(at, "(挿入)");
  check_ranges(rich);
  return 0;
}
