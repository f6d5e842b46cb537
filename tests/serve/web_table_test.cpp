// The web companion's table (companion/serve/web_table.h): each seat's view
// holds what that seat may see and nothing else, a seat acts only for itself,
// a question goes to the seat that answers it, and a result once shown stays.
#include "companion/serve/web_table.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <future>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "../companion/game_data.h"
#include "../scratch_dir.h"
#include "../starter_game.h"
#include "../text_helpers.h"
#include "companion/games/registry.h"
#include "companion/repl/line_source.h"
#include "companion/repl/shell.h"
#include "served_table.h"

using namespace bocage;
using bocage::test::contains;
using nlohmann::json;

namespace {

using Table = test::ServedTable;

/// A line's words, split at spaces.
std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool has_line(const json& lines, const std::string& text) {
  for (const auto& l : lines)
    if (contains(l["text"].get<std::string>(), text)) return true;
  return false;
}

}  // namespace

TEST_CASE("web table: a SQUAD seat's view holds its own hand and never the other's") {
  Table t("squad", {"virtual"}, 5);
  CHECK(t.act(0, {{"line", "start"}})["status"] == "done");
  const json v0 = t.table->view(0), v1 = t.table->view(1);
  const int to_act = v0["to_act"];
  REQUIRE(to_act >= 0);
  const json& mine = to_act == 0 ? v0 : v1;
  const json& theirs = to_act == 0 ? v1 : v0;
  const std::string me = mine["seats"][to_act], other = mine["seats"][1 - to_act];
  CHECK(has_line(mine["status"], "The " + me + "'s hand:"));
  CHECK_FALSE(mine.dump().find("The " + other + "'s hand:") != std::string::npos);
  CHECK_FALSE(theirs.dump().find("The " + me + "'s hand:") != std::string::npos);
  CHECK_FALSE(theirs.dump().find("What the " + me + " can do now") != std::string::npos);
  // Each seat's own hand as cards, whoever is to act; the other's never.
  REQUIRE_FALSE(mine["hand"].empty());
  REQUIRE_FALSE(theirs["hand"].empty());
  std::string names;
  for (const auto& c : mine["hand"])
    names += (names.empty() ? "" : ", ") + c["name"].get<std::string>();
  CHECK(has_line(mine["status"], "The " + me + "'s hand: " + names));
  for (const auto& c : theirs["hand"]) CHECK_FALSE(c["name"].get<std::string>().empty());
  // The moves: the seat to act's alone, each by its printed names.
  CHECK_FALSE(mine["moves"].empty());
  CHECK(theirs["moves"].empty());
  // The other seat cannot act for it.
  const std::string line = mine["moves"][0]["line"];
  const json refused = t.act(1 - to_act, {{"line", line}});
  CHECK(refused["status"] == "refused");
  CHECK(has_line(refused["lines"], "It is not your turn"));
  // Nor send the engine's other commands, nor a command the game lacks.
  CHECK(has_line(t.act(to_act, {{"line", "status"}})["lines"], "Not a command a page can send"));
  CHECK(t.act(to_act, {{"line", "frobnicate"}})["status"] == "refused");
  CHECK(t.act(to_act, json::array())["status"] == "refused");
  CHECK(t.act(to_act, {{"line", std::string(2000, 'x')}})["status"] == "refused");
}

TEST_CASE("web table: each move is a button by its printed words under its command's name") {
  Table t("maquis", {"mode=virtual"}, 3, "ja");
  const json v = t.table->view(0);
  // The group: the command's printed name and what it does; the buttons:
  // each place by its printed name, never an id.
  CHECK(v["commands"]["place"]["title"] == "置く");
  CHECK(contains(v["commands"]["place"]["help"].get<std::string>(), "工作員を1人"));
  bool doctor = false;
  for (const auto& m : v["moves"]) {
    CHECK(m["command"] == "place");
    CHECK_FALSE(contains(m["args"].get<std::string>(), "place"));
    if (m["args"] == "医者") {
      doctor = true;
      CHECK(m["line"] == "place doctor");
      CHECK(m["label"] == "置く 医者");
    }
  }
  CHECK(doctor);
  CHECK(t.act(0, {{"line", "place doctor"}})["status"] == "done");
  // A move without arguments: its button is the command's name.
  Table sv("stuart-vs-zombies", {"virtual"}, 3, "ja");
  const json first = sv.table->view(0)["moves"][0];
  CHECK(first["command"] == "roll");
  CHECK(first["args"] == "AP決定");
}

TEST_CASE("web table: a roll is shown as the faces of its dice with what it meant") {
  Table t("stuart-vs-zombies", {"manual-dice"}, 3, "ja");
  REQUIRE(t.act(0, {{"line", "roll"}})["status"] == "question");
  const json done = t.act(0, {{"answer", "4"}});
  REQUIRE(done["status"] == "done");
  json dice;
  for (const auto& l : done["lines"])
    if (l["kind"] == "dice") dice = l;
  REQUIRE(dice.is_object());
  CHECK(dice["faces"] == json::array({4}));
  CHECK(contains(dice["text"].get<std::string>(), "AP決定の出目: 4"));
  // The same in what just happened and in the log; a line of no roll has none.
  const json v = t.table->view(0);
  bool recent = false;
  for (const auto& change : v["recent"])
    for (const auto& l : change["lines"]) {
      recent = recent || (l["kind"] == "dice" && l["faces"] == json::array({4}));
      if (l["kind"] != "dice") CHECK_FALSE(l.contains("faces"));
    }
  CHECK(recent);
  CHECK(v["log"][0]["events"][0]["faces"] == json::array({4}));
  // Dice the companion rolls: each die's face, as many as were rolled.
  Table sq("squad", {"virtual"}, 5, "ja");
  REQUIRE(sq.act(0, {{"line", "start"}})["status"] == "done");
  bool both = false;
  const json after = sq.table->view(0);
  for (const auto& change : after["recent"])
    for (const auto& l : change["lines"])
      if (l.contains("faces")) {
        CHECK(l["kind"] == "dice");
        for (const auto& f : l["faces"]) CHECK((f.get<int>() >= 1 && f.get<int>() <= 6));
        both = both || l["faces"].size() == 2;
      }
  CHECK(both);
}

