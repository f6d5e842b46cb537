// Endless Patrol's commands as typed moves: the command numbers, what each
// argument holds, and the conversions between words and moves. Only the text
// path (the shell, a log's replay) parses; legal_moves(), apply() and a
// simulator work on Moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "ep_rules.h"

namespace bocage {

/// Indices in command_names(), in its order.
enum EpCommand : uint8_t {
  ep_deal,
  ep_draw,
  ep_discard,
  ep_contact,
  ep_fire,
  ep_end,
  ep_look,
  ep_dodge
};
inline constexpr const char* kEpCommands[] = {"deal", "draw", "discard", "contact",
                                              "fire", "end",  "look",    "dodge"};

// Arguments (cards by index into EpRules::gi and ::patrol; words give their numbers):
//   discard GI          a GI card
//   fire PATROL GI...   a patrol card, then GI cards (at most Move::kMaxArgs in all)
//   look DECK GI        kEpLookGi or kEpLookPatrol, then an L card
//   dodge GI            a D card
constexpr int32_t kEpLookGi = 0, kEpLookPatrol = 1;

/// Reads `words` into `move`; refuses an unknown command, a number that is
/// no card of its deck and a wrong number of arguments, with the rule of the
/// command and the messages the rules give.
std::optional<Refusal> parse_ep_move(const EpRules& rules, const std::vector<std::string>& words,
                                     Lang lang, Move& move);

/// The canonical words of `move`: cards by their printed numbers.
std::vector<std::string> ep_move_words(const EpRules& rules, const Move& move);

}  // namespace bocage
