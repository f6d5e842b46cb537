// End to end: bocage-play run as a player runs it, with scripts on standard
// input, sessions under $XDG_DATA_HOME, and a real SIGKILL in the middle of a
// game.
#include <chrono>

#include "../starter_game.h"
#include "play_process.h"

using namespace bocage::test;

TEST_CASE("bocage-play new plays a scripted game from standard input to a victory") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new stuart-vs-zombies --manual-dice --seed 3",
               "roll -- 4\nshoot 6 -- 6 zombie2\nmove 0205\nshoot 7 -- 6 zombie3\nmove 0305\n"
               "roll -- 4\nmove 0404\nshoot 2 -- 6 zombie3\nmove 0403\nshoot 1 -- 6 zombie4\n",
               home.root);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "勝利: ゾンビを4体倒しました（4.0）"));
  CHECK(contains(r.out, "ターン1 AP3> move 0205"));  // the script is echoed after the prompt
  CHECK(r.out.find("\033[") == std::string::npos);
  // Saved under $XDG_DATA_HOME/bocage/sessions/.
  auto dir = home.root / "bocage" / "sessions";
  REQUIRE(fs::is_directory(dir));
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    ++files;
    CHECK(e.path().extension() == ".session");
    CHECK(contains(e.path().filename().string(), "stuart-vs-zombies-"));
  }
  CHECK(files == 1);
}

TEST_CASE("bocage-play: a script that breaks a rule exits 1 and says which rule") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new stuart-vs-zombies --manual-dice --lang en",
               "roll -- 4\nmove 0306 0405\nram -- 1\nram\n", home.root);
  CHECK(r.status == 1);
  CHECK(contains(r.out, "7.4: The track is broken: the M5 cannot ram"));
}

TEST_CASE("bocage-play resume goes on with the newest session, and log shows it") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  REQUIRE(play("new stuart-vs-zombies --manual-dice", "roll -- 4\nmove 0205\n", home.root).status ==
          0);
  Run r = play("resume", "move 0204\nundo\nstatus\n", home.root);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "再開:"));
  CHECK(contains(r.out, "M5: 0205"));
  Run log = play_plain("log", home.root);
  CHECK(log.status == 0);
  CHECK(contains(log.out, "game stuart-vs-zombies"));
  CHECK(contains(log.out, "options manual-dice"));
  CHECK(contains(log.out, "   1  AP決定 -- 4\n"));
  // Each command with what it did (issue 32: the dice, the moves, the results).
  CHECK(contains(log.out, "   1  AP決定 -- 4\n        AP決定の出目: 4\n"));
  CHECK(contains(log.out, "   2  移動 0205\n        M5: ★ (0206) → 0205\n"));
  CHECK(contains(log.out, "   3  移動 0204   (undone)\n"));
  // In the language asked for.
  Run english = play_plain("log --lang en", home.root);
  CHECK(contains(english.out, "   1  roll -- 4\n        AP roll: 4\n"));
  CHECK(contains(log.out, "   4  undo\n"));
  Run list = play_plain("list --data '" + kData + "'", home.root);
  // Each game with the folder it comes from.
  CHECK(contains(list.out, "  stuart-vs-zombies  " + kData + "/stuart-vs-zombies\n"));
  CHECK(contains(list.out, "  squad  " + kData + "/squad\n"));  // played by the companion
  ScratchDir print_only(std::vector<std::pair<std::string, std::string>>{
      {"printonly/game.toml", "[game]\nid = \"printonly\"\n"}});
  Run listed = play_plain("list --data '" + print_only.root.string() + "'", home.root);
  CHECK(contains(listed.out, "printonly  (printing only: no companion.toml, no rules)"));
  CHECK(contains(list.out, "  endless-patrol  " + kData + "/endless-patrol\n"));
  CHECK(contains(list.out, "stuart-vs-zombies  2 commands  T1 AP3"));
}

