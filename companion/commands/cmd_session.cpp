// new, resume, list, log and exec: opening session files and handing them to
// the shell.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <random>
#include <sstream>

#include "bocage/msg/play.h"
#include "commands.h"
#include "companion/engine/engine_words.h"
#include "companion/engine/session.h"
#include "companion/engine/session_files.h"
#include "companion/games/registry.h"
#include "companion/pieces/game_options.h"
#include "companion/repl/shell.h"
#include "companion/text/input_text.h"
#include "core/data_folders.h"
#include "core/env_lang.h"
#include "core/game_loader.h"
#include "core/toml_file.h"
#include "session_opening.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

bool is_forced_undo(const std::string& command) {
  auto undo = is_undo(command) ? parse_undo(command) : std::nullopt;
  return undo && undo->force;
}

}  // namespace

namespace {

/// The data folder of `game` among the folders found (data_root()).
fs::path root_of(const DataFolders& found, const std::string& game) {
  if (const GamePlace* place = game.empty() ? nullptr : found.game(game)) return place->data;
  return found.data.empty() ? fs::path("data") : found.data;
}

}  // namespace

fs::path data_root(const PlayOptions& o, const std::string& game) {
  return root_of(find_data_folders(o.data, {}), game);
}

fs::path templates_root(const PlayOptions& o, const std::string& game) {
  const DataFolders found = find_data_folders(o.data, {});
  if (const GamePlace* place = found.game(game); place && !place->templates.empty())
    return place->templates;
  return found.templates;
}

int run_paths(const PlayOptions& o, std::ostream& out) {
  out << describe_data_folders(find_data_folders(o.data, {}), outside_lang(o));
  return 0;
}

/// A session's language: --lang, else the session's own, else the locale's
/// (LC_ALL, LC_MESSAGES, LANG: core/lang.h).
Lang session_lang(const PlayOptions& o, const std::string& fallback) {
  if (o.lang) return lang_from(*o.lang);
  if (!fallback.empty()) return lang_from(fallback);
  return lang_from_locale();
}

/// The language of what is said before a session is open (a file that cannot
/// be read, a game that cannot be loaded) and of list, log and paths: --lang,
/// else the locale's, like the command line's own usage text.
Lang outside_lang(const PlayOptions& o) {
  return o.lang ? lang_from(*o.lang) : lang_from_locale();
}

