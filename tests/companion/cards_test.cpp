// Decks, hands, discard piles and face-down cells (companion/pieces/cards):
// table mode asks which card came among those left, virtual mode deals the
// next of a keyed shuffle, peeking keeps the order, views show counts only.
#include "companion/pieces/cards.h"

#include <catch2/catch.hpp>

using namespace bocage;

namespace {

/// Answers each question with the next scripted answer and keeps what it was asked.
struct ScriptAsker final : Asker {
  std::vector<std::string> answers;
  std::vector<Question> asked;
  std::optional<std::string> ask(const Question& q, const std::vector<Line>&) override {
    asked.push_back(q);
    if (answers.empty()) return std::nullopt;
    std::string a = answers.front();
    answers.erase(answers.begin());
    return a;
  }
};

DrawQuestion by_number() {
  return {"which card?", [](int c) { return std::to_string(c + 1); }, 0};
}

}  // namespace

TEST_CASE("cards: a table-mode draw asks which card among those left, typed as a reveal") {
  GameDice dice(7);
  ScriptAsker asker;
  asker.answers = {"3", "1"};
  PlayContext ctx(Lang::en, dice, false, {}, &asker);
  CardDeck deck(CardDeck::Mode::table, {2, 0, 1});
  CHECK(deck.cards() == std::vector<int>{0, 1, 2});  // the order is nobody's: sorted
  CHECK(deck.draw(ctx, by_number()) == 2);
  REQUIRE(asker.asked.size() == 1);
  CHECK(asker.asked[0].kind == Question::Kind::reveal);
  CHECK(asker.asked[0].choices == std::vector<std::string>{"1", "2", "3"});
  CHECK(asker.asked[0].values == std::vector<int>{0, 1, 2});
  CHECK(deck.draw(ctx, by_number()) == 0);
  CHECK(asker.asked[1].choices == std::vector<std::string>{"1", "2"});  // 3 is gone
  CHECK(ctx.reveals() == 2);    // an undo past these draws must be forced
  CHECK(deck.peek(5).empty());  // at the table the player looks at the real deck
}

TEST_CASE("cards: a virtual deck deals the keyed shuffle in order and peeking keeps it") {
  std::vector<int> cards(10);
  for (int i = 0; i < 10; ++i) cards[size_t(i)] = i;
  auto dealt = [&](uint64_t seed) {
    GameDice dice(seed);
    PlayContext ctx(Lang::en, dice, false, {}, nullptr);
    CardDeck deck(CardDeck::Mode::virtual_cards, cards);
    deck.shuffle(ctx);
    CHECK(ctx.shuffles() == 1);
    auto top = deck.peek(3);
    std::vector<int> out;
    while (!deck.empty()) out.push_back(deck.draw(ctx, by_number()));
    CHECK(std::vector<int>(out.begin(), out.begin() + 3) == top);  // peek then draw: same cards
    CHECK(ctx.reveals() == 10);
    return out;
  };
  const auto a = dealt(1), b = dealt(1), c = dealt(2);
  CHECK(a == b);  // the seed decides
  CHECK(a != c);
  CHECK(a != cards);  // shuffled
  std::vector<int> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == cards);  // each card once
}

TEST_CASE("cards: the shuffle of a deck does not move the dice") {
  GameDice with(5), without(5);
  PlayContext ctx(Lang::en, with, false, {}, nullptr);
  CardDeck deck(CardDeck::Mode::virtual_cards, {0, 1, 2, 3});
  deck.shuffle(ctx);
  CHECK(with.roll(6) == without.roll(6));
}

TEST_CASE("cards: an empty deck draws nothing and asks nothing and refill takes a discard pile") {
  GameDice dice(3);
  ScriptAsker asker;
  PlayContext ctx(Lang::en, dice, false, {}, &asker);
  CardDeck deck(CardDeck::Mode::table, {});
  CHECK(deck.draw(ctx, by_number()) == kUnknownCard);
  CHECK(asker.asked.empty());
  CHECK(ctx.reveals() == 0);
  CardPile discard{{4, 1}};
  deck.refill(discard.cards, ctx);
  CHECK(deck.cards() == std::vector<int>{1, 4});
}

