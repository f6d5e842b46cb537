// Running bocage-play as a player does, for the end-to-end tests: scripts
// on standard input, sessions under $XDG_DATA_HOME, a child on pipes (to kill
// it mid-game) or on a pseudo-terminal (libedit, colour, Tab).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../run_command.h"
#include "../scratch_dir.h"
#include "../text_helpers.h"

namespace bocage::test {

namespace fs = std::filesystem;

inline const std::string kData = std::string(BOCAGE_TEST_SOURCE_ROOT) + "/data";
/// The environment of a test of English messages said outside a session (or of
/// a new session).
inline const std::string kEnglishLocale = "NO_COLOR=1 LC_ALL=C";
/// The environment of the tests that read bocage-play's Japanese: the
/// messages' locale alone, LANG left as the suite runs it (ja_JP.UTF-8 or C).
inline const std::string kJapaneseMessages = "NO_COLOR=1 LC_MESSAGES=ja_JP.UTF-8";

using Run = CommandResult;

/// Runs bocage-play with `args`, `input` on standard input and sessions under
/// `home`; `--data` points at the source tree's data unless `with_data` is false.
/// LC_ALL is unset, so that `env` decides the language (Japanese messages
/// unless it says otherwise), whatever locale the suite runs in.
inline Run play(const std::string& args, const std::string& input, const fs::path& home,
                const std::string& env = kJapaneseMessages, bool with_data = true) {
  return run_command("env -u LC_ALL XDG_DATA_HOME='" + home.string() + "' " + env + " '" +
                         BOCAGE_PLAY + "' " + args +
                         (with_data ? " --data '" + kData + "'" : std::string()),
                     input);
}

/// Same, for subcommands without --data (log, and bad command lines), in an
/// English locale (LC_MESSAGES=C): what is said outside a session.
inline Run play_plain(const std::string& args, const fs::path& home) {
  return play(args, "", home, "NO_COLOR=1 LC_MESSAGES=C", false);
}

/// Reads `fd` into `seen` until `text` appears at or after `from` (or 20 s pass,
/// or the other end closes).
inline bool read_until(int fd, std::string& seen, const std::string& text, size_t from = 0) {
  char buf[4096];
  auto found = [&] { return seen.size() >= from && seen.find(text, from) != std::string::npos; };
  for (int waited = 0; !found() && waited < 200; ++waited) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 100) > 0) {
      ssize_t n = read(fd, buf, sizeof buf);
      if (n <= 0) break;
      seen.append(buf, static_cast<size_t>(n));
    }
  }
  return found();
}

/// A bocage-play child on a pseudo-terminal, as a player at a keyboard: the
/// shell then uses libedit, colour and Tab completion.
struct TerminalChild {
  pid_t pid = -1;
  int master = -1;
  std::string seen;

  TerminalChild(const std::vector<std::string>& args, bool no_color, const fs::path& home) {
    master = posix_openpt(O_RDWR | O_NOCTTY);
    REQUIRE(master >= 0);
    REQUIRE(grantpt(master) == 0);
    REQUIRE(unlockpt(master) == 0);
    std::string slave = ptsname(master);
    pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      setsid();
      int fd = open(slave.c_str(), O_RDWR);
      dup2(fd, 0);
      dup2(fd, 1);
      dup2(fd, 2);
      setenv("TERM", "xterm", 1);
      setenv("XDG_DATA_HOME", home.c_str(), 1);
      unsetenv("LC_ALL");  // Japanese messages, as play() gives
      setenv("LC_MESSAGES", "ja_JP.UTF-8", 1);
      if (no_color)
        setenv("NO_COLOR", "1", 1);
      else
        unsetenv("NO_COLOR");
      std::vector<char*> argv;
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
  }
  ~TerminalChild() {
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
    if (master >= 0) close(master);
  }
  /// Types `keys` once libedit is reading: the terminal is then in raw mode
  /// (the master sees the slave's settings). Keys typed in the instant before,
  /// on the cooked terminal, would be echoed twice, and a Ctrl-D there is an
  /// end-of-file of the terminal, not a key for libedit.
  void type(const std::string& keys) {
    termios mode{};
    for (int i = 0; i < 500 && tcgetattr(master, &mode) == 0 && (mode.c_lflag & ICANON); ++i)
      usleep(10000);
    REQUIRE(write(master, keys.data(), keys.size()) == static_cast<ssize_t>(keys.size()));
  }
  /// Reads until `text` appears at or after `from` in what was printed.
  bool wait_for(const std::string& text, size_t from = 0) {
    return read_until(master, seen, text, from);
  }
  /// The exit status, or -1 when the child is still running after `ticks` x 100 ms.
  int wait_exit(int ticks = 200) {
    char buf[4096];
    for (int i = 0; i < ticks; ++i) {
      int status = 0;
      if (waitpid(pid, &status, WNOHANG) == pid) {
        pid = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      pollfd p{master, POLLIN, 0};
      ssize_t n = poll(&p, 1, 100) > 0 ? read(master, buf, sizeof buf) : 0;
      if (n > 0)
        seen.append(buf, static_cast<size_t>(n));
      else
        usleep(50000);
    }
    return -1;
  }
};

/// A bocage-play child with pipes on both ends, for killing it mid-game.
struct Child {
  pid_t pid = -1;
  int to = -1, from = -1;
  std::string seen;

  explicit Child(const std::vector<std::string>& args) {
    int in[2], out[2];
    REQUIRE(pipe(in) == 0);
    REQUIRE(pipe(out) == 0);
    pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      unsetenv("LC_ALL");  // Japanese messages, as play() gives
      setenv("LC_MESSAGES", "ja_JP.UTF-8", 1);
      std::vector<char*> argv;
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to = in[1];
    from = out[0];
  }
  ~Child() {
    if (to >= 0) close(to);
    if (from >= 0) close(from);
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
  }
  void send(const std::string& line) {
    std::string s = line + "\n";
    REQUIRE(write(to, s.data(), s.size()) == static_cast<ssize_t>(s.size()));
  }
  /// Reads until `text` has been printed (or 20 s pass).
  bool wait_for(const std::string& text) { return read_until(from, seen, text); }
  int kill9() {
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    pid = -1;
    return status;
  }
};

}  // namespace bocage::test