namespace {

/// Opens a session file to play it (`write`: with its lock) or only to read
/// it; a foreign or corrupt one is reported as "error: FILE:LINE: message".
std::optional<SessionLog> read_session(const fs::path& path, bool write, Lang lang,
                                       std::ostream& err) {
  SessionError e;
  auto log = write ? SessionLog::open(path, &e, lang) : SessionLog::read(path, &e, lang);
  if (!log)
    err << tr(lang, msg::play::error_in_file,
              "place"_a = path.string() + (e.line ? ":" + std::to_string(e.line) : ""),
              "message"_a = e.message)
        << "\n";
  return log;
}

/// A session read from `path` with its module: replays it; warns when the data changed.
std::optional<Session> session_of(std::optional<SessionLog> log, const fs::path& path,
                                  const PlayOptions& o, std::ostream& err, int& status) {
  const Lang outside = outside_lang(o);
  const fs::path root = data_root(o, log->header().game);
  std::string why;
  Lang lang = session_lang(o, log->header().lang);
  bool bad_option = false;
  auto module =
      load_game_module(root, log->header().game, log->header().options, &why, lang, &bad_option);
  if (!module) {
    if (bad_option) {  // the session names a game or an option this program does not know
      load_game_module(root, log->header().game, log->header().options, &why, outside);
      err << tr(outside, msg::play::error_in_file, "place"_a = path.string(), "message"_a = why)
          << "\n";
    } else {  // the game's data: its diagnostics, file:line:col, in the session's language
      err << why;
    }
    status = 1;
    return std::nullopt;
  }
  std::string digest = data_digest(root / log->header().game);
  if (digest != log->header().digest) err << tr(lang, msg::play::data_changed) << "\n";
  auto session = Session::open(std::move(*log), std::move(module), &why, lang);
  if (!session) {
    err << tr(lang, msg::play::error_in_file, "place"_a = path.string(), "message"_a = why) << "\n";
    status = 1;
    return std::nullopt;
  }
  return session;
}

/// Opens a session file with its module (`write`: with its lock): session_of.
std::optional<Session> open_session(const fs::path& path, const PlayOptions& o, std::ostream& err,
                                    int& status, bool write = true) {
  auto log = read_session(path, write, outside_lang(o), err);
  if (!log) {
    status = 3;
    return std::nullopt;
  }
  return session_of(std::move(log), path, o, err, status);
}

/// Whether the session is played hot seat (its "hot-seat" option).
bool hot_seat(const Session& session) {
  const auto& o = session.log().header().options;
  return std::find(o.begin(), o.end(), "hot-seat") != o.end();
}

int play(Session& session, std::ostream& out) {
  const bool terminal = ::isatty(STDIN_FILENO) == 1;
  const bool colour = use_colour(STDOUT_FILENO);
  const bool hot = hot_seat(session);
  if (!terminal) {
    auto source = stream_source(std::cin, out);
    SourceAsker asker(*source, out, colour, session.lang());
    HotSeat screen(session.module(), session.lang(), *source, out, colour,
                   ::isatty(STDOUT_FILENO) == 1);
    if (hot) asker.set_hot_seat(&screen);
    return run_shell(session, *source, asker, out, colour, hot ? &screen : nullptr);
  }
  // The completer needs the asker (for an open question's answers), and the
  // asker reads through the source: tie them with a pointer set below.
  SourceAsker* asker = nullptr;
  auto source = terminal_source(
      [&](const std::vector<std::string>& words) {
        return asker ? shell_completions(session, *asker, words) : session.complete(words);
      },
      sessions_dir().parent_path() / "history");
  SourceAsker shell_asker(*source, out, colour, session.lang());
  asker = &shell_asker;
  HotSeat screen(session.module(), session.lang(), *source, out, colour,
                 ::isatty(STDOUT_FILENO) == 1);
  if (hot) shell_asker.set_hot_seat(&screen);
  out << tr(session.lang(), msg::play::tab_hint) << "\n";
  return run_shell(session, *source, shell_asker, out, colour, hot ? &screen : nullptr);
}

fs::path newest_session(Lang lang, std::ostream& err, int& status) {
  auto all = saved_sessions(sessions_dir());
  if (all.empty()) {
    err << tr(lang, msg::play::no_saved_session, "folder"_a = sessions_dir().string()) << "\n";
    status = 2;
    return {};
  }
  return all.front();
}

}  // namespace

