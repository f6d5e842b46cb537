// The session file on disk: one writer at a time, readers that never write,
// atomic creation, regular files only, bounded reading, strict headers.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "../scratch_dir.h"
#include "../text_helpers.h"

using bocage::test::slurp;
#include "companion/engine/session_file_io.h"
#include "companion/engine/session_log.h"

using namespace bocage;
using bocage::test::ScratchDir;

namespace {

using Files = std::vector<std::pair<std::string, std::string>>;

const SessionHeader kHeader{"stuart-vs-zombies", "0123456789abcdef", 42, "ja", {}};
const std::string kHead =
    "bocage-session 1\ngame g\ndigest d\nseed 1\nlang ja\noptions\ncmd roll\n";

}  // namespace

TEST_CASE("session file: one writer at a time, named with its process, and readers always") {
  ScratchDir dir(Files{});
  auto path = dir.root / "s.session";
  SessionError error;
  auto writer = SessionLog::create(path, kHeader, &error);
  REQUIRE(writer);
  CHECK_FALSE(SessionLog::open(path, &error));  // the lock is held from creation
  CHECK(error.line == 0);
  CHECK(error.message == "'" + path.string() + "' is in use by another bocage-play (process " +
                             std::to_string(getpid()) +
                             "); only one program at a time may play a session (bocage-play log "
                             "reads it meanwhile)");
  auto reader = SessionLog::read(path, &error);
  REQUIRE(reader);
  CHECK_FALSE(reader->append("roll", &error));
  CHECK_THAT(error.message, Catch::Contains("was opened only to be read"));
  CHECK(writer->append("roll", &error));
  writer.reset();  // closing the log releases the lock
  auto next = SessionLog::open(path, &error);
  REQUIRE(next);
  CHECK(next->commands() == std::vector<std::string>{"roll"});
}

TEST_CASE("session file: created whole under its name, never over an existing file or link") {
  ScratchDir dir(Files{{"taken.session", "mine\n"}});
  SessionError error;
  std::filesystem::create_symlink(dir.root / "elsewhere", dir.root / "link.session");
  CHECK_FALSE(SessionLog::create(dir.root / "taken.session", kHeader, &error));
  CHECK_THAT(error.message, Catch::Contains("already exists; a session is never overwritten"));
  CHECK(slurp(dir.root / "taken.session") == "mine\n");
  CHECK_FALSE(SessionLog::create(dir.root / "link.session", kHeader, &error));
  CHECK_FALSE(std::filesystem::exists(dir.root / "elsewhere"));
  REQUIRE(SessionLog::create(dir.root / "new.session", kHeader, &error));
  CHECK(slurp(dir.root / "new.session") ==
        "bocage-session 2\ngame stuart-vs-zombies\ndigest 0123456789abcdef\nseed 42\nlang "
        "ja\noptions\n");
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.root)) {
    ++files;
    CHECK(e.path().filename().string()[0] != '.');  // no temporary left
  }
  CHECK(files == 3);
  SessionHeader bad = kHeader;
  bad.lang = "xx";
  CHECK_FALSE(SessionLog::create(dir.root / "xx.session", bad, &error));
  CHECK(error.message == "the language must be ja or en, not 'xx'");
  CHECK_FALSE(std::filesystem::exists(dir.root / "xx.session"));
}

TEST_CASE("session file: FIFOs, devices and folders are refused without being read") {
  ScratchDir dir(Files{});
  auto fifo = dir.root / "f.session";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  SessionError error;
  auto opens = [&](const std::filesystem::path& path, bool write) {
    return write ? SessionLog::open(path, &error).has_value()
                 : SessionLog::read(path, &error).has_value();
  };
  for (bool write : {false, true}) {
    CHECK_FALSE(opens(fifo, write));
    CHECK(error.message ==
          "'" + fifo.string() + "' is a FIFO, not a session file (a regular file)");
    CHECK_FALSE(opens("/dev/zero", write));
    CHECK(error.message == "'/dev/zero' is a device, not a session file (a regular file)");
    CHECK_FALSE(opens(dir.root, write));
    CHECK_THAT(error.message, Catch::Contains("is a folder"));
  }
}

TEST_CASE("session file: larger than the limit is refused with bounded memory") {
  ScratchDir dir(Files{});
  auto path = dir.root / "big.session";
  {
    std::ofstream out(path, std::ios::binary);
    out << kHead;
    std::string line = "cmd status\n";
    for (size_t n = kHead.size(); n <= kMaxSessionBytes; n += line.size()) out << line;
  }
  SessionError error;
  CHECK_FALSE(SessionLog::read(path, &error));
  CHECK(error.message ==
        "'" + path.string() + "' is larger than 4 MiB, the most a session file may hold");
}