TEST_CASE("bocage-play exec runs one command on a saved session") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = home.root / "game.session";
  REQUIRE(play("new stuart-vs-zombies --manual-dice --session '" + file.string() + "'",
               "roll -- 3\n", home.root)
              .status == 0);
  Run ok = play("exec '" + file.string() + "' move 0205", "", home.root);
  CHECK(ok.status == 0);
  CHECK(contains(ok.out, "M5: ★ (0206) → 0205"));
  Run refused = play("exec '" + file.string() + "' move 0107", "", home.root);
  CHECK(refused.status == 1);
  CHECK(contains(refused.out, "7.1:"));
  Run asked =
      play("exec '" + file.string() + "' shoot 6", "5\nzombie3\n", home.root);  // answers on stdin
  CHECK(asked.status == 0);
  CHECK(contains(slurp(file), "cmd shoot 0405 -- 5 zombie3\n"));  // hex 6 by its coordinate
  Run quoted = play("exec '" + file.string() + "' 'shoot 7 -- 2'", "", home.root);
  CHECK(quoted.status == 0);
  // The game command's own options and `--` reach it as typed, ours still work after it.
  REQUIRE(play("exec '" + file.string() + "' undo", "", home.root).status == 0);  // manual dice
  Run answered = play("exec '" + file.string() + "' shoot 7 -- 2", "", home.root);
  CHECK(answered.status == 0);
  const std::string log = slurp(file);
  size_t shots = 0;
  for (size_t at = 0; (at = log.find("cmd shoot 0203 -- 2\n", at)) != std::string::npos; ++at)
    ++shots;
  CHECK(shots == 2);  // the quoted one, undone, and this one
  fs::path rolled = home.root / "rolled.session";
  REQUIRE(play("new stuart-vs-zombies --virtual --seed 1 --session '" + rolled.string() + "'",
               "roll\n", home.root)
              .status == 0);
  Run stopped = play("exec '" + rolled.string() + "' undo --lang en", "", home.root);
  CHECK(stopped.status == 1);
  CHECK(contains(stopped.out, "undo --force"));
  Run forced = play("exec '" + rolled.string() + "' undo --force 1 --lang en", "", home.root);
  INFO(forced.out << forced.err);
  CHECK(forced.status == 0);
  CHECK(contains(slurp(rolled), "cmd undo --force 1\n"));
  Run dashes = play("exec -- '" + file.string() + "' status", "", home.root);
  CHECK(dashes.status == 0);
}

TEST_CASE("bocage-play: a kill -9 between commands loses nothing, resume carries on") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = home.root / "game.session";
  {
    Child c({BOCAGE_PLAY, "new", "stuart-vs-zombies", "--manual-dice", "--session", file.string(),
             "--data", kData});
    c.send("roll -- 4");
    REQUIRE(c.wait_for("AP 4"));
    c.send("move 0205");
    REQUIRE(c.wait_for("→ 0205"));
    c.send("move 0204");
    REQUIRE(c.wait_for("→ 0204"));
    c.send("end");
    REQUIRE(c.wait_for("AP決定 で次の AP を決めてください"));
    c.send("roll");  // a question is open when the player is killed
    REQUIRE(c.wait_for("[1 2 3 4 5 6]"));
    int status = c.kill9();
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);
  }
  Run r = play("resume '" + file.string() + "'", "status\n", home.root);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "(4 コマンド)"));  // the unanswered roll was never acknowledged
  CHECK(contains(r.out, "最後のコマンド: 終える\n"));
  CHECK(contains(r.out, "M5: 0204"));
  CHECK(contains(r.out, "ターン 1/10 · 行動ポイントの決定"));
}

