#include "print_preset.h"

#include <algorithm>

#include "bocage/msg/gen.h"
#include "core/number_text.h"

namespace bocage {

const std::vector<PrintPreset>& print_presets() {
  // The specifications followed are cited in docs/print-shops.md.
  static const std::vector<PrintPreset> presets = {
      // Back before face, 1/8 in of bleed, PDF/X-1a.
      {"drivethrucards", "back-face", 3.175, "pdf", true},
      // A PNG a side at 300 dpi with 1/8 in of bleed (825 x 1125 px poker).
      {"thegamecrafter", "faces-then-backs", 3.175, "png", false},
      // A print shop in general: face then back, 1/8 in of bleed, PDF/X-1a.
      {"printshop", "face-back", 3.175, "pdf", true},
  };
  return presets;
}

std::string preset_names() {
  std::string names;
  for (const auto& p : print_presets()) names += (names.empty() ? "" : ", ") + p.id;
  return names;
}

std::string apply_preset(BuildOptions& o) {
  const auto& all = print_presets();
  const auto it =
      std::find_if(all.begin(), all.end(), [&](const PrintPreset& p) { return p.id == o.preset; });
  if (it == all.end())
    return tr(o.lang, msg::gen::unknown_preset, "value"_a = o.preset, "presets"_a = preset_names());
  const PrintPreset& p = *it;
  auto conflict = [&](const std::string& option, const std::string& preset_value,
                      const std::string& value) {
    return tr(o.lang, msg::gen::preset_conflict, "preset"_a = p.id, "option"_a = option,
              "preset_value"_a = preset_value, "value"_a = value);
  };
  if (given(o, "--imposition") && o.imposition != "one-up")
    return conflict("--imposition", "one-up", o.imposition);
  if (given(o, "--oneup-order") && o.oneup_order != p.oneup_order)
    return conflict("--oneup-order", p.oneup_order, o.oneup_order);
  if (given(o, "--format") && o.format != p.format) return conflict("--format", p.format, o.format);
  if (given(o, "--bleed") && o.bleed_mm != p.bleed_mm)
    return conflict("--bleed", format_g(p.bleed_mm), format_g(o.bleed_mm));
  o.imposition = "one-up";
  o.oneup_order = p.oneup_order;
  o.format = p.format;
  o.bleed_mm = p.bleed_mm;
  o.pdfx = o.pdfx || p.pdfx;
  for (const char* option : {"--imposition", "--oneup-order", "--format", "--bleed"})
    if (!given(o, option)) o.given.push_back(option);
  return {};
}

}  // namespace bocage
