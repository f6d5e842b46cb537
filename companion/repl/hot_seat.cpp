#include "hot_seat.h"

#include "bocage/msg/engine.h"
#include "shell.h"

namespace bocage {

namespace {

// Per seat, the public lines it missed are kept up to this many: a recap,
// not a log (`log` has the whole game).
constexpr size_t kMissedLimit = 200;

}  // namespace

HotSeat::HotSeat(const GameModule& module, Lang lang, LineSource& source, std::ostream& out,
                 bool colour, bool clear)
    : module_(module),
      lang_(lang),
      source_(source),
      out_(out),
      colour_(colour),
      clear_(clear),
      missed_(module.seats().size()) {}

void HotSeat::print(const std::vector<Line>& lines, bool missed) {
  for (const auto& l : lines) {
    if (l.seat >= 0 && size_t(l.seat) < missed_.size()) {
      hand_to(l.seat);
    } else if (missed && holder_ >= 0 && l.kind != Line::Kind::refusal &&
               l.kind != Line::Kind::question) {
      for (size_t s = 0; s < missed_.size(); ++s)
        if (int(s) != holder_ && missed_[s].size() < kMissedLimit) missed_[s].push_back(l);
    }
    print_lines(out_, {l}, colour_);
  }
}

void HotSeat::hand_to(int seat) {
  if (seat == holder_ || seat < 0 || size_t(seat) >= missed_.size()) return;
  const std::string name = module_.vocabulary().shown(module_.seats()[size_t(seat)], lang_);
  // ESC[2J clears the screen, ESC[3J the scrollback, ESC[H homes the cursor.
  if (clear_) out_ << "\033[H\033[2J\033[3J";
  print_lines(out_,
              {{Line::Kind::question, tr(lang_, msg::engine::hot_seat_pass, "seat"_a = name)}},
              colour_);
  if (source_.interactive()) {
    print_lines(out_, {{Line::Kind::info, tr(lang_, msg::engine::hot_seat_enter, "seat"_a = name)}},
                colour_);
    source_.read("");
    if (clear_) out_ << "\033[H\033[2J\033[3J";
  }
  holder_ = seat;
  auto& missed = missed_[size_t(seat)];
  if (!missed.empty()) {
    print_lines(out_,
                {{Line::Kind::info, tr(lang_, msg::engine::hot_seat_missed, "seat"_a = name)}},
                colour_);
    print_lines(out_, missed, colour_);
    missed.clear();
  }
}

}  // namespace bocage