TEST_CASE("bocage-play: bad input is a clear error with a non-zero exit") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{
      {"foreign.session", "hello\n"},
      {"corrupt.session",
       "bocage-session 1\ngame stuart-vs-zombies\ndigest x\nseed 1\nlang ja\noptions\nmove 0205\n"},
      {"unknown.session", "bocage-session 1\ngame chess\ndigest x\nseed 1\nlang ja\noptions\n"}});
  Run unknown_game = play("new chess", "", home.root, kEnglishLocale);
  CHECK(unknown_game.status == 2);  // a usage error, like an unknown option
  CHECK(contains(unknown_game.err, "no game 'chess'"));
  // Every shipped game is played now: a data folder with a game of no rules.
  ScratchDir data(std::vector<std::pair<std::string, std::string>>{
      {"printonly/game.toml",
       "[game]\nid = \"printonly\"\nname = { ja = \"印刷のみ\", en = \"Print only\" }\n"
       "players = 1\ncomponents = []\n"}});
  Run no_rules = play_plain("new printonly --data '" + data.root.string() + "'", home.root);
  CHECK(no_rules.status == 2);
  CHECK(contains(no_rules.err,
                 "the companion has no rules and no companion.toml for 'printonly' (it plays with "
                 "rules: endless-patrol, maquis, omaha-beach, squad, stuart-vs-zombies); to keep "
                 "its turns, dice and decks, write a companion.toml"));
  Run bad_option = play("new stuart-vs-zombies --option easy", "", home.root, kEnglishLocale);
  CHECK(bad_option.status == 2);
  CHECK(contains(bad_option.err, "unknown option 'easy'"));
  Run foreign = play("resume '" + (home.root / "foreign.session").string() + "'", "", home.root,
                     kEnglishLocale);
  CHECK(foreign.status == 3);
  CHECK(contains(foreign.err, "foreign.session:1: "));
  CHECK(contains(foreign.err, "is not a Bocage session"));
  Run corrupt = play("resume '" + (home.root / "corrupt.session").string() + "'", "", home.root,
                     kEnglishLocale);
  CHECK(corrupt.status == 3);
  CHECK(contains(corrupt.err, "corrupt.session:7: error: expected \"cmd ...\", found 'move 0205'"));
  CHECK(contains(slurp(home.root / "corrupt.session"), "options\nmove 0205\n"));  // never rewritten
  Run chess = play("resume '" + (home.root / "unknown.session").string() + "'", "", home.root,
                   kEnglishLocale);
  CHECK(chess.status == 1);
  CHECK(contains(chess.err, "no game 'chess'"));
  fs::path existing = home.root / "foreign.session";
  Run clash = play("new stuart-vs-zombies --session '" + existing.string() + "'", "", home.root,
                   kEnglishLocale);
  CHECK(clash.status == 3);
  CHECK(contains(clash.err, "already exists; a session is never overwritten"));
  CHECK(slurp(existing) == "hello\n");
  ScratchDir empty(std::vector<std::pair<std::string, std::string>>{});
  Run none = play("resume", "", empty.root, kEnglishLocale);
  CHECK(none.status == 2);
  CHECK(contains(none.err, "no saved session"));
  CHECK(play_plain("new", home.root).status == 2);
}

TEST_CASE("bocage-play: the data changed since the session began is a warning on resume") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = home.root / "game.session";
  REQUIRE(play("new stuart-vs-zombies --session '" + file.string() + "'", "", home.root).status ==
          0);
  std::string text = slurp(file);
  size_t at = text.find("digest ") + 7;
  text.replace(at, 16, "0000000000000000");
  std::ofstream(file, std::ios::trunc) << text;
  Run r = play("resume '" + file.string() + "' --lang en", "", home.root);
  CHECK(r.status == 0);
  CHECK(contains(r.err, "warning: the game's data changed since this session started"));
}

TEST_CASE("bocage-play: colour only when asked for by a terminal, never with NO_COLOR") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  // Standard output is a file here: no colour even without NO_COLOR.
  Run r = play("new stuart-vs-zombies --manual-dice", "roll -- 4\nram\n", home.root, "NO_COLOR=");
  CHECK(r.out.find("\033[") == std::string::npos);
}

