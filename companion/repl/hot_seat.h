// Hot seat (`bocage-play new --hot-seat`): one terminal handed from player to
// player around the table. A line or a question only one seat may read (a
// hand, a card drawn into it, the moves that name its cards) is shown only
// after the screen was cleared and handed to that seat; the seat to act gets
// the screen before its prompt, and reads first what every seat could read
// that happened while it did not have the screen.
#pragma once

#include <ostream>
#include <vector>

#include "companion/engine/game_module.h"
#include "companion/engine/play_context.h"
#include "line_source.h"

namespace bocage {

class HotSeat {
 public:
  /// `clear`: the terminal's escape sequence clears the screen and its
  /// scrollback (on a terminal; a script's output keeps every line).
  HotSeat(const GameModule& module, Lang lang, LineSource& source, std::ostream& out, bool colour,
          bool clear);
  /// Prints `lines`, handing the screen over before each line of a seat that
  /// does not have it. `missed`: a public line counts as missed by the seats
  /// not holding the screen (false for a status the holder asked for).
  void print(const std::vector<Line>& lines, bool missed = true);
  /// Hands the screen to `seat` (clears it, says to pass it, waits for Enter
  /// at a keyboard), then shows what that seat missed. Nothing if it has it.
  void hand_to(int seat);
  /// The seat the screen is handed to; -1 before the first hand-over.
  int holder() const { return holder_; }

 private:
  const GameModule& module_;
  Lang lang_;
  LineSource& source_;
  std::ostream& out_;
  bool colour_, clear_;
  int holder_ = -1;
  std::vector<std::vector<Line>> missed_;  // by seat
};

}  // namespace bocage
