// AtomicFile: a file is renamed into place only when every byte, the fsync
// and the close succeeded; a failed write is reported and leaves nothing.
#include "generator/pdf/atomic_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <sstream>

#include "../scratch_dir.h"

using namespace bocage;
using bocage::test::ScratchDir;
namespace fs = std::filesystem;

namespace {

const std::vector<std::pair<std::string, std::string>> kNoFiles;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

size_t count_temporaries(const fs::path& dir) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().find(".tmp-") != std::string::npos) ++n;
  return n;
}

}  // namespace

TEST_CASE("commit writes every byte and renames the file into place") {
  ScratchDir dir(kNoFiles);
  std::string bytes(3 * 1024 * 1024 + 7, 'x');
  AtomicFile f(dir.root / "sub" / "a.pdf");
  REQUIRE(f.ok());
  CHECK(f.temp_path().filename().string().rfind("a.pdf.tmp-", 0) == 0);
  CHECK(f.commit(bytes));
  CHECK(read(dir.root / "sub" / "a.pdf") == bytes);
  CHECK(count_temporaries(dir.root / "sub") == 0);
}

TEST_CASE("a write the file system refuses fails the commit, reported, leaving nothing") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{{"a.pdf", "old"}});
  // In a child process: a file size limit of 64 KiB, SIGXFSZ ignored, so that
  // write(2) fails with EFBIG part way, as on a full disk.
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    rlimit lim{64 * 1024, 64 * 1024};
    setrlimit(RLIMIT_FSIZE, &lim);
    AtomicFile f(dir.root / "a.pdf");
    if (!f.ok()) _exit(10);
    if (f.commit(std::string(1024 * 1024, 'x'))) _exit(11);
    if (f.error().find("cannot write '" + (dir.root / "a.pdf").string() + "': File too large") ==
        std::string::npos)
      _exit(12);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(read(dir.root / "a.pdf") == "old");  // the old file is untouched
  CHECK(count_temporaries(dir.root) == 0);
}

TEST_CASE("a file that is never committed leaves no temporary") {
  ScratchDir dir(kNoFiles);
  {
    AtomicFile f(dir.root / "b.pdf");
    REQUIRE(f.ok());
    CHECK(fs::exists(f.temp_path()));
  }
  CHECK(fs::is_empty(dir.root));
}

TEST_CASE("stale temporaries: only ours, only unlocked, are removed") {
  ScratchDir dir({{"a.pdf.tmp-AbC123", "x"},
                  {"b.pdf.tmp-AbC123", "x"},
                  {"a.pdf.tmp-AbC12", "x"},
                  {"locked.pdf.tmp-AbC123", "x"}});
  int fd = open((dir.root / "locked.pdf.tmp-AbC123").c_str(), O_RDONLY);
  REQUIRE(flock(fd, LOCK_EX | LOCK_NB) == 0);
  auto removed = remove_stale_temporaries(
      dir.root, [](const std::string& name) { return name == "a.pdf" || name == "locked.pdf"; });
  close(fd);
  REQUIRE(removed.size() == 1);
  CHECK(removed[0].filename() == "a.pdf.tmp-AbC123");
  CHECK(fs::exists(dir.root / "b.pdf.tmp-AbC123"));
  CHECK(fs::exists(dir.root / "a.pdf.tmp-AbC12"));
  CHECK(fs::exists(dir.root / "locked.pdf.tmp-AbC123"));
}
