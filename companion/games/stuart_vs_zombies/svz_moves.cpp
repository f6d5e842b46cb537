#include "svz_moves.h"

#include <iterator>

#include "bocage/msg/svz.h"

namespace bocage {

namespace {

Refusal usage(Lang lang, const char* u) {
  return {"", tr(lang, msg::svz::usage, "usage"_a = std::string(u))};
}

/// The dense index of the hex `text` names (a coordinate, a label), or -1.
int32_t hex_index(const SvzRules& r, const std::string& text) {
  return r.board.find(text);
}

/// The first counter whose token is `text`, if `kind` matches; -1: none.
int32_t token_index(const SvzRules& r, const std::string& text, bool equipment_only) {
  for (size_t i = 0; i < r.counters.size(); ++i)
    if (r.counters[i].token == text &&
        (!equipment_only || r.counters[i].kind == SvzCounter::Kind::equipment))
      return int32_t(i);
  return -1;
}

/// The AP of "repair AP WHAT": 0 unless the whole word is a number.
int32_t repair_ap(const std::string& text) {
  try {
    size_t used = 0;
    const int n = std::stoi(text, &used);
    return used == text.size() ? n : 0;
  } catch (...) {
    return 0;
  }
}

}  // namespace

std::optional<Refusal> parse_svz_move(const SvzRules& r, const std::vector<std::string>& words,
                                      Lang lang, Move& m) {
  const std::string& c = words.empty() ? std::string() : words[0];
  const size_t n = std::size(kSvzCommands);
  size_t index = 0;
  while (index < n && c != kSvzCommands[index]) ++index;
  if (index == n) return Refusal{"", tr(lang, msg::svz::unknown_command, "command"_a = c)};
  m = Move(uint8_t(index), {});
  const std::vector<std::string> args(words.begin() + 1, words.end());
  auto hex = [&](const std::string& text, const ActionDef& a,
                 bool moving) -> std::optional<Refusal> {
    const int32_t i = hex_index(r, text);
    if (i < 0)
      return Refusal{a.rule, moving ? tr(lang, msg::svz::no_such_hex_to_move, "hex"_a = text)
                                    : tr(lang, msg::svz::no_such_hex, "hex"_a = text)};
    m.push(i);
    return std::nullopt;
  };
  switch (SvzCommand(index)) {
    case svz_roll:
      return args.empty() ? std::nullopt : std::optional(usage(lang, "roll"));
    case svz_end:
      return args.empty() ? std::nullopt : std::optional(usage(lang, "end"));
    case svz_move: {
      const ActionDef& a = r.action(SvzAction::move);
      if (args.empty()) return Refusal{a.rule, tr(lang, msg::svz::move_usage)};
      if (args.size() > Move::kMaxArgs) return too_many_arguments(c, lang);
      for (const auto& text : args)
        if (auto refusal = hex(text, a, true)) return refusal;
      return std::nullopt;
    }
    case svz_recon:
      if (args.size() != 1) return usage(lang, "recon HEX");
      return hex(args[0], r.action(SvzAction::recon), false);
    case svz_shoot:
    case svz_ram: {
      const bool shoot = index == svz_shoot;
      const ActionDef& a = r.action(shoot ? SvzAction::shoot : SvzAction::ram);
      size_t next = 0;
      if (shoot && !args.empty()) {
        if (auto refusal = hex(args[0], a, false)) return refusal;
        next = 1;
      }
      if (args.size() > next + 1) return Refusal{a.rule, tr(lang, msg::svz::one_target)};
      if (args.size() > next) {
        const std::string& which = args[next];
        const int32_t t =
            which == "hidden" || which == "?" ? kSvzHidden : token_index(r, which, false);
        if (t == -1 && which != "hidden" && which != "?") {
          if (!shoot)
            return Refusal{a.rule, tr(lang, msg::svz::unknown_target, "target"_a = which)};
          return Refusal{a.rule, tr(lang, msg::svz::no_such_target,
                                    "hex"_a = r.board.name(m.arg(0)), "target"_a = which)};
        }
        m.push(t);
      }
      return std::nullopt;
    }
    case svz_repair: {
      if (args.size() != 2) return usage(lang, "repair AP damage|ammo|track|EQUIPMENT");
      m.push(repair_ap(args[0]));
      const std::string& what = args[1];
      if (what == "damage") {
        m.push(kSvzRepairDamage);
      } else if (what == "ammo") {
        m.push(kSvzRepairAmmo);
      } else if (what == "track") {
        m.push(kSvzRepairTrack);
      } else {
        const int32_t e = token_index(r, what, true);
        if (e < 0)
          return Refusal{r.action(SvzAction::repair).rule, tr(lang, msg::svz::repair_what)};
        m.push(e);
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::string svz_target_word(const SvzRules& r, int32_t target) {
  return target == kSvzHidden ? "hidden" : r.counters[size_t(target)].token;
}

std::string svz_repair_word(const SvzRules& r, int32_t what) {
  switch (what) {
    case kSvzRepairDamage:
      return "damage";
    case kSvzRepairAmmo:
      return "ammo";
    case kSvzRepairTrack:
      return "track";
    default:
      return r.counters[size_t(what)].token;
  }
}

std::vector<std::string> svz_move_words(const SvzRules& r, const Move& m) {
  std::vector<std::string> w{kSvzCommands[m.command]};
  auto hex = [&](size_t i) { return r.board.coordinate(m.arg(i)); };
  switch (SvzCommand(m.command)) {
    case svz_move:
    case svz_recon:
      for (size_t i = 0; i < m.count; ++i) w.push_back(hex(i));
      break;
    case svz_shoot:
      if (m.count > 0) w.push_back(hex(0));
      if (m.count > 1) w.push_back(svz_target_word(r, m.arg(1)));
      break;
    case svz_ram:
      if (m.count > 0) w.push_back(svz_target_word(r, m.arg(0)));
      break;
    case svz_repair:
      w.push_back(std::to_string(m.arg(0)));
      w.push_back(svz_repair_word(r, m.arg(1)));
      break;
    case svz_roll:
    case svz_end:
      break;
  }
  return w;
}

}  // namespace bocage
