// End to end: the designer's loop as a user types it. `new` writes a game
// that validates and builds, `list` shows card ids, `preview --out`, and
// `watch` refreshing only the previews a saved file changed.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>

#include "../run_command.h"
#include "../text_helpers.h"
#include "pdf_probe.h"

using namespace bocage::test;
namespace fs = std::filesystem;

namespace {

const std::string kGen = std::string("'") + BOCAGE_GEN + "' --lang en";

}  // namespace

TEST_CASE("list names the cards of one game with their ids") {
  const std::string data = "--data '" + kRoot + "/data'";
  RunResult one = run_gen("list endless-patrol " + data);
  INFO(one.err);
  REQUIRE(one.status == 0);
  CHECK(contains(one.out, "gi-m1-garand-rifles"));
  CHECK(contains(one.out, "M1 Garand"));
  RunResult all = run_gen("list " + data);
  CHECK_FALSE(contains(all.out, "gi-m1-garand-rifles"));
  CHECK(contains(all.out, "bocage-gen list GAME shows the ids of its cards"));
}

TEST_CASE("preview --out writes the card into a folder of the user's choice") {
  TempDir out;
  RunResult r = run_gen("preview endless-patrol gi-medic --dpi 100 --out '" + out.path.string() +
                        "' " + kRoots);
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(png_size(out.path / "endless-patrol" / "gi-medic.png") == std::pair<int, int>{248, 346});
  RunResult both = run_gen("preview endless-patrol gi-medic --out x -o y.png " + kRoots);
  CHECK(both.status == 2);
  CHECK(contains(both.err, "excludes"));
}

TEST_CASE("new writes a game of 12 cards from a spreadsheet that validates and builds") {
  TempDir dir;
  RunResult made = run_gen("new my-game", dir.path);
  INFO(made.out << made.err);
  REQUIRE(made.status == 0);
  CHECK(contains(made.out, "data/my-game/cards.csv"));
  CHECK(contains(made.out, "templates/my-game/face.toml"));
  CHECK(contains(slurp(dir.path / "data/my-game/deck.toml"), "face = \"my-game/face\""));
  // As Japanese Excel opens it without mojibake: UTF-8 with a BOM, CRLF lines.
  const std::string csv = slurp(dir.path / "data/my-game/cards.csv");
  CHECK(csv.rfind("\xEF\xBB\xBFid,", 0) == 0);
  CHECK(csv.find("\r\n") != std::string::npos);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == std::count(csv.begin(), csv.end(), '\r'));
  RunResult valid = run_gen("validate my-game", dir.path);
  INFO(valid.out << valid.err);
  CHECK(valid.status == 0);
  CHECK(valid.err.empty());
  RunResult built = run_gen("build my-game --out out", dir.path);
  INFO(built.out << built.err);
  REQUIRE(built.status == 0);
  CHECK(contains(built.out, "12 cards"));
  CHECK(probe_pdf(dir.path / "out/my-game/units.pdf").pages >= 2);
}

TEST_CASE("new refuses a bad id and a folder that exists and leaves nothing behind") {
  TempDir dir;
  RunResult bad = run_gen("new '../x'", dir.path);
  CHECK(bad.status == 2);
  CHECK(contains(bad.err, "'../x' is not a valid game id"));
  CHECK(fs::is_empty(dir.path));
  fs::create_directories(dir.path / "templates/taken");
  RunResult taken = run_gen("new taken", dir.path);
  CHECK(taken.status == 2);
  CHECK(contains(taken.err, "templates/taken already exists"));
  CHECK_FALSE(fs::exists(dir.path / "data/taken"));
}

TEST_CASE("new a second time in the same folder makes a second game or says the first exists") {
  TempDir dir;
  REQUIRE(run_gen("new first", dir.path).status == 0);
  // ./templates now holds the first game alone: the starter is still found.
  RunResult second = run_gen("new second", dir.path);
  INFO(second.out << second.err);
  CHECK(second.status == 0);
  CHECK(fs::is_regular_file(dir.path / "data/second/companion.toml"));
  RunResult again = run_gen("new first", dir.path);
  CHECK(again.status == 2);
  CHECK(contains(again.err, "data/first already exists"));
  // A folder that cannot be written says why.
  fs::create_directories(dir.path / "locked");
  fs::permissions(dir.path / "locked", fs::perms::owner_read | fs::perms::owner_exec);
  RunResult locked = run_gen("new third --data locked/data --templates locked/templates", dir.path);
  fs::permissions(dir.path / "locked", fs::perms::owner_all);
  if (::geteuid() != 0) {  // root writes anyway
    CHECK(locked.status == 3);
    CHECK(contains(locked.err, "Permission denied"));
    CHECK_FALSE(contains(locked.err, "No such file"));
  }
}