TEST_CASE("web table: a question is asked of its seat, answered by a tap, and kept once shown") {
  Table t("stuart-vs-zombies", {"manual-dice"}, 3);
  const uint64_t before = t.table->version();
  const json asked = t.act(0, {{"line", "roll"}});
  CHECK(asked["status"] == "question");
  CHECK(t.table->version() > before);
  const json v = t.table->view(0);
  REQUIRE(v.contains("question"));
  CHECK(v["question"]["choices"] == json({"1", "2", "3", "4", "5", "6"}));
  CHECK(v["moves"].empty());  // the question first
  CHECK(has_line(t.act(0, {{"line", "roll"}})["lines"], "Answer the question first"));
  const json done = t.act(0, {{"answer", "4"}});
  CHECK(done["status"] == "done");
  CHECK(has_line(done["lines"], "AP roll: 4"));
  CHECK_FALSE(t.table->view(0).contains("question"));
  CHECK(t.session->history() == std::vector<std::string>{"roll -- 4"});
  // An answer with nothing asked, a cancel with nothing asked.
  CHECK(has_line(t.act(0, {{"answer", "3"}})["lines"], "No question is asked of you"));
  CHECK(t.act(0, {{"cancel", true}})["status"] == "refused");
}

TEST_CASE("web table: a result shown before a question cannot be cancelled from the page") {
  // Stuart vs Zombies, table mode, seed 3: the AP roll is 6, a counterattack:
  // the counter on hex 6 is to be turned over and named.
  Table t("stuart-vs-zombies", {}, 3);
  const json asked = t.act(0, {{"line", "roll"}});
  CHECK(asked["status"] == "question");
  CHECK(has_line(asked["lines"], "AP roll: 6"));
  REQUIRE(t.session->open_command());  // the roll is on disk, kept open
  const json cancel = t.act(0, {{"cancel", true}});
  CHECK(cancel["status"] == "refused");
  CHECK(has_line(cancel["lines"], "cannot be cancelled"));
  CHECK(t.table->view(0).contains("question"));  // still asked
  // The blood trail: its event roll is shown, and the next question asked.
  const json event = t.act(0, {{"answer", "event"}});
  CHECK(event["status"] == "question");
  CHECK(has_line(event["lines"], "6 (0405): Blood trail"));
  CHECK(*t.session->open_command() == "roll -- event");
  const json q = t.table->view(0)["question"];
  CHECK(q["text"] == "Which hex's counter do you turn face up?");
  const json done = t.act(0, {{"answer", "1"}});
  CHECK(done["status"] == "question");  // turned over: named next
  const json named = t.act(0, {{"answer", t.table->view(0)["question"]["choices"][0]}});
  CHECK(named["status"] == "done");
  CHECK_FALSE(t.session->open_command());
  REQUIRE(t.session->history().size() == 1);
  CHECK(t.session->history()[0].rfind("roll -- event 1 ", 0) == 0);
}

TEST_CASE("web table: a waiting page wakes at a change and at once for another run's version") {
  Table t("stuart-vs-zombies", {"manual-dice"}, 3);
  const uint64_t v = t.table->version();
  CHECK(t.table->wait_change(v, 10) == v);           // nothing changed: the wait runs out
  CHECK(t.table->wait_change(v + 1000, 5000) == v);  // a version from another run: at once
  t.act(0, {{"line", "roll"}});
  CHECK(t.table->wait_change(v, 5000) > v);
}

