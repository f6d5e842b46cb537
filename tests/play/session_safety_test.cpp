// End to end: a session file in the hands of several processes, kills and bad
// files: a second writer is refused, readers never write, `new` is atomic,
// bad files and bad input are clear errors.
#include <sys/inotify.h>
#include <sys/stat.h>

#include <chrono>
#include <cstring>

#include "play_process.h"

using namespace bocage::test;

namespace {

const std::string kFixtures = std::string(BOCAGE_FIXTURES) + "/sessions/";

std::string q(const fs::path& p) {
  return "'" + p.string() + "'";
}

/// A session played to AP 4 then "move 0205", in `home`/game.session.
fs::path started_session(const fs::path& home) {
  fs::path file = home / "game.session";
  Run r = play("new stuart-vs-zombies --manual-dice --seed 5 --session " + q(file),
               "roll -- 4\nmove 0205\n", home);
  REQUIRE(r.status == 0);
  return file;
}

}  // namespace

TEST_CASE("bocage-play: a second writer is refused at once while a shell plays the session") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = started_session(home.root);
  Child shell({BOCAGE_PLAY, "resume", file.string(), "--data", kData, "--lang", "en"});
  REQUIRE(shell.wait_for("M5: 0205"));  // resumed: the lock is held from here on
  const std::string before = slurp(file);

  auto t0 = std::chrono::steady_clock::now();
  Run second = play("exec " + q(file) + " move 0204 --lang en", "", home.root);
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20));  // never waits
  INFO(second.err);
  CHECK(second.status == 3);
  CHECK(contains(second.err, "'" + file.string() + "' is in use by another bocage-play (process " +
                                 std::to_string(shell.pid) + ")"));
  CHECK(play("resume " + q(file), "move 0204\n", home.root).status == 3);
  CHECK(slurp(file) == before);

  // Reading is fine meanwhile, and writes nothing.
  Run status = play("exec " + q(file) + " status --lang en", "", home.root);
  CHECK(status.status == 0);
  CHECK(contains(status.out, "M5: 0205"));
  CHECK(play_plain("log " + q(file), home.root).status == 0);
  CHECK(slurp(file) == before);

  // The shell still plays, and once it has left the next writer may.
  shell.send("move 0204");
  REQUIRE(shell.wait_for("→ 0204"));
  shell.send("quit");
  int exit_status = 0;
  waitpid(shell.pid, &exit_status, 0);
  shell.pid = -1;
  CHECK(play("exec " + q(file) + " move 0205", "", home.root).status == 0);
}

TEST_CASE("bocage-play: six execs at once on one session never interleave") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = started_session(home.root);
  for (int round = 0; round < 5; ++round) {
    // Each round, six processes race to move the M5 back to 0206 or on to 0205.
    const std::string target = round % 2 == 0 ? "0206" : "0205";
    std::string script = "cd " + q(home.root) +
                         " && for i in 1 2 3 4 5 6; do (env NO_COLOR=1 LC_ALL=C '" + BOCAGE_PLAY +
                         "' exec " + q(file) + " move " + target + " --data '" + kData +
                         "' </dev/null >out$i 2>err$i; echo $? >rc$i) & done; wait";
    REQUIRE(std::system(script.c_str()) == 0);
    int done = 0;
    for (int i = 1; i <= 6; ++i) {
      std::string rc = slurp(home.root / ("rc" + std::to_string(i)));
      std::string err = slurp(home.root / ("err" + std::to_string(i)));
      INFO("round " << round << " exec " << i << ": " << rc << err);
      // Done, refused by the rules (already there), or refused the lock.
      CHECK((rc == "0\n" || rc == "1\n" || rc == "3\n"));
      if (rc == "3\n") CHECK(contains(err, "is in use by another bocage-play"));
      done += rc == "0\n";
    }
    CHECK(done <= 1);
    Run r = play("resume " + q(file) + " --lang en", "status\n", home.root);
    INFO(r.err);
    REQUIRE(r.status == 0);  // every command in the log replays
    // Moves are 1 AP; after the round, the M5 stands where the last done move put it.
  }
  Run log = play_plain("log " + q(file), home.root);
  CHECK(log.status == 0);
}

