// End to end: what `bocage-gen build` does when writing goes wrong: a full
// disk (a file size limit), a signal in the middle of a build, temporaries a
// killed build left behind, ids that would lead out of --out.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <fstream>
#include <thread>

#include "../text_helpers.h"
#include "core/game_loader.h"
#include "pdf_probe.h"

using namespace bocage;
using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> temporaries_under(const fs::path& root) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(root, ec))
    if (contains(e.path().filename().string(), ".tmp-")) out.push_back(e.path());
  return out;
}

}  // namespace

TEST_CASE("a full disk: each file that cannot be written is reported, none is left truncated") {
  TempDir out, logs, sizes;
  // RLIMIT_FSIZE makes write(2) fail past the limit (EFBIG) as a full disk does (ENOSPC); with
  // SIGXFSZ ignored the write returns the error instead of killing bocage-gen. The limit lies
  // between the second and third largest of the five PDFs (measured by a build without it), so
  // three are written whole and two cannot be, whatever the PDFs weigh today.
  REQUIRE(
      run_gen("build endless-patrol " + kRoots + " --out '" + sizes.path.string() + "'").status ==
      0);
  std::vector<uintmax_t> weights;
  for (const auto& e : fs::directory_iterator(sizes.path / "endless-patrol"))
    weights.push_back(fs::file_size(e.path()));
  REQUIRE(weights.size() == 5);
  std::sort(weights.begin(), weights.end());
  const uintmax_t blocks = (weights[2] + weights[3]) / 2 / 512;  // ulimit -f counts 512 bytes
  REQUIRE(blocks * 512 > weights[2]);
  REQUIRE(blocks * 512 < weights[3]);
  std::string cmd = "trap '' XFSZ; ulimit -f " + std::to_string(blocks) + "; exec '" +
                    std::string(BOCAGE_GEN) + "' --lang en build endless-patrol " + kRoots +
                    " --out '" + out.path.string() + "' >'" + (logs.path / "out").string() +
                    "' 2>'" + (logs.path / "err").string() + "'";
  int raw = std::system(("sh -c \"" + cmd + "\"").c_str());
  REQUIRE(WIFEXITED(raw));
  const std::string sout = slurp(logs.path / "out"), serr = slurp(logs.path / "err");
  INFO(sout << serr);
  CHECK(WEXITSTATUS(raw) == 3);

  Diagnostics diags;
  Game game = load_game(kRoot + "/data", "endless-patrol", diags);
  int written = 0, failed = 0;
  for (const auto& deck : game.decks) {
    fs::path pdf = out.path / "endless-patrol" / (deck.id + ".pdf");
    INFO(pdf);
    if (contains(serr, "cannot write '" + pdf.string() + "'")) {
      ++failed;
      CHECK_FALSE(contains(sout, "wrote " + pdf.string()));
      CHECK_FALSE(fs::exists(pdf));
    } else {
      ++written;
      CHECK(contains(sout, "wrote " + pdf.string()));
      PdfProbe p = probe_pdf(pdf);  // whole: poppler opens it and finds every page
      CHECK(p.opened);
      CHECK(p.pages > 0);
    }
  }
  CHECK(failed == 2);  // each failure is reported, not only the first
  CHECK(written == 3);
  CHECK(temporaries_under(out.path).empty());
}

TEST_CASE("a disk that reports being full only at fsync: the file is reported, never renamed") {
  TempDir out;
  // The shim makes fsync(2) fail with ENOSPC for patrol.pdf's temporary only.
  // In Japanese: the reason too is the catalog's, not the system's English.
  RunResult r = run_gen_as_given(
      "--lang ja build endless-patrol " + kRoots + " --out '" + out.path.string() + "'",
      std::string("LD_PRELOAD='") + BOCAGE_FAIL_FSYNC +
          "' ASAN_OPTIONS=verify_asan_link_order=0 "
          "BOCAGE_FAIL_FSYNC=patrol.pdf.tmp-");
  INFO(r.out << r.err);
  CHECK(r.status == 3);
  const fs::path patrol = out.path / "endless-patrol" / "patrol.pdf";
  CHECK(contains(r.err,
                 "error: 「" + patrol.string() + "」に書き込めません: ディスクに空きがありません"));
  CHECK_FALSE(contains(r.out, patrol.string()));
  CHECK_FALSE(fs::exists(patrol));
  for (const char* other : {"gi.pdf", "tracker.pdf", "aid.pdf"}) {
    const fs::path pdf = out.path / "endless-patrol" / other;
    CHECK(contains(r.out, pdf.string()));
    CHECK(probe_pdf(pdf).opened);
  }
  CHECK(temporaries_under(out.path).empty());
}