TEST_CASE(
    "validate reports what would silently vanish: a short row, a blank required field, an element "
    "off the card") {
  TempDir dir;
  REQUIRE(run_gen("new g", dir.path).status == 0);
  auto edit = [&](const std::string& file, const std::string& from, const std::string& to) {
    std::string text = slurp(dir.path / file);
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::ofstream(dir.path / file, std::ios::binary) << text;
  };
  // Row 3 (the machine-gun team) loses its last two cells; the mortar's kind
  // is an ideographic space, the radio's a zero-width space in TOML's escape.
  edit("data/g/cards.csv",
       ",\"制圧射撃: 敵1部隊は次の手番、動けない。\",\"Suppress: one enemy unit cannot move next "
       "turn.\"",
       "");
  edit("data/g/cards.csv", "mortar,迫撃砲班,Mortar team,1,S,",
       "mortar,迫撃砲班,Mortar team,1,\xE3\x80\x80,");
  edit("templates/g/face.toml", "box = [5, 32, 53, 24]", "box = [70, 32, 53, 24]");
  RunResult r = run_gen("validate g", dir.path);
  INFO(r.err);
  CHECK(r.status == 1);  // the blank kind is an error; the others are warnings
  CHECK(contains(r.err,
                 "data/g/cards.csv:3:1: warning: row 3 has 7 cells where the header has 9 "
                 "columns: rule.ja, rule.en are read as blank [data/short-row]"));
  CHECK(contains(r.err,
                 "data/g/cards.csv:4:5: error: required field 'kind' of card 'mortar' is "
                 "blank (it holds only spaces or invisible characters)"));
  CHECK(contains(r.err, "templates/g/face.toml:"));
  CHECK(contains(r.err,
                 "lies wholly outside the 63.0 x 88.0 mm card of deck 'units': it is "
                 "never printed (box [70.0, 32.0, 53.0, 24.0]) [template/off-card]"));
  // A zero-width space alone, written in TOML.
  edit("data/g/deck.toml", "cards = \"cards.csv\"\n",
       "\n[[card]]\nid = \"zw\"\nname = \"ZW\"\nkind = \"\\u200B\"\n");
  RunResult zw = run_gen("validate g", dir.path);
  INFO(zw.err);
  CHECK(contains(zw.err, "required field 'kind' of card 'zw' is blank"));
}

namespace {

/// Runs `bocage-gen watch g --out out` in `dir`, its output in `log` and
/// `errlog`, and `steps` beside it: a shell script that may wait for a line of
/// the log with `await TEXT` (at most 120 s each) and saves as editors do.
/// Then stops the watch with SIGINT as Ctrl-C does; its status goes to `status`.
void run_watch_script(const fs::path& dir, const std::string& steps) {
  const std::string script =
      "cd '" + dir.string() + "' || exit 1; " + kGen +
      " watch g --out out >log 2>errlog & pid=$!; "
      "await() { for i in $(seq 600); do grep -q \"$1\" log && return 0; sleep 0.2; done; "
      "return 1; }; " +
      steps +
      "kill -INT $pid; for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; "
      "done; kill -KILL $pid 2>/dev/null; wait $pid; echo $? > status";
  std::string quoted;
  for (char c : script) {
    if (c == '"' || c == '\\' || c == '$' || c == '`') quoted += '\\';
    quoted += c;
  }
  run_command("sh -c \"" + quoted + "\"");
}

}  // namespace