TEST_CASE("bocage-play on a terminal: libedit with Tab completion, history and colour") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = home.root / "game.session";
  TerminalChild t({BOCAGE_PLAY, "new", "stuart-vs-zombies", "--manual-dice", "--session",
                   file.string(), "--data", kData},
                  false, home.root);
  REQUIRE(t.wait_for("ターン1 AP決定> "));
  CHECK(contains(t.seen, "Tab でコマンドと答えを補完"));
  t.type("ro\t\n");  // Tab completes the command
  REQUIRE(t.wait_for("[1 2 3 4 5 6]"));
  CHECK(contains(t.seen, "\033[1mサイコロを振って出目を入力してください"));  // the question, bold
  t.type("4\n");
  REQUIRE(t.wait_for("ターン1 AP4> "));
  CHECK(contains(t.seen, "\033[36mAP決定の出目: 4\033[0m"));  // dice in cyan
  t.type("move \t\t");  // Tab twice lists the neighbouring hexes
  REQUIRE(t.wait_for("0307"));  // (the list's last: it may arrive in pieces)
  CHECK(contains(t.seen, "0106  0205  0207  0306  0307"));
  t.type("205\n");  // the completion already wrote the common "0"
  REQUIRE(t.wait_for("ターン1 AP3> "));
  t.type("\033[A\n");  // the up arrow brings back "move 0205": refused from 0205 itself
  REQUIRE(t.wait_for("\033[31m7.1: 1 AP で動けるのは隣のマスだけです"));
  REQUIRE(t.wait_for("ターン1 AP3> ", t.seen.find("7.1:")));
  t.type("quit\n");
  CHECK(t.wait_exit() == 0);  // a refused command at the terminal is no failure of the program
  CHECK(contains(slurp(file), "cmd roll -- 4\ncmd move 0205\n"));

  // The line history is kept between runs, beside the sessions.
  CHECK(fs::exists(home.root / "bocage" / "history"));
  TerminalChild again({BOCAGE_PLAY, "resume", file.string(), "--data", kData}, false, home.root);
  REQUIRE(again.wait_for("ターン1 AP3> "));
  again.type("\033[A\033[A\n");  // "quit", then "move 0205" from the last run
  REQUIRE(again.wait_for("7.1: 1 AP で動けるのは隣のマスだけです"));
}

TEST_CASE("bocage-play on a terminal with NO_COLOR: no colour") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  TerminalChild t({BOCAGE_PLAY, "new", "stuart-vs-zombies", "--manual-dice", "--session",
                   (home.root / "g.session").string(), "--data", kData},
                  true, home.root);
  REQUIRE(t.wait_for("ターン1 AP決定> "));
  t.type("roll -- 4\n");
  REQUIRE(t.wait_for("ターン1 AP4> "));
  t.type("ram\n");
  REQUIRE(t.wait_for("7.4:"));
  REQUIRE(t.wait_for("ターン1 AP4> ", t.seen.find("7.4:")));
  t.type("\x04");  // Ctrl-D leaves
  int status = t.wait_exit();
  INFO(t.seen);
  CHECK(status == 0);
  CHECK(t.seen.find("\033[3") == std::string::npos);
}

TEST_CASE("bocage-play: a forced undo is logged and shown by log and list") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r =
      play("new stuart-vs-zombies --virtual --seed 1", "roll\nundo\nundo --force 1\n", home.root);
  INFO(r.out << r.err);
  CHECK(r.status == 1);  // the plain undo was refused
  Run log = play_plain("log", home.root);
  CHECK(contains(log.out, "   1  AP決定   (undone)\n"));
  CHECK(contains(log.out, "   2  undo --force 1   (forced: took back dice or reveals)\n"));
  Run list = play_plain("list --data '" + kData + "'", home.root);
  CHECK(contains(list.out, "stuart-vs-zombies  0 commands  T1 roll  1 forced undo\n"));
}

TEST_CASE("bocage-play log: a game of two seats by seat, and how it ended, last") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  // Stuart vs Zombies played to its end (the AP rolled, then given up, turn
  // after turn until the zombies destroy the M5).
  std::string turns;
  for (int i = 0; i < 60; ++i) turns += "roll\nend\n";
  Run r = play("new stuart-vs-zombies --virtual --seed 3", turns, home.root);
  INFO(r.out << r.err);
  Run log = play_plain("log", home.root);
  // The outcome is the log's last line, as the shell's log ends.
  CHECK(contains(log.out, "敗北: M5 が破壊されました（6.1）\n"));
  CHECK(log.out.rfind("敗北:") > log.out.rfind("  AP決定"));
  // SQUAD: each command by the seat that gave it.
  Run sq = play("new squad --virtual --seed 5", "start\ndeclare stay\n", home.root);
  INFO(sq.out << sq.err);
  Run two = play_plain("log", home.root);
  CHECK(contains(two.out, "   1  アメリカ軍分隊: 準備\n"));
  CHECK(contains(two.out, "   2  アメリカ軍分隊: 宣言 留まる\n"));
}

