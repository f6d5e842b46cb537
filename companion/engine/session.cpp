#include "session.h"

#include <algorithm>

#include "bocage/msg/core.h"
#include "bocage/msg/engine.h"
#include "companion/engine/engine_words.h"
#include "companion/text/input_text.h"
#include "core/did_you_mean.h"
#include "core/odd_characters.h"

namespace bocage {

namespace {

/// The engine's commands that run here (quit is the shell's).
bool is_engine_command(const std::string& w) {
  return w == "undo" || w == "history" || w == "log" || w == "status" || w == "help";
}

}  // namespace

const std::vector<std::string>& engine_commands() {
  static const std::vector<std::string> names{"status", "history", "log", "undo", "help", "quit"};
  return names;
}

Session::Session(SessionLog log, GameCore game)
    : log_(std::move(log)), game_(std::move(game)), lang_(game_.settings().lang) {}

std::optional<Session> Session::open(SessionLog log, std::unique_ptr<GameModule> module,
                                     std::string* error, std::optional<Lang> lang) {
  const auto& o = log.header().options;
  GameSettings settings;
  settings.lang = lang.value_or(lang_from(log.header().lang));
  settings.manual_dice = std::find(o.begin(), o.end(), "manual-dice") != o.end();
  settings.dice =
      log.header().version == 1 ? GameDice::Scheme::one_stream : GameDice::Scheme::keyed;
  GameCore game(std::shared_ptr<const GameModule>(std::move(module)), log.header().seed, settings);
  Session s(std::move(log), std::move(game));
  // A last line without its newline counts when it is a whole command that
  // replays; otherwise the next command written drops it (and says so).
  if (auto tail = s.log_.tail_command()) {
    auto with_tail = s.log_.commands();
    with_tail.push_back(*tail);
    if (s.game_.replay(effective_commands(with_tail), nullptr)) {
      s.log_.keep_tail();
      return s;
    }
  }
  if (!s.game_.replay(effective_commands(s.log_.commands()), error)) return std::nullopt;
  return s;
}

std::vector<std::string> Session::history() const {
  std::vector<std::string> out;
  for (const auto& r : game_.history()) out.push_back(r.line);
  return out;
}

Reply Session::execute(const std::string& raw, Asker* asker) {
  Reply reply;
  const InputLine input = normalize_input(raw, lang_);
  if (!input.error.empty()) {
    reply.status = Reply::Status::refused;
    reply.lines.push_back(
        {Line::Kind::refusal, m(msg::engine::unreadable_line, "why"_a = input.error)});
    return reply;
  }
  // An engine command by its printed name (一手戻す, 記録) reads as its id.
  const std::string line = engine_line(command_text(input.text));
  std::vector<std::string> words, answers;
  split_command(line, words, answers);
  if (words.empty()) return reply;
  if (is_engine_command(words[0])) {
    if (words[0] == "undo") return undo(words);
    if (words[0] == "history") return listing(game_.history().size(), false);
    if (words[0] == "log") return show_log(words);
    if (words[0] == "status") return status();
    return help(words);
  }
  words[0] = command_id(module(), words[0]);  // 置く: place
  const auto known = module().command_names();
  if (std::find(known.begin(), known.end(), words[0]) == known.end()) {
    // キャンセル (取り消す) answers a question; typed at the prompt, the
    // player most likely wants the last command back.
    if (words[0] == "cancel" || is_cancel(words[0])) {
      reply.status = Reply::Status::refused;
      reply.lines.push_back(
          {Line::Kind::refusal, m(msg::engine::nothing_to_cancel, "word"_a = words[0],
                                  "undo"_a = engine_word("undo", lang_))});
      return reply;
    }
    return unknown_command(words[0]);
  }
  // Once the command has shown a result, each question is preceded by the
  // command kept open in the log (the line typed and the answers so far): a
  // kill there loses nothing, and a resume asks the question again (the same
  // dice: they are keyed by their number).
  struct KeepOpen final : Asker {
    Asker* inner;
    SessionLog& log;
    std::string typed;
    Lang lang;
    std::string error;
    KeepOpen(Asker* a, SessionLog& l, std::string t, Lang g)
        : inner(a), log(l), typed(std::move(t)), lang(g) {}
    std::optional<std::string> ask(const Question& q, const std::vector<Line>& pending) override {
      return inner->ask(q, pending);
    }
    void result_shown(const std::vector<std::string>& given) override {
      const std::string line = with_answers(typed, given);
      if (log.open_command() == line) return;
      SessionError e;
      if (!log.append_open(line, &e, lang)) error = e.message;
    }
  };
  std::optional<KeepOpen> keeper;
  if (asker) keeper.emplace(asker, log_, join_words(words), lang_);
  // Answers written ahead are the typist's: in a game of several seats, the
  // seat to act's, good only for its own questions (a question of another
  // seat is asked of that seat, or refuses the command). The open command
  // the log keeps holds answers each seat gave to its own questions.
  const bool from_log = open_command() && line == *open_command();
  const int answers_seat =
      module().seats().size() > 1 && !from_log ? std::max(0, game_.seat_to_act()) : -1;
  Played played = game_.try_command(words, answers, keeper ? &*keeper : nullptr, answers_seat);
  reply.lines = std::move(played.lines);
  if (keeper && !keeper->error.empty()) reply.lines.push_back({Line::Kind::warning, keeper->error});
  if (played.status == Played::Status::interrupted) {
    // The input ended at a question after a roll or a reveal was shown: the
    // keeper logged the command open before that question (an interruption
    // needs an asker), and a resume asks the question again.
    if (!keeper->error.empty()) {
      reply.status = Reply::Status::failed;
      return reply;
    }
    reply.status = Reply::Status::cancelled;
    reply.lines.push_back({Line::Kind::warning,
                           m(msg::engine::interrupted_kept, "command"_a = shown(played.record))});
    return reply;
  }
  if (played.status == Played::Status::cancelled && !played.typed_faces.empty()) {
    // Dice typed by hand, then a cancel: the roll stays in the log, so that
    // a bad roll cannot be typed again unseen.
    if (auto logged =
            log_cancel(played.record.line, played.record.secret_answers, played.typed_faces))
      reply.lines.push_back(*logged);
  }
  if (played.status != Played::Status::done) {
    reply.status = played.status == Played::Status::cancelled ? Reply::Status::cancelled
                                                              : Reply::Status::refused;
    return reply;
  }
  SessionError error;
  if (!log_.append(played.record.line, &error, lang_)) {
    reply.status = Reply::Status::failed;
    reply.lines = {{Line::Kind::refusal, error.message}};
    return reply;
  }
  game_.commit(played);
  report_dropped_tail(reply);
  add_summary(reply);
  if (auto line = outcome_line()) reply.lines.push_back(*line);
  return reply;
}

std::optional<Line> Session::log_cancel(const std::string& line, const std::vector<bool>& secret,
                                        const std::vector<int>& faces) {
  // A secret answer (a card drawn into a hand) is "?": every seat reads the log.
  std::vector<std::string> words, answers;
  split_command(line, words, answers);
  for (size_t i = 0; i < answers.size() && i < secret.size(); ++i)
    if (secret[i]) answers[i] = "?";
  SessionError error;
  if (!log_.append_cancelled(with_answers(join_words(words), answers), &error, lang_))
    return Line{Line::Kind::refusal, error.message};
  std::string shown;
  for (int f : faces) shown += (shown.empty() ? "" : ", ") + std::to_string(f);
  return Line{Line::Kind::warning, m(msg::engine::cancelled_typed_dice, "faces"_a = shown)};
}

std::vector<int> Session::undo_seats(size_t n) const {
  std::vector<int> seats;
  const auto& done = game_.history();
  for (size_t i = done.size() - std::min(n, done.size()); i < done.size(); ++i)
    if (done[i].seat >= 0 && std::find(seats.begin(), seats.end(), done[i].seat) == seats.end())
      seats.push_back(done[i].seat);
  return seats;
}

Reply Session::undo(const std::vector<std::string>& words) {
  Reply reply;
  auto refuse = [&](std::string text) {
    reply.status = Reply::Status::refused;
    reply.lines.push_back({Line::Kind::refusal, std::move(text)});
    return reply;
  };
  const auto undo = parse_undo(join_words(words));
  if (!undo) return refuse(m(msg::engine::undo_usage));
  const size_t n = static_cast<size_t>(undo->count);
  const auto& done = game_.history();
  if (done.empty() || n > done.size())
    return refuse(m(msg::engine::undo_too_many, "count"_a = done.size()));
  // Undo stops at a command that rolled the companion's dice, shuffled or
  // revealed something, unless forced (and the forced undo is logged).
  // The player is told what stops it: dice (which come out the same again)
  // or something seen (which stays seen).
  auto rolled = [](const CommandRecord& c) { return c.dice > 0 && !c.manual_dice; };
  if (!undo->force)
    for (size_t i = done.size() - n; i < done.size(); ++i)
      if (done[i].draws())
        return refuse(
            rolled(done[i])
                ? m(msg::engine::undo_stops, "command"_a = shown(done[i]), "count"_a = n)
                : m(msg::engine::undo_stops_reveal, "command"_a = shown(done[i]), "count"_a = n));
  // An undo that hands the turn back to another seat would show that seat's
  // step again, its hand with it, on the screen of the one who typed undo:
  // only a forced undo (logged) may do that.
  const int seat = game_.seat_to_act();
  if (!undo->force && seat >= 0 && module().seats().size() > 1)
    for (size_t i = done.size() - n; i < done.size(); ++i)
      if (done[i].seat >= 0 && done[i].seat != seat)
        return refuse(m(msg::engine::undo_stops_seat, "command"_a = shown(done[i]),
                        "seat"_a = seat_name(done[i].seat), "count"_a = n));
  bool took_back_dice = false;
  for (size_t i = done.size() - n; i < done.size(); ++i) took_back_dice |= rolled(done[i]);
  // What is taken back, as every seat reads it (kept: the undo replays the history).
  std::vector<std::pair<int, std::string>> undone;
  for (size_t i = done.size() - n; i < done.size(); ++i)
    undone.emplace_back(done[i].seat, shown(done[i]));
  SessionError error;
  std::string why;
  std::string logged = undo->force ? "undo --force " + std::to_string(n)
                       : n == 1    ? "undo"
                                   : "undo " + std::to_string(n);
  if (!log_.append(logged, &error, lang_)) {
    reply.status = Reply::Status::failed;
    reply.lines.push_back({Line::Kind::refusal, error.message});
    return reply;
  }
  if (!game_.undo(n, &why)) {
    reply.status = Reply::Status::failed;
    reply.lines.push_back({Line::Kind::refusal, why});
    return reply;
  }
  report_dropped_tail(reply);
  // Whose command each was, in a game of several seats: a forced undo may
  // take back another seat's, and every seat reads whose it was.
  for (const auto& [owner, command] : undone) {
    const std::string name = seat_name(owner);
    reply.lines.push_back(
        {Line::Kind::result,
         name.empty() ? m(msg::engine::undone, "command"_a = command)
                      : m(msg::engine::undone_seat, "seat"_a = name, "command"_a = command)});
  }
  if (undo->force)
    reply.lines.push_back({Line::Kind::warning, took_back_dice
                                                    ? m(msg::engine::forced_undo)
                                                    : m(msg::engine::forced_undo_reveal)});
  add_summary(reply);
  return reply;
}

void Session::report_dropped_tail(Reply& reply) {
  const std::string dropped = log_.take_dropped_tail();
  if (dropped.empty()) return;
  reply.lines.insert(reply.lines.begin(), {Line::Kind::warning, m(msg::engine::dropped_tail,
                                                                  "line"_a = printable(dropped))});
}

namespace {

/// The engine's own commands, with their usage and help, in `lang`.
std::vector<CommandHelp> session_commands(Lang lang) {
  // Each by its printed name in `lang` (一手戻す [N]).
  const auto w = [&](const char* id) { return engine_word(id, lang); };
  return {{"status", w("status"), tr(lang, msg::engine::help_status)},
          {"history", w("history"), tr(lang, msg::engine::help_history)},
          {"log", w("log") + " [N]", tr(lang, msg::engine::help_log)},
          {"undo", w("undo") + " [N]", tr(lang, msg::engine::help_undo)},
          {"undo", w("undo") + " " + w("--force") + " N", tr(lang, msg::engine::help_undo_force)},
          {"quit", w("quit"), tr(lang, msg::engine::help_quit)}};
}

}  // namespace

Reply Session::help(const std::vector<std::string>& words) const {
  Reply reply;
  std::vector<std::string> possible;
  if (!outcome())
    for (const auto& c : legal_commands(module(), state(), lang_)) possible.push_back(c.name);
  auto now = [&](const std::string& name) {
    return std::find(possible.begin(), possible.end(), name) != possible.end();
  };
  auto say = [&](std::string text) { reply.lines.push_back({Line::Kind::info, std::move(text)}); };
  const auto names = module().command_names();
  const auto session = session_commands(lang_);
  if (words.size() > 1) {
    const std::string name = command_id(module(), words[1]);
    if (std::find(names.begin(), names.end(), name) != names.end()) {
      const CommandHelp h = titled_help(module(), name, lang_);
      say(m(msg::engine::help_usage, "usage"_a = h.usage));
      say(h.help);
      if (now(name)) {
        say(m(msg::engine::help_possible_now));
      } else {
        std::string why =
            outcome() ? m(msg::engine::help_game_over) : module().unavailable(state(), name, lang_);
        say(m(msg::engine::help_not_now,
              "why"_a = why.empty() ? why : m(msg::engine::help_not_now_why, "why"_a = why)));
      }
      return reply;
    }
    bool found = false;
    for (const auto& c : session)
      if (c.name == name) {
        say(m(msg::engine::help_line, "mark"_a = std::string(" "), "usage"_a = c.usage,
              "help"_a = c.help));
        found = true;
      }
    return found ? reply : unknown_command(name);
  }
  say(m(msg::engine::help_title));
  for (const auto& name : names) {
    const CommandHelp h = titled_help(module(), name, lang_);
    say(m(msg::engine::help_line, "mark"_a = std::string(now(name) ? "*" : " "),
          "usage"_a = h.usage, "help"_a = h.help));
  }
  say(m(msg::engine::help_session_title));
  for (const auto& c : session)
    say(m(msg::engine::help_line, "mark"_a = std::string(" "), "usage"_a = c.usage,
          "help"_a = c.help));
  // The example as a player types it: by the printed names (射撃 6 -- ゾンビ3).
  std::string example = module().answers_example(lang_);
  if (!example.empty()) example = shown_line(module(), example, lang_);
  say(example.empty() ? m(msg::engine::help_answers)
                      : m(msg::engine::help_answers_ahead, "example"_a = example));
  return reply;
}

Reply Session::unknown_command(const std::string& name) const {
  std::vector<std::string> all = module().command_names();
  for (const auto& id : module().command_names()) all.push_back(command_title(module(), id, lang_));
  all.insert(all.end(), engine_commands().begin(), engine_commands().end());
  for (const auto& id : engine_commands()) all.push_back(engine_word(id, lang_));
  // The nearest, said by its printed name in the session's language (shot:
  // 射撃 in Japanese, shoot in English), whichever name it was near.
  std::string hint = closest_name(name, all);
  const auto names = module().command_names();
  if (std::find(names.begin(), names.end(), hint) != names.end())
    hint = command_title(module(), hint, lang_);
  else if (std::find(engine_commands().begin(), engine_commands().end(), hint) !=
           engine_commands().end())
    hint = engine_word(hint, lang_);
  Reply reply;
  reply.status = Reply::Status::refused;
  reply.lines.push_back(
      {Line::Kind::refusal,
       m(msg::engine::unknown_command, "command"_a = name,
         "hint"_a = hint.empty() ? hint : m(msg::engine::did_you_mean, "name"_a = hint))});
  // "rоll" with a Cyrillic о: say why "roll" was not it.
  if (const std::string odd = odd_characters_list(name); !odd.empty())
    reply.lines.push_back(
        {Line::Kind::refusal, m(msg::core::odd_characters, "word"_a = name, "list"_a = odd)});
  return reply;
}

void Session::add_summary(Reply& reply) const {
  GameDice dice(0);  // a summary rolls nothing
  PlayContext ctx(lang_, dice, false, {}, nullptr);
  module().summary(state(), ctx);
  for (const auto& l : ctx.lines()) reply.lines.push_back(l);
}

Reply Session::listing(size_t count, bool events) const {
  Reply reply;
  const auto& done = game_.history();
  if (done.empty()) reply.lines.push_back({Line::Kind::info, m(msg::engine::no_commands_yet)});
  for (size_t i = done.size() - std::min(count, done.size()); i < done.size(); ++i) {
    reply.lines.push_back(
        {Line::Kind::info, std::to_string(i + 1) + "  " + shown_by_seat(done[i])});
    // What happened, as every seat may read it: never a line of one seat's.
    if (events)
      for (const auto& e : done[i].events)
        if (e.readable_by(-1)) reply.lines.push_back({e.kind, "    " + e.text});
  }
  // The log ends with how the game ended.
  if (events)
    if (auto over = outcome_line()) reply.lines.push_back(*over);
  return reply;
}

Reply Session::show_log(const std::vector<std::string>& words) const {
  if (words.size() > 2 || (words.size() == 2 && !is_number(words[1]))) {
    Reply reply;
    reply.status = Reply::Status::refused;
    reply.lines.push_back({Line::Kind::refusal, m(msg::engine::log_usage)});
    return reply;
  }
  // A number of any length: more than there are is all of them.
  const size_t all = game_.history().size();
  const std::string n = words.size() == 2 ? words[1] : std::string();
  return listing(n.empty() || n.size() > 6 ? all : size_t(std::stoul(n)), true);
}

Reply Session::status() const {
  GameDice dice(0);  // status rolls nothing
  PlayContext ctx(lang_, dice, false, {}, nullptr);
  module().status(state(), ctx);
  Reply reply;
  reply.lines = ctx.lines();
  if (auto line = outcome_line()) reply.lines.push_back(*line);
  return reply;
}

std::string Session::seat_name(int seat) const {
  const auto& seats = module().seats();
  if (seats.size() < 2 || seat < 0 || size_t(seat) >= seats.size()) return {};
  return module().vocabulary().shown(seats[size_t(seat)], lang_);
}

std::string Session::shown_by_seat(const CommandRecord& record) const {
  const std::string seat = seat_name(record.seat);
  if (seat.empty()) return shown(record);
  return m(msg::engine::by_seat, "seat"_a = seat, "line"_a = shown(record));
}

std::string Session::told_by_seat(const CommandRecord& record) const {
  const std::string told = told_line(module(), record.line, lang_, record.secret_answers);
  const std::string seat = seat_name(record.seat);
  return seat.empty() ? told : m(msg::engine::by_seat, "seat"_a = seat, "line"_a = told);
}

std::optional<Line> Session::outcome_line() const {
  auto over = outcome();
  if (!over) return std::nullopt;
  const std::string why = module().describe(*over, lang_);
  // A game of several seats names its winner itself: no Victory/Defeat of one seat.
  if (module().seats().size() > 1)
    return Line{Line::Kind::result, m(msg::engine::game_ended, "outcome"_a = why)};
  return Line{Line::Kind::result, over->victory ? m(msg::engine::victory, "outcome"_a = why)
                                                : m(msg::engine::defeat, "outcome"_a = why)};
}

std::vector<std::string> Session::complete(const std::vector<std::string>& words) const {
  if (words.empty()) {
    std::vector<std::string> names;
    if (!outcome())
      for (const auto& c : legal_commands(module(), state(), lang_)) {
        // Its printed name first, then its id (what the log holds, what an
        // English help shows), both typed alike.
        names.push_back(c.title);
        if (c.name != c.title) names.push_back(c.name);
      }
    names.insert(names.end(), engine_commands().begin(), engine_commands().end());
    return names;
  }
  if (is_engine_command(words[0])) return {};
  // The words so far as the player typed them (printed names too), made
  // canonical; the completions are shown as printed, in the session's language.
  std::vector<std::string> canonical;
  std::vector<std::string> typed;
  for (const auto& w : words) typed.push_back(command_text(nfkc(w)));
  if (canonical_words(module(), state(), typed, canonical, lang_)) return {};
  std::vector<std::string> out;
  for (const auto& id : complete_move(module(), state(), canonical)) {
    std::string shown = module().vocabulary().shown(id, lang_);
    if (std::find(out.begin(), out.end(), shown) == out.end()) out.push_back(std::move(shown));
  }
  return out;
}

}  // namespace bocage
