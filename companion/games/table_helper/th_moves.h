// The table helper's commands and their typed form. A Move's `command` is
// the index in kThCommands; its arguments:
//   deal                      none
//   next                      none
//   roll ROLL                 the roll's index in ThRules::rolls
//   draw DECK                 the deck's index in ThRules::decks
//   play CARD, discard CARD   the card's index in ThRules::cards
//   shuffle DECK, peek DECK   the deck's index
//   set TRACK N               the track's index, then the value
//   end [SEAT]                none (nobody won), or the winning seat's index
#pragma once

#include <string>
#include <vector>

#include "companion/engine/game_module.h"
#include "core/lang.h"

namespace bocage {

enum class ThCommand { deal, next, roll, draw, play, discard, shuffle, peek, set, end };

inline constexpr const char* kThCommands[] = {"deal",    "next",    "roll", "draw", "play",
                                              "discard", "shuffle", "peek", "set",  "end"};

/// A command's id with its printed name and help in both languages.
struct ThCommandText {
  std::string id;
  Localized name;
  Localized help;
};
/// Every command's names and help, from the catalog (msg::th).
const std::vector<ThCommandText>& th_command_catalog();

inline ThCommand th_command(const Move& m) {
  return static_cast<ThCommand>(m.command);
}
inline Move th_move(ThCommand c, std::initializer_list<int32_t> args = {}) {
  return Move(static_cast<uint8_t>(c), args);
}

}  // namespace bocage
