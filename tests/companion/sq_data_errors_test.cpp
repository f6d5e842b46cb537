// SQUAD's data for the companion (sq_rules): each error in companion.toml and
// the decks is at its place and said in Japanese and in English.
#include <catch2/catch.hpp>

#include "companion/games/squad/sq_rules.h"
#include "game_data.h"

using namespace bocage;

namespace {

/// The game's data with one file's text replaced: `from` becomes `to`.
struct EditedData : test::EditedGameData {
  EditedData(const std::string& file, const std::string& from, const std::string& to)
      : test::EditedGameData("squad", file, from, to) {}
  void require_error(const std::string& code, const std::string& ja, const std::string& en) const {
    test::EditedGameData::require_error(load_sq_rules, code, ja, en);
  }
};

}  // namespace

TEST_CASE("squad rules: every data error is said in Japanese and in English") {
  SECTION("a deck that the game does not have") {
    EditedData("companion.toml", "deck = \"deck\"", "deck = \"cards\"")
        .require_error("companion/unknown-deck", "このゲームにデッキ「cards」はありません",
                       "no deck 'cards' in this game");
  }
  SECTION("the nations' deck missing") {
    EditedData("companion.toml", "nations = \"nations\"", "nations = \"countries\"")
        .require_error("companion/unknown-deck", "デッキ「countries」はありません",
                       "no deck 'countries' in this game");
  }
  SECTION("no National Trait card") {
    EditedData("deck.toml", "type = [\"N\"]", "type = [\"A\"]")
        .require_error("companion/no-trait-card", "国特性カード（N）がありません",
                       "the deck has no National Trait card (N)");
  }
  SECTION("a fortification that is no terrain card") {
    EditedData("companion.toml", "fortifications = [\"pill-box\"",
               "fortifications = [\"radio-artillery\"")
        .require_error("companion/unknown-card",
                       "「radio-artillery」はデッキの地形カードではありません",
                       "'radio-artillery' is not a terrain card of the deck");
  }
  SECTION("a [[nation]] that nations.toml does not print") {
    EditedData("companion.toml", "id = \"us\"\nword = \"us\"", "id = \"usa\"\nword = \"us\"")
        .require_error("companion/unknown-nation", "国「usa」はありません", "no nation 'usa' in");
  }
  SECTION("a nation without its word") {
    EditedData("companion.toml", "id = \"us\"\nword = \"us\"", "id = \"usa\"\nword = \"us\"")
        .require_error("companion/nation-word", "国「us」に [[nation]] の word がありません",
                       "the nation 'us' has no [[nation]] word");
  }
  SECTION("a trait played as a card the deck does not have") {
    EditedData("companion.toml", "as = \"radio-artillery\"", "as = \"radio-artilery\"")
        .require_error("companion/unknown-card", "カード「radio-artilery」はありません",
                       "no card 'radio-artilery' in the deck");
  }
  SECTION("a trait of a nation that nations.toml does not print") {
    EditedData("companion.toml", "nation = \"us\"\nid = \"artillery\"",
               "nation = \"usa\"\nid = \"artillery\"")
        .require_error("companion/unknown-nation", "国「usa」はありません", "no nation 'usa' in");
  }
  SECTION("a [[command]] of no command of the game") {
    EditedData("companion.toml", "id = \"declare\"\nname = { ja = \"宣言\"",
               "id = \"announce\"\nname = { ja = \"宣言\"")
        .require_error("companion/unknown-command",
                       "[[command]] の「announce」はこのゲームのコマンドではありません",
                       "[[command]] 'announce' is not a command of this game");
  }
  SECTION("a command without its [[command]]") {
    EditedData("companion.toml", "id = \"declare\"\nname = { ja = \"宣言\"",
               "id = \"announce\"\nname = { ja = \"宣言\"")
        .require_error("companion/missing-command",
                       "companion.toml には [[command]] の「declare」が必要です",
                       "companion.toml needs the [[command]] 'declare'");
  }
  SECTION("a [[command]] given twice") {
    EditedData("companion.toml", "id = \"declare\"\nname = { ja = \"宣言\"",
               "id = \"play\"\nname = { ja = \"宣言\"")
        .require_error("companion/duplicate-command", "[[command]] の「play」が2回あります",
                       "[[command]] 'play' is given twice");
  }
}