TEST_CASE("bocage-play: a new session takes the locale's language and keeps it under any other") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = home.root / "game.session";
  // LC_ALL says English: without --lang the new session is English.
  Run r = play("new stuart-vs-zombies --manual-dice --session '" + file.string() + "'",
               "roll -- 4\n", home.root, "NO_COLOR=1 LANG=ja_JP.UTF-8 LC_ALL=en_US.UTF-8");
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "New session: "));
  CHECK(contains(slurp(file), "\nlang en\n"));
  // The session keeps its language under a Japanese locale; --lang shows it in the other.
  Run again =
      play("resume '" + file.string() + "'", "", home.root, "NO_COLOR=1 LC_ALL=ja_JP.UTF-8");
  CHECK(contains(again.out, "Resuming: " + file.string() + " (1 command)\n"));  // not "1 commands"
  Run ja = play("resume '" + file.string() + "' --lang ja", "", home.root, "LC_ALL=C");
  CHECK(contains(ja.out, "再開: "));
}

TEST_CASE("bocage-play: errors before a session is open are in Japanese with --lang ja") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{
      {"foreign.session", "hello\n"},
      {"corrupt.session",
       "bocage-session 2\ngame stuart-vs-zombies\ndigest x\nseed 1\nlang ja\noptions\nmove "
       "0205\n"}});
  const fs::path foreign = home.root / "foreign.session";
  Run r = play("resume '" + foreign.string() + "' --lang ja", "", home.root);
  CHECK(r.status == 3);
  // A diagnostic about a file: FILE:LINE: error:, as bocage-gen and compilers write it.
  CHECK(contains(r.err, foreign.string() + ":1: error: 「" + foreign.string() +
                            "」は Bocage のセッションではありません"));
  Run corrupt =
      play_plain("log '" + (home.root / "corrupt.session").string() + "' --lang ja", home.root);
  CHECK(corrupt.status == 3);
  CHECK(contains(corrupt.err, ":7: error: \"cmd ...\" があるはずの行が「move 0205」です"));
  Run chess = play("new chess --lang ja", "", home.root);
  CHECK(chess.status == 2);
  CHECK(contains(chess.err, "エラー: 「" + kData + "」に「chess」というゲームはありません"));
  Run option = play("new stuart-vs-zombies --option easy --lang ja", "", home.root);
  CHECK(option.status == 2);  // told from bad data without reading the (Japanese) text
  CHECK(contains(option.err, "stuart-vs-zombies に「easy」というオプションはありません"));
  Run none = play("resume --lang ja", "", home.root);
  CHECK(none.status == 2);
  CHECK(contains(none.err, "エラー: 「"));
  CHECK(contains(none.err, "」に保存されたセッションはありません"));
  fs::create_directories(home.root / "bocage" / "sessions");
  fs::copy_file(foreign, home.root / "bocage" / "sessions" / "foreign.session");
  Run list = play("list --lang ja", "", home.root);
  ScratchDir print_only(std::vector<std::pair<std::string, std::string>>{
      {"printonly/game.toml", "[game]\nid = \"printonly\"\n"}});
  Run listed = play_plain("list --lang ja --data '" + print_only.root.string() + "'", home.root);
  CHECK(contains(listed.out, "printonly  （印刷のみ: companion.toml もルールもありません）"));
  CHECK(contains(list.out, "foreign.session  （読めません: "));
}

