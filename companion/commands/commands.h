// The subcommands of bocage-play. main.cpp fills these option structs from the
// command line; each run_* prints to `out`/`err` and returns the exit status:
// 0 done, 1 a refused command or bad game data, 2 bad usage, 3 a session file
// that cannot be read or written.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "companion/engine/play_context.h"

namespace bocage {

struct RollOptions {
  std::string notation;
  std::optional<uint64_t> seed;  // none: from the system's random device
  int times = 1;
  std::vector<std::string> label;  // the words after the notation: its label
};

/// `bocage-play roll 2d6 --seed 7 --times 3`: one line per roll. Exit 0, or 2
/// with the position and the expected token for bad notation. `lang`: "ja" or
/// "en" for what is said around the rolls; none: the locale's.
int run_roll(const RollOptions& o, std::ostream& out, std::ostream& err,
             const std::optional<std::string>& lang = std::nullopt);

struct PlayOptions {
  std::filesystem::path data;  // empty: the search order of core/data_folders.h
  /// "ja" or "en". None: a saved session keeps its own; a new one, and what is
  /// said outside a session (list, log, errors before one is open), follow the
  /// locale (LC_ALL, LC_MESSAGES, LANG: core/lang.h).
  std::optional<std::string> lang;
  std::optional<uint64_t> seed;
  std::filesystem::path session;  // empty: a new file (new) or the newest (resume)
  bool virtual_counters = false;
  bool manual_dice = false;
  /// One terminal handed from seat to seat (recorded as the session's
  /// "hot-seat" option: resume goes on that way).
  bool hot_seat = false;
  /// Each seat on a screen of its own (serve): the game's hot-seat options
  /// (GameModule::hot_seat_options()), so the flow tells no seat a hand.
  bool private_screens = false;
  std::vector<std::string> options;  // game options (at-or-above, rescue=1, ...)
  std::string game;
  std::vector<std::string> command;  // exec: the command's words
};

/// `bocage-play new GAME`: creates a session and plays it from standard input.
int run_new(const PlayOptions& o, std::ostream& out, std::ostream& err);
/// `bocage-play resume [FILE]`: replays a session and goes on playing it.
int run_resume(const PlayOptions& o, std::ostream& out, std::ostream& err);
/// `bocage-play list`: the games the companion plays and the saved sessions.
/// `bocage-play list`: the games and the saved sessions; `list GAME`: that
/// game's printed name, seats and options, by their printed names.
int run_list(const PlayOptions& o, std::ostream& out, std::ostream& err);
/// The game's printed name in `lang` (game.toml's [game] name), else its id.
std::string game_title(const std::filesystem::path& data, const std::string& id, Lang lang);
/// `bocage-play log [FILE]`: a session's header and commands, undone ones marked.
int run_log(const PlayOptions& o, std::ostream& out, std::ostream& err);
/// `bocage-play exec FILE CMD...`: one command on a saved session.
int run_exec(const PlayOptions& o, std::ostream& out, std::ostream& err);

/// `bocage-play serve GAME|SESSION`: starts or resumes a session and serves
/// it to one page per seat over HTTP, the terminal staying a shell on it.
struct ServeOptions {
  /// --listen; empty: this machine's local-network address (local_address.h)
  std::string address;
  int port = 8080;    // --port; 0: a free port
  int observers = 0;  // --observers: screens of no seat
};
int run_serve(const PlayOptions& o, const ServeOptions& serve, std::ostream& out,
              std::ostream& err);

/// The data folder of `game`: --data, else the first place of the search
/// order of core/data_folders.h that holds it (or, for no game or a game
/// found nowhere, the first place that holds any game).
std::filesystem::path data_root(const PlayOptions& o, const std::string& game = {});
/// The templates folder beside game `game`'s data (its icons: serve's board), else the one in use.
std::filesystem::path templates_root(const PlayOptions& o, const std::string& game);
/// `bocage-play paths`: the data folder in use and every place searched.
int run_paths(const PlayOptions& o, std::ostream& out);
/// The session's language: --lang, else `fallback` (the log's), else the locale's.
Lang session_lang(const PlayOptions& o, const std::string& fallback);
/// What is said outside a session (errors before one is open, list, log): --lang, else the
/// locale's.
Lang outside_lang(const PlayOptions& o);

struct SimulateOptions {
  std::filesystem::path data;
  std::optional<std::string> lang;
  std::string game;
  int games = 1000;
  uint64_t seed = 1;
  /// One set per --option: the game's options joined by '+'; "none": as written.
  std::vector<std::string> option_sets;
  std::string player = "heuristic";
  std::optional<int> jobs;  // none: every core
  int max_commands = 5000;  // a longer game is an engine error
};

/// `bocage-play simulate GAME`: plays many games in virtual mode with an
/// automatic player and prints, per option set, the win rate and the causes
/// of losses. Exit 0, 1 for bad game data or an engine error found in a
/// game, 2 for bad usage.
int run_simulate(const SimulateOptions& o, std::ostream& out, std::ostream& err);

}  // namespace bocage
