#include "sim_report.h"

#include <cstdio>

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
  out << h.game << " · " << tr(lang, "プレイヤー ", "player ") << h.player << " · " << h.games
      << tr(lang, " ゲーム", " games") << " · " << tr(lang, "シード ", "seed ") << h.seed << "\n";
}

int print_option_set(std::ostream& out, const ReportHeader& h, const OptionSetRun& run,
                     const GameModule& module, Lang lang, int max_listed) {
  const SimStats s = summarize(run.records);
  out << "\n["
      << (run.options.empty() ? tr(lang, "選択ルールなし", "rules as written")
                              : tr(lang, "選択ルール: ", "options: ") + join(run.options, " "))
      << "]\n";
  const double rate = s.games ? 100.0 * s.wins / s.games : 0;
  out << tr(lang, "  勝利  ", "  wins     ") << s.wins << " / " << s.games << " = " << fixed(rate)
      << tr(lang, " %（95 % 信頼区間 ", " % (95 % interval ") << fixed(100 * s.win_rate.low)
      << tr(lang, "〜", "-") << fixed(100 * s.win_rate.high) << tr(lang, " %）", " %)") << "\n";
  out << tr(lang, "  長さ  コマンド 平均 ", "  length   commands mean ") << fixed(s.mean_commands)
      << tr(lang, "・中央値 ", ", median ") << middle(s.median_commands)
      << tr(lang, "、ターン 平均 ", "; turns mean ") << fixed(s.mean_turns)
      << tr(lang, "・中央値 ", ", median ") << middle(s.median_turns) << "\n";
  if (!s.losses.empty()) {
    out << tr(lang, "  敗因\n", "  losses\n");
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
  out << tr(lang, "  エンジンのエラー: ", "  engine errors: ") << s.errors.size() << "\n";
  int listed = 0;
  for (const GameRecord* r : s.errors) {
    if (listed++ == max_listed) {
      out << tr(lang, "    （ほか ", "    (and ") << s.errors.size() - size_t(max_listed)
          << tr(lang, " 件）\n", " more)\n");
      break;
    }
    out << tr(lang, "    シード ", "    seed ") << r->seed << ": " << r->error->what << "\n"
        << tr(lang, "      再現: ", "      reproduce: ") << "bocage-play new " << h.game
        << " --virtual --seed " << r->seed;
    for (const auto& o : run.options) out << " --option " << o;
    out << tr(lang, " に次のコマンドを入力:\n", " with these commands:\n");
    for (const auto& m : r->error->moves) out << "        " << m << "\n";
  }
  return int(s.errors.size());
}

}  // namespace bocage