TEST_CASE("bocage-play: a line that cannot be read is refused in the session's language") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run ja = play("new stuart-vs-zombies --manual-dice", "move \x1b[31m\n", home.root);
  CHECK(ja.status == 1);
  CHECK(contains(ja.out,
                 "この行は読めません: 6 文字目: 制御文字（U+001B ESC、"
                 "端末のエスケープシーケンスの始まり）があります。文字を書いてください"));
  Run en = play("new stuart-vs-zombies --manual-dice --lang en", "move \x1b[31m\n", home.root);
  CHECK(contains(en.out,
                 "Cannot read this line: column 6: a control character (U+001B ESC, the "
                 "start of a terminal escape sequence) where text was expected"));
}

TEST_CASE("bocage-play roll: errors in Japanese with --lang ja, the caret under the character") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play_plain("roll 2d6+x --lang ja", home.root);
  CHECK(r.status == 2);
  // "エラー: " is 8 columns wide, "2d6+" 4 more.
  CHECK(r.err == "エラー: 2d6+x\n" + std::string(12, ' ') +
                     "^ 5 文字目: 「x」は読めません: 数か 2d6 のようなダイスがあるはずです\n");
  Run times = play_plain("roll 2d6 --times 0 --lang ja", home.root);
  CHECK(times.status == 2);
  CHECK(times.err == "エラー: --times は 1 から 10000 です\n");
}

TEST_CASE(
    "bocage-play on a terminal: Ctrl-C clears the line and Ctrl-D ends on a line of its own") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = home.root / "g.session";
  TerminalChild t({BOCAGE_PLAY, "new", "stuart-vs-zombies", "--manual-dice", "--session",
                   file.string(), "--data", kData},
                  true, home.root);
  REQUIRE(t.wait_for("ターン1 AP決定> "));
  t.type("roll -- 4\n");
  REQUIRE(t.wait_for("ターン1 AP4> "));
  const size_t before = t.seen.size();
  t.type("move 0205");
  REQUIRE(t.wait_for("move 0205", before));
  t.type("\x03");  // Ctrl-C: the line is dropped, a fresh prompt comes
  REQUIRE(t.wait_for("ターン1 AP4> ", t.seen.find("move 0205", before)));
  t.type("status\n");
  REQUIRE(t.wait_for("M5: ★ (0206)", before));  // the dropped move never ran
  REQUIRE(t.wait_for("ターン1 AP4> ", t.seen.find("M5: ★ (0206)", before)));
  t.type("move 0306\n");
  REQUIRE(t.wait_for("ターン1 AP3> "));
  t.type("move カランタン\n");  // Japanese typed at the terminal reads whole
  REQUIRE(t.wait_for("M5: 0306 → ★ (0206)"));
  REQUIRE(t.wait_for("ターン1 AP2> "));
  const size_t last_prompt = t.seen.rfind("ターン1 AP2> ");
  t.type("\x04");  // Ctrl-D: the program ends, and the user's shell prompts on a new line
  CHECK(t.wait_for("\n", last_prompt));
  CHECK(t.wait_exit() == 0);
  INFO(t.seen);
  CHECK(slurp(file).find("cmd move 0205") == std::string::npos);
  CHECK(contains(slurp(file), "cmd roll -- 4\ncmd move 0306\ncmd move 0206\n"));
}

TEST_CASE("bocage-play: an unknown game is a usage error with a suggestion") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new stuart-vs-zombie", "", home.root, kEnglishLocale);
  CHECK(r.status == 2);
  CHECK(contains(r.err, "no game 'stuart-vs-zombie'"));
  CHECK(contains(r.err, "did you mean stuart-vs-zombies?"));
  Run twice = play("new endless-patrol --option mode=table --option mode=virtual", "", home.root,
                   kEnglishLocale);
  CHECK(twice.status == 2);
  CHECK(contains(twice.err, "given twice"));
}