std::optional<Session> create_session(const PlayOptions& o, std::ostream& out, std::ostream& err,
                                      int& status, fs::path* created) {
  const fs::path root = data_root(o, o.game);
  SessionHeader header;
  header.game = o.game;
  header.options = o.options;
  if (o.virtual_counters) header.options.insert(header.options.begin(), "virtual");
  if (o.manual_dice) header.options.insert(header.options.begin(), "manual-dice");
  std::string why;
  bool bad_option = false;
  const Lang outside = outside_lang(o);
  // Options typed by their printed names (難易度=ノーマル) are logged by id
  // (level=normal), as every later command's words are.
  const auto typed = load_game_module(root, o.game, header.options, &why, outside, &bad_option);
  if (typed) header.options = canonical_option_words(typed->option_defs(), header.options);
  if (o.hot_seat || o.private_screens) {
    // Hot seat: a game of one seat has nothing to hide; a game of several
    // takes the options that make its flow tell no seat another's hand, as
    // does a game served to a screen per seat.
    const auto& module = typed;
    if (o.hot_seat && module && module->seats().size() < 2) {
      err << tr(outside, msg::play::hot_seat_one_seat, "game"_a = o.game) << "\n";
      status = 2;
      return std::nullopt;
    }
    if (module)
      for (const auto& want : module->hot_seat_options()) {
        const std::string name = want.substr(0, want.find('='));
        for (const auto& given : header.options)
          if (given.substr(0, given.find('=')) == name && given != want) {
            err << tr(outside, msg::play::hot_seat_option, "given"_a = given, "needed"_a = want)
                << "\n";
            status = 2;
            return std::nullopt;
          }
        if (std::find(header.options.begin(), header.options.end(), want) == header.options.end())
          header.options.push_back(want);
      }
    if (o.hot_seat) header.options.insert(header.options.begin(), "hot-seat");
  }
  // The game's data diagnostics in the session's language (Japanese unless
  // --lang says otherwise); a usage error (an unknown game or option) in the
  // command line's (English unless --lang says otherwise).
  auto module =
      load_game_module(root, o.game, header.options, &why, session_lang(o, ""), &bad_option);
  if (!module) {
    if (!bad_option) {
      err << why;  // file:line:col: error: ..., as bocage-gen prints them
      status = 1;
      return std::nullopt;
    }
    load_game_module(root, o.game, header.options, &why, outside);
    if (!why.empty() && why.back() == '\n') why.pop_back();
    err << tr(outside, msg::play::error, "message"_a = why) << "\n";
    status = 2;
    return std::nullopt;
  }
  header.digest = data_digest(root / o.game);
  header.seed =
      o.seed ? *o.seed
             : (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  Lang lang = session_lang(o, "");
  header.lang = std::string(lang_name(lang));
  fs::path path = o.session.empty() ? new_session_path(sessions_dir(), o.game) : o.session;
  SessionError e;
  // A name of our choosing taken meanwhile (another session started in the
  // same second): the next free one. A --session given is never replaced.
  auto create = [&]() -> std::optional<SessionLog> {
    for (int tries = 0;; ++tries) {
      auto made = SessionLog::create(path, header, &e, outside);
      if (made || !e.exists || !o.session.empty() || tries == 100) return made;
      path = new_session_path(sessions_dir(), o.game);
    }
  };
  auto log = create();
  if (!log) {
    err << tr(outside, msg::play::error, "message"_a = e.message) << "\n";
    status = 3;
    return std::nullopt;
  }
  auto session = Session::open(std::move(*log), std::move(module), &why);
  if (!session) {
    err << tr(lang, msg::play::error, "message"_a = why) << "\n";
    status = 1;
    return std::nullopt;
  }
  out << tr(lang, msg::play::new_session, "path"_a = path.string(),
            "seed"_a = std::to_string(header.seed))
      << "\n";
  print_lines(out, session->setup_lines(), use_colour(STDOUT_FILENO));
  if (created) *created = path;
  return session;
}

int run_new(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  int status = 0;
  auto session = create_session(o, out, err, status);
  if (!session) return status;
  return play(*session, out);
}

std::optional<Session> open_saved_session(const fs::path& path, const PlayOptions& o,
                                          std::ostream& err, int& status) {
  return open_session(path, o, err, status);
}

int run_resume(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  int status = 0;
  fs::path path = o.session.empty() ? newest_session(outside_lang(o), err, status) : o.session;
  if (status) return status;
  auto session = open_session(path, o, err, status);
  if (!session) return status;
  out << tr(session->lang(), msg::play::resuming, "path"_a = path.string(),
            "count"_a = session->history().size())
      << "\n";
  // The last command's result may never have been seen (the program was
  // killed after logging it): name it, so the player knows where the game is.
  if (!session->history().empty())
    out << tr(session->lang(), msg::play::last_command,
              "command"_a =
                  shown_line(session->module(), session->history().back(), session->lang()))
        << "\n";
  // Hot seat: the shell hands the screen to the seat to act, then shows its status.
  if (!hot_seat(*session)) {
    auto reply = session->execute("status", nullptr);
    print_lines(out, reply.lines, use_colour(STDOUT_FILENO));
  }
  return play(*session, out);
}

std::string game_title(const fs::path& data, const std::string& id, Lang lang) {
  Diagnostics diags;
  const auto table = parse_toml_file(data / id / "game.toml", diags);
  if (!table) return id;
  const auto name = (*table)["game"]["name"][lang_name(lang)].value<std::string>();
  return name && !name->empty() ? *name : id;
}

namespace {

/// `list GAME`: what a player needs before `new`: the game's printed name,
/// its seats, and each option with its values (the default marked) and help,
/// by the names the player types.
int list_game(const PlayOptions& o, const DataFolders& found, Lang lang, std::ostream& out,
              std::ostream& err) {
  const GamePlace* place = found.game(o.game);
  if (!place) {
    err << tr(lang, msg::play::error,
              "message"_a = tr(lang, msg::play::game_card_unknown, "game"_a = o.game.substr(0, 80)))
        << "\n";
    return 2;
  }
  std::string why;
  auto module = load_game_module(place->data, o.game, {}, &why, lang);
  if (!module) {
    err << why;
    if (!why.empty() && why.back() != '\n') err << "\n";
    return 1;
  }
  out << tr(lang, msg::play::game_card_title, "title"_a = game_title(place->data, o.game, lang),
            "game"_a = o.game, "folder"_a = (place->data / o.game).string())
      << "\n";
  const std::string separator = tr(lang, msg::play::list_separator);
  if (module->seats().size() == 1) {
    out << tr(lang, msg::play::game_card_solo) << "\n";
  } else {
    std::string seats;
    for (const auto& seat : module->seats())
      seats += (seats.empty() ? "" : separator) + module->vocabulary().shown(seat, lang);
    out << tr(lang, msg::play::game_card_seats, "seats"_a = seats) << "\n";
  }
  const auto& defs = module->option_defs();
  if (defs.empty()) {
    out << tr(lang, msg::play::game_card_no_options) << "\n";
    return 0;
  }
  out << tr(lang, msg::play::game_card_options, "game"_a = o.game) << "\n";
  for (const OptionDef& d : defs) {
    std::string values;
    for (const auto& v : d.values) {
      if (!values.empty()) values += separator;
      const std::string name = option_value_name(d, v, lang);
      values +=
          v == d.default_value ? tr(lang, msg::play::game_card_default, "value"_a = name) : name;
    }
    out << tr(lang, msg::play::game_card_option, "name"_a = option_title(d, lang),
              "values"_a = values,
              "rule"_a = d.rule.empty() ? std::string()
                                        : tr(lang, msg::play::game_card_rule, "rule"_a = d.rule))
        << "\n";
    const std::string help = d.help.in(lang_name(lang));
    if (!help.empty()) out << "    " << help << "\n";
  }
  // One value to type, as printed: the first option's first other value.
  for (const OptionDef& d : defs)
    for (const auto& v : d.values)
      if (v != d.default_value) {
        out << tr(lang, msg::play::game_card_example, "game"_a = o.game,
                  "word"_a = option_word(d, v, lang))
            << "\n";
        return 0;
      }
  return 0;
}

}  // namespace

int run_list(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  const DataFolders found = find_data_folders(o.data, {});
  const Lang lang = outside_lang(o);
  if (!o.game.empty()) return list_game(o, found, lang, out, err);
  const auto playable = companion_games();
  out << tr(lang, msg::play::list_games_found) << "\n";
  // Each game from the first place that holds it, with where that is.
  for (const auto& g : found.games)
    out << "  " << g.id
        << (std::find(playable.begin(), playable.end(), g.id) != playable.end() ? std::string()
            : has_table_helper(g.data, g.id) ? tr(lang, msg::play::table_helper_only)
                                             : tr(lang, msg::play::printing_only))
        << "  " << (g.data / g.id).string() << "\n";
  const fs::path dir = sessions_dir();
  auto sessions = saved_sessions(dir);
  out << tr(lang, msg::play::list_sessions, "folder"_a = dir.string()) << "\n";
  if (sessions.empty()) out << tr(lang, msg::play::no_sessions) << "\n";
  for (const auto& path : sessions) {
    SessionError e;
    auto log = SessionLog::read(path, &e, lang);
    if (!log) {
      out << tr(lang, msg::play::unreadable_session, "file"_a = path.filename().string(),
                "why"_a = e.message)
          << "\n";
      continue;
    }
    std::string state;
    std::string why;
    // The folders are searched once for the whole list, not once a session.
    auto module = load_game_module(root_of(found, log->header().game), log->header().game,
                                   log->header().options, &why, lang);
    const std::string game = log->header().game;
    int forced = 0;
    for (const auto& c : log->commands()) forced += is_forced_undo(c);
    size_t n = effective_commands(log->commands()).size();
    if (module) {
      if (auto s = Session::open(std::move(*log), std::move(module), &why)) {
        n = s->history().size();  // with a whole last line that lacks its newline
        state = s->module().brief(s->state(), lang);
        if (auto over = s->outcome())
          state +=
              over->victory ? tr(lang, msg::play::victory_mark) : tr(lang, msg::play::defeat_mark);
      }
    }
    out << tr(lang, msg::play::session_line, "file"_a = path.filename().string(), "game"_a = game,
              "count"_a = n, "state"_a = state.empty() ? state : "  " + state,
              "forced"_a =
                  forced ? tr(lang, msg::play::forced_undos, "count"_a = forced) : std::string())
        << "\n";
  }
  return 0;
}

int run_log(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  int status = 0;
  const Lang lang = outside_lang(o);
  fs::path path = o.session.empty() ? newest_session(lang, err, status) : o.session;
  if (status) return status;
  auto log = read_session(path, false, lang, err);
  if (!log) return 3;
  const auto& h = log->header();
  out << path.string() << "\ngame " << h.game << "\nseed " << h.seed << "\nlang " << h.lang
      << "\ndigest " << h.digest << "\noptions";
  for (const auto& x : h.options) out << " " << x;
  out << "\n";
  // Mark the commands an undo took back (kept here: the log moves into the
  // session below).
  const std::vector<std::string> all = log->commands();
  const auto cancelled = log->cancelled();  // each after the commands before it
  std::vector<bool> undone(all.size(), true);
  const std::vector<size_t> effective = effective_indices(all);
  for (size_t i : effective) undone[i] = false;
  for (size_t i = 0; i < all.size(); ++i)
    if (is_undo(all[i])) undone[i] = false;
  const std::string tail = log->tail();
  // What each command that counts did (its events, as every seat may read
  // them), from a replay, in the session's language (--lang's, if given); a
  // game that does not load shows the lines alone.
  std::ostringstream quiet;
  int open_status = 0;
  auto session = session_of(std::move(log), path, o, quiet, open_status);
  std::vector<const CommandRecord*> record(all.size(), nullptr);
  if (session && session->game().history().size() == effective.size())
    for (size_t k = 0; k < effective.size(); ++k)
      record[effective[k]] = &session->game().history()[k];
  // A command cancelled after dice were typed by hand: its line as logged
  // (a draw into a hand already "?"), marked, where it stood.
  size_t next_cancel = 0;
  auto cancels_before = [&](size_t i) {
    for (; next_cancel < cancelled.size() && cancelled[next_cancel].first <= i; ++next_cancel)
      out << "      " << printable(cancelled[next_cancel].second)
          << tr(lang, msg::play::cancelled_mark) << "\n";
  };
  for (size_t i = 0; i < all.size(); ++i) {
    cancels_before(i);
    // A card drawn into a hand is never printed (a log is read by everyone).
    // A command undone has no record to say which of its answers were such
    // draws: in a game of several seats, every answer of it is "?".
    std::string line = all[i];
    if (record[i])
      line = session->shown_by_seat(*record[i]);  // by its seat, in a game of several
    else if (session && !is_undo(all[i]))
      line = session->module().seats().size() > 1
                 ? shown_line_answers_hidden(session->module(), all[i], session->lang())
                 : shown_line(session->module(), all[i], session->lang());
    out << (i + 1 < 10    ? "   "
            : i + 1 < 100 ? "  "
                          : " ")
        << i + 1 << "  " << line << (undone[i] ? tr(lang, msg::play::undone_mark) : "")
        << (is_forced_undo(all[i]) ? tr(lang, msg::play::forced_mark) : "") << "\n";
    if (record[i])
      for (const auto& e : record[i]->events)
        if (e.readable_by(-1)) out << "        " << e.text << "\n";
  }
  cancels_before(all.size());
  if (!tail.empty()) out << "      " << printable(tail) << tr(lang, msg::play::tail_mark) << "\n";
  // How the game ended, last, as the shell's log ends.
  if (session)
    if (auto over = session->outcome_line()) out << over->text << "\n";
  return 0;
}

int run_exec(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  std::string line;
  for (const auto& w : o.command) line += (line.empty() ? "" : " ") + w;
  // status, history and help only read: they run beside a game being played.
  std::vector<std::string> words, answers;
  split_command(engine_line(command_text(nfkc(printable(line)))), words, answers);
  // quit leaves a shell; exec, once the session is read, has nothing more to do.
  const bool quit = words.size() == 1 && (words[0] == "quit" || words[0] == "exit");
  const bool reads_only =
      quit ||
      (!words.empty() && (words[0] == "status" || words[0] == "history" || words[0] == "help"));
  int status = 0;
  auto session = open_session(o.session, o, err, status, !reads_only);
  if (!session) return status;
  if (quit) return 0;
  auto source = stream_source(std::cin, out);
  const bool colour = use_colour(STDOUT_FILENO);
  SourceAsker asker(*source, out, colour, session->lang());
  Reply reply = session->execute(line, &asker);
  print_lines(out, reply.lines, colour);
  switch (reply.status) {
    case Reply::Status::done:
      return 0;
    case Reply::Status::failed:
      return 3;
    default:
      return 1;
  }
}

}  // namespace bocage