TEST_CASE("bocage-play: twenty new sessions started at once each get a file of their own") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  std::string script =
      "cd " + q(home.root) + " && for i in $(seq 20); do (env NO_COLOR=1 LC_ALL=C " +
      "XDG_DATA_HOME=" + q(home.root) + " '" + BOCAGE_PLAY + "' new omaha-beach --data '" + kData +
      "' </dev/null >out$i 2>err$i; echo $? >rc$i) & done; wait";
  REQUIRE(std::system(script.c_str()) == 0);
  for (int i = 1; i <= 20; ++i) {
    INFO(i << ": " << slurp(home.root / ("err" + std::to_string(i))));
    CHECK(slurp(home.root / ("rc" + std::to_string(i))) == "0\n");
  }
  int files = 0;
  for (const auto& e : fs::directory_iterator(home.root / "bocage" / "sessions"))
    files += e.path().extension() == ".session";
  CHECK(files == 20);
}

TEST_CASE("bocage-play: log, list and a reading exec never change the file, even its last line") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = started_session(home.root);
  {
    std::ofstream out(file, std::ios::app);
    out << "cmd move 0206";  // a whole command without its newline (a hand edit)
  }
  const std::string before = slurp(file);
  Run log = play_plain("log " + q(file), home.root);
  CHECK(log.status == 0);
  CHECK(contains(log.out, "cmd move 0206   (no newline"));
  CHECK(play_plain("list --data '" + kData + "'", home.root).status == 0);
  Run status = play("exec " + q(file) + " status --lang en", "", home.root);
  CHECK(status.status == 0);
  CHECK(contains(status.out, "M5: ★ (0206)"));  // the whole command counts
  CHECK(slurp(file) == before);

  // A writer keeps the whole command, completing its line.
  Run moved = play("exec " + q(file) + " move 0205 --lang en", "", home.root);
  CHECK(moved.status == 0);
  CHECK(contains(slurp(file), "cmd move 0205\ncmd move 0206\ncmd move 0205\n"));
  CHECK_FALSE(contains(moved.out, "Dropped"));

  // A line cut short is left alone by readers, dropped by the next writer, which says so.
  {
    std::ofstream out(file, std::ios::app);
    out << "cmd mo";
  }
  const std::string torn = slurp(file);
  CHECK(play("exec " + q(file) + " history", "", home.root).status == 0);
  CHECK(play_plain("log " + q(file), home.root).status == 0);
  CHECK(slurp(file) == torn);
  Run writer = play("exec " + q(file) + " move 0204 --lang en", "", home.root);
  CHECK(writer.status == 0);
  CHECK(contains(writer.out,
                 "Dropped the log's last line, cut short before its newline (it was never "
                 "acknowledged): cmd mo\n"));
  CHECK(contains(slurp(file), "cmd move 0205\ncmd move 0204\n"));
  CHECK_FALSE(contains(slurp(file), "cmd mo\n"));
}

TEST_CASE("bocage-play new: the session file appears complete, never empty") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path dir = home.root / "sessions";
  fs::create_directories(dir);
  int watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  REQUIRE(watch >= 0);
  REQUIRE(inotify_add_watch(watch, dir.c_str(), IN_CREATE | IN_MODIFY | IN_MOVED_TO) >= 0);
  fs::path file = dir / "g.session";
  REQUIRE(play("new stuart-vs-zombies --session " + q(file), "", home.root).status == 0);
  // A kill at any moment leaves no file or a whole header exactly when the
  // file is never written under its own name: it is renamed (or linked) in whole.
  alignas(inotify_event) char buf[65536];
  bool appeared_whole = false, written_in_place = false;
  for (ssize_t n; (n = read(watch, buf, sizeof buf)) > 0;) {
    for (char* p = buf; p < buf + n;) {
      auto* e = reinterpret_cast<inotify_event*>(p);
      if (e->len && std::string(e->name) == "g.session") {
        if (e->mask & IN_MODIFY) written_in_place = true;
        if (e->mask & (IN_MOVED_TO | IN_CREATE)) appeared_whole = !written_in_place;
      }
      p += sizeof(inotify_event) + e->len;
    }
  }
  close(watch);
  CHECK(appeared_whole);
  CHECK_FALSE(written_in_place);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    ++files;
    CHECK(e.path().filename() == "g.session");  // no temporary left behind
  }
  CHECK(files == 1);
}

