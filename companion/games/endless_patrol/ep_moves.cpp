#include "ep_moves.h"

#include <charconv>
#include <iterator>

#include "bocage/msg/ep.h"
#include "ep_play.h"

namespace bocage {

namespace {

/// A card's printed number: digits only, else nullopt.
std::optional<int> card_number(const std::string& text) {
  int n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return n;
}

Refusal usage(Lang lang, const char* u) {
  return {"", tr(lang, msg::ep::usage, "usage"_a = std::string(u))};
}

}  // namespace

std::optional<Refusal> parse_ep_move(const EpRules& r, const std::vector<std::string>& words,
                                     Lang lang, Move& m) {
  const std::string& c = words.empty() ? std::string() : words[0];
  const size_t n = std::size(kEpCommands);
  size_t index = 0;
  while (index < n && c != kEpCommands[index]) ++index;
  if (index == n) return Refusal{"", tr(lang, msg::ep::unknown_command, "command"_a = c)};
  m = Move(uint8_t(index), {});
  const std::vector<std::string> args(words.begin() + 1, words.end());
  // A GI card by its number (refused under `rule` as not in the hand when no GI card has it).
  auto gi = [&](const std::string& text, const std::string& rule) -> std::optional<Refusal> {
    const auto no = card_number(text);
    const int card = no ? r.gi_by_no(*no) : -1;
    if (card < 0) return Refusal{rule, tr(lang, msg::ep::not_in_hand, "card"_a = text)};
    m.push(card);
    return std::nullopt;
  };
  auto bare = [&](const char* u) {
    return args.empty() ? std::nullopt : std::optional<Refusal>(usage(lang, u));
  };
  switch (EpCommand(index)) {
    case ep_deal:
      return bare("deal");
    case ep_draw:
      return bare("draw");
    case ep_contact:
      return bare("contact");
    case ep_end:
      return bare("end");
    case ep_discard:
      if (args.size() != 1) return usage(lang, "discard GI");
      return gi(args[0], ep_phase_rule(r, EpPhase::supply, lang));
    case ep_dodge:
      if (args.size() != 1) return usage(lang, "dodge GI");
      return gi(args[0], tr(lang, msg::ep::rule_d));
    case ep_look:
      if (args.size() != 2) return usage(lang, "look gi|patrol GI");
      if (args[0] != "gi" && args[0] != "patrol") return Refusal{"", tr(lang, msg::ep::look_usage)};
      m.push(args[0] == "gi" ? kEpLookGi : kEpLookPatrol);
      return gi(args[1], tr(lang, msg::ep::rule_l));
    case ep_fire: {
      // Too few words are refused by fire() after the phase (its usage).
      if (args.size() < 2) {
        for (size_t i = 0; i < args.size(); ++i) m.push(-1);
        return std::nullopt;
      }
      if (args.size() > Move::kMaxArgs) return too_many_arguments(c, lang);
      const std::string rule = ep_phase_rule(r, EpPhase::fire, lang);
      const auto no = card_number(args[0]);
      const int target = no ? r.patrol_by_no(*no) : -1;
      if (target < 0)
        return Refusal{rule, tr(lang, msg::ep::no_patrol_in_play, "card"_a = args[0])};
      m.push(target);
      for (size_t i = 1; i < args.size(); ++i)
        if (auto refusal = gi(args[i], rule)) return refusal;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::vector<std::string> ep_move_words(const EpRules& r, const Move& m) {
  std::vector<std::string> w{kEpCommands[m.command]};
  auto gi = [&](int32_t card) { return std::to_string(r.gi[size_t(card)].no); };
  switch (EpCommand(m.command)) {
    case ep_discard:
    case ep_dodge:
      w.push_back(gi(m.arg(0)));
      break;
    case ep_look:
      w.push_back(m.arg(0) == kEpLookGi ? "gi" : "patrol");
      w.push_back(gi(m.arg(1)));
      break;
    case ep_fire:
      for (size_t i = 0; i < m.count; ++i)
        w.push_back(m.arg(i) < 0 ? "?"
                    : i == 0     ? std::to_string(r.patrol[size_t(m.arg(0))].no)
                                 : gi(m.arg(i)));
      break;
    default:
      break;
  }
  return w;
}

}  // namespace bocage