TEST_CASE("a build stopped by SIGTERM, SIGINT or SIGHUP leaves no temporary file") {
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
    TempDir out;
    INFO("signal " << sig);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      // As from a terminal: the signals at their default action (a shell that
      // started the tests in the background may have left SIGINT ignored).
      for (int s : {SIGTERM, SIGINT, SIGHUP}) std::signal(s, SIG_DFL);
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, nullptr);
      int null = open("/dev/null", O_WRONLY);
      dup2(null, 1);
      dup2(null, 2);
      std::string data = kRoot + "/data", templates = kRoot + "/templates";
      execl(BOCAGE_GEN, BOCAGE_GEN, "build", "endless-patrol", "--data", data.c_str(),
            "--templates", templates.c_str(), "--out", out.path.c_str(), nullptr);
      _exit(127);
    }
    // Wait until the build has a temporary file open, then stop it.
    bool seen = false;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!seen && std::chrono::steady_clock::now() < deadline) {
      seen = !temporaries_under(out.path).empty();
      if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    REQUIRE(seen);
    kill(pid, sig);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFSIGNALED(status));  // it still dies of the signal, as the shell expects
    if (WIFSIGNALED(status)) CHECK(WTERMSIG(status) == sig);
    CHECK(temporaries_under(out.path).empty());
  }
}

TEST_CASE("build removes the temporaries a killed build left, and only those") {
  TempDir out;
  fs::path folder = out.path / "endless-patrol";
  fs::create_directories(folder);
  auto touch = [&](const std::string& name) {
    std::ofstream(folder / name) << "partial";
    return folder / name;
  };
  fs::path stale = touch("gi.pdf.tmp-Ab12Cd");
  fs::path stale_full = touch("aid.pdf.tmp-xY34zW");
  fs::path other_file = touch("notes.txt.tmp-Ab12Cd");   // not a file build writes
  fs::path other_deck = touch("nodeck.pdf.tmp-Ab12Cd");  // not a deck of this game
  fs::path short_suffix = touch("gi.pdf.tmp-Ab12");      // not our pattern
  // A temporary another running build holds (locked) is left alone.
  fs::path live = touch("patrol.pdf.tmp-Live01");
  int fd = open(live.c_str(), O_RDONLY);
  REQUIRE(flock(fd, LOCK_EX | LOCK_NB) == 0);

  RunResult r = run_gen("build endless-patrol " + kRoots + " --out '" + out.path.string() + "'");
  close(fd);
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK_FALSE(fs::exists(stale));
  CHECK_FALSE(fs::exists(stale_full));
  CHECK(contains(r.out, "removed " + stale.string()));
  CHECK(fs::exists(other_file));
  CHECK(fs::exists(other_deck));
  CHECK(fs::exists(short_suffix));
  CHECK(fs::exists(live));
}

TEST_CASE("ids that would lead out of --out are refused before anything is written") {
  TempDir root;
  fs::path data = root.path / "data";
  fs::create_directories(data / "g");
  std::ofstream(data / "g" / "game.toml")
      << "[game]\nid = \"g\"\nname = \"G\"\ncomponents = [\"deck.toml\"]\n";
  std::ofstream(data / "g" / "deck.toml")
      << "[deck]\nid = \"../../../x\"\nname = \"D\"\nsize = \"poker\"\nface = \"test/back\"\n\n"
         "[[card]]\nid = \"../../y\"\nname = \"C\"\n";
  fs::path out = root.path / "a" / "b";
  const std::string roots =
      "--data '" + data.string() + "' --templates '" + std::string(BOCAGE_FIXTURES) + "/templates'";
  RunResult r = run_gen("build g " + roots + " --out '" + out.string() + "'");
  CHECK(r.status == 1);
  CHECK(contains(r.err, "deck.toml:2:6: error: 'id' in [deck] is '../../../x', not a valid id"));
  CHECK(contains(r.err, "deck.toml:8:6: error: 'id' in card '../../y' is '../../y'"));
  RunResult p = run_gen("preview g ../../y " + roots, root.path);
  CHECK(p.status == 1);
  for (const auto& e : fs::recursive_directory_iterator(root.path)) {
    CHECK(e.path().extension() != ".pdf");
    CHECK(e.path().extension() != ".png");
  }
  RunResult game = run_gen("build ../data/g " + roots + " --out '" + out.string() + "'");
  CHECK(game.status == 1);
  CHECK(contains(game.err, "'../data/g' is not a valid game id"));
}

TEST_CASE("build --all reports a game folder without game.toml instead of skipping it") {
  TempDir root;
  fs::create_directories(root.path / "data" / "half-made");
  std::ofstream(root.path / "data" / "half-made" / "deck.toml") << "[deck]\n";
  fs::create_directories(root.path / "data" / ".git");  // hidden folders are not games
  RunResult r = run_gen("validate --all --data '" + (root.path / "data").string() +
                        "' --templates '" + std::string(BOCAGE_FIXTURES) + "/templates'");
  CHECK(r.status == 1);
  CHECK(contains(r.err, "half-made/game.toml"));
  CHECK(contains(r.err, "[data/missing-file]"));
  CHECK_FALSE(contains(r.err, ".git"));
}

TEST_CASE("NaN and out-of-range numbers on the command line are refused") {
  TempDir out;
  for (const char* opt : {"--bleed nan", "--gap nan", "--overlap nan", "--back-offset nan,0"}) {
    INFO(opt);
    RunResult r = run_gen("build endless-patrol " + std::string(opt) + " " + kRoots + " --out '" +
                          out.path.string() + "'");
    CHECK(r.status == 2);
    CHECK(fs::is_empty(out.path));
  }
}