TEST_CASE("bocage-play new killed at any moment: a plain resume still works") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  setenv("XDG_DATA_HOME", home.root.c_str(), 1);  // inherited by the children
  for (int k = 0; k < 12; ++k) {
    Child c({BOCAGE_PLAY, "new", "stuart-vs-zombies", "--manual-dice", "--data", kData});
    usleep(static_cast<useconds_t>(k * 15000));
    c.kill9();
  }
  unsetenv("XDG_DATA_HOME");
  // Whatever the kills left: no session, or whole ones that resume.
  Run r = play("resume", "", home.root);
  INFO(r.err);
  CHECK((r.status == 0 || r.status == 2));
  CHECK_FALSE(contains(r.err, "is empty"));
  fs::path dir = home.root / "bocage" / "sessions";
  if (fs::exists(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".session")
        CHECK(play_plain("log " + q(e.path()), home.root).status == 0);
}

TEST_CASE(
    "bocage-play: bad session files are refused with file:line and exit 3, left as they are") {
  struct Bad {
    const char* file;
    std::string message;  // after PATH, before "error: " is inserted
  };
  const std::vector<Bad> bad = {
      {"empty.session", ":1: '{}' is empty: not a Bocage session"},
      {"foreign.session", ":1: '{}' is not a Bocage session"},
      {"seed-negative.session",
       ":4: the seed must be a whole number from 0 to 18446744073709551615, found '-1'"},
      {"seed-too-big.session",
       ":4: the seed must be a whole number from 0 to 18446744073709551615, found "
       "'18446744073709551616'"},
      {"seed-not-a-number.session", ":4: the seed must be a whole number"},
      {"lang-unknown.session", ":5: the language must be ja or en, found 'xx'"},
      {"missing-game.session", ":2: expected \"game ...\" in the session header"},
      {"undo-too-many.session",
       ":9: 'undo 50' takes back 50 commands, but 2 count here (typed, it would be refused)"},
      {"undo-zero.session",
       ":7: expected \"undo\" or \"undo N\" with N at least 1, found 'undo 0'"},
      {"nul-in-command.session", ":8: column 12: a control character (U+0000 NUL)"},
      {"escape-in-command.session",
       ":8: column 10: a control character (U+001B ESC, the start of a terminal escape sequence)"},
      {"not-utf8.session", ":8: column 10: the byte \\xFF is not UTF-8 text"},
      {"line-too-long.session", ":7: the line is longer than 4096 bytes, the most that is read"},
      {"not-a-command.session", ":8: expected \"cmd ...\", found 'move 0205'"},
      {"empty-command.session", ":7: expected \"cmd ...\", found 'cmd '"},
  };
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  for (const auto& b : bad) {
    const fs::path fixture = kFixtures + b.file;
    const fs::path copy = home.root / b.file;
    fs::copy_file(fixture, copy, fs::copy_options::overwrite_existing);
    std::string message = b.message;
    if (auto at = message.find("{}"); at != std::string::npos)
      message.replace(at, 2, copy.string());
    // FILE:LINE: error: message, as bocage-gen and compilers write a file's diagnostics.
    message.insert(message.find(": ") + 2, "error: ");
    const std::string expected = copy.string() + message;
    for (std::string how : {"log ", "resume ", "exec ", "exec-status "}) {
      Run r = how == "log "      ? play_plain("log " + q(copy), home.root)
              : how == "resume " ? play("resume " + q(copy), "status\n", home.root, kEnglishLocale)
              : how == "exec "
                  ? play("exec " + q(copy) + " move 0205", "", home.root, kEnglishLocale)
                  : play("exec " + q(copy) + " status", "", home.root, kEnglishLocale);
      INFO(b.file << " with " << how << ": " << r.err);
      CHECK(r.status == 3);
      CHECK(contains(r.err, expected));
      CHECK(r.err.find('\x1b') == std::string::npos);  // never a raw control byte
      CHECK(slurp(copy) == slurp(fixture));
    }
  }
  CHECK(bad.size() >= 12);
}

