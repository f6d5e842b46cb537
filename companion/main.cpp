// bocage-play: the command line only; the work is in the library.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/guarded.h"
#include "cli/help_text.h"
#include "cli/lang_choice.h"
#include "cli/man_page.h"
#include "cli/parse_args.h"
#include "cli/pass_through.h"
#include "commands/commands.h"

using namespace bocage;

int main(int argc, char** argv) {
  const Lang ui = choose_lang(argc, argv);  // of the help and the usage errors
  CLI::App app{"bocage-play: the companion beside the table (turns, phases, dice and rules)",
               "bocage-play"};
  localize_help(app, ui);
  app.set_version_flag("--version", std::string("bocage-play ") + BOCAGE_VERSION);
  app.require_subcommand(1);

  RollOptions roll;
  uint64_t seed = 0;
  std::string lang;
  auto add_lang = [&](CLI::App* sub, const char* help) {
    return sub->add_option("--lang", lang, help)->check(CLI::IsMember({"ja", "en"}));
  };
  auto* r = app.add_subcommand("roll", "Roll dice: 2d6, 1d6-1d6, d66, 4d6kh3, 2d6 \"morale\"");
  r->add_option("notation", roll.notation, "Dice notation")->required();
  r->add_option("label", roll.label, "The roll's label: 2d6 morale");
  auto* roll_seed =
      r->add_option("--seed", seed, "Seed, for rolls that can be repeated")->check(seed_range(ui));
  r->add_option("--times", roll.times, "How many rolls")->capture_default_str();
  auto* roll_lang = add_lang(r, "Messages in ja or en (default: the locale's)");

  PlayOptions play;
  auto add_common = [&](CLI::App* sub) {
    sub->add_option("--data", play.data, "The data folder (default: see 'bocage-play paths')");
    return add_lang(sub,
                    "Messages in ja or en (default: a saved session's own, else the locale's)");
  };

  // What starts a session, for new and serve: its seed, file, mode and options.
  auto add_session_start = [&](CLI::App* sub) {
    auto* seed_option =
        sub->add_option("--seed", seed, "The dice's seed (default: from the system, and logged)")
            ->check(seed_range(ui));
    sub->add_option("--session", play.session,
                    "The session file (default: under $XDG_DATA_HOME/bocage/sessions/)");
    sub->add_flag("--virtual", play.virtual_counters,
                  "The companion shuffles and places the hidden counters");
    sub->add_flag("--manual-dice", play.manual_dice,
                  "Roll physical dice; the companion asks for each result");
    sub->add_option("--option", play.options,
                    "A game option: name=value, or a name alone (a game's options and defaults: "
                    "bocage-play list GAME)");
    return seed_option;
  };

  auto* n = app.add_subcommand(
      "new", "Start a session and play it (commands from the terminal or standard input)");
  n->add_option("game", play.game, "The game (bocage-play list)")->required();
  auto* new_seed = add_session_start(n);
  n->add_flag("--hot-seat", play.hot_seat,
              "One screen passed between the players: it is cleared and handed over before "
              "anything only one player may see");
  auto* new_lang = add_common(n);

  ServeOptions serve;
  auto* sv = app.add_subcommand(
      "serve", "Start or resume a session and serve it to one phone per player (a web page)");
  sv->add_option("game", play.game, "The game (bocage-play list), or a session file to resume")
      ->required();
  auto* serve_seed = add_session_start(sv);
  sv->add_option("--port", serve.port, "The port (0: a free one)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  sv->add_option("--listen", serve.address,
                 "The address to listen on (default: this machine's address on the local network, "
                 "192.168.x.x, 10.x.x.x, 172.16-31.x.x or fd00::/8, never a public one; "
                 "127.0.0.1: this machine only; 0.0.0.0: every network)")
      ->capture_default_str();
  sv->add_option("--observers", serve.observers,
                 "How many observers' URLs to print: a screen that sees what every player may see "
                 "and acts for no one")
      ->capture_default_str()
      ->check(CLI::Range(0, 8));
  auto* serve_lang = add_common(sv);

  auto* res = app.add_subcommand("resume", "Go on with a saved session (default: the newest)");
  res->add_option("file", play.session, "The session file");
  auto* res_lang = add_common(res);

  auto* list = app.add_subcommand("list", "The games the companion plays and the saved sessions");
  list->add_option("game", play.game,
                   "A game: its seats and its options (--option), by their printed names");
  list->add_option("--data", play.data, "The data folder");
  auto* list_lang = add_lang(list, "Messages in ja or en (default: the locale's)");

  auto* log = app.add_subcommand("log", "A session's header and commands (default: the newest)");
  log->add_option("file", play.session, "The session file");
  auto* log_lang = add_lang(log, "Messages in ja or en (default: the locale's)");

  auto* ex = app.add_subcommand("exec", "Run one command on a saved session: exec FILE shoot 3");
  ex->add_option("file", play.session, "The session file")->required();
  ex->add_option("command", play.command, "The command and its arguments")->required();
  auto* ex_lang = add_common(ex);

  auto* pa = app.add_subcommand("paths", "The data folder in use and where it is searched");
  pa->add_option("--data", play.data, "The data folder");
  auto* paths_lang = add_lang(pa, "Messages in ja or en");

  SimulateOptions sim;
  auto* sm = app.add_subcommand(
      "simulate", "Play many games with an automatic player: win rate, length, causes of losses");
  sm->add_option("game", sim.game, "The game (bocage-play list)")->required();
  sm->add_option("--games", sim.games, "How many games per option set")->capture_default_str();
  auto* sim_seed =
      sm->add_option("--seed", seed, "The run's seed (default 1)")->check(seed_range(ui));
  sm->add_option("--option", sim.option_sets,
                 "An option set: the game's options joined by '+' (at-or-above+rescue=1), or "
                 "none; once per set to compare");
  sm->add_option("--player", sim.player, "heuristic (the game's own, else random) or random")
      ->capture_default_str();
  sm->add_option("--jobs", sim.jobs, "Threads (default: every core)");
  sm->add_option("--max-commands", sim.max_commands, "A game longer than this is an engine error")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  auto* sim_lang = add_common(sm);

  // `exec FILE undo --force 1`: the game command's words are the command's, not ours.
  std::vector<std::string> words =
      pass_through_words(argc, argv, "exec", {"--lang", "--data"}, {"-h", "--help"});
  std::vector<char*> args;
  for (auto& w : words) args.push_back(w.data());
  add_help_command(app);
  translate_help(app, ui);
  name_option_values(app, ui);
  if (wants_man_page(argc, argv)) {
    std::cout << man_page(app, play_man_content(ui, BOCAGE_VERSION), ui);
    return 0;
  }
  if (auto status = parse_args(app, int(args.size()), args.data(), ui)) return *status;
  if (*new_lang || *res_lang || *ex_lang || *list_lang || *log_lang || *paths_lang || *serve_lang)
    play.lang = lang;
  const Lang chosen_lang = lang == "en" ? Lang::en : lang == "ja" ? Lang::ja : ui;
  return run_guarded(chosen_lang, [&]() -> int {
    if (sm->parsed()) {
      if (*sim_seed) sim.seed = seed;
      if (*sim_lang) sim.lang = lang;
      sim.data = play.data;
      return run_simulate(sim, std::cout, std::cerr);
    }
    if (r->parsed()) {
      if (*roll_seed) roll.seed = seed;
      return run_roll(roll, std::cout, std::cerr,
                      *roll_lang ? std::optional<std::string>(lang) : std::nullopt);
    }
    if (n->parsed()) {
      if (*new_seed) play.seed = seed;
      return run_new(play, std::cout, std::cerr);
    }
    if (sv->parsed()) {
      if (*serve_seed) play.seed = seed;
      return run_serve(play, serve, std::cout, std::cerr);
    }
    if (res->parsed()) return run_resume(play, std::cout, std::cerr);
    if (list->parsed()) return run_list(play, std::cout, std::cerr);
    if (log->parsed()) return run_log(play, std::cout, std::cerr);
    if (ex->parsed()) return run_exec(play, std::cout, std::cerr);
    if (pa->parsed()) return run_paths(play, std::cout);
    return 2;
  });
}