TEST_CASE("cards: a deck gives up one copy of a chosen card and takes one back without a shuffle") {
  CardDeck table(CardDeck::Mode::table, {5, 2, 2, 9});
  CHECK(table.take(2));
  CHECK(table.cards() == std::vector<int>{2, 5, 9});
  CHECK_FALSE(table.take(7));
  CHECK(table.cards() == std::vector<int>{2, 5, 9});
  table.put(6);  // among the others: table decks keep no order
  CHECK(table.cards() == std::vector<int>{2, 5, 6, 9});
  CardDeck virtual_deck(CardDeck::Mode::virtual_cards, {5, 2, 9});
  CHECK(virtual_deck.take(2));
  virtual_deck.put(1);  // at the bottom: the top cards keep their order
  CHECK(virtual_deck.cards() == std::vector<int>{5, 9, 1});
}

TEST_CASE("cards: a pile gives up only what it holds and views show counts only") {
  CardPile hand{{3, 5, 8}};
  CHECK(hand.take(5));
  CHECK_FALSE(hand.take(5));
  CHECK(hand.cards == std::vector<int>{3, 8});
  CardPile discard;
  hand.move_all_to(discard);
  CHECK(hand.empty());
  CHECK(discard.cards == std::vector<int>{3, 8});
  CHECK(discard.hidden().cards == std::vector<int>{kUnknownCard, kUnknownCard});
  CardDeck deck(CardDeck::Mode::virtual_cards, {4, 2, 9});
  CHECK(deck.hidden().size() == 3);
  CHECK(deck.hidden().cards() == std::vector<int>(3, kUnknownCard));
  CHECK(deck.hidden().peek(2) == std::vector<int>(2, kUnknownCard));
}

TEST_CASE("cards: a face-down cell is unknown in a view until turned over") {
  GameDice dice(1);
  ScriptAsker asker;
  asker.answers = {"2"};
  PlayContext ctx(Lang::en, dice, false, {}, &asker);
  FaceDownCell known{6, false};  // virtual: the companion knows it
  CHECK(known.hidden().card == kUnknownCard);
  CHECK(known.reveal(ctx, by_number(), {}) == 6);
  CHECK(known.hidden().card == 6);
  FaceDownCell table;  // table mode: asked among the cards not yet seen
  CHECK(table.reveal(ctx, by_number(), {0, 1}) == 1);
  CHECK(asker.asked.at(0).values == std::vector<int>{0, 1});
  CHECK(ctx.reveals() == 2);
}

TEST_CASE("cards: a card's number answers only itself, never a longer number it begins") {
  const std::vector<std::string> left{"5", "30"};
  CHECK(match_choice("5", left) == "5");
  CHECK_FALSE(match_choice("3", left));  // card 3 is gone: not card 30
  CHECK(match_choice("30", left) == "30");
  CHECK(match_choice("zom", {"zombie2", "m8"}) == "zombie2");  // words keep their prefixes
}

TEST_CASE("cards: copies the player names alike are one choice, the first of them") {
  GameDice dice(1);
  ScriptAsker asker;
  asker.answers = {"infantry"};
  PlayContext ctx(Lang::en, dice, false, {}, &asker);
  // Two identical counters (cards 1 and 2) among the unseen: one answer names both.
  const DrawQuestion q{"which counter?",
                       [](int c) { return c == 0 ? std::string("zombie") : "infantry"; }, 0};
  FaceDownCell cell;
  CHECK(cell.reveal(ctx, q, {0, 1, 2}) == 1);
  REQUIRE(asker.asked.size() == 1);
  CHECK(asker.asked[0].choices == std::vector<std::string>{"zombie", "infantry"});
  CHECK(asker.asked[0].values == std::vector<int>{0, 1});
  CHECK(cell.face_up);
}