TEST_CASE("watch refreshes only the previews a save changes and shows errors until fixed") {
  TempDir dir;
  REQUIRE(run_gen("new g", dir.path).status == 0);
  run_watch_script(dir.path,
                   "await watching; "
                   "sed 's/Rifle squad/Rifle platoon/' data/g/cards.csv > data/g/.cards.tmp && "
                   "mv data/g/.cards.tmp data/g/cards.csv; "
                   "await updated; "
                   "printf 'extra,X,X,1,I,strong,#000000,,\\n' >> data/g/cards.csv; "
                   "await 'error'; ");
  std::string log = slurp(dir.path / "log"), errlog = slurp(dir.path / "errlog");
  INFO(log << errlog);
  CHECK(slurp(dir.path / "status") == "0\n");
  CHECK(contains(log, "wrote 8 previews in out/g"));
  CHECK(contains(log, "changed: cards.csv"));
  CHECK(contains(log, "updated out/g/rifle.png"));
  CHECK_FALSE(contains(log, "updated out/g/mg.png"));  // unchanged cards are left alone
  CHECK(contains(log, "1 error: the previews stay as they were"));
  CHECK(contains(errlog, "cards.csv:10:6: error: 'power' in card 'extra' must be a number"));
  CHECK(contains(log, "stopped"));
  CHECK(png_size(dir.path / "out/g/rifle.png") == std::pair<int, int>{248, 346});
}

TEST_CASE("watch ignores the lock files Excel and LibreOffice write beside a workbook") {
  // Opening cards.xlsx in Excel writes ~$cards.xlsx, in LibreOffice
  // .~lock.cards.xlsx#: neither is a save, and nothing is refreshed for them.
  TempDir dir;
  REQUIRE(run_gen("new g", dir.path).status == 0);
  run_watch_script(dir.path,
                   "await watching; "
                   "printf 'lock' > 'data/g/~$cards.xlsx'; printf 'lock' > 'data/g/~$cards.csv'; "
                   "printf 'lock' > 'data/g/.~lock.cards.xlsx#'; sleep 2; "
                   "sed 's/Rifle squad/Rifle platoon/' data/g/cards.csv > data/g/.cards.tmp && "
                   "mv data/g/.cards.tmp data/g/cards.csv; "
                   "await updated; ");
  const std::string log = slurp(dir.path / "log"), errlog = slurp(dir.path / "errlog");
  INFO(log << errlog);
  CHECK(slurp(dir.path / "status") == "0\n");
  CHECK_FALSE(contains(log, "~$"));
  CHECK_FALSE(contains(log + errlog, "lock"));
  // (the first change it saw is the save)
  const size_t first = log.find("changed: ");
  REQUIRE(first != std::string::npos);
  CHECK(log.compare(first, std::string("changed: cards.csv").size(), "changed: cards.csv") == 0);
  CHECK(log.find("changed: ", first + 1) == std::string::npos);
}

TEST_CASE("watch names an unknown game and the known ones and exits 2 without watching") {
  TempDir dir;
  REQUIRE(run_gen("new known", dir.path).status == 0);
  RunResult r = run_gen("watch knwon", dir.path);
  CHECK(r.status == 2);  // a usage error, as in every other subcommand (docs/command-line.md)
  CHECK(contains(r.err, "knwon"));
  CHECK(contains(r.err, "known"));
  CHECK(r.out.empty());
  RunResult bad = run_gen("watch '../x'", dir.path);
  CHECK(bad.status == 1);
  CHECK(contains(bad.err, "not a valid game id"));
  CHECK_FALSE(fs::exists(dir.path / "output"));
}

TEST_CASE("a game of one's own in XDG_DATA_HOME does not hide the shipped games") {
  // The README tells designers to keep their games in
  // $XDG_DATA_HOME/bocage/data; the shipped games (here, the source tree's)
  // are still found, each game from the first place that holds it.
  TempDir home, cwd;
  const std::string env = "XDG_DATA_HOME='" + home.path.string() + "'";
  const std::string data = (home.path / "bocage/data").string();
  REQUIRE(run_gen("new my-game --data '" + data + "'", cwd.path, env).status == 0);
  RunResult list = run_gen("list", cwd.path, env);
  INFO(list.out << list.err);
  CHECK(list.status == 0);
  CHECK(contains(list.out, "my-game"));
  CHECK(contains(list.out, "from: " + data + "/my-game"));
  CHECK(contains(list.out, "endless-patrol"));
  CHECK(contains(list.out, "from: " + kRoot + "/data/endless-patrol"));
  RunResult built = run_gen("build my-game endless-patrol --out out", cwd.path, env);
  INFO(built.err);
  CHECK(built.status == 0);
  CHECK(fs::exists(cwd.path / "out/my-game/units.pdf"));
  CHECK(fs::exists(cwd.path / "out/endless-patrol"));
  RunResult paths = run_gen("paths", cwd.path, env);
  CHECK(contains(paths.out, "  my-game  " + data + "/my-game  ($XDG_DATA_HOME/bocage)"));
}