TEST_CASE("web table: the board is drawn from the printed map, with what the seat may see on it") {
  Table t("stuart-vs-zombies", {"virtual"}, 3);
  const json v = t.table->view(0);
  REQUIRE(v.contains("board"));
  const json& b = v["board"];
  CHECK(b["width"].get<double>() > 100);
  size_t hexes = 0;
  bool star = false;
  for (const auto& s : b["shapes"]) {
    hexes += s["outline"].size() == 6;
    star = star || (s["id"] == "0206" && s["label"] == "★");
  }
  CHECK(hexes == b["shapes"].size());
  CHECK(star);
  CHECK_FALSE(b["links"].empty());  // the road and the hedgerows
  // The M5 on ★, and each counter face down: a "?", never its name (the
  // companion knows them in virtual mode; the page may not).
  int hidden = 0;
  bool m5 = false;
  for (const auto& p : b["pieces"]) {
    if (p["side"] == "hidden") {
      ++hidden;
      CHECK(p["text"] == "?");
    }
    m5 = m5 || (p["at"] == "0206" && p["side"] == "own");
  }
  CHECK(m5);
  CHECK(hidden == 8);
  for (const std::string name : {"Zombie", "Infantry", "Blood trail", "Hedge cutter"})
    CHECK(b.dump().find(name) == std::string::npos);

  // Maquis: its locations and roads as the board prints them.
  Table m("maquis", {"mode=virtual"}, 3);
  const json board = m.table->view(0)["board"];
  bool safe_house = false;
  for (const auto& s : board["shapes"]) safe_house = safe_house || s["id"] == "safe-house";
  CHECK(safe_house);
  CHECK(board["links"].size() > 20);
  // Attack on Omaha Beach: the dealt cards at their printed size (poker,
  // 63 x 88 mm), far row at the top, each by its front; a back is named only
  // once the card is turned.
  Table ob("omaha-beach", {"mode=virtual"}, 3, "ja");
  REQUIRE(ob.act(0, {{"line", "land centre"}})["status"] == "done");
  const json beach = ob.table->view(0)["board"];
  REQUIRE(beach["shapes"].size() == 12);
  const json& far_left = beach["shapes"][0];
  CHECK(far_left["id"] == "3-0");
  CHECK(far_left["outline"][2] == json::array({63, 88}));
  CHECK_FALSE(far_left["label"].get<std::string>().empty());
  for (const auto& sh : beach["shapes"]) {
    CHECK_FALSE(contains(sh["label"].get<std::string>(), "地雷"));  // nothing turned yet
    CHECK(sh["fill"] != "#d8c48f");
  }
  bool squad = false, lc = false;
  for (const auto& p : beach["pieces"]) {
    squad = squad || (p["at"] == "0-1" && p["text"] == "分隊");
    lc = lc || (p["at"] == "0-1" && p["text"] == "上陸用舟艇");
  }
  CHECK(squad);
  CHECK(lc);
  // SQUAD's card game has no board.
  Table sq("squad", {"virtual"}, 3);
  CHECK_FALSE(sq.table->view(0).contains("board"));
}

TEST_CASE("web table: SQUAD's hex-map variant shows each squad on the printed map, own and enemy") {
  Table t("squad", {"virtual", "variant=map", "squads=2"}, 3);
  const json v0 = t.table->view(0), v1 = t.table->view(1);
  REQUIRE(v0.contains("board"));
  int own = 0, enemy = 0;
  for (const auto& p : v0["board"]["pieces"]) {
    own += p["side"] == "own";
    enemy += p["side"] == "enemy";
    const std::string text = p["text"];
    CHECK((contains(text, " A ") || contains(text, " B ")));
  }
  CHECK(own == 2);
  CHECK(enemy == 2);
  // The other seat sees the same squads the other way round.
  int theirs = 0;
  for (const auto& p : v1["board"]["pieces"]) theirs += p["side"] == "own";
  CHECK(theirs == 2);
}

