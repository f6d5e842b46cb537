// system_error_text: why the system refused a file, in both languages from
// the catalog, whatever locale the process runs in (the tests run with
// LC_MESSAGES=ja: strerror(3) could answer in Japanese, or not at all).
#include "core/system_error.h"

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>

using namespace bocage;

TEST_CASE("system errors: a full disk, as writing to /dev/full reports it") {
  const int fd = open("/dev/full", O_WRONLY | O_CLOEXEC);
  if (fd < 0) {
    WARN("no /dev/full here: the mapping of ENOSPC is checked alone");
    const Text t = system_error_text(ENOSPC);
    CHECK(t.en == "No space left on device");
    CHECK(t.ja == "ディスクに空きがありません");
    return;
  }
  const char byte = 'x';
  REQUIRE(write(fd, &byte, 1) < 0);
  const int err = errno;
  close(fd);
  const Text t = system_error_text(err);
  CHECK(t.en == "No space left on device");
  CHECK(t.ja == "ディスクに空きがありません");
}

TEST_CASE("system errors: the common refusals each have their sentence") {
  CHECK(system_error_text(EACCES).ja == "書き込む権限がありません");
  CHECK(system_error_text(EPERM).en == "Permission denied");
  CHECK(system_error_text(EROFS).ja == "読み取り専用のファイルシステムです");
  CHECK(system_error_text(EISDIR).en == "Is a directory");
  CHECK(system_error_text(EISDIR).ja == "同じ名前のフォルダがあります");
  CHECK(system_error_text(EFBIG).ja == "ファイルが大きすぎます（ファイルサイズの上限）");
  CHECK(system_error_text(EEXIST).en == "File exists");
}

TEST_CASE("system errors: another one says the C library's English text and its number") {
  const Text t = system_error_text(EXDEV);
  CHECK(t.en == "Invalid cross-device link (error " + std::to_string(EXDEV) + ")");
  CHECK(t.ja == "システムのエラー " + std::to_string(EXDEV) + "（Invalid cross-device link）");
}
