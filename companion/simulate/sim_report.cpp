#include "sim_report.h"

#include <cstdio>

#include "bocage/msg/sim.h"
#include "sim_stats.h"

namespace bocage {

namespace {

std::string fixed(double x, int decimals = 1) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

/// A median: whole, or with .5.
std::string middle(double x) {
  return x == double(long(x)) ? std::to_string(long(x)) : fixed(x);
}

std::string join(const std::vector<std::string>& words, const char* sep) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

}  // namespace

void print_heading(std::ostream& out, const ReportHeader& h, Lang lang) {
  out << tr(lang, msg::sim::heading, "game"_a = h.game, "player"_a = h.player, "games"_a = h.games,
            "seed"_a = std::to_string(h.seed))
      << "\n";
}

int print_option_set(std::ostream& out, const ReportHeader& h, const OptionSetRun& run,
                     const GameModule& module, Lang lang, int max_listed) {
  const SimStats s = summarize(run.records);
  out << "\n["
      << (run.options.empty()
              ? tr(lang, msg::sim::rules_as_written)
              : tr(lang, msg::sim::option_set,
                   "options"_a = join(lang == Lang::ja ? shown_option_words(module.option_defs(),
                                                                            run.options, lang)
                                                       : run.options,
                                      " ")))
      << "]\n";
  const double rate = s.games ? 100.0 * s.wins / s.games : 0;
  out << tr(lang, msg::sim::wins, "wins"_a = s.wins, "games"_a = s.games, "rate"_a = fixed(rate),
            "low"_a = fixed(100 * s.win_rate.low), "high"_a = fixed(100 * s.win_rate.high))
      << "\n";
  out << tr(lang, msg::sim::length, "commands_mean"_a = fixed(s.mean_commands),
            "commands_median"_a = middle(s.median_commands), "turns_mean"_a = fixed(s.mean_turns),
            "turns_median"_a = middle(s.median_turns))
      << "\n";
  if (!s.losses.empty()) {
    out << tr(lang, msg::sim::losses) << "\n";
    size_t width = 0;
    for (const auto& [reason, n] : s.losses) width = std::max(width, reason.size());
    for (const auto& [reason, n] : s.losses) {
      std::string count = std::to_string(n);
      out << "    " << reason << std::string(width - reason.size() + 2, ' ')
          << std::string(count.size() < 6 ? 6 - count.size() : 0, ' ') << count << "  "
          << fixed(s.games ? 100.0 * n / s.games : 0) << " %  "
          << module.describe(Outcome{false, -1, reason}, lang) << "\n";
    }
  }
  if (s.errors.empty()) return 0;
  out << tr(lang, msg::sim::engine_errors, "count"_a = s.errors.size()) << "\n";
  int listed = 0;
  for (const GameRecord* r : s.errors) {
    if (listed++ == max_listed) {
      out << tr(lang, msg::sim::and_more, "count"_a = s.errors.size() - size_t(max_listed)) << "\n";
      break;
    }
    std::string command =
        "bocage-play new " + h.game + " --virtual --seed " + std::to_string(r->seed);
    for (const auto& o : run.options) command += " --option " + o;
    out << tr(lang, msg::sim::error_seed, "seed"_a = std::to_string(r->seed),
              "what"_a = r->error->what)
        << "\n"
        << tr(lang, msg::sim::reproduce, "command"_a = command) << "\n";
    for (const auto& m : r->error->moves) out << "        " << m << "\n";
  }
  return int(s.errors.size());
}

}  // namespace bocage
