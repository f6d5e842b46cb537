// Two commands timed side by side: run in turn, N rounds after two warm-up
// rounds (A then B in even rounds, B then A in odd ones), so that a machine
// that slows down or speeds up during the measurement weighs on both alike
// (hyperfine runs all of A, then all of B).
// Prints, as Markdown, each command's median and mean wall time and median
// CPU time (user + system, its threads included), the ratios A / B of those,
// and the median of each round's own wall-time ratio with its quartiles: the
// two runs of a round are taken within a second of each other, so their ratio
// does not move with the load of the minute.
//   side_by_side N 'NAME A' COMMAND A... -- 'NAME B' COMMAND B...
// Each command must exit 0; its output is discarded.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Sample {
  double wall_ms;
  double cpu_ms;
};

/// Runs `argv` with its output discarded; false when it cannot be run or
/// does not exit 0.
bool run(const std::vector<char*>& argv, Sample& out) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) {
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, STDOUT_FILENO);
      dup2(null, STDERR_FILENO);
    }
    execvp(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return false;
  const auto end = std::chrono::steady_clock::now();
  out.wall_ms = std::chrono::duration<double, std::milli>(end - start).count();
  auto ms = [](const timeval& t) { return t.tv_sec * 1e3 + t.tv_usec / 1e3; };
  out.cpu_ms = ms(usage.ru_utime) + ms(usage.ru_stime);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 0;
  std::vector<std::string> names;
  std::vector<std::vector<char*>> commands(1);
  for (int i = 2; i < argc; ++i) {
    if (std::string(argv[i]) == "--") {
      commands.emplace_back();
    } else if (commands.back().empty() && names.size() < commands.size()) {
      names.emplace_back(argv[i]);
    } else {
      commands.back().push_back(argv[i]);
    }
  }
  if (n < 1 || n > 10000 || commands.size() != 2 || names.size() != 2 || commands[0].empty() ||
      commands[1].empty()) {
    std::fprintf(stderr, "usage: side_by_side N 'NAME A' COMMAND A... -- 'NAME B' COMMAND B...\n");
    return 2;
  }
  for (auto& c : commands) c.push_back(nullptr);
  std::vector<Sample> samples[2];
  for (int round = 0; round < n + 2; ++round)
    for (int turn = 0; turn < 2; ++turn) {
      const int k = round % 2 == 0 ? turn : 1 - turn;
      Sample s{};
      if (!run(commands[k], s)) {
        std::fprintf(stderr, "side_by_side: '%s' failed\n", names[k].c_str());
        return 1;
      }
      if (round >= 2) samples[k].push_back(s);  // two warm-up rounds
    }
  std::vector<double> wall[2], cpu[2];
  for (int k = 0; k < 2; ++k)
    for (const auto& s : samples[k]) {
      wall[k].push_back(s.wall_ms);
      cpu[k].push_back(s.cpu_ms);
    }
  std::printf("| program (%d runs each, in turn) | wall, median | wall, mean | CPU, median |\n", n);
  std::printf("|:---|---:|---:|---:|\n");
  for (int k = 0; k < 2; ++k)
    std::printf("| %s | %.1f ms | %.1f ms | %.1f ms |\n", names[k].c_str(), median(wall[k]),
                mean(wall[k]), median(cpu[k]));
  std::printf("| ratio | %.2fx | %.2fx | %.2fx |\n", median(wall[0]) / median(wall[1]),
              mean(wall[0]) / mean(wall[1]), median(cpu[0]) / median(cpu[1]));
  std::vector<double> paired;
  for (size_t i = 0; i < wall[0].size(); ++i) paired.push_back(wall[0][i] / wall[1][i]);
  std::sort(paired.begin(), paired.end());
  const size_t m = paired.size();
  std::printf("\nWall-time ratio of each round, A / B: median %.2fx (quartiles %.2fx-%.2fx)\n",
              median(paired), paired[m / 4], paired[(3 * m) / 4]);
  return 0;
}