TEST_CASE("bocage-play resume without a file goes on with the session played last") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path dir = home.root / "bocage" / "sessions";
  fs::create_directories(dir);
  const std::string older = (dir / "a-older.session").string();
  const std::string newer = (dir / "b-newer.session").string();
  REQUIRE(play("new stuart-vs-zombies --manual-dice --session '" + older + "'", "roll -- 4\n",
               home.root)
              .status == 0);
  REQUIRE(play("new stuart-vs-zombies --manual-dice --session '" + newer + "'", "roll -- 3\n",
               home.root)
              .status == 0);
  // The older session is played after the newer one was created.
  fs::last_write_time(newer, fs::file_time_type::clock::now() - std::chrono::hours(1));
  REQUIRE(play("exec '" + older + "' move 0205", "", home.root).status == 0);
  Run r = play("resume", "status\n", home.root);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "a-older.session"));
  CHECK(contains(r.out, "M5: 0205"));
}

TEST_CASE("bocage-play exec FILE quit reads the session and does nothing else") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path file = home.root / "game.session";
  REQUIRE(play("new stuart-vs-zombies --manual-dice --session '" + file.string() + "'",
               "roll -- 3\n", home.root)
              .status == 0);
  const std::string before = slurp(file);
  Run r = play("exec '" + file.string() + "' quit", "", home.root);
  CHECK(r.status == 0);
  CHECK_FALSE(contains(r.out, "quit?"));
  CHECK(r.out.empty());
  CHECK(slurp(file) == before);
}

TEST_CASE(
    "bocage-play: bad game data is printed as bocage-gen prints it in the session's language") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  fs::path data = home.root / "data";
  fs::create_directories(data);
  fs::copy(kData + "/stuart-vs-zombies", data / "stuart-vs-zombies", fs::copy_options::recursive);
  fs::path companion = data / "stuart-vs-zombies" / "companion.toml";
  std::string text = slurp(companion);
  text.replace(text.find("map = \"carentan\""), 16, "map = \"caen\"    ");
  { std::ofstream(companion) << text; }
  const std::string args = "new stuart-vs-zombies --data '" + data.string() + "'";
  Run ja = play(args, "", home.root, kJapaneseMessages, false);
  CHECK(ja.status == 1);
  CHECK(contains(ja.err,
                 "companion.toml:9:7: error: このゲームにマップ「caen」はありません "
                 "[companion/unknown-map]"));
  CHECK_FALSE(contains(ja.err, "エラー:"));
  Run en = play(args + " --lang en", "", home.root, kJapaneseMessages, false);
  CHECK(en.status == 1);
  CHECK(contains(en.err, "companion.toml:9:7: error: no map 'caen' in this game"));
  CHECK_FALSE(contains(en.err, "error: error:"));
}

TEST_CASE("bocage-play plays a game made with bocage-gen new from its companion.toml alone") {
  StarterGame game;
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  const std::string data = " --data '" + game.dir.root.string() + "'";
  Run listed = play_plain("list" + data, home.root);
  CHECK(contains(listed.out,
                 "my-game  (table helper: turns, dice, decks and tracks; no rules "
                 "enforced)"));
  // Its card: solitaire or seats, and its options (none: said so).
  Run card = play("list my-game" + data, "", home.root, kJapaneseMessages, false);
  CHECK(card.status == 0);
  CHECK(contains(card.out, "（my-game、"));
  // Typed as printed: the commands, the cards, the roll and the track by their Japanese names.
  Run r = play("new my-game" + data,
               "配る -- 小銃分隊 衛生兵 機関銃班\n振る 射撃\n合わせる 士気 5\n次へ\n引く "
               "部隊\nＭ４シャーマン\n"
               "出す 衛生兵\n",
               home.root, kJapaneseMessages, false);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(contains(r.out, "ターン 1/8・補給フェイズ"));
  CHECK(contains(r.out, "士気: 7 → 5"));
  CHECK(contains(r.out, "ターン 1/8・移動フェイズ・士気 5（0〜10）"));
  CHECK(contains(r.out, "部隊から引いたカード: M4シャーマン"));
  CHECK(contains(r.out, "プレイヤーが衛生兵を出した（場に表向き）"));
  // Resumed: the same turn, hand and table; the roll stays what it was.
  Run resumed = play("resume" + data, "status\nlog\n", home.root, kJapaneseMessages, false);
  INFO(resumed.out << resumed.err);
  CHECK(resumed.status == 0);
  CHECK(contains(resumed.out, "プレイヤーの手札: 小銃分隊 機関銃班 M4シャーマン"));
  CHECK(contains(resumed.out, "場: 衛生兵"));
  CHECK(contains(resumed.out, "士気 5（0〜10）"));
  const size_t roll = r.out.find("射撃: 2d6: [");
  REQUIRE(roll != std::string::npos);
  CHECK(contains(resumed.out, r.out.substr(roll, r.out.find('\n', roll) - roll)));
  // simulate needs a rules module.
  Run sim = play_plain("simulate my-game" + data, home.root);
  CHECK(sim.status == 2);
  CHECK(
      contains(sim.err, "'my-game' is played by the table helper, which knows none of its rules"));
  // Misspelt, it is suggested and listed with the games the companion plays.
  Run typo = play_plain("new my-gam" + data + " --lang en", home.root);
  CHECK(typo.status == 2);
  CHECK(contains(typo.err, "no game 'my-gam'"));
  CHECK(contains(typo.err, "did you mean my-game?"));
  CHECK(contains(typo.err, "maquis, my-game, omaha-beach"));
}

