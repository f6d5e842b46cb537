#include "line_source.h"

#include <editline/readline.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "companion/text/input_text.h"

namespace bocage {

namespace {

// libedit's completion hooks are plain C functions: they reach the completer
// of the one terminal source through these.
Completer* g_completer = nullptr;
std::vector<std::string> g_matches;

// Set by Ctrl-C (SIGINT) while the terminal source lives.
volatile std::sig_atomic_t g_interrupted = 0;

void on_interrupt(int) {
  g_interrupted = 1;
}

/// One byte of the terminal, or -1 at its end, on an error, or after Ctrl-C.
/// SIGINT is let in only while waiting for a key (ppoll), so a Ctrl-C that
/// comes while libedit redraws the line is not lost until the next key.
int read_byte(FILE* in) {
  unsigned char c = 0;
  sigset_t sigint, waiting;
  sigemptyset(&sigint);
  sigaddset(&sigint, SIGINT);
  while (true) {
    pthread_sigmask(SIG_BLOCK, &sigint, &waiting);
    if (g_interrupted) {
      pthread_sigmask(SIG_SETMASK, &waiting, nullptr);
      return -1;
    }
    pollfd ready{fileno(in), POLLIN, 0};
    const int polled = ppoll(&ready, 1, nullptr, &waiting);
    pthread_sigmask(SIG_SETMASK, &waiting, nullptr);
    if (polled < 0) {
      if (errno == EINTR && !g_interrupted) continue;
      return -1;
    }
    const ssize_t n = ::read(fileno(in), &c, 1);
    if (n == 1) return c;
    if (n < 0 && errno == EINTR && !g_interrupted) continue;
    return -1;
  }
}

/// libedit's read of one character (a code point from UTF-8), except that
/// Ctrl-C ends the line at once, as an end of input that read() tells from
/// Ctrl-D; libedit's own read tries again after a first interruption.
int interruptible_getc(FILE* in) {
  const int first = read_byte(in);
  if (first < 0x80) return first;  // ASCII, or -1
  const int more = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : first >= 0xC0 ? 1 : 0;
  if (more == 0) return 0xFFFD;  // a stray continuation byte
  int code = first & (0x3F >> more);
  for (int i = 0; i < more; ++i) {
    const int next = read_byte(in);
    if (next < 0) return -1;
    if ((next & 0xC0) != 0x80) return 0xFFFD;
    code = (code << 6) | (next & 0x3F);
  }
  return code;
}

char* next_match(const char* /*text*/, int state) {
  static size_t i = 0;
  if (state == 0) i = 0;
  if (i >= g_matches.size()) return nullptr;
  return strdup(g_matches[i++].c_str());
}

char** complete(const char* text, int start, int /*end*/) {
  rl_attempted_completion_over = 1;
  g_matches.clear();
  if (!g_completer) return nullptr;
  std::istringstream before(std::string(rl_line_buffer, static_cast<size_t>(start)));
  std::vector<std::string> words;
  for (std::string w; before >> w;) words.push_back(w);
  const std::string prefix = text;
  for (auto& c : (*g_completer)(words))
    if (c.rfind(prefix, 0) == 0) g_matches.push_back(c);
  if (g_matches.empty()) return nullptr;
  return rl_completion_matches(text, next_match);
}

class TerminalSource final : public LineSource {
 public:
  TerminalSource(Completer completer, std::filesystem::path history)
      : completer_(std::move(completer)), history_(std::move(history)) {
    // libedit reads and shows characters by LC_CTYPE: UTF-8, whatever the
    // process locale (which decides nothing else here), or Japanese typed at
    // the terminal would be dropped. Before anything initialises libedit
    // (the history calls do).
    const char* ctype = std::setlocale(LC_CTYPE, nullptr);
    old_ctype_ = ctype ? ctype : "C";
    if (!std::setlocale(LC_CTYPE, "C.UTF-8")) std::setlocale(LC_CTYPE, "C.utf8");
    rl_getc_function = interruptible_getc;
    g_completer = &completer_;
    rl_attempted_completion_function = complete;
    stifle_history(1000);
    if (!history_.empty()) read_history(history_.c_str());
    // Without SA_RESTART: the terminal's read() is interrupted, so readline
    // returns at once and the prompt is given again.
    struct sigaction on_int {};
    on_int.sa_handler = on_interrupt;
    sigemptyset(&on_int.sa_mask);
    sigaction(SIGINT, &on_int, &old_int_);
  }
  ~TerminalSource() override {
    sigaction(SIGINT, &old_int_, nullptr);
    std::setlocale(LC_CTYPE, old_ctype_.c_str());
    g_completer = nullptr;
  }

  bool interactive() const override { return true; }

  std::optional<std::string> read(const std::string& prompt) override {
    char* line = nullptr;
    while (true) {
      g_interrupted = 0;
      line = readline(prompt.c_str());
      if (line && g_interrupted) {
        std::free(line);  // a line cut short by Ctrl-C is dropped
        line = nullptr;
      }
      if (line) break;
      // End of input (Ctrl-D) or Ctrl-C: the next prompt, ours or the
      // user's shell's, starts on a line of its own.
      std::fputs("\n", stdout);
      std::fflush(stdout);
      if (!g_interrupted) return std::nullopt;
    }
    std::string s = line;
    std::free(line);
    if (s.find_first_not_of(" \t") != std::string::npos) {
      add_history(s.c_str());
      // Written at once, so a killed shell keeps its history too.
      if (!history_.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(history_.parent_path(), ec);
        write_history(history_.c_str());
      }
    }
    return s;
  }

 private:
  Completer completer_;
  std::filesystem::path history_;
  struct sigaction old_int_ {};
  std::string old_ctype_;
};

class StreamSource final : public LineSource {
 public:
  StreamSource(std::istream& in, std::ostream& echo) : in_(in), echo_(echo) {}

  std::optional<std::string> read(const std::string& prompt) override {
    std::string line;
    bool too_long = false;
    while (next_line(line, too_long)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      size_t first = line.find_first_not_of(" \t");
      if (first == std::string::npos || line[first] == '#') continue;
      // Echoed without raw control bytes; a line too long shows its start.
      echo_ << prompt << printable(too_long ? line.substr(0, 80) + "..." : line) << "\n";
      return line;
    }
    return std::nullopt;
  }

 private:
  /// The next line, with memory bounded: of a longer line only the first
  /// kMaxInputLineBytes + 1 bytes are kept (enough to be refused as too long).
  bool next_line(std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    std::streambuf* in = in_.rdbuf();
    bool any = false;
    for (int c; (c = in->sbumpc()) != std::char_traits<char>::eof();) {
      any = true;
      if (c == '\n') return true;
      if (line.size() <= kMaxInputLineBytes)
        line.push_back(static_cast<char>(c));
      else
        too_long = true;
    }
    return any;
  }

 public:
 private:
  std::istream& in_;
  std::ostream& echo_;
};

}  // namespace

std::unique_ptr<LineSource> terminal_source(Completer completer,
                                            const std::filesystem::path& history_file) {
  return std::make_unique<TerminalSource>(std::move(completer), history_file);
}

std::unique_ptr<LineSource> stream_source(std::istream& in, std::ostream& echo) {
  return std::make_unique<StreamSource>(in, echo);
}

}  // namespace bocage
