// A game session as a whole: the log is the game (replay equals the live
// state), undo, refused and cancelled commands, answers typed ahead.
#include <catch2/catch.hpp>
#include <fstream>

#include "../text_helpers.h"
#include "svz_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {

/// A game that visits most rules: reveals, kills, damage, repair, an event.
const char* const kLongGame =
    "roll -- 4\nmove 0306\nrecon 6 -- infantry\nmove 0405\n"
    "roll -- 4\nshoot 0606 -- 6 zombie2\nmove 0404 0403\nend\n"
    "roll -- 5 1 zombie3\nmove 0402\nshoot 1 -- 1\nend\n"  // 1 + 2 after a kill: hex 3
    "roll -- 6\nroll -- 2\nmove 0502\nram -- 6\nroll -- 3\n";

}  // namespace

TEST_CASE("session: the state is the replay of the log file") {
  SvzGame g;
  g.run(kLongGame);
  REQUIRE(g.session->history().size() >= 12);
  const std::string live = g.status_text();
  g.reopen();
  CHECK(g.status_text() == live);
  CHECK(g.state().killed.size() == 2);
  // Every accepted command is in the file with its answers, nothing else.
  const std::string file = slurp(g.path());
  CHECK(contains(file, "cmd roll -- 5 1 zombie3\n"));
  CHECK(g.state().no_ammo);
  CHECK(contains(file, "cmd shoot 0606 -- 6 zombie2\n"));
  CHECK_FALSE(contains(file, "status"));
}

TEST_CASE("session: undo takes commands back, the file keeps them and the undo") {
  SvzGame g;
  g.run("roll -- 4\nmove 0205\nmove 0204\n");
  g.run("undo\n");
  CHECK(g.state().m5 == hex("0205"));
  CHECK(g.state().ap == 3);
  g.run("undo 2\n");
  CHECK(g.state().phase == SvzState::Phase::ap);
  CHECK(g.session->history().empty());
  g.run("undo\n");
  CHECK(g.status == 1);
  CHECK(contains(g.out, "取り消せるコマンドは 0 個です"));
  g.run("undo x\n");
  CHECK(contains(g.out, "使い方: 一手戻す [N]"));
  const std::string file = slurp(g.path());
  CHECK(contains(file, "cmd move 0204\ncmd undo\ncmd undo 2\n"));
  g.reopen();
  CHECK(g.session->history().empty());
  CHECK(g.state().m5 == hex("0206"));
}

TEST_CASE(
    "session: undo cannot re-roll: the seeded dice come out the same, and the player is told") {
  SvzGame g({"virtual"}, 12345);
  g.run("roll\n");
  const std::string first = g.out.substr(g.out.find("AP決定の出目"));
  g.run("undo\nundo --force\n");  // a plain undo stops at the roll
  CHECK(contains(g.out, "「AP決定」でダイスを振ったので、一手戻す はここで止まります"));
  CHECK(contains(g.out, "一手戻す で振り直しはできません"));
  const size_t before = g.out.size();
  g.run("roll\n");
  const std::string again = g.out.substr(g.out.find("AP決定の出目", before));
  CHECK(again.substr(0, again.find('\n')) == first.substr(0, first.find('\n')));
}

TEST_CASE("session: undoing a command that rolled no dice says nothing about dice") {
  SvzGame g({"virtual"}, 1);  // seed 1: the first AP roll is a 4
  g.run("roll\n");
  REQUIRE(g.state().phase == SvzState::Phase::actions);
  g.run("end\nundo\n");
  CHECK(contains(g.out, "取り消し: 終える"));
  CHECK_FALSE(contains(g.out, "振り直しはできません"));
  g.run("undo\n");
  CHECK(contains(g.out, "振り直しはできません"));
}

TEST_CASE("session: a refused command changes nothing and is not logged") {
  SvzGame g;
  g.run("roll -- 3\n");
  const std::string before = g.status_text();
  const auto size = std::filesystem::file_size(g.path());
  g.run("ram\nshoot 8\nmove 0107\nrecon 6\nrepair 9 track\nfly 0205\n");
  CHECK(g.status == 1);
  CHECK(g.status_text() == before);
  CHECK(std::filesystem::file_size(g.path()) == size);
  CHECK(contains(g.out, "「fly」というコマンドはありません"));
  g.run("shot 6\nhistroy\n");
  CHECK(contains(g.out, "「shot」というコマンドはありません。もしかして: 射撃?（ヘルプ で一覧）"));
  CHECK(contains(g.out, "もしかして: 履歴?"));
}