TEST_CASE("bocage-play names the lookalike or invisible character of an unknown command") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run r = play("new stuart-vs-zombies --lang en", "r\xD0\xBEll\n", home.root, kEnglishLocale);
  CHECK(contains(r.out, "unknown command 'r\xD0\xBEll'; did you mean roll?"));
  CHECK(contains(r.out,
                 "holds characters that are invisible or look like others: U+043E "
                 "CYRILLIC SMALL LETTER O (2)"));
  Run cli = play_plain("r\xD0\xBEll 2d6", home.root);
  CHECK(cli.status == 2);
  CHECK(contains(cli.err, "U+043E CYRILLIC SMALL LETTER O (2)"));
}

TEST_CASE("bocage-play list GAME: the seats and options a player types, by their printed names") {
  ScratchDir home(std::vector<std::pair<std::string, std::string>>{});
  Run ja = play("list squad", "", home.root);
  INFO(ja.out << ja.err);
  CHECK(ja.status == 0);
  CHECK(contains(ja.out, "SQUAD（スクワッド）（squad、"));
  CHECK(contains(ja.out, "席: アメリカ軍分隊・ドイツ軍分隊\n"));
  CHECK(contains(ja.out, "  バリエーション: カード＊・マップ（ルール「マップのバリエーション」）\n"));
  CHECK(contains(ja.out, "    カード: カードゲーム"));
  CHECK(contains(ja.out, "  分隊数: 1・2＊・3"));
  CHECK(contains(ja.out, "例: bocage-play new squad --option バリエーション=マップ\n"));
  // No id of a value where the data names it (the nations, the variant).
  for (const char* id : {"us-vs-germany", "cards", "when-playable", "ussr"}) {
    INFO(id);
    CHECK_FALSE(contains(ja.out, id));
  }
  // The example typed as printed starts that game.
  Run started = play("new squad --option バリエーション=マップ --session '" +
                         (home.root / "s.session").string() + "'",
                     "", home.root);
  CHECK(started.status == 0);
  // A solitaire game, in English: ids are its words.
  Run en = play("list stuart-vs-zombies --lang en", "", home.root);
  CHECK(en.status == 0);
  CHECK(contains(en.out, "Stuart vs Zombies (stuart-vs-zombies, "));
  CHECK(contains(en.out, "Solitaire: one player\n"));
  CHECK(contains(en.out, "  hit: above*, at-or-above (rules: 8.0)\n"));
  Run solo = play("list maquis", "", home.root);
  CHECK(contains(solo.out, "1人で遊びます\n"));
  CHECK(contains(solo.out, "  難易度: ベリーイージー・イージー・ノーマル＊・トリッキー"));
  // A game that is not there: an error, exit 2, nothing on standard output.
  Run none = play("list panzer", "", home.root);
  CHECK(none.status == 2);
  CHECK(none.out.empty());
  CHECK(contains(none.err, "ゲーム「panzer」はありません"));
}