TEST_CASE("web table: a terminal that does not read its output stalls no page") {
  Table t("stuart-vs-zombies", {"manual-dice"}, 3);
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<bool> echoing{false};
  // The terminal's echo blocks, as a write to a full pipe does.
  t.table->echo = [&](const std::vector<Line>&) {
    echoing = true;
    released.wait();
  };
  std::thread page([&] {
    t.act(0, {{"line", "roll"}});
    t.act(0, {{"answer", "4"}});
  });
  while (!echoing) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  auto other = std::async(std::launch::async, [&] { return t.table->view(0); });
  CHECK(other.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
  release.set_value();
  page.join();
  CHECK(t.session->history() == std::vector<std::string>{"roll -- 4"});
}

TEST_CASE("web table: every game is played to its end by its buttons alone, in both modes") {
  // What a page offers (the moves, a question's choices) is all a player
  // needs: no game asks for anything typed, with the companion's cards and
  // dice or with the printed ones (table mode, dice typed as rolled).
  // The header's turn and phase, in the session's language, in every game.
  for (const std::string game :
       {"endless-patrol", "maquis", "omaha-beach", "squad", "stuart-vs-zombies"}) {
    Table t(game, {}, 1, "ja");
    const std::string phase = t.table->view(0)["phase"];
    INFO(game << ": " << phase);
    CHECK(std::regex_search(phase, std::regex("フェイズ|ターン|日目")));
  }
  const std::vector<std::pair<std::string, std::vector<std::string>>> games = {
      {"endless-patrol", {"mode=virtual"}},
      {"endless-patrol", {"mode=table", "manual-dice"}},
      {"maquis", {"mode=virtual"}},
      {"maquis", {"mode=table", "manual-dice"}},
      {"omaha-beach", {"mode=virtual"}},
      {"omaha-beach", {"mode=table"}},
      {"squad", {"virtual"}},
      {"squad", {"mode=table", "manual-dice"}},
      {"stuart-vs-zombies", {"virtual"}},
      {"stuart-vs-zombies", {"manual-dice"}},
  };
  for (const auto& [game, options] : games)
    for (uint64_t seed : {1, 2}) {
      INFO(game << " " << options.back() << " seed " << seed);
      Table t(game, options, seed, "ja");
      std::mt19937 pick{static_cast<unsigned>(seed)};
      int taps = 0;
      json v = t.table->view(0);
      for (; taps < 6000 && !v.contains("over"); ++taps) {
        const int seat =
            v.contains("question_for") ? v["question_for"].get<int>() : v["to_act"].get<int>();
        REQUIRE(seat >= 0);
        v = t.table->view(seat);
        json body;
        if (v.contains("question")) {
          const json& choices = v["question"]["choices"];
          REQUIRE_FALSE(choices.empty());
          body = {{"answer", choices[pick() % choices.size()]}};
        } else {
          const json& moves = v["moves"];
          REQUIRE_FALSE(moves.empty());
          body = {{"line", moves[pick() % moves.size()]["line"]}};
        }
        const json r = t.act(seat, body);
        INFO(body.dump() << " -> " << r.dump());
        REQUIRE(r["status"] != "refused");
        v = t.table->view(0);
        // What the page shows of the commands and of what happened tells
        // no terminal's grammar (`deal -- 3 12`): the page's buttons answer.
        for (const char* shown : {"commands", "recent", "status", "log", "outcome", "waiting"})
          if (v.contains(shown)) {
            const std::string text = v[shown].dump(-1, ' ', false);
            INFO(shown << ": " << text);
            CHECK_FALSE(contains(text, " -- "));
          }
      }
      CHECK(v.contains("over"));
      CHECK(taps > 3);
    }
}

TEST_CASE(
    "web table: a command left open at a card drawn into a hand is asked on that seat's page") {
  // Table mode: a terminal's input ends while the US names its draws, one
  // named (a card shown: the command is kept open in the log, as a kill
  // there would leave it), the next mistyped.
  Table t("squad", {"mode=table", "manual-dice", "windows=always"}, 3, "en");
  std::istringstream script(
      "start -- 1 6 knife bayonet garrote bare-hands rifle-butt\n"
      "mission-objective\nmission-objective\nmission-objective\nhedge-row\nbuilding\n"
      "play hedge-row\n"
      "done\nline-of-trees\nlow-wall\nwheat-field\nrubble\ndeclare move\ndone\ndone\n"
      "move closer building\ndone\nplay mission-objective\ndone\ndone\ndone\ndone\n"
      "entrenching-tool\nzzz-card\n");
  std::ostringstream terminal;
  auto source = stream_source(script, terminal);
  run_shell(*t.session, *source, terminal, false);
  INFO(terminal.str());
  REQUIRE(t.session->open_command());
  {
    std::lock_guard g(t.table->lock());
    t.table->adopt_open();
  }
  const json us = t.table->view(0), de = t.table->view(1);
  REQUIRE(us.contains("question"));
  CHECK(contains(us["question"]["text"].get<std::string>(), "which card did you draw (2 of 3)"));
  CHECK(de["question_for"] == 0);
  CHECK_FALSE(de.contains("question"));
  CHECK(de["moves"].empty());
  // Answered there, one card at a time; the German page never reads them.
  for (const char* card : {"take-prisoners", "take-prisoners"}) {
    const json r = t.act(0, {{"answer", card}});
    CHECK(r["status"] != "refused");
  }
  CHECK_FALSE(t.session->open_command());
  CHECK_FALSE(t.table->view(0).contains("question"));
  const std::string german = t.table->view(1).dump();
  CHECK_FALSE(contains(german, "Entrenching Tool"));
  CHECK_FALSE(contains(german, "Take Prisoners"));
}

TEST_CASE("web table: a designer's own game on two phones where each sees its own hand alone") {
  test::StarterGame game;
  game.two_seats();
  for (const std::string mode : {"mode=virtual", "mode=table"})
    for (uint64_t seed : {1, 2}) {
      INFO(mode << " seed " << seed);
      Table t("my-game", {mode}, seed, "ja", game.dir.root);
      json v = t.table->view(0);
      CHECK(v["phase"] == "ターン 1/8・補給フェイズ・連合軍の番");
      REQUIRE(v["moves"].size() == 1);
      CHECK(v["moves"][0]["label"] == "配る");
      std::mt19937 pick{static_cast<unsigned>(seed)};
      int taps = 0;
      bool checked_hands = false;
      for (; taps < 3000 && !v.contains("over"); ++taps) {
        const int seat =
            v.contains("question_for") ? v["question_for"].get<int>() : v["to_act"].get<int>();
        REQUIRE(seat >= 0);
        v = t.table->view(seat);
        json body;
        if (v.contains("question")) {
          const json& choices = v["question"]["choices"];
          REQUIRE_FALSE(choices.empty());
          // The other seat is not shown the question, nor its choices.
          CHECK_FALSE(t.table->view(1 - seat).contains("question"));
          body = {{"answer", choices[pick() % choices.size()]}};
        } else {
          const json& moves = v["moves"];
          REQUIRE_FALSE(moves.empty());
          CHECK(t.table->view(1 - seat)["moves"].empty());
          // The end is tapped rarely, so that decks run out and are refilled.
          json move = moves[pick() % moves.size()];
          while (move["command"] == "end" && pick() % 30 != 0) move = moves[pick() % moves.size()];
          body = {{"line", move["line"]}};
        }
        const json r = t.act(seat, body);
        INFO(body.dump() << " -> " << r.dump());
        REQUIRE(r["status"] != "refused");
        v = t.table->view(0);
        if (!checked_hands && !v.contains("question_for") && !v["hand"].empty()) {
          // Dealt: each phone holds its own three cards; the other's hand is
          // in neither its status nor its cards.
          checked_hands = true;
          const json v1 = t.table->view(1);
          CHECK(v["hand"].size() == 3);
          CHECK(v1["hand"].size() == 3);
          CHECK(has_line(v["status"], "連合軍の手札: "));
          CHECK_FALSE(contains(v1.dump(), "連合軍の手札"));
          CHECK_FALSE(contains(v.dump(), "枢軸軍の手札"));
          CHECK(has_line(v1["status"], "手札: 連合軍 3 枚・枢軸軍 3 枚"));
        }
      }
      CHECK(checked_hands);
      CHECK(v.contains("over"));
    }
}

TEST_CASE("web table: the top of the page says whom it waits for and what the last command did") {
  Table t("squad", {"virtual"}, 5, "ja");
  REQUIRE(t.act(0, {{"line", "start"}})["status"] == "done");
  const int to_act = t.table->view(0)["to_act"];
  const json mine = t.table->view(to_act), theirs = t.table->view(1 - to_act);
  const std::string name = mine["seats"][to_act];
  // The seat that waits is told for whom; the seat to act is told nothing of waiting.
  CHECK(theirs["waiting"] == name + "を待っています");
  CHECK_FALSE(mine.contains("waiting"));
  // The news: the last change, headed by its command and the seat that gave
  // it, its lines in the order they were said (the dice, then who starts).
  const json news = theirs["recent"][0];
  CHECK(news["headline"] == "アメリカ軍分隊: 準備");
  std::vector<std::string> said;
  for (const auto& l : news["lines"]) said.push_back(l["text"]);
  REQUIRE(said.size() >= 2);
  size_t dice = said.size(), starts = said.size();
  for (size_t i = 0; i < said.size(); ++i) {
    if (contains(said[i], "先手を決めるダイス") && dice == said.size()) dice = i;
    if (contains(said[i], "が先手です")) starts = i;
  }
  CHECK(dice < starts);
  CHECK(starts < said.size());
  // The other seat answers a question: the waiting page says so.
  Table sv("squad", {}, 5, "ja");
  REQUIRE(sv.act(0, {{"line", "start"}})["status"] == "question");
  const int asked = sv.asked();
  REQUIRE(asked >= 0);
  CHECK(sv.table->view(1 - asked)["waiting"] ==
        sv.table->view(0)["seats"][asked].get<std::string>() + "の答えを待っています");
}

TEST_CASE("web table: the log names each command's seat, holds the whole game and its end") {
  Table t("stuart-vs-zombies", {"virtual"}, 3, "ja");
  // Played to its end, always the first legal move.
  for (int i = 0; i < 2000 && !t.table->view(0).contains("over"); ++i) {
    const json v = t.table->view(0);
    if (v.contains("question")) {
      REQUIRE(t.act(0, {{"answer", v["question"]["choices"][0]}})["status"] != "refused");
      continue;
    }
    REQUIRE_FALSE(v["moves"].empty());
    REQUIRE(t.act(0, {{"line", v["moves"][0]["line"]}})["status"] != "refused");
  }
  const json v = t.table->view(0);
  REQUIRE(v.contains("over"));
  const size_t total = v["log_total"];
  REQUIRE(total > 40);
  // The view holds the last 40; the pages before them, 50 at a time, the rest.
  CHECK(v["log"].size() == 40);
  CHECK(v["log"].back()["n"] == total);
  std::vector<size_t> numbers;
  for (const auto& e : v["log"]) numbers.push_back(e["n"]);
  for (size_t before = numbers.front(); before > 1;) {
    const json page = t.table->log(0, before, 50);
    REQUIRE_FALSE(page["log"].empty());
    CHECK(page["log"].size() <= 50);
    CHECK(page["log"].back()["n"] == before - 1);
    std::vector<size_t> earlier;
    for (const auto& e : page["log"]) earlier.push_back(e["n"]);
    numbers.insert(numbers.begin(), earlier.begin(), earlier.end());
    before = earlier.front();
  }
  REQUIRE(numbers.size() == total);
  for (size_t i = 0; i < total; ++i) CHECK(numbers[i] == i + 1);
  // A game of one seat names none; the end is said.
  CHECK(v["log"][0]["by"] == "");
  CHECK(v["outcome"].get<std::string>().find(v["over"].get<std::string>()) != std::string::npos);
  // A page past the end, or of nothing before the first: empty, never a crash.
  CHECK(t.table->log(0, 1, 50)["log"].empty());
  CHECK(t.table->log(0, 999999999, 50)["log"].size() == 50);
  // Two seats: every command by its seat's name.
  Table sq("squad", {"virtual"}, 5, "ja");
  REQUIRE(sq.act(0, {{"line", "start"}})["status"] == "done");
  const int to_act = sq.table->view(0)["to_act"];
  const json m = sq.table->view(to_act)["moves"].back();
  REQUIRE(sq.act(to_act, {{"line", m["line"]}})["status"] != "refused");
  const json log = sq.table->view(0)["log"];
  REQUIRE(log.size() >= 2);
  CHECK(log[0]["by"] == "アメリカ軍分隊");
  CHECK(log.back()["by"] == sq.table->view(0)["seats"][to_act]);
}

TEST_CASE("web table: a move names the hand's cards and the board's places it uses") {
  // SQUAD: each move that plays a card names that card of the seat's hand.
  // Played (the last legal move each time) until a move plays a card.
  Table t("squad", {"virtual"}, 5, "ja");
  REQUIRE(t.act(0, {{"line", "start"}})["status"] == "done");
  json v;
  for (int i = 0; i < 300; ++i) {
    const int to_act = t.table->view(0)["to_act"];
    REQUIRE(to_act >= 0);
    v = t.table->view(to_act);
    bool plays = false;
    for (const auto& m : v["moves"]) plays = plays || !m["cards"].empty();
    if (plays) break;
    REQUIRE(t.act(to_act, {{"line", v["moves"].back()["line"]}})["status"] == "done");
  }
  size_t with_card = 0;
  for (const auto& m : v["moves"]) {
    for (const auto& c : m["cards"]) {
      ++with_card;
      REQUIRE(c.get<size_t>() < v["hand"].size());
      const std::string name = v["hand"][c.get<size_t>()]["name"];
      bool named = false;
      for (const auto& w : m["words"]) named = named || w == name;
      CHECK(named);
    }
    // Each word printed, one for each argument.
    CHECK(m["words"].size() + 1 == split_words(m["line"].get<std::string>()).size());
  }
  CHECK(with_card > 0);
  // Stuart vs Zombies: a move to a hex names that hex, as the board draws it.
  Table sv("stuart-vs-zombies", {"virtual"}, 3, "ja");
  json b;
  for (int i = 0; i < 20; ++i) {
    REQUIRE(sv.act(0, {{"line", "roll"}})["status"] == "done");
    b = sv.table->view(0);
    if (b["moves"].size() > 1) break;
  }
  std::set<std::string> shapes;
  for (const auto& s : b["board"]["shapes"]) shapes.insert(s["id"]);
  size_t moves = 0;
  for (const auto& m : b["moves"])
    if (m["command"] == "move") {
      ++moves;
      REQUIRE(m["places"].size() == 1);
      CHECK(shapes.count(m["places"][0]));
      CHECK(m["line"] == "move " + m["places"][0].get<std::string>());
    }
  CHECK(moves > 0);
  // Endless Patrol: a GI card is found by its number as a GI card, not as
  // the patrol card of the same number.
  Table ep("endless-patrol", {"mode=virtual"}, 3, "ja");
  for (int i = 0; i < 200; ++i) {
    const json e = ep.table->view(0);
    bool fire = false;
    for (const auto& m : e["moves"]) {
      if (m["command"] != "fire") continue;
      fire = true;
      const auto words = split_words(m["line"].get<std::string>());
      REQUIRE_FALSE(m["cards"].empty());
      for (const auto& c : m["cards"]) {
        // "17 トンプソン": a GI card the move fires, never the patrol card of its number.
        const std::string name = e["hand"][c.get<size_t>()]["name"];
        bool gi = false;
        for (size_t w = 2; w < words.size(); ++w) gi = gi || name.rfind(words[w] + " ", 0) == 0;
        CHECK(gi);
      }
    }
    if (fire || e.contains("over")) break;
    if (e.contains("question")) {
      ep.act(0, {{"answer", e["question"]["choices"][0]}});
      continue;
    }
    REQUIRE_FALSE(e["moves"].empty());
    ep.act(0, {{"line", e["moves"][0]["line"]}});
  }
}

TEST_CASE("web table: a card drawn from the deck on the table is offered by its printed type") {
  Table t("squad", {}, 5, "ja");
  REQUIRE(t.act(0, {{"line", "start"}})["status"] == "question");
  const int seat = t.asked();
  const json q = t.table->view(seat)["question"];
  REQUIRE(q["groups"].size() == q["choices"].size());
  const std::set<std::string> types{"修正", "地形", "攻撃", "障害", "国の特性"};
  std::set<std::string> seen;
  for (const auto& g : q["groups"]) {
    CHECK(types.count(g.get<std::string>()));
    seen.insert(g);
  }
  CHECK(seen.size() >= 4);
  // Grouped, no group is more than the deck's kinds.
  CHECK(q["choices"].size() > 12);
}

TEST_CASE("web table: no board drawn in text on a page that draws the board") {
  // Attack on Omaha Beach: the terminal draws the beach as a grid of text;
  // the page draws it as cards, and shows no grid in the status, the news
  // or the log.
  Table t("omaha-beach", {"mode=virtual"}, 3, "ja");
  const json v = t.table->view(0);
  REQUIRE(v.contains("board"));
  const std::string page = v.dump();
  CHECK(page.find("][") == std::string::npos);
  CHECK(page.find("上陸用舟艇  *") == std::string::npos);
  // The terminal's status still has it.
  const Reply status = t.session->execute("status", nullptr);
  bool grid = false;
  for (const auto& l : status.lines) grid = grid || contains(l.text, "][");
  CHECK(grid);
  // After a command that deals or reveals: the news and the log have none either.
  const json m = v["moves"][0];
  REQUIRE(t.act(0, {{"line", m["line"]}})["status"] != "refused");
  CHECK(t.table->view(0).dump().find("][") == std::string::npos);
}

TEST_CASE("web table: a seat passes the other side's windows until its own turn, as asked") {
  Table t("squad", {"virtual"}, 5, "ja");
  REQUIRE(t.act(0, {{"line", "start"}})["status"] == "done");
  const int active = t.table->view(0)["to_act"];
  const int waiting = 1 - active;
  const std::string name = t.table->view(0)["seats"][waiting];
  CHECK(t.table->view(waiting)["pass_windows"] == false);
  CHECK(t.act(waiting, {{"pass_windows", true}})["status"] == "done");
  CHECK(t.table->view(waiting)["pass_windows"] == true);
  // A bad value, or an observer: refused, nothing changed.
  CHECK(t.act(waiting, {{"pass_windows", "yes"}})["status"] == "refused");
  CHECK(t.act(WebTable::kObserver, {{"pass_windows", false}})["status"] == "refused");
  // The active seat plays its turn (the last legal move each time): the
  // waiting seat is never asked in a window; each window is passed by it, logged as its.
  size_t passes = 0;
  for (int i = 0; i < 200; ++i) {
    const json v = t.table->view(0);
    REQUIRE_FALSE(v.contains("over"));
    if (v["to_act"] == waiting) break;  // its own turn (or a window it was not asked to pass)
    const json mine = t.table->view(active);
    if (mine.contains("question")) {
      REQUIRE(t.act(active, {{"answer", mine["question"]["choices"][0]}})["status"] != "refused");
      continue;
    }
    REQUIRE(t.act(active, {{"line", mine["moves"].back()["line"]}})["status"] != "refused");
  }
  const json after = t.table->view(0);
  for (const auto& e : after["log"])
    if (e["by"] == name) {
      CHECK(e["line"] == "終える");
      ++passes;
    }
  CHECK(passes > 0);
  // Its own turn has come: the asking ends there, and it acts itself.
  const json own = t.table->view(waiting);
  CHECK(own["to_act"] == waiting);
  CHECK(own["pass_windows"] == false);
  CHECK_FALSE(own["moves"].empty());
  // A game without windows offers nothing to pass.
  Table sv("stuart-vs-zombies", {"virtual"}, 3, "ja");
  CHECK_FALSE(sv.table->view(0).contains("pass_windows"));
  CHECK(sv.act(0, {{"pass_windows", true}})["status"] == "refused");
}

TEST_CASE("web table: a map's legend, a hand per squad, the cards face up on the table") {
  // Stuart vs Zombies: each terrain the map has, by its printed name and colour.
  Table sv("stuart-vs-zombies", {"virtual"}, 3, "ja");
  const json board = sv.table->view(0)["board"];
  const json& legend = board["legend"];
  REQUIRE(legend.size() >= 3);
  std::set<std::string> fills;
  for (const auto& s : board["shapes"]) fills.insert(s["fill"]);
  for (const auto& l : legend) {
    CHECK(fills.count(l["fill"]));  // a terrain some hex has
    CHECK_FALSE(l["name"].get<std::string>().empty());
  }
  bool town = false;
  for (const auto& l : legend) town = town || contains(l["name"].get<std::string>(), "町");
  CHECK(town);
  // SQUAD's map variant: each terrain but open ground with its printed icon,
  // in the legend and in each hex of that terrain, so that none rests on colour alone.
  Table sq("squad", {"virtual", "variant=map", "squads=2"}, 5, "ja");
  {
    const json map = sq.table->view(0)["board"];
    std::map<std::string, std::string> icon_of;  // by fill
    for (const auto& l : map["legend"]) {
      INFO(l.dump());
      const bool open = contains(l["name"].get<std::string>(), "開けた地形");
      CHECK(l.contains("icon") != open);
      if (l.contains("icon")) icon_of[l["fill"]] = l["icon"];
    }
    CHECK(icon_of.size() >= 5);
    CHECK(icon_of.count("#8fb46f"));  // ボカージュ, the hedge icon as the printed map has it
    int drawn = 0;
    for (const auto& s : map["shapes"]) {
      const auto it = icon_of.find(s["fill"]);
      CHECK(s.contains("icon") == (it != icon_of.end()));
      if (it != icon_of.end()) drawn += s["icon"] == it->second;
    }
    CHECK(drawn >= 10);
  }
  // Maquis: each location's icon, as board.toml names it.
  {
    Table mq("maquis", {"mode=virtual"}, 3, "ja");
    std::map<std::string, std::string> icons;
    const json mq_board = mq.table->view(0)["board"];
    for (const auto& s : mq_board["shapes"])
      if (s.contains("icon")) icons[s["id"]] = s["icon"];
    CHECK(icons["safe-house"] == "safe-house");
    CHECK(icons.size() >= 15);
    // Its two missions on the table, a line per achievement box, none marked yet.
    const json missions = mq.table->view(0)["table_cards"];
    REQUIRE(missions.size() == 2);
    CHECK(contains(missions[0]["name"].get<std::string>(), "ミッション1: "));
    CHECK(contains(missions[1]["name"].get<std::string>(), "ミッション2: "));
    for (const auto& m : missions) {
      const std::string note = m["note"];
      INFO(note);
      CHECK(note.rfind("☐", 0) == 0);
      CHECK_FALSE(contains(note, "☑"));
      CHECK(std::count(note.begin(), note.end(), '\n') >= 1);  // three or four boxes
    }
  }
  // SQUAD's map variant: each card under the name of the squad whose hand it is.
  REQUIRE(sq.act(0, {{"line", "start"}})["status"] == "done");
  const json hand = sq.table->view(0)["hand"];
  REQUIRE_FALSE(hand.empty());
  std::set<std::string> groups;
  for (const auto& c : hand) {
    REQUIRE(c.contains("group"));
    CHECK(contains(c["group"].get<std::string>(), "アメリカ軍分隊"));
    groups.insert(c["group"]);
  }
  CHECK(groups.size() >= 2);
  // The card game has one hand: no group.
  Table cards("squad", {"virtual"}, 5, "ja");
  REQUIRE(cards.act(0, {{"line", "start"}})["status"] == "done");
  const json one = cards.table->view(0);
  for (const auto& c : one["hand"]) CHECK_FALSE(c.contains("group"));
  // Endless Patrol: the patrol cards in play, face up, as cards.
  Table ep("endless-patrol", {"mode=virtual"}, 3, "ja");
  CHECK_FALSE(ep.table->view(0).contains("table_cards"));
  for (int i = 0; i < 20 && !ep.table->view(0).contains("table_cards"); ++i) {
    const json e = ep.table->view(0);
    if (e.contains("question")) {
      ep.act(0, {{"answer", e["question"]["choices"][0]}});
      continue;
    }
    REQUIRE_FALSE(e["moves"].empty());
    ep.act(0, {{"line", e["moves"][0]["line"]}});
  }
  const json e = ep.table->view(0);
  REQUIRE(e.contains("table_cards"));
  // The same cards the status lists as in play.
  std::string status;
  for (const auto& l : e["status"]) status += l["text"].get<std::string>() + "\n";
  for (const auto& c : e["table_cards"])
    CHECK(contains(status, "  " + c["name"].get<std::string>()));
}

TEST_CASE("web table: a card of the hand that can do nothing now says why, as the rules do") {
  Table t("squad", {"virtual"}, 5, "ja");
  REQUIRE(t.act(0, {{"line", "start"}})["status"] == "done");
  const int to_act = t.table->view(0)["to_act"];
  REQUIRE(t.act(to_act, {{"line", "declare stay"}})["status"] == "done");
  const json v = t.table->view(to_act);
  REQUIRE_FALSE(v.contains("question"));
  size_t said = 0;
  for (size_t i = 0; i < v["hand"].size(); ++i) {
    bool named = false;
    for (const auto& m : v["moves"])
      for (const auto& c : m["cards"]) named = named || c.get<size_t>() == i;
    const json& card = v["hand"][i];
    // A card a move names has no refusal; one none names gives the rule's.
    if (named) CHECK_FALSE(card.contains("why"));
    if (!named && card.contains("why")) {
      ++said;
      const std::string why = card["why"];
      INFO(why);
      CHECK(why.find(": ") != std::string::npos);  // the rule's section, then its words
      // The same refusal the terminal gives the one who types it.
      const Reply typed = t.session->execute("出す " + card["name"].get<std::string>(), nullptr);
      CHECK(typed.status == Reply::Status::refused);
      bool same = false;
      for (const auto& l : typed.lines)
        same = same || contains(l.text, why.substr(why.find(": ") + 2));
      CHECK(same);
    }
  }
  CHECK(said > 0);
  // The other seat is told nothing of its cards' refusals while it waits.
  const json waiting = t.table->view(1 - to_act);
  for (const auto& c : waiting["hand"]) CHECK_FALSE(c.contains("why"));
}

TEST_CASE(
    "web table: the tracks on the table, by their printed names, the marker where it stands") {
  // Stuart vs Zombies: the turn track from 1 to 10 and the AP, the marker
  // moving with the game.
  Table sv("stuart-vs-zombies", {"virtual"}, 3, "ja");
  json tracks = sv.table->view(0)["tracks"];
  REQUIRE(tracks.size() == 2);
  CHECK(tracks[0]["name"] == "ターン");
  CHECK(tracks[0]["min"] == 1);
  CHECK(tracks[0]["max"] == 10);
  CHECK(tracks[0]["value"] == 1);
  CHECK(tracks[1]["name"] == "AP");
  // Every seat sees the same tracks: they are on the table.
  CHECK(sv.table->view(WebTable::kObserver)["tracks"] == tracks);
  // SQUAD: the range by its printed boxes (PB to L, the marker on L at the
  // start) and each squad's soldiers.
  Table sq("squad", {"virtual"}, 5, "ja");
  tracks = sq.table->view(1)["tracks"];
  REQUIRE(tracks.size() == 3);
  CHECK(tracks[0]["name"] == "距離");
  CHECK(tracks[0]["labels"].size() == 4);
  CHECK(contains(tracks[0]["labels"][0].get<std::string>(), "PB"));
  CHECK(tracks[0]["value"] == 3);
  CHECK(contains(tracks[1]["name"].get<std::string>(), "アメリカ軍分隊"));
  CHECK(tracks[1]["value"] == 12);
  CHECK(tracks[2]["value"] == 10);
  // Maquis: day, morale and soldiers as its board prints them.
  Table mq("maquis", {"virtual"}, 3, "ja");
  tracks = mq.table->view(0)["tracks"];
  REQUIRE(tracks.size() == 3);
  CHECK(tracks[0]["name"] == "日");
  CHECK(tracks[0]["value"] == 1);
  CHECK(tracks[1]["name"] == "士気");
  CHECK(tracks[1]["value"] == 6);
  // Omaha Beach: the assault phases A1.. and the squad, charge and sniper tracks.
  Table ob("omaha-beach", {"virtual"}, 3, "ja");
  tracks = ob.table->view(0)["tracks"];
  REQUIRE(tracks.size() == 4);
  CHECK(tracks[0]["labels"][0] == "A1");
  // Endless Patrol: the squad track.
  Table ep("endless-patrol", {"mode=virtual"}, 3, "ja");
  tracks = ep.table->view(0)["tracks"];
  REQUIRE(tracks.size() == 1);
  CHECK(tracks[0]["value"] == 15);
}
