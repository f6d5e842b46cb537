#include <random>

#include "bocage/msg/play.h"
#include "commands.h"
#include "companion/dice/dice_expression.h"
#include "companion/engine/play_context.h"
#include "companion/text/input_text.h"
#include "core/env_lang.h"

namespace bocage {

int run_roll(const RollOptions& o, std::ostream& out, std::ostream& err,
             const std::optional<std::string>& lang_option) {
  const Lang lang = lang_option ? lang_from(*lang_option) : lang_from_locale();
  // `roll 2d6 morale` or `roll 2d6 "morale"` in a shell: the words after the
  // notation are its label, as if written `2d6 "morale"`.
  std::string notation = o.notation;
  if (!o.label.empty()) {
    std::string label;
    for (const auto& w : o.label) label += (label.empty() ? "" : " ") + w;
    if (label.size() >= 2 && label.front() == '"' && label.back() == '"')
      label = label.substr(1, label.size() - 2);
    notation += " \"" + label + "\"";
  }
  DiceError error;
  auto e = parse_dice(notation, &error, lang);
  if (!e) {
    if (error.column == 0) {
      err << tr(lang, msg::play::error, "message"_a = error.text + ": " + error.message) << "\n";
      return 2;
    }
    // The caret under the character: wide (Japanese) characters take two columns.
    size_t before = 0;
    for (size_t chars = 1; before < error.text.size() && chars < error.column; ++chars) do
        ++before;
      while (before < error.text.size() &&
             (static_cast<unsigned char>(error.text[before]) & 0xC0) == 0x80);
    const std::string head = tr(lang, msg::play::error, "message"_a = std::string());
    err << head << error.text << "\n"
        << std::string(display_width(head) + display_width(error.text.substr(0, before)), ' ')
        << tr(lang, msg::play::roll_caret, "column"_a = error.column, "message"_a = error.message)
        << "\n";
    return 2;
  }
  if (o.times < 1 || o.times > 10000) {
    err << tr(lang, msg::play::times_range) << "\n";
    return 2;
  }
  uint64_t seed =
      o.seed ? *o.seed
             : (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  Rng rng(seed);
  for (int k = 0; k < o.times; ++k) out << roll_dice(*e, rng).describe(*e) << "\n";
  if (!o.seed) out << tr(lang, msg::play::roll_seed, "seed"_a = std::to_string(seed)) << "\n";
  return 0;
}

}  // namespace bocage