TEST_CASE("watch previews a card whose picture is missing with a placeholder and goes on") {
  TempDir dir;
  REQUIRE(run_gen("new g", dir.path).status == 0);
  // Pictures for every card but the radio: a preview of the rifle, copied.
  fs::create_directories(dir.path / "data/g/art");
  REQUIRE(run_gen("preview g rifle -o data/g/art/pic.png", dir.path).status == 0);
  for (const char* id : {"rifle", "mg", "mortar", "medic", "sherman", "stuart", "bazooka"})
    fs::copy_file(dir.path / "data/g/art/pic.png",
                  dir.path / "data/g/art" / (std::string(id) + ".png"));
  std::ofstream(dir.path / "templates/g/face.toml", std::ios::app)
      << "\n[[element]]\nkind = \"image\"\nbox = [44, 70, 15, 15]\nimage = \"art/{id}.png\"\n";
  // validate and build refuse the missing picture...
  RunResult valid = run_gen("validate g", dir.path);
  CHECK(valid.status == 1);
  CHECK(contains(valid.err, "error: g: deck 'units' card 'radio': picture "));
  CHECK(contains(valid.err, "art/radio.png not found"));
  CHECK(contains(valid.err, "make the art/ folder inside the game's folder"));
  CHECK(run_gen("build g --out out", dir.path).status == 1);
  // ...watch previews it with a placeholder, says so once, and refreshes the others.
  run_watch_script(dir.path,
                   "await watching; "
                   "sed 's/Rifle squad/Rifle platoon/' data/g/cards.csv > data/g/.cards.tmp && "
                   "mv data/g/.cards.tmp data/g/cards.csv; "
                   "await updated; ");
  std::string log = slurp(dir.path / "log"), errlog = slurp(dir.path / "errlog");
  INFO(log << errlog);
  CHECK(slurp(dir.path / "status") == "0\n");
  CHECK(contains(log, "wrote 8 previews in out/g"));
  CHECK(contains(log, "updated out/g/rifle.png"));
  CHECK_FALSE(contains(log, "the previews stay as they were"));
  CHECK(fs::exists(dir.path / "out/g/radio.png"));
  // The warning once, not again at the save.
  const std::string warning = "warning: g: deck 'units' card 'radio': picture ";
  CHECK(contains(errlog, warning));
  CHECK(errlog.find(warning) == errlog.rfind(warning));
  CHECK(contains(errlog, "the preview shows a placeholder"));
}

TEST_CASE("watch says when the game folder goes and follows it when it comes back") {
  TempDir dir;
  REQUIRE(run_gen("new g", dir.path).status == 0);
  run_watch_script(dir.path,
                   "await watching; "
                   "mv data/g moved; await 'moved away'; "
                   // An edit where the folder went is no edit of the game.
                   "echo '# away' >> moved/deck.toml; sleep 1; "
                   "cp -r moved data/g; await 'is back'; "
                   "sed 's/Rifle squad/Rifle platoon/' data/g/cards.csv > data/g/.c.tmp && "
                   "mv data/g/.c.tmp data/g/cards.csv; await 'updated out/g/rifle.png'; "
                   "rm -r templates/g && echo x > templates/g; await 'is a file'; ");
  std::string log = slurp(dir.path / "log"), errlog = slurp(dir.path / "errlog");
  INFO(log << errlog);
  CHECK(slurp(dir.path / "status") == "0\n");
  CHECK(contains(log, "data/g was moved away or deleted: waiting for a folder at that path again"));
  CHECK(contains(log, "data/g is back: watching it again"));
  CHECK_FALSE(contains(log, "changed: deck.toml"));
  CHECK(contains(log, "changed: cards.csv\n  updated out/g/rifle.png"));
  CHECK(contains(errlog, "template 'g/face' not found"));
  CHECK(contains(errlog, "hint: templates/g is a file, not a folder"));
}

TEST_CASE("watch refuses an --out that holds a folder it follows") {
  TempDir dir;
  REQUIRE(run_gen("new g", dir.path).status == 0);
  for (const std::string out : {"templates", ".", "data"}) {
    RunResult r = run_gen("watch g --out " + out, dir.path);
    INFO(out << ": " << r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--out " + out + " holds "));
    CHECK_FALSE(contains(r.err, "Invalid argument"));
  }
}