TEST_CASE("bocage-play: a FIFO, a device or a huge file as the session is refused, never read") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path fifo = home.root / "fifo.session";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  fs::path zero = home.root / "zero.session";
  fs::create_symlink("/dev/zero", zero);
  fs::path huge = home.root / "huge.session";
  {
    std::ofstream out(huge, std::ios::binary);
    out << "bocage-session 1\ngame stuart-vs-zombies\ndigest 0\nseed 1\nlang ja\noptions\n";
    for (int i = 0; i < 500000; ++i) out << "cmd status\n";  // 5.5 MB
  }
  // `timeout` turns a hang (the old FIFO) into a failure instead of a stuck test.
  const std::string limit = "NO_COLOR=1 LC_ALL=C timeout 60";
  for (std::string how : {"resume ", "log ", "exec "}) {
    const std::string tail = how == "exec " ? " status" : "";
    Run f = play(how + q(fifo) + tail, "", home.root, limit, how != "log ");
    CHECK(f.status == 3);
    CHECK(
        contains(f.err, "'" + fifo.string() + "' is a FIFO, not a session file (a regular file)"));
    Run z = play(how + q(zero) + tail, "", home.root, limit, how != "log ");
    CHECK(z.status == 3);
    CHECK(contains(z.err, "'" + zero.string() + "' is a device, not a session file"));
    Run h = play(how + q(huge) + tail, "", home.root, limit, how != "log ");
    CHECK(h.status == 3);
    CHECK(contains(h.err, "is larger than 4 MiB, the most a session file may hold"));
  }
  // A symlink to a real session is fine: the user named it.
  fs::path file = started_session(home.root);
  fs::path link = home.root / "link.session";
  fs::create_symlink(file, link);
  CHECK(play("exec " + q(link) + " move 0206", "", home.root).status == 0);
}

TEST_CASE("bocage-play: seeds out of range are refused on the command line, not clamped") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  for (std::string seed : {"-1", "18446744073709551616", "99999999999999999999999", "1e3"}) {
    Run n = play("new stuart-vs-zombies --seed " + seed, "", home.root);  // a Japanese locale
    INFO(seed << ": " << n.err);
    CHECK(n.status == 2);
    CHECK(contains(n.err, "シードは 0 から 18446744073709551615 までの整数です。「" + seed +
                              "」は使えません"));
    Run r = play_plain("roll 2d6 --seed " + seed, home.root);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "a seed is a whole number from 0 to 18446744073709551615"));
  }
  CHECK_FALSE(fs::exists(home.root / "bocage" / "sessions"));  // nothing was created
  fs::path file = home.root / "max.session";
  CHECK(
      play("new stuart-vs-zombies --seed 18446744073709551615 --session " + q(file), "", home.root)
          .status == 0);
  CHECK(contains(slurp(file), "\nseed 18446744073709551615\n"));
}

TEST_CASE("bocage-play: a 10 MB line is refused at once, with bounded memory") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = started_session(home.root);
  std::string huge(10 * 1024 * 1024, 'x');
  auto t0 = std::chrono::steady_clock::now();
  // Address space capped at 2 GB beyond what the sanitizer reserves would be
  // fragile; the time says the did-you-mean search did not run on it.
  Run r = play("resume " + q(file) + " --lang en", huge + "\nstatus\n", home.root);
  auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(seconds < 15);
  CHECK(r.status == 1);
  CHECK(contains(r.out, "Cannot read this line: the line is longer than 4096 bytes"));
  CHECK(contains(r.out, "M5: 0205"));  // the next line still runs
  CHECK(r.out.size() < 10000);         // the echo shows only the start of the line
  // A long unknown command within the limit gets its answer at once too.
  std::string word(4000, 'm');
  Run exec = play("exec " + q(file) + " " + word + " --lang en", "", home.root);
  CHECK(exec.status == 1);
  CHECK(contains(exec.out, "unknown command"));
}

