// Stuart vs Zombies' data as the companion reads it: the same counters and
// map the generator prints, and companion.toml; every error names its place.
#include "companion/games/stuart_vs_zombies/svz_rules.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <functional>

#include "../diagnostic_matchers.h"
#include "core/game_loader.h"
#include "svz_play.h"

using namespace bocage;
using namespace bocage::test;

namespace {

/// The game's data copied to a scratch folder, with `file` replaced by `text`.
struct EditedData : DataCopy {
  EditedData(const std::string& name, const std::function<std::string(std::string)>& edit) {
    write(name, edit(read(name)));
  }
  std::optional<SvzRules> load(Diagnostics& diags) const {
    return load_svz_rules(root(), "stuart-vs-zombies", diags);
  }
};

std::function<std::string(std::string)> replace(const std::string& from, const std::string& to) {
  return [=](std::string text) {
    size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
}

std::function<std::string(std::string)> replace_all(const std::string& from,
                                                    const std::string& to) {
  return [=](std::string text) {
    for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
      text.replace(at, from.size(), to);
    return text;
  };
}

}  // namespace

TEST_CASE("svz rules: counters, hexes and tables come from data/stuart-vs-zombies") {
  Diagnostics diags;
  auto rules = load_svz_rules(data_root(), "stuart-vs-zombies", diags);
  INFO(diags.format_all());
  REQUIRE(rules);
  CHECK(rules->counters.size() == 9);
  std::vector<int> values;
  for (const auto& c : rules->counters)
    if (c.kind == SvzCounter::Kind::zombie) values.push_back(c.value);
  CHECK(values == std::vector<int>{2, 3, 3, 4});
  CHECK(rules->infantry_count() == 2);
  CHECK(rules->start == hex("0206"));
  CHECK(rules->hidden.size() == 8);
  CHECK(rules->hidden[7] == hex("0807"));
  CHECK(rules->turns().max == 10);
  CHECK(rules->action("recon").cost == 2);
  CHECK(rules->action("shoot").range == 2);
  CHECK(rules->event_row(8).event == SvzEventRow::Event::chaos);
  CHECK(rules->event_row(4).event == SvzEventRow::Event::recon);
}

TEST_CASE("svz rules: the event table printed on the map sheet is the one the companion rolls on") {
  Diagnostics diags;
  auto rules = load_svz_rules(data_root(), "stuart-vs-zombies", diags);
  REQUIRE(rules);
  Game game = load_game(data_root(), "stuart-vs-zombies", diags);
  const Deck* sheet = game.deck("map");
  REQUIRE(sheet);
  const std::string printed = sheet->cards.at(0).field("events")->text.ja;
  std::vector<std::string> rows;
  for (size_t start = 0;;) {
    size_t br = printed.find("<br>", start);
    rows.push_back(printed.substr(start, br - start));
    if (br == std::string::npos) break;
    start = br + 4;
  }
  REQUIRE(rows.size() == rules->event_table.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rules->event_table[i];
    std::string range = row.from == row.to
                            ? std::to_string(row.from)
                            : std::to_string(row.from) + "–" + std::to_string(row.to);
    CHECK(rows[i] == range + "　" + row.name.ja);
  }
}

TEST_CASE("svz rules: a zombie's value edited in counters.toml changes the companion's hit roll") {
  EditedData data("counters.toml", replace("value = 2", "value = 5"));
  SvzGame g({"manual-dice"}, 1, "ja", data.root());
  g.run("roll -- 5 6 zombie5\nshoot 6 -- 5\n");
  CHECK(g.state().killed.empty());  // 5 no longer beats the value
  g.run("shoot 6 -- 6\n");
  CHECK(g.state().killed.size() == 1);
}

TEST_CASE("svz rules: a roll the AP table does not cover is an error at the table") {
  EditedData data("companion.toml", replace("roll = [2, 4]", "roll = [2, 3]"));
  Diagnostics diags;
  CHECK_FALSE(data.load(diags));
  require_diagnostic(diags, "companion/table-coverage", "companion.toml", 76, 1,
                     "the AP table must give exactly one row for the roll 4 (found 0)");
}

TEST_CASE("svz rules: bad values in companion.toml name their file, line and column") {
  SECTION("an unknown event") {
    EditedData data("companion.toml", replace("event = \"chaos\"", "event = \"chaoss\""));
    Diagnostics diags;
    CHECK_FALSE(data.load(diags));
    require_diagnostic(
        diags, "companion/unknown-event", "companion.toml", 134, 9,
        "unknown event 'chaoss'; expected counterattack, recon, zombification or chaos");
  }
  SECTION("a start hex the map does not have") {
    EditedData data("companion.toml", replace("start = \"★\"", "start = \"☆\""));
    Diagnostics diags;
    CHECK_FALSE(data.load(diags));
    require_diagnostic(diags, "companion/unknown-hex", "companion.toml", 12, 9,
                       "no hex labelled or numbered '☆' on map 'carentan'");
  }
  SECTION("too few hidden hexes for the counters") {
    EditedData data("companion.toml", replace("\"7\", \"8\"]", "\"7\"]"));
    Diagnostics diags;
    CHECK_FALSE(data.load(diags));
    require_diagnostic(diags, "companion/hidden-count", "companion.toml", 13, 10,
                       "9 face-down counters need 8 hexes in 'hidden'");
  }
  SECTION("a misspelt key") {
    EditedData data("companion.toml", replace("kill_bonus = 2", "kill_bonnus = 2"));
    Diagnostics diags;
    CHECK_FALSE(data.load(diags));
    require_diagnostic(diags, "data/unknown-key", "companion.toml", 15, 1, "kill_bonnus");
  }
  SECTION("a counter the companion cannot place in a role") {
    EditedData data("counters.toml", replace("shoot_bonus = 2", ""));
    Diagnostics diags;
    CHECK_FALSE(data.load(diags));
    require_diagnostic(diags, "companion/counter-role", "counters.toml", 65, 1,
                       "counter 'm8-turret' is not the tank");
  }
  SECTION("a missing companion.toml") {
    EditedData data("companion.toml", [](std::string) { return std::string(); });
    std::filesystem::remove(data.file("companion.toml"));
    Diagnostics diags;
    CHECK_FALSE(data.load(diags));
    CHECK_THAT(diags.format_all(), Catch::Contains("companion.toml"));
  }
}

TEST_CASE("svz rules: every other companion.toml error names its place") {
  struct Case {
    const char* file;
    std::function<std::string(std::string)> edit;
    const char* code;
    int line, column;
    const char* text;
  };
  const std::vector<Case> cases = {
      {"companion.toml", replace("map = \"carentan\"", "map = \"caen\""), "companion/unknown-map",
       9, 7, "no map 'caen' in this game"},
      {"companion.toml", replace("counters = \"counters\"", "counters = \"cards\""),
       "companion/unknown-deck", 10, 12, "no deck 'cards' in this game"},
      {"companion.toml", replace("tank = \"m5\"", "tank = \"m6\""), "companion/unknown-counter", 11,
       8, "no counter 'm6' in deck 'counters'"},
      {"companion.toml", replace("id = \"ap\"\nrule = \"5.0\"", "id = \"roll\"\nrule = \"5.0\""),
       "companion/missing-phase", 1, 1, "companion.toml needs the [[phase]] 'ap'"},
      {"companion.toml", replace("id = \"ram\"", "id = \"charge\""), "companion/missing-action", 1,
       1, "companion.toml needs the [[action]] 'ram'"},
      {"companion.toml", replace("id = \"turn\"", "id = \"turns\""), "companion/missing-track", 1,
       1, "companion.toml needs the [[track]] 'turn'"},
      {"companion.toml", replace("min = 1\nmax = 10", "min = 10\nmax = 1"), "companion/bad-track",
       32, 7, "track 'turn': max (1) is below min (10)"},
      {"companion.toml", replace_all("[[table.ap]]", "[[table.apx]]"), "companion/missing-table",
       76, 1, "companion.toml needs [[table.ap]] rows"},
      {"companion.toml", replace("roll = 1\nend_turn", "roll = \"one\"\nend_turn"),
       "companion/bad-roll", 77, 8, "'roll' must be a number or [from, to]"},
      {"companion.toml", replace("ap = \"roll\"", "ap = \"five\""), "companion/bad-value", 82, 6,
       "'ap' can only be \"roll\""},
      {"companion.toml", replace("hexes = 3\n", ""), "companion/missing-key", 120, 1,
       "a counterattack row needs 'hexes'"},
      // The options are data the user may edit, but the module plays only its own.
      {"companion.toml", replace("values = [\"0\", \"1\", \"2\"]", "values = [\"0\", \"3\"]"),
       "companion/bad-option", 165, 1,
       "option 'rescue' offers '3', which the companion cannot play; expected 0, 1 or 2"},
      {"companion.toml", replace("name = \"hit\"", "name = \"turbo\""), "companion/bad-option", 147,
       1,
       "option 'turbo' is not one this game's companion plays; expected mode, hit, breakdowns or "
       "rescue"},
  };
  for (const auto& c : cases) {
    INFO(c.code);
    EditedData data(c.file, c.edit);
    Diagnostics diags;
    CHECK_FALSE(data.load(diags));
    require_diagnostic(diags, c.code, c.file, c.line, c.column, c.text);
  }
}
