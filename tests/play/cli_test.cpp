// bocage-play's command-line conventions (docs/command-line.md): unknown words
// named with the nearest command, the language from --lang, the session or the
// locale, `roll 2d6 "morale"` as typed in a shell, and `paths`.
#include <algorithm>
#include <regex>

#include "play_process.h"

using namespace bocage::test;

namespace {

const std::string kJapanese = "NO_COLOR=1 LC_ALL=ja_JP.UTF-8";
const std::string kEnglish = "NO_COLOR=1 LC_ALL=C";

}  // namespace

TEST_CASE("bocage-play frobnicate and -V name the word and suggest the nearest") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("frobnicate", "", home.root, kEnglish, false);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "error: unknown command 'frobnicate' (commands: roll, new, serve, resume"));
  CHECK(contains(r.err, "Run 'bocage-play --help' for more information"));
  Run typo = play("simulte stuart-vs-zombies", "", home.root, kJapanese, false);
  CHECK(typo.status == 2);
  CHECK(contains(typo.err, "「simulte」というコマンドはありません"));
  CHECK(contains(typo.err, "「simulate」のことですか?"));
  Run v = play("-V", "", home.root, kEnglish, false);
  CHECK(v.status == 2);
  CHECK(contains(v.err, "bocage-play has no option '-V'"));
  CHECK(contains(v.err, "did you mean '--version'?"));
}

TEST_CASE("bocage-play's usage lines show its name, in the chosen language") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run en = play("new --help", "", home.root, kEnglish, false);
  CHECK(en.status == 0);
  CHECK(contains(en.out, "Usage: bocage-play new"));
  CHECK_FALSE(contains(en.out, std::string(BOCAGE_PLAY)));
  Run ja = play("new --help", "", home.root, kJapanese, false);
  CHECK(contains(ja.out, "使い方: bocage-play new"));
  Run missing = play("new", "", home.root, kJapanese, false);
  CHECK(missing.status == 2);
  CHECK(contains(missing.err, "game を指定してください"));
}

TEST_CASE("bocage-play roll 2d6 \"morale\" works as typed in a shell") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  // The shell removes the quotes: bocage-play gets two words, 2d6 and morale.
  Run r = play("roll 2d6 \"morale\" --seed 42", "", home.root, kEnglish, false);
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "2d6 \"morale\": [1, 3] = 4"));
  Run quoted = play("roll '2d6 \"morale\"' --seed 42", "", home.root, kEnglish, false);
  CHECK(quoted.out == r.out);
  Run words = play("roll 2d6 morale check --seed 42", "", home.root, kEnglish, false);
  CHECK(contains(words.out, "2d6 \"morale check\": [1, 3] = 4"));
}

TEST_CASE("bocage-play's language: --lang, else a saved session's own, else the locale") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const std::string script = "roll -- 4\nmove 0205\n";
  // play() sets LC_MESSAGES (Japanese), which LANG cannot override: empty it.
  Run en = play("new stuart-vs-zombies --manual-dice --seed 3", script, home.root,
                "NO_COLOR=1 LC_MESSAGES= LANG=C");
  CHECK(en.status == 0);
  CHECK(contains(en.out, "> move 0205"));
  CHECK(contains(en.out, "New session: "));
  CHECK_FALSE(contains(en.out, "ターン"));
  Run posix = play("list", "", home.root, "NO_COLOR=1 LC_MESSAGES= LANG=POSIX");
  Run ja_list = play("list", "", home.root, "NO_COLOR=1 LANG=C LC_MESSAGES=ja_JP.UTF-8");
  CHECK(posix.out != ja_list.out);
  // A session started in English stays English under a Japanese locale.
  Run resumed = play("resume", "status\n", home.root, kJapanese);
  Run resumed_en = play("resume", "status\n", home.root, kEnglish);
  CHECK(resumed.status == 0);
  CHECK(resumed.out == resumed_en.out);
  Run told = play("resume --lang ja", "status\n", home.root, kEnglish);
  CHECK(told.out != resumed_en.out);
}

TEST_CASE("bocage-play paths shows the data folder in use") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("paths", "", home.root, kEnglish);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "data: " + kData + " (--data / --templates)"));
  CHECK(contains(r.out, "searched, in order:"));
}

TEST_CASE(
    "help: every description of bocage-play is in the help catalog, so it is said in Japanese") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const std::regex english("[A-Za-z]+ [a-z]+ [a-z]+");
  for (const std::string command :
       {"", "roll", "new", "serve", "resume", "list", "log", "exec", "simulate", "paths"}) {
    Run r = play(command + " --help", "", home.root, kJapanese, false);
    CHECK(r.status == 0);
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
      INFO("bocage-play " << command << " --help: " << line);
      const bool japanese =
          std::any_of(line.begin(), line.end(), [](char c) { return (c & 0x80) != 0; });
      CHECK((japanese || !std::regex_search(line, english)));
    }
  }
}
