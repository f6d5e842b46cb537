// Cards for the companion's games: a deck drawn from (in table mode the
// player says which card came, among those left; in virtual mode the next one
// of the companion's shuffle), hands and discard piles, face-down cells, and
// what a seat may see of them. Cards are indices into the game's card list.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "companion/engine/play_context.h"

namespace bocage {

/// A card not known to the one looking (a view's hidden card).
constexpr int kUnknownCard = -1;

/// How a table-mode draw asks which card came: the question's text, and the
/// answer that names each card ("17"); the seat that answers.
struct DrawQuestion {
  std::string text;
  std::function<std::string(int card)> answer;
  int seat = 0;
  std::string term_kind = {};  // Question::term_kind
  bool secret = false;         // Question::secret: the card goes into a hand
  /// Table mode: the cards held where the drawing seat cannot see them (the
  /// other seats' hands). As far as that seat knows, any of them may be the
  /// card it drew: they are offered too, so that its choices tell nothing
  /// of what the others hold (the answer takes a copy of that name from the
  /// deck; none left there: a card of the deck stands for it). The choices
  /// are in the cards' order, so their order tells nothing either.
  std::vector<int> unseen_elsewhere = {};
  /// What sort of card it is, as printed (SQUAD's type: 修正, 地形, 攻撃):
  /// a page groups a long list of choices by it (Question::groups). None: none.
  std::function<std::string(int card)> group = {};
};

/// A face-down deck. Virtual mode: `cards()` in order, top first, mixed by
/// the game's shuffle stream. Table mode: the real deck is on the table;
/// `cards()` are those left in it, sorted, in an order nobody knows.
class CardDeck {
 public:
  enum class Mode { table, virtual_cards };

  CardDeck() = default;
  CardDeck(Mode mode, std::vector<int> cards);

  Mode mode() const { return mode_; }
  bool virtual_cards() const { return mode_ == Mode::virtual_cards; }
  const std::vector<int>& cards() const { return cards_; }
  size_t size() const { return cards_.size(); }
  bool empty() const { return cards_.empty(); }
  bool contains(int card) const;

  /// Virtual: mixes the cards with the game's next shuffle stream (a shuffle
  /// is recorded, so an undo past it must be forced). Table: the player
  /// shuffles the real deck; the companion only forgets the order.
  void shuffle(PlayContext& ctx);
  /// Takes one copy of `card` out (a card dealt by the player's choice);
  /// false when the deck has none.
  bool take(int card);
  /// Puts `card` back without a shuffle: at the bottom (virtual), among the
  /// others in no known order (table).
  void put(int card);
  /// Puts `cards` (a discard pile) into the deck and shuffles it.
  void refill(const std::vector<int>& cards, PlayContext& ctx);
  /// Draws the top card and records a reveal: virtual, the next card; table,
  /// asks `q` (kind reveal, one choice per card left, its value the card).
  /// kUnknownCard when the deck is empty (nothing asked, nothing recorded).
  int draw(PlayContext& ctx, const DrawQuestion& q);
  /// The top `n` cards (fewer when the deck is smaller), top first, order
  /// kept. Virtual only: in table mode the player looks at the real deck and
  /// the result is empty. The caller records the reveal (ctx.revealed()).
  std::vector<int> peek(size_t n) const;
  /// The deck as a seat sees it: the count, every card unknown.
  CardDeck hidden() const;

 private:
  Mode mode_ = Mode::table;
  std::vector<int> cards_;
};

/// Cards held or laid down: a hand, a discard pile, the cards in play. In
/// the order they came.
struct CardPile {
  std::vector<int> cards;

  size_t size() const { return cards.size(); }
  bool empty() const { return cards.empty(); }
  bool contains(int card) const;
  void add(int card) { cards.push_back(card); }
  /// Takes `card` out; false when it is not there.
  bool take(int card);
  /// Moves every card to `to`, in order.
  void move_all_to(CardPile& to);
  /// The pile as a seat that may not see it: its count, every card unknown.
  CardPile hidden() const;
};

/// One hidden card or counter in a place (a cell of a grid, a box): who it is
/// is unknown in table mode until it is turned over and the player says.
struct FaceDownCell {
  int card = kUnknownCard;  // virtual: known to the companion; table: kUnknownCard until revealed
  bool face_up = false;

  /// Turns it over and records a reveal: virtual, its card; table, asks `q`
  /// with the `candidates` (the cards not yet seen). Returns the card.
  int reveal(PlayContext& ctx, const DrawQuestion& q, const std::vector<int>& candidates);
  /// As a seat sees it: face down means unknown.
  FaceDownCell hidden() const { return face_up ? *this : FaceDownCell{}; }
};

}  // namespace bocage
