// The paper a build prints on without --paper: the system's, as libpaper
// finds it ($PAPERSIZE, else /etc/papersize), named as --paper takes it.
#include "core/paper.h"

#include <catch2/catch.hpp>

#include "../scratch_dir.h"

using namespace bocage;
using bocage::test::ScratchDir;
using Files = std::vector<std::pair<std::string, std::string>>;

TEST_CASE("PAPERSIZE names the system's paper before /etc/papersize") {
  ScratchDir dir(Files{{"papersize", "letter\n"}});
  std::string unknown;
  CHECK(system_paper("a4", dir.root / "papersize", &unknown) == "a4");
  CHECK(system_paper("Letter", dir.root / "papersize", &unknown) == "letter");
  CHECK(unknown.empty());
  // Unset or empty: the file.
  CHECK(system_paper(nullptr, dir.root / "papersize", &unknown) == "letter");
  CHECK(system_paper("", dir.root / "papersize", &unknown) == "letter");
}

TEST_CASE("/etc/papersize: comments and blank lines before the name") {
  ScratchDir dir(Files{{"papersize", "# the paper of this machine\n\n  a3  # big\n"}});
  std::string unknown;
  CHECK(system_paper(nullptr, dir.root / "papersize", &unknown) == "a3");
}

TEST_CASE("libpaper's B4 and B5 are the ISO sizes and print as such") {
  std::string unknown;
  CHECK(system_paper("b4", "/nonexistent", &unknown) == "250x353");
  CHECK(system_paper("b5", "/nonexistent", &unknown) == "176x250");
  CHECK(system_paper("legal", "/nonexistent", &unknown) == "215.9x355.6");
  for (const char* name : {"a4", "letter", "a3", "250x353", "176x250", "215.9x355.6", "148x210"}) {
    INFO(name);
    Text error;
    CHECK(parse_paper(name, &error));
  }
  CHECK(parse_paper("250x353", nullptr)->size == SizeMm{250, 353});
}

TEST_CASE("no system paper, or one Bocage does not know: none, the unknown name said") {
  std::string unknown;
  CHECK(system_paper(nullptr, "/nonexistent", &unknown).empty());
  CHECK(unknown.empty());
  CHECK(system_paper("a0", "/nonexistent", &unknown).empty());
  CHECK(unknown == "a0");
  ScratchDir dir(Files{{"papersize", "\n# nothing\n"}});
  unknown.clear();
  CHECK(system_paper(nullptr, dir.root / "papersize", &unknown).empty());
  CHECK(unknown.empty());
}
