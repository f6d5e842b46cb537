#include "shell.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <sstream>

#include "bocage/msg/engine.h"
#include "bocage/msg/serve.h"
#include "companion/engine/engine_words.h"
#include "companion/text/input_text.h"

namespace bocage {

bool use_colour(int fd) {
  const char* no = std::getenv("NO_COLOR");
  if (no && *no) return false;
  return ::isatty(fd) == 1;
}

void print_lines(std::ostream& out, const std::vector<Line>& lines, bool colour) {
  for (const auto& l : lines) {
    const char* code = nullptr;
    switch (l.kind) {
      case Line::Kind::info:
        break;
      case Line::Kind::dice:
        code = "36";
        break;
      case Line::Kind::result:
        code = "32";
        break;
      case Line::Kind::warning:
        code = "33";
        break;
      case Line::Kind::refusal:
        code = "31";
        break;
      case Line::Kind::question:
        code = "1";
        break;
    }
    if (colour && code)
      out << "\033[" << code << "m" << l.text << "\033[0m\n";
    else
      out << l.text << "\n";
  }
  out.flush();
}

std::vector<Line> public_lines(const std::vector<Line>& lines) {
  std::vector<Line> out;
  for (const auto& l : lines)
    if (l.readable_by(-1)) out.push_back(l);
  return out;
}

std::optional<std::string> SourceAsker::ask(const Question& q, const std::vector<Line>& pending) {
  if (public_only_ && q.secret) {
    // Served: a card drawn into a hand is said on its seat's page, never at
    // a terminal every seat sees (the command is kept open for the page).
    print_lines(out_, public_lines(pending), colour_);
    const std::string seat =
        size_t(q.seat) < seat_names_.size() ? seat_names_[size_t(q.seat)] : std::string();
    print_lines(out_,
                {{Line::Kind::warning, tr(lang_, msg::serve::answer_on_page, "seat"_a = seat)}},
                colour_);
    return std::nullopt;
  }
  if (hot_) {
    hot_->print(pending);
    if (q.secret) hot_->hand_to(q.seat);
  } else {
    print_lines(out_, public_only_ ? public_lines(pending) : pending, colour_);
  }
  const std::string choices = join_choices(q.shown.empty() ? q.choices : q.shown);
  print_lines(out_, {{Line::Kind::question, q.text + " [" + choices + "]"}}, colour_);
  open_ = &q;
  std::optional<std::string> answer;
  while ((answer = source_.read("? "))) {
    InputLine input = normalize_input(*answer, lang_);
    if (input.error.empty()) {
      answer = command_text(input.text);
      break;
    }
    print_lines(out_, {{Line::Kind::refusal, input.error}}, colour_);
  }
  open_ = nullptr;
  if (!answer) return std::nullopt;
  size_t a = answer->find_first_not_of(" \t"), b = answer->find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : answer->substr(a, b - a + 1);
}

std::vector<std::string> shell_completions(const Session& session, const SourceAsker& asker,
                                           const std::vector<std::string>& words) {
  if (const Question* q = asker.open_question())
    return words.empty() ? (q->shown.empty() ? q->choices : q->shown) : std::vector<std::string>{};
  return session.complete(words);
}

int run_shell(Session& session, LineSource& source, std::ostream& out, bool colour) {
  SourceAsker asker(source, out, colour, session.lang());
  return run_shell(session, source, asker, out, colour);
}

int run_shell(Session& session, LineSource& source, SourceAsker& asker, std::ostream& out,
              bool colour, HotSeat* hot, SharedSession* shared) {
  int status = 0;
  // Runs one line, under the shared lock when others share the session.
  // `game_changed`: the command counted or was undone (the history changed).
  bool game_changed = false;
  auto execute = [&](const std::string& line) {
    std::unique_lock<std::mutex> guard;
    if (shared) guard = std::unique_lock(shared->lock);
    const size_t before = session.game().history().size();
    Reply reply = session.execute(line, &asker);
    game_changed = session.game().history().size() != before;
    if (shared) shared->changed(reply.lines);
    return reply;
  };
  auto prompt = [&] {
    std::unique_lock<std::mutex> guard;
    if (shared) guard = std::unique_lock(shared->lock);
    return session.module().brief(session.state(), session.lang()) + "> ";
  };
  // Hot seat: what a command that changed the game said is missed by the
  // seats without the screen; a refusal, help or status is its typist's.
  auto show = [&](const std::vector<Line>& lines, bool game_changed = true) {
    if (hot)
      hot->print(lines, game_changed);
    else
      print_lines(out, shared && shared->public_only ? public_lines(lines) : lines, colour);
  };
  // Hot seat: the seat to act gets the screen, then its status (its hand,
  // its moves), before it types anything.
  auto hand_over = [&] {
    if (!hot) return;
    const int seat = session.module().seat_to_act(session.state());
    if (seat < 0 || seat == hot->holder()) return;
    hot->hand_to(seat);
    hot->print(session.execute("status", nullptr).lines, false);
  };
  // Hot seat: a forced undo that takes back another seat's command is asked
  // of that seat first, the screen handed to it; false when it refuses.
  auto consents = [&](const std::string& command) {
    const auto undo = parse_undo(command);
    if (!undo || !undo->force) return true;
    const GameModule& M = session.module();
    const int typist = hot->holder();
    for (int owner : session.undo_seats(size_t(undo->count))) {
      if (owner == typist || owner < 0 || size_t(owner) >= M.seats().size()) continue;
      const std::string name = session.seat_name(owner);
      const std::string asker = session.seat_name(typist);
      hot->hand_to(owner);
      print_lines(out,
                  {{Line::Kind::question, tr(session.lang(), msg::engine::undo_consent_question,
                                             "seat"_a = asker, "count"_a = int(undo->count))}},
                  colour);
      auto answer = source.read("? ");
      const InputLine in = normalize_input(answer.value_or(""), session.lang());
      // はい or yes (y), in either language, whatever the case.
      std::string yes = command_text(in.text);
      std::transform(yes.begin(), yes.end(), yes.begin(),
                     [](unsigned char ch) { return char(std::tolower(ch)); });
      const std::string ja = tr(Lang::ja, msg::engine::consent_yes);
      const std::string en = tr(Lang::en, msg::engine::consent_yes);
      if (yes != ja && yes != en && yes != en.substr(0, 1)) {
        print_lines(out,
                    {{Line::Kind::refusal,
                      tr(session.lang(), msg::engine::undo_consent_refused, "seat"_a = name)}},
                    colour);
        if (!source.interactive()) status = 1;
        return false;
      }
    }
    return true;
  };
  // A command the input ended in after it had shown a result: its question
  // comes first, before anything else is typed.
  // Served, the pages ask it of the seat that answers it (WebTable::adopt_open).
  if (const auto open = shared ? std::nullopt : session.open_command()) {
    hand_over();
    // On a screen passed around, the answers given so far may be a hand's
    // draws: each is "?".
    const std::string command =
        hot ? shown_line_answers_hidden(session.module(), *open, session.lang())
            : shown_line(session.module(), *open, session.lang());
    show({{Line::Kind::info,
           tr(session.lang(), msg::engine::resuming_open, "command"_a = command)}});
    Reply reply = execute(*open);
    show(reply.lines);
    if (reply.status == Reply::Status::failed) return 3;
  }
  while (true) {
    hand_over();
    auto line = source.read(prompt());
    if (!line) break;
    const InputLine input = normalize_input(*line);
    // The engine's commands by their printed names too (中断, 一手戻す 強制 1).
    const std::string read = input.error.empty() ? engine_line(command_text(input.text)) : *line;
    std::istringstream words(read);
    std::string word;
    words >> word;
    if (word == "quit" || word == "exit") break;
    if (hot && word == "undo" && !consents(read)) continue;
    Reply reply = execute(*line);
    show(reply.lines, game_changed);
    if (reply.status == Reply::Status::refused && !source.interactive()) status = 1;
    if (reply.status == Reply::Status::failed) return 3;
  }
  return status;
}

}  // namespace bocage
