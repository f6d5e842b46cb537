// Stuart vs Zombies' commands as typed moves: the command numbers, what each
// argument holds, and the conversions between words and moves. Only the text
// path (the shell, a log's replay) parses; legal_moves(), apply() and a
// simulator work on Moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "svz_rules.h"

namespace bocage {

/// Indices in command_names(), in its order.
enum SvzCommand : uint8_t {
  svz_roll,
  svz_move,
  svz_recon,
  svz_shoot,
  svz_ram,
  svz_repair,
  svz_end
};
inline constexpr const char* kSvzCommands[] = {"roll", "move",   "recon", "shoot",
                                               "ram",  "repair", "end"};

// Arguments:
//   move HEX...          dense hex indices (HexBoard::index), at most Move::kMaxArgs
//   recon HEX            a dense hex index
//   shoot HEX [TARGET]   a dense hex index, then a target
//   ram [TARGET]         a target
//   repair AP WHAT       the AP (0 when not a number), then what
/// A target: a counter's token by SvzRules::token_of ("zombie3"), or this: "hidden" (or "?").
constexpr int32_t kSvzHidden = -1;
/// What repair mends: an equipment counter's token (SvzRules::token_of), or one of these.
constexpr int32_t kSvzRepairDamage = -1, kSvzRepairAmmo = -2, kSvzRepairTrack = -3;

/// Reads `words` into `move`; refuses an unknown command, hex, target or
/// repair, and a wrong number of arguments, with the messages of the rules.
std::optional<Refusal> parse_svz_move(const SvzRules& rules, const std::vector<std::string>& words,
                                      Lang lang, Move& move);

/// The canonical words of `move`: hexes by their coordinates ("0405").
std::vector<std::string> svz_move_words(const SvzRules& rules, const Move& move);

/// The word a target or a repair argument stands for ("hidden", "zombie3", "damage").
std::string svz_target_word(const SvzRules& rules, int32_t target);
std::string svz_repair_word(const SvzRules& rules, int32_t what);

}  // namespace bocage
