// Honest undo: a plain undo stops at a command that rolled the companion's
// dice or revealed something; "undo --force N" goes past it, is logged and
// shown by log and list. Format-1 files replay with their one dice stream;
// an unknown format is refused, naming it.
#include <catch2/catch.hpp>
#include <fstream>

#include "../text_helpers.h"
#include "companion/engine/session_log.h"
#include "svz_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {}  // namespace

TEST_CASE("undo: stops at the companion's dice unless forced") {
  SvzGame g({"virtual"}, 1);  // seed 1: the first AP roll is a 4
  g.run("roll\nmove 0205\n");
  REQUIRE(g.session->history().size() == 2);
  g.run("undo 2\n");
  CHECK(g.status == 1);
  CHECK(contains(g.out, "「AP決定」でダイスを振ったので"));
  CHECK(contains(g.out, "一手戻す 強制 2"));
  CHECK(g.session->history().size() == 2);  // nothing taken back
  g.run("undo\n");                          // the move drew nothing
  CHECK(g.session->history().size() == 1);
  g.run("undo --force 1\n");
  CHECK(g.status == 0);
  CHECK(g.session->history().empty());
  CHECK(contains(g.out, "強制的に取り消しました"));
  CHECK(contains(slurp(g.path()), "cmd undo\ncmd undo --force 1\n"));
  g.reopen();  // a forced undo replays
  CHECK(g.session->history().empty());
  g.run("undo --force x\nundo --force 0\nundo 1 --force\n");
  CHECK(contains(g.out, "使い方: 一手戻す [N]"));
}

TEST_CASE("undo: a reveal stops it too, in table mode with the player's dice") {
  SvzGame g;  // table mode, manual dice: the dice are the player's
  g.run("roll -- 4\nmove 0205\nundo 2\n");
  CHECK(g.session->history().empty());  // the player's dice do not stop undo
  g.run("roll -- 4\nshoot 0405 -- 6 zombie3\nundo\n");
  CHECK(g.status == 1);
  CHECK(g.session->history().size() == 2);
}

TEST_CASE("undo: a session file of an unknown format is refused and names it") {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{
      {"new.session", "bocage-session 3\ngame stuart-vs-zombies\ndigest d\nseed 1\nlang ja\n"}}};
  SessionError e;
  CHECK_FALSE(SessionLog::read(dir.root / "new.session", &e));
  CHECK(e.line == 1);
  CHECK(contains(e.message, "a Bocage session of format '3'"));
  CHECK(contains(e.message, "reads formats 1 and 2"));
}

TEST_CASE("undo: a format-1 session replays with its one dice stream") {
  ScratchDir dir{std::vector<std::pair<std::string, std::string>>{
      {"old.session",
       "bocage-session 1\ngame stuart-vs-zombies\ndigest d\nseed 12345\nlang ja\noptions "
       "virtual\ncmd roll\n"}}};
  SessionError e;
  auto log = SessionLog::open(dir.root / "old.session", &e);
  REQUIRE(log);
  CHECK(log->header().version == 1);
  std::string why;
  auto module = load_game_module(data_root(), "stuart-vs-zombies", {"virtual"}, &why);
  std::shared_ptr<const GameModule> shared =
      load_game_module(data_root(), "stuart-vs-zombies", {"virtual"}, &why);
  auto session = Session::open(std::move(*log), std::move(module), &why);
  REQUIRE(session);
  GameSettings old;
  old.dice = GameDice::Scheme::one_stream;
  GameCore replay(shared, 12345, old);
  replay.command({"roll"}, {}, nullptr);
  const auto& a = static_cast<const SvzState&>(session->state());
  const auto& b = static_cast<const SvzState&>(replay.state());
  CHECK(a.ap == b.ap);
  CHECK(a.turn == b.turn);
  for (size_t i = 0; i < a.pieces.size(); ++i) CHECK(a.pieces[i].card == b.pieces[i].card);
  CHECK(session->game().settings().dice == GameDice::Scheme::one_stream);
}