TEST_CASE("session file: strict header values and undo counts, with their line") {
  struct Case {
    std::string text;
    int line;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", 1, "is empty: not a Bocage session"},
      {"bocage-session 1\ngame g\ndigest d\nseed -1\nlang ja\n", 4,
       "the seed must be a whole number from 0 to 18446744073709551615, found '-1'"},
      {"bocage-session 1\ngame g\ndigest d\nseed 18446744073709551616\nlang ja\n", 4,
       "found '18446744073709551616'"},
      {"bocage-session 1\ngame g\ndigest d\nseed 1\nlang xx\n", 5,
       "the language must be ja or en, found 'xx'"},
      {kHead + "cmd undo 2\n", 8, "'undo 2' takes back 2 commands, but 1 count here"},
      {kHead + "cmd undo\ncmd undo\n", 9, "'undo' takes back 1 commands, but 0 count here"},
      {kHead + "cmd undo -1\n", 8, "expected \"undo\" or \"undo N\" with N at least 1"},
      {kHead + "cmd move 02" + std::string(1, '\0') + "06\n", 8,
       "column 12: a control character (U+0000 NUL)"},
  };
  ScratchDir dir(Files{});
  for (size_t i = 0; i < cases.size(); ++i) {
    auto path = dir.root / ("c" + std::to_string(i));
    std::ofstream(path, std::ios::binary) << cases[i].text;
    SessionError error;
    INFO(cases[i].text);
    CHECK_FALSE(SessionLog::open(path, &error));
    CHECK(error.line == cases[i].line);
    CHECK_THAT(error.message, Catch::Contains(cases[i].message));
    CHECK(slurp(path) == cases[i].text);
  }
  auto max = dir.root / "max";
  std::ofstream(max) << "bocage-session 1\ngame g\ndigest d\nseed 18446744073709551615\nlang en\n";
  SessionError error;
  auto log = SessionLog::read(max, &error);
  REQUIRE(log);
  CHECK(log->header().seed == UINT64_MAX);
}

TEST_CASE("session file: a last line without newline is left to the writer, which says so") {
  ScratchDir dir(Files{{"torn", kHead + "cmd mo"}, {"whole", kHead + "cmd move 0206"}});
  SessionError error;
  auto read = SessionLog::read(dir.root / "torn", &error);
  REQUIRE(read);
  CHECK(read->tail() == "cmd mo");
  CHECK(read->commands() == std::vector<std::string>{"roll"});
  read.reset();
  auto torn = SessionLog::open(dir.root / "torn", &error);
  REQUIRE(torn);
  CHECK(slurp(dir.root / "torn") == kHead + "cmd mo");  // opening writes nothing
  CHECK(torn->take_dropped_tail().empty());
  REQUIRE(torn->append("move 0205", &error));
  CHECK(torn->take_dropped_tail() == "cmd mo");
  CHECK(torn->take_dropped_tail().empty());
  CHECK(slurp(dir.root / "torn") == kHead + "cmd move 0205\n");

  auto whole = SessionLog::open(dir.root / "whole", &error);
  REQUIRE(whole);
  CHECK(whole->tail_command() == std::optional<std::string>("move 0206"));
  whole->keep_tail();
  CHECK(whole->commands() == std::vector<std::string>{"roll", "move 0206"});
  REQUIRE(whole->append("move 0205", &error));
  CHECK(whole->take_dropped_tail().empty());
  CHECK(slurp(dir.root / "whole") == kHead + "cmd move 0206\ncmd move 0205\n");
}

TEST_CASE("session file: a header line without its newline is the header's, never dropped") {
  const std::string head = "bocage-session 2\ngame stuart-vs-zombies\ndigest d\nseed 3\nlang en\n";
  ScratchDir dir(
      Files{{"options", head + "options virtual"}, {"lang", head.substr(0, head.size() - 1)}});
  SessionError error;
  auto log = SessionLog::open(dir.root / "options", &error);
  REQUIRE(log);
  CHECK(log->header().options == std::vector<std::string>{"virtual"});
  CHECK(log->tail().empty());
  REQUIRE(log->append("roll", &error));
  CHECK(log->take_dropped_tail().empty());  // nothing said dropped: nothing was
  CHECK(slurp(dir.root / "options") == head + "options virtual\ncmd roll\n");
  // The language line ending the file, likewise.
  auto lang = SessionLog::open(dir.root / "lang", &error);
  REQUIRE(lang);
  CHECK(lang->header().lang == "en");
  REQUIRE(lang->append("roll", &error));
  CHECK(slurp(dir.root / "lang") == head + "cmd roll\n");
}

TEST_CASE("session file: CRLF lines and a byte order mark are read as the file means them") {
  ScratchDir dir(Files{{"crlf",
                        "\xEF\xBB\xBF"
                        "bocage-session 2\r\ngame g\r\ndigest d\r\nseed 3\r\nlang en\r\n"
                        "options virtual\r\ncmd roll\r\ncmd move 0205\r\n"}});
  SessionError error;
  auto log = SessionLog::read(dir.root / "crlf", &error);
  INFO(error.message);
  REQUIRE(log);
  CHECK(log->header().game == "g");
  CHECK(log->header().options == std::vector<std::string>{"virtual"});
  CHECK(log->commands() == std::vector<std::string>{"roll", "move 0205"});
}
