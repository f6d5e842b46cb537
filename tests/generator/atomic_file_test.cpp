// AtomicFile: a file is renamed into place only when every byte, the fsync
// and the close succeeded; a failed write is reported and leaves nothing.
#include "generator/pdf/atomic_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
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
    const std::string path = (dir.root / "a.pdf").string();
    if (f.error().en != "cannot write '" + path + "': File too large") _exit(12);
    if (f.error().ja !=
        "「" + path + "」に書き込めません: ファイルが大きすぎます（ファイルサイズの上限）")
      _exit(13);
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(read(dir.root / "a.pdf") == "old");  // the old file is untouched
  CHECK(count_temporaries(dir.root) == 0);
}

TEST_CASE("a folder the user may not write in: reported in both languages, nothing left") {
  ScratchDir dir(kNoFiles);
  const fs::path ro = dir.root / "read-only";
  fs::create_directories(ro);
  REQUIRE(chmod(dir.root.c_str(), 0755) == 0);
  REQUIRE(chmod(ro.c_str(), 0555) == 0);
  // In a child process: root writes anywhere, so the child becomes nobody first.
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(20);
    AtomicFile f(ro / "a.pdf");
    if (f.ok()) _exit(10);
    if (f.error().en != "cannot write in '" + ro.string() + "': Permission denied") _exit(11);
    if (f.error().ja !=
        "フォルダ「" + ro.string() + "」にファイルを作れません: 書き込む権限がありません")
      _exit(12);
    if (f.commit("x")) _exit(13);  // nothing to commit: still refused
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  if (WEXITSTATUS(status) == 20) {
    WARN("cannot become another user here: the read-only folder is not tried");
    return;
  }
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(fs::is_empty(ro));
}

TEST_CASE("a destination that is a folder: the rename is refused, reported, nothing left") {
  ScratchDir dir(kNoFiles);
  const fs::path dest = dir.root / "a.pdf";
  fs::create_directories(dest);
  AtomicFile f(dest);
  REQUIRE(f.ok());
  CHECK_FALSE(f.commit("bytes"));
  CHECK(f.error().en == "cannot write '" + dest.string() +
                            "': the finished file could not be renamed into place: Is a directory");
  CHECK(f.error().ja ==
        "「" + dest.string() +
            "」に書き込めません。書き終えた一時ファイルをその名前に置き換えられませんでし"
            "た: 同じ名前のフォルダがあります");
  CHECK(fs::is_directory(dest));
  CHECK(count_temporaries(dir.root) == 0);
}

TEST_CASE("a folder that cannot be made (a file in the way): reported in both languages") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{{"file", "x"}});
  const fs::path folder = dir.root / "file" / "sub";
  AtomicFile f(folder / "a.pdf");
  CHECK_FALSE(f.ok());
  INFO(f.error().en << "\n" << f.error().ja);
  CHECK(f.error().en.rfind("cannot create folder '" + folder.string() + "': ", 0) == 0);
  CHECK(f.error().ja.rfind("フォルダ「" + folder.string() + "」を作れません: ", 0) == 0);
  // The reason too is said in Japanese, not the system's English.
  const std::string en_why = f.error().en.substr(f.error().en.rfind(": ") + 2);
  CHECK(f.error().ja.find(en_why) == std::string::npos);
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

TEST_CASE("pending files stay temporaries held locked until they are put into place together") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{{"b.pdf", "old b"}});
  PendingFiles pending;
  for (const char* name : {"a.pdf", "b.pdf"}) {
    auto f = std::make_unique<AtomicFile>(dir.root / name);
    REQUIRE(f->ok());
    REQUIRE(f->write(std::string("new ") + name));
    // Written but held: locked, so that a build beside this one leaves it alone.
    int fd = open(f->temp_path().c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    CHECK(flock(fd, LOCK_EX | LOCK_NB) != 0);
    close(fd);
    CHECK_FALSE(f->write("twice"));  // written once
    pending.add(std::move(f));
  }
  CHECK_FALSE(fs::exists(dir.root / "a.pdf"));
  CHECK(read(dir.root / "b.pdf") == "old b");
  CHECK(count_temporaries(dir.root) == 2);
  Text error;
  CHECK(pending.publish(&error));
  CHECK(error.empty());
  CHECK(read(dir.root / "a.pdf") == "new a.pdf");
  CHECK(read(dir.root / "b.pdf") == "new b.pdf");
  CHECK(count_temporaries(dir.root) == 0);
}

TEST_CASE("pending files discarded leave the old files and no temporary") {
  ScratchDir dir(std::vector<std::pair<std::string, std::string>>{{"a.pdf", "old"}});
  {
    PendingFiles pending;
    auto f = std::make_unique<AtomicFile>(dir.root / "a.pdf");
    REQUIRE(f->write("newer"));
    pending.add(std::move(f));
    pending.discard();
    CHECK(count_temporaries(dir.root) == 0);
  }
  {
    PendingFiles pending;  // destroyed without publishing
    auto f = std::make_unique<AtomicFile>(dir.root / "a.pdf");
    REQUIRE(f->write("newest"));
    pending.add(std::move(f));
  }
  CHECK(read(dir.root / "a.pdf") == "old");
  CHECK(count_temporaries(dir.root) == 0);
}

TEST_CASE("a pending file that cannot be put into place: every failure said, the others placed") {
  ScratchDir dir(kNoFiles);
  fs::create_directories(dir.root / "folder.pdf");  // a folder where the file goes
  PendingFiles pending;
  for (const char* name : {"folder.pdf", "a.pdf"}) {
    auto f = std::make_unique<AtomicFile>(dir.root / name);
    REQUIRE(f->write("bytes"));
    pending.add(std::move(f));
  }
  Text error;
  CHECK_FALSE(pending.publish(&error));
  CHECK(error.en.rfind("cannot write '" + (dir.root / "folder.pdf").string() + "'", 0) == 0);
  CHECK(read(dir.root / "a.pdf") == "bytes");
  CHECK(count_temporaries(dir.root) == 0);
}