TEST_CASE(
    "bocage-play: full-width input (a Japanese IME) is read in NFKC, control bytes never echoed") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = home.root / "g.session";
  Run r = play("new stuart-vs-zombies --manual-dice --lang en --session " + q(file),
               "ｒｏｌｌ　－－　４\nｍｏｖｅ　０２０５\n\x1b[2Jmove 0204\n", home.root);
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(contains(slurp(file), "cmd roll -- 4\ncmd move 0205\n"));
  CHECK(contains(r.out, "M5: ★ (0206) → 0205"));
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK(contains(r.out, "\\x1B[2Jmove 0204"));  // echoed visibly
  CHECK(contains(r.out, "Cannot read this line: column 1: a control character (U+001B ESC"));
  CHECK_FALSE(contains(slurp(file), "0204"));
}

TEST_CASE("bocage-play roll: full-width dice, numbers too large, carets, control bytes") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run wide = play_plain("roll ２ｄ６ --seed 1", home.root);
  Run ascii = play_plain("roll 2d6 --seed 1", home.root);
  CHECK(wide.status == 0);
  CHECK(wide.out == ascii.out);
  CHECK(contains(wide.out, "2d6: ["));
  Run big = play_plain("roll 99999999999d6", home.root);
  CHECK(big.status == 2);
  CHECK(big.err ==
        "error: 99999999999d6\n       ^ column 1: the number is too large: at most 1000000\n");
  Run many = play_plain("roll 1000000d6", home.root);
  CHECK(many.status == 2);
  CHECK(many.err == "error: 1000000d6\n       ^ column 1: at most 1000 dice in one roll\n");
  Run sum = play_plain("roll 600d6+600d6", home.root);
  CHECK(sum.err == "error: 600d6+600d6\n             ^ column 7: at most 1000 dice in one roll\n");
  // The caret stands under the character, Japanese ones being two columns wide.
  Run after_label = play_plain("roll '2d6 \"士気\" x'", home.root);
  CHECK(after_label.err == "error: 2d6 \"士気\" x\n" + std::string(18, ' ') +
                               "^ column 10: unexpected 'x': expected +, - or a \"label\"\n");
  Run kanji = play_plain("roll '2d6 士'", home.root);
  CHECK(kanji.err ==
        "error: 2d6 士\n           ^ column 5: unexpected '士': expected +, - or a \"label\"\n");
  Run escape = play_plain("roll '2d6 \"\x1b[31mred\"'", home.root);
  CHECK(escape.status == 2);
  CHECK(escape.err.find('\x1b') == std::string::npos);
  CHECK(contains(escape.err, "column 6: a control character (U+001B ESC"));
}

TEST_CASE("bocage-play: a sessions folder that loops or is a file is said and never aborts") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{{"file", "x"}});
  fs::create_symlink(dir.root / "loop-b", dir.root / "loop-a");
  fs::create_symlink(dir.root / "loop-a", dir.root / "loop-b");
  for (const fs::path& home : {dir.root / "loop-a", dir.root / "file"}) {
    INFO(home);
    Run r = play("new stuart-vs-zombies --lang en", "quit\n", home, kEnglishLocale);
    CHECK(r.status == 3);
    CHECK(contains(r.err, "error: cannot"));
    CHECK_FALSE(contains(r.err, "terminate called"));
    for (const char* command : {"list --lang en", "resume --lang en", "log --lang en"}) {
      Run other = play(command, "", home, kEnglishLocale, std::string(command) == "list --lang en");
      CHECK_FALSE(contains(other.err, "terminate called"));
      CHECK(other.status != 134);  // not an abort
    }
  }
}

TEST_CASE("bocage-play: a relative XDG_DATA_HOME is ignored as the specification says") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{});
  const std::string env = std::string(kEnglishLocale) + " HOME='" + dir.root.string() + "'";
  Run r = run_command("cd '" + dir.root.string() + "' && env -u LC_ALL XDG_DATA_HOME=relative " +
                          env + " '" + BOCAGE_PLAY + "' new stuart-vs-zombies --lang en --data '" +
                          kData + "'",
                      "quit\n");
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK_FALSE(fs::exists(dir.root / "relative"));
  bool saved = false;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir.root / ".local/share/bocage/sessions", ec))
    saved = saved || e.path().extension() == ".session";
  CHECK(saved);
}