TEST_CASE("session: a question left unanswered cancels the command, which is not logged") {
  SvzGame g;
  g.run("roll\n");  // the script ends while the die is asked for
  CHECK(contains(g.out, "取り消しました（記録していません）"));
  CHECK(g.session->history().empty());
  g.run("roll\ncancel\n");
  CHECK(g.session->history().empty());
  g.run("roll -- 4 9\n");  // more answers than the command asks for
  CHECK(contains(g.out, "答えが多すぎます: 4 9"));
  CHECK(g.session->history().empty());
  g.run("roll -- 7\n");
  CHECK(contains(g.out, "「7」は答えになりません。選べるのは: 1 2 3 4 5 6"));
}

TEST_CASE("session: messages in English with --lang en") {
  SvzGame g({"manual-dice"}, 1, "en");
  g.run("roll -- 4\nmove 0306 0405\nram -- 1\nram\nstatus\nhelp\n");
  CHECK(contains(g.out, "7.4: The track is broken: the M5 cannot ram"));
  CHECK(contains(g.out, "Turn 1/10 · Player actions (7.0) · AP 1"));
  CHECK(contains(g.out, "shoot HEX  — shoot a counter up to 2 hexes away, 1 AP (7.3)"));
}

TEST_CASE("session: status says what can be done now") {
  SvzGame g;
  CHECK(contains(g.status_text(), "今できること: AP決定"));
  g.run("roll -- 4\n");
  CHECK(contains(g.status_text(), "今できること: 移動 マス 射撃 マス 終える"));
  g.run("move 0306\n");
  CHECK(contains(g.status_text(), "今できること: 移動 マス 偵察 マス 射撃 マス 終える"));
  std::vector<std::string> words{"recon"};
  // Completed as printed: the hex's label, which reads back as its coordinate.
  CHECK(g.session->complete(words) == std::vector<std::string>{"6"});
  CHECK(g.session->complete({}).front() == "移動");
}

TEST_CASE("session: a log whose commands no longer replay is refused, naming the command") {
  SvzGame g;
  g.run("roll -- 4\nmove 0205\n");
  {
    std::ofstream out(g.path(), std::ios::app);
    out << "cmd move 0902\n";  // not a neighbour: a hand-edited file
  }
  SessionError e;
  auto log = SessionLog::read(g.path(), &e);
  REQUIRE(log);
  std::string why;
  auto module = load_game_module(data_root(), "stuart-vs-zombies", log->header().options, &why);
  auto session = Session::open(std::move(*log), std::move(module), &why);
  CHECK_FALSE(session);
  CHECK(contains(why, "記録されたコマンド 3 'move 0902' を再現できません: 7.1:"));
}

TEST_CASE("session: a command that has shown the companion's roll cannot be cancelled") {
  // Table mode, the companion's dice, seed 3: the AP roll is a 6, the
  // counterattack's roll a 6, then the player is asked what counter 6 is.
  // Cancelling there would un-see both rolls (the next command would get the
  // same dice): the question is asked again, and the answer completes it.
  SvzGame g({}, 3);
  g.run("roll\ncancel\nゾンビ3\n");
  CHECK(contains(g.out, "AP決定の出目: 6"));
  CHECK(contains(g.out, "このコマンドは取り消せません"));
  CHECK_FALSE(contains(g.out, "取り消しました"));
  REQUIRE(g.session->history().size() == 1);
  CHECK(g.session->history()[0] == "roll -- zombie3");
  // The log keeps the id; history and undo say it as printed.
  const std::string history = g.run("history\nundo\n");
  CHECK(contains(history, "1  AP決定 -- ゾンビ3\n"));
  CHECK(contains(history, "「AP決定 -- ゾンビ3」でダイスを振ったので"));
  // The player's own dice are theirs: cancelling before anything was shown
  // still drops the command.
  SvzGame manual;
  manual.run("roll\ncancel\n");
  CHECK(contains(manual.out, "取り消しました（記録していません）"));
  CHECK(manual.session->history().empty());
}

TEST_CASE("session: log shows each command with what it did, in the session's language") {
  SvzGame g({"virtual"}, 3, "en");
  g.run("roll\nlog\n");
  // The roll and the counter it turned over stay readable after the fact.
  CHECK(contains(g.out, "1  roll\n    AP roll: 6\n"));
  CHECK(contains(g.out, "6 (0405): Zombie (3)"));
  // After a resume, the replay says them again; log N shows the last N.
  g.reopen();
  const std::string again = g.run("log 1\n");
  CHECK(contains(again, "1  roll\n    AP roll: 6\n"));
  CHECK(contains(g.run("log x\n"), "Write log, or log N (the last N commands)"));
  CHECK(g.status == 1);
}

