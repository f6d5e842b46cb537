// The companion's shell: reads commands (from the terminal or a script),
// runs them through the session and prints the replies, in colour only on a
// terminal and never with NO_COLOR.
#pragma once

#include <functional>
#include <mutex>
#include <ostream>
#include <vector>

#include "companion/engine/session.h"
#include "hot_seat.h"
#include "line_source.h"

namespace bocage {

/// Whether to colour output written to file descriptor `fd` (a terminal, and
/// NO_COLOR unset or empty).
bool use_colour(int fd);

/// The lines every seat may read (Line::seat -1).
std::vector<Line> public_lines(const std::vector<Line>& lines);

/// Prints lines, coloured by kind when `colour`.
void print_lines(std::ostream& out, const std::vector<Line>& lines, bool colour);

/// Asks questions through a line source (the prompt, or the script's next line).
class SourceAsker final : public Asker {
 public:
  /// `lang`: the session's, for a refused answer.
  SourceAsker(LineSource& source, std::ostream& out, bool colour, Lang lang = Lang::ja)
      : source_(source), out_(out), colour_(colour), lang_(lang) {}
  std::optional<std::string> ask(const Question& q, const std::vector<Line>& pending) override;
  /// The question being asked, if any (Tab completes its answers).
  const Question* open_question() const { return open_; }
  /// Hot seat: the lines go through `hot`, and a question whose answer only
  /// its seat may know (Question::secret) is asked once the screen is its.
  void set_hot_seat(HotSeat* hot) { hot_ = hot; }
  /// Lines said to one seat are not printed (a terminal every seat sees),
  /// nor is a question only one seat may answer asked: its seat, by
  /// `seat_names` (in the seats' order), answers on its own page.
  void set_public_only(std::vector<std::string> seat_names) {
    public_only_ = true;
    seat_names_ = std::move(seat_names);
  }

 private:
  const Question* open_ = nullptr;
  HotSeat* hot_ = nullptr;
  bool public_only_ = false;
  std::vector<std::string> seat_names_;
  LineSource& source_;
  std::ostream& out_;
  bool colour_;
  Lang lang_;
};

/// Runs lines until "quit" or the end of input. Returns 0, or 1 when some
/// command of a script was refused (so a script that breaks a rule fails); a
/// player at the terminal (LineSource::interactive()) whose command was
/// refused has made no mistake of the program's: 0. 3: the log cannot be written.
/// A session other threads read and change too (`bocage-play serve`): the
/// shell holds `lock` while it runs a command (and while its question waits
/// for the terminal) and calls `changed` with what it said before letting go.
struct SharedSession {
  std::mutex& lock;
  std::function<void(const std::vector<Line>&)> changed;
  /// The terminal is a screen every seat may look at (serve): a line said
  /// to one seat (a hand, its moves) is not printed there.
  bool public_only = false;
};

/// `hot`: hot seat (the asker's too): the screen is handed to the seat to act
/// before its prompt, with its status, and every reply goes through `hot`.
int run_shell(Session& session, LineSource& source, SourceAsker& asker, std::ostream& out,
              bool colour, HotSeat* hot = nullptr, SharedSession* shared = nullptr);
/// The same with an asker of its own.
int run_shell(Session& session, LineSource& source, std::ostream& out, bool colour);

/// Tab completion in the shell: the open question's answers, else the
/// session's commands and their arguments.
std::vector<std::string> shell_completions(const Session& session, const SourceAsker& asker,
                                           const std::vector<std::string>& words);

}  // namespace bocage
