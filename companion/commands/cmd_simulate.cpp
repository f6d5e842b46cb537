// simulate: many games in virtual mode with an automatic player, the win
// rate and the causes of losses per option set (companion/simulate/).
#include <algorithm>
#include <thread>

#include "bocage/msg/play.h"
#include "bocage/msg/sim.h"
#include "commands.h"
#include "companion/games/registry.h"
#include "companion/simulate/player_registry.h"
#include "companion/simulate/sim_report.h"
#include "companion/simulate/simulation.h"

namespace bocage {

namespace {

/// "at-or-above+rescue=1" -> its options; "none" or "" -> the rules as written.
std::vector<std::string> split_option_set(const std::string& set) {
  std::vector<std::string> out;
  if (set == "none") return out;
  size_t from = 0;
  while (from <= set.size()) {
    size_t plus = set.find('+', from);
    if (plus == std::string::npos) plus = set.size();
    std::string o = set.substr(from, plus - from);
    if (!o.empty() && o != "virtual" && std::find(out.begin(), out.end(), o) == out.end())
      out.push_back(o);
    from = plus + 1;
  }
  return out;
}

}  // namespace

int run_simulate(const SimulateOptions& o, std::ostream& out, std::ostream& err) {
  PlayOptions play;
  play.data = o.data;
  play.lang = o.lang;
  // The report is in the session's language (Japanese unless --lang says
  // otherwise); what goes wrong before it starts, as for `new`, in English unless told.
  const Lang lang = session_lang(play, "");
  const Lang outside = outside_lang(play);
  auto error = [&](const std::string& message) {
    err << tr(outside, msg::play::error, "message"_a = message) << "\n";
  };
  if (o.games < 1 || o.games > 10'000'000) {
    error(tr(outside, msg::sim::games_range, "value"_a = o.games));
    return 2;
  }
  const int hardware = int(std::max(1u, std::thread::hardware_concurrency()));
  const int jobs = o.jobs.value_or(hardware);
  if (jobs < 1 || jobs > 256) {
    error(tr(outside, msg::sim::jobs_range, "value"_a = jobs));
    return 2;
  }
  const std::filesystem::path root = data_root(play, o.game);

  const auto games = companion_games();
  if (std::find(games.begin(), games.end(), o.game) == games.end()) {
    std::string why;
    if (has_table_helper(root, o.game))
      why = tr(outside, msg::sim::table_helper, "game"_a = o.game);
    else
      load_game_module(root, o.game, {}, &why, outside);  // says whether the game exists at all
    error(why);
    return 2;
  }
  // The game as written first: a failure here is the data's, not the options'.
  std::string why;
  if (!load_game_module(root, o.game, {"virtual"}, &why, outside)) {
    // Data diagnostics come formatted ("file:line:col: error: ..."), one a line.
    err << (why.rfind("error: ", 0) == 0 || why.find(": error: ") != std::string::npos ? ""
                                                                                       : "error: ")
        << why << (why.empty() || why.back() != '\n' ? "\n" : "");
    return 1;
  }
  std::vector<std::vector<std::string>> sets;
  for (const auto& s : o.option_sets) sets.push_back(split_option_set(s));
  if (sets.empty()) sets.emplace_back();
  std::vector<std::shared_ptr<const GameModule>> modules;
  std::vector<PlayerFactory> players;
  std::string note;
  for (const auto& set : sets) {
    for (const auto& opt : set)
      if (is_engine_option(opt)) {
        error(tr(outside, msg::sim::option_not_for_simulate, "option"_a = opt));
        return 2;
      }
    std::vector<std::string> with_virtual{"virtual"};
    with_virtual.insert(with_virtual.end(), set.begin(), set.end());
    std::shared_ptr<const GameModule> module =
        load_game_module(root, o.game, with_virtual, &why, outside);
    if (!module) {
      error(tr(outside, msg::sim::bad_option, "why"_a = why));
      return 2;
    }
    auto factory = make_player_factory(o.player, o.game, root, with_virtual, &note, &why, lang);
    if (!factory) {
      make_player_factory(o.player, o.game, root, with_virtual, nullptr, &why, outside);
      error(tr(outside, msg::sim::bad_player, "why"_a = why));
      return 2;
    }
    modules.push_back(std::move(module));
    players.push_back(std::move(factory));
  }

  ReportHeader header{o.game, o.player, o.games, o.seed};
  if (!note.empty()) header.player = "random";
  print_heading(out, header, lang);
  if (!note.empty()) out << "(" << note << ")\n";
  SimulationConfig config;
  config.games = o.games;
  config.seed = o.seed;
  config.jobs = jobs;
  config.max_commands = o.max_commands;
  int errors = 0;
  for (size_t i = 0; i < sets.size(); ++i) {
    OptionSetRun run{sets[i], run_games(modules[i], players[i], config)};
    errors += print_option_set(out, header, run, *modules[i], lang);
  }
  if (errors) {
    error(tr(lang, msg::sim::engine_errors_total, "count"_a = errors));
    return 1;
  }
  return 0;
}

}  // namespace bocage
