// The shell's output: colour only on a terminal and never with NO_COLOR.
#include "companion/repl/shell.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <sstream>

using namespace bocage;

TEST_CASE("shell: colour on a terminal unless NO_COLOR is set to something") {
  int master = posix_openpt(O_RDWR | O_NOCTTY);
  REQUIRE(master >= 0);
  REQUIRE(grantpt(master) == 0);
  REQUIRE(unlockpt(master) == 0);
  int terminal = open(ptsname(master), O_RDWR | O_NOCTTY);
  REQUIRE(terminal >= 0);
  int file = open("/dev/null", O_WRONLY);

  unsetenv("NO_COLOR");
  CHECK(use_colour(terminal));
  CHECK_FALSE(use_colour(file));
  setenv("NO_COLOR", "", 1);
  CHECK(use_colour(terminal));  // empty counts as unset (no-color.org)
  setenv("NO_COLOR", "1", 1);
  CHECK_FALSE(use_colour(terminal));
  unsetenv("NO_COLOR");
  close(file);
  close(terminal);
  close(master);
}

TEST_CASE("shell: each kind of line has its colour, and none without colour") {
  std::vector<Line> lines{
      {Line::Kind::refusal, "7.4: no"}, {Line::Kind::dice, "AP 4"}, {Line::Kind::info, "plain"}};
  std::ostringstream coloured, plain;
  print_lines(coloured, lines, true);
  print_lines(plain, lines, false);
  CHECK(coloured.str() == "\033[31m7.4: no\033[0m\n\033[36mAP 4\033[0m\nplain\n");
  CHECK(plain.str() == "7.4: no\nAP 4\nplain\n");
}
