#include "companion/engine/session_log.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "../scratch_dir.h"
#include "../text_helpers.h"

using bocage::test::slurp;

using namespace bocage;
using bocage::test::ScratchDir;

namespace {

const SessionHeader kHeader{"stuart-vs-zombies", "0123456789abcdef", 42, "ja", {}};

}  // namespace

TEST_CASE("a session log keeps its header and every command across reopening") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{});
  auto path = dir.root / "s.bocage";
  SessionError error;
  {
    auto log = SessionLog::create(path, kHeader, &error);
    REQUIRE(log);
    CHECK(log->append("roll", &error));
    CHECK(log->append("move 0302", &error));
    CHECK_FALSE(log->append("two\nlines", &error));
  }
  auto again = SessionLog::open(path, &error);
  INFO(error.message);
  REQUIRE(again);
  CHECK(again->header().game == "stuart-vs-zombies");
  CHECK(again->header().seed == 42);
  CHECK(again->header().digest == "0123456789abcdef");
  CHECK(again->commands() == std::vector<std::string>{"roll", "move 0302"});
  CHECK(again->append("undo", &error));
  CHECK(SessionLog::read(path, &error)->commands().size() == 3);
}

TEST_CASE(
    "an existing file is never overwritten, foreign and corrupt files are errors and stay as they "
    "are") {
  ScratchDir dir(
      {{"foreign.txt", "hello\n"},
       {"corrupt.bocage",
        "bocage-session 1\ngame g\ndigest d\nseed 1\nlang ja\ncmd roll\nnot a command\n"},
       {"badseed.bocage", "bocage-session 1\ngame g\ndigest d\nseed many\nlang ja\n"}});
  SessionError error;
  CHECK_FALSE(SessionLog::create(dir.root / "foreign.txt", kHeader, &error));
  CHECK_THAT(error.message, Catch::Contains("never overwritten"));
  CHECK(slurp(dir.root / "foreign.txt") == "hello\n");
  CHECK_FALSE(SessionLog::open(dir.root / "foreign.txt", &error));
  CHECK(error.line == 1);
  CHECK_THAT(error.message, Catch::Contains("is not a Bocage session"));
  CHECK(slurp(dir.root / "foreign.txt") == "hello\n");
  const std::string corrupt = slurp(dir.root / "corrupt.bocage");
  CHECK_FALSE(SessionLog::open(dir.root / "corrupt.bocage", &error));
  CHECK(error.line == 7);
  CHECK_THAT(error.message, Catch::Contains("expected \"cmd ...\", found 'not a command'"));
  CHECK(slurp(dir.root / "corrupt.bocage") == corrupt);
  CHECK_FALSE(SessionLog::open(dir.root / "badseed.bocage", &error));
  CHECK(error.line == 4);
  CHECK_FALSE(SessionLog::open(dir.root / "missing.bocage", &error));
}

TEST_CASE("a last line cut short by a crash was never acknowledged and is dropped") {
  using Files = std::vector<std::pair<std::string, std::string>>;
  ScratchDir dir(Files{
      {"cut.bocage", "bocage-session 1\ngame g\ndigest d\nseed 1\nlang ja\ncmd roll\ncmd mo"}});
  SessionError error;
  auto log = SessionLog::open(dir.root / "cut.bocage", &error);
  REQUIRE(log);
  CHECK(log->commands() == std::vector<std::string>{"roll"});
  CHECK(log->append("move 0303", &error));
  CHECK(SessionLog::read(dir.root / "cut.bocage", &error)->commands() ==
        std::vector<std::string>{"roll", "move 0303"});
}

TEST_CASE("undo takes back the last commands that count, the log keeps everything") {
  CHECK(effective_commands({"a", "b", "c", "undo"}) == std::vector<std::string>{"a", "b"});
  CHECK(effective_commands({"a", "b", "c", "undo 2", "d"}) == std::vector<std::string>{"a", "d"});
  CHECK(effective_commands({"a", "undo", "undo"}).empty());
  CHECK(effective_commands({"a", "b", "undo", "c", "undo"}) == std::vector<std::string>{"a"});
}

TEST_CASE("killed with SIGKILL mid-game, the session loses no acknowledged command") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{});
  auto path = dir.root / "kill.bocage";
  SessionError error;
  REQUIRE(SessionLog::create(path, kHeader, &error));
  int pipefd[2];
  REQUIRE(pipe(pipefd) == 0);
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    close(pipefd[0]);
    SessionError e;
    auto log = SessionLog::open(path, &e);
    for (int k = 1; log; ++k) {
      if (!log->append("roll " + std::to_string(k), &e)) _exit(1);
      // Acknowledge only once the command is durable, as the shell prints a result.
      if (write(pipefd[1], &k, sizeof k) != sizeof k) _exit(1);
    }
    _exit(1);
  }
  close(pipefd[1]);
  int acknowledged = 0, k = 0;
  while (acknowledged < 200 && read(pipefd[0], &k, sizeof k) == sizeof k) acknowledged = k;
  kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  close(pipefd[0]);
  CHECK(WIFSIGNALED(status));
  auto log = SessionLog::open(path, &error);
  INFO(error.message);
  REQUIRE(log);
  REQUIRE(static_cast<int>(log->commands().size()) >= acknowledged);
  for (size_t i = 0; i < log->commands().size(); ++i)
    CHECK(log->commands()[i] == "roll " + std::to_string(i + 1));
}

TEST_CASE("the data digest changes when the data does") {
  ScratchDir dir({{"g/game.toml", "a"}, {"g/deck.toml", "b"}});
  std::string before = data_digest(dir.root / "g");
  CHECK(before.size() == 16);
  CHECK(data_digest(dir.root / "g") == before);
  std::ofstream(dir.root / "g" / "deck.toml") << "c";
  CHECK(data_digest(dir.root / "g") != before);
}

TEST_CASE("a session file's errors are said in the language asked, English unless told") {
  ScratchDir dir({{"empty.bocage", ""},
                  {"undo.bocage",
                   "bocage-session 2\ngame g\ndigest d\nseed 1\nlang ja\n"
                   "options\ncmd roll\ncmd undo 3\n"}});
  SessionError error;
  CHECK_FALSE(SessionLog::open(dir.root / "empty.bocage", &error, Lang::ja));
  CHECK(error.line == 1);
  CHECK(error.message == "「" + (dir.root / "empty.bocage").string() +
                             "」は空です。Bocage のセッションではありません"
                             "（セッションは \"bocage-session 2\" で始まります）");
  CHECK_FALSE(SessionLog::read(dir.root / "undo.bocage", &error, Lang::ja));
  CHECK(error.line == 8);
  CHECK(error.message ==
        "「undo 3」は 3 個のコマンドを取り消しますが、ここまでに数えるのは 1 個です"
        "（入力されたなら拒否されます）");
  CHECK_FALSE(SessionLog::read(dir.root / "undo.bocage", &error));
  CHECK(error.message ==
        "'undo 3' takes back 3 commands, but 1 count here (typed, it would be refused)");
  CHECK_FALSE(SessionLog::create(dir.root / "empty.bocage", kHeader, &error, Lang::ja));
  CHECK_THAT(error.message,
             Catch::Contains("」はすでにあります。セッションを上書きすることはありません"));
  CHECK_FALSE(SessionLog::read(dir.root, &error, Lang::ja));
  CHECK_THAT(
      error.message,
      Catch::Contains("」はフォルダーで、セッションのファイル（通常のファイル）ではありません"));
}