TEST_CASE(
    "session: a result shown before the input ends stays in the game, asked again on resume") {
  // Table mode, seed 3: `roll` shows the AP roll 6 and the counterattack's
  // 6, then asks what counter 6 is; the script ends there. The command is
  // not dropped (the next command would get the same dice): it stays open
  // in the log, and the resumed session asks its question first, with the
  // same rolls.
  SvzGame g({}, 3);
  g.run("roll\n");
  CHECK(contains(g.out, "AP決定の出目: 6"));
  CHECK(contains(g.out, "途中のまま記録しました"));
  CHECK_FALSE(contains(g.out, "取り消しました"));
  CHECK(g.session->history().empty());
  CHECK(contains(slurp(g.path()), "\nopen roll\n"));
  g.reopen();
  REQUIRE(g.session->open_command());
  const std::string resumed = g.run("ゾンビ3\n");
  CHECK(contains(resumed, "途中のコマンドの続きです: AP決定"));
  CHECK(contains(resumed, "AP決定の出目: 6"));
  REQUIRE(g.session->history().size() == 1);
  CHECK(g.session->history()[0] == "roll -- zombie3");
  // Completed, the open line is superseded: a further resume asks nothing.
  g.reopen();
  CHECK_FALSE(g.session->open_command());
}

namespace {

/// Answers from a list, and reads the session file at each question: what a
/// kill at that prompt would leave.
struct FileReadingAsker final : Asker {
  std::filesystem::path file;
  std::vector<std::string> answers;
  std::vector<std::string> seen;  // the file at each question
  std::optional<std::string> ask(const Question&, const std::vector<Line>&) override {
    seen.push_back(slurp(file));
    if (answers.empty()) return std::nullopt;
    std::string a = answers.front();
    answers.erase(answers.begin());
    return a;
  }
};

}  // namespace

TEST_CASE("session: a kill at a question after a shown result loses nothing") {
  SvzGame g({}, 3);
  FileReadingAsker asker;
  asker.file = g.path();
  asker.answers = {"zombie3"};
  const Reply r = g.session->execute("roll", &asker);
  CHECK(r.status == Reply::Status::done);
  REQUIRE(asker.seen.size() == 1);
  // At the question, the file already holds the command, open.
  CHECK(contains(asker.seen[0], "\nopen roll\n"));
  CHECK(contains(slurp(g.path()), "\nopen roll\ncmd roll -- zombie3\n"));
}

TEST_CASE("session: log keeps what a command did, not what was said about the answers typed") {
  SvzGame g({}, 3);
  g.run("roll\ncancel\nゾンビ9\nゾンビ3\n");
  CHECK(contains(g.out, "このコマンドは取り消せません"));  // said at the question
  const std::string log = g.run("log\n");
  CHECK(contains(log, "6 (0405): ゾンビ（3）"));
  CHECK_FALSE(contains(log, "取り消せません"));
  CHECK_FALSE(contains(log, "ゾンビ9"));
}

TEST_CASE("session: a command is typed by its printed name and logged by its id") {
  SvzGame g;
  // The names the help and the buttons show: AP決定 for roll, 移動 for move,
  // full-width or not.
  g.run("AP決定 -- 4\n移動 0205\nＡＰ決定\n");
  CHECK(g.state().ap == 3);
  CHECK(contains(g.out, "「ＡＰ決定」というコマンドはありません") == false);
  const std::string file = slurp(g.path());
  CHECK(contains(file, "cmd roll -- 4\ncmd move 0205\n"));
  // Shown by its name: the status, help and an undo say it so.
  CHECK(contains(g.status_text(), "今できること: 移動 マス 射撃 マス 終える"));
  CHECK(contains(g.run("help 偵察\n"), "使い方: 偵察 マス"));
  CHECK(contains(g.run("undo\n"), "取り消し: 移動 0205"));
  // Tab completes both the printed name and the id.
  const auto names = g.session->complete({});
  CHECK(std::find(names.begin(), names.end(), "移動") != names.end());
  CHECK(std::find(names.begin(), names.end(), "move") != names.end());
  // An English session shows the ids as before.
  SvzGame en({"manual-dice"}, 1, "en");
  en.run("roll -- 4\n");
  CHECK(contains(en.status_text(), "Now: move HEX shoot HEX end"));
}

TEST_CASE("session: Stuart vs Zombies' options are said in Japanese, never by their ids") {
  SvzGame g({"virtual", "rescue=1", "hit=at-or-above"});
  const std::string status = g.status_text();
  CHECK(contains(status, "選択ルール: バーチャル"));
  CHECK(contains(status, "歩兵 1人を連れ帰る"));
  CHECK(contains(status, "値以上の目でゾンビが倒れる"));
  CHECK_FALSE(contains(status, "rescue="));
  CHECK_FALSE(contains(status, "at-or-above"));
}
