#include "cards.h"

#include <algorithm>

namespace bocage {

namespace {

/// Asks which of `candidates` it is (a reveal question); records the reveal.
/// Candidates the player names alike (two copies of a card, two identical
/// counters) are one choice: the first of them.
int ask_which(PlayContext& ctx, const DrawQuestion& q, const std::vector<int>& candidates,
              const std::vector<int>* deck = nullptr) {
  Question question;
  question.text = q.text;
  question.kind = Question::Kind::reveal;
  question.seat = q.seat;
  question.term_kind = q.term_kind;
  question.secret = q.secret;
  for (int c : candidates) {
    std::string answer = q.answer(c);
    if (std::find(question.choices.begin(), question.choices.end(), answer) !=
        question.choices.end())
      continue;
    question.choices.push_back(std::move(answer));
    question.values.push_back(c);
    if (q.group) question.groups.push_back(q.group(c));
  }
  if (deck && deck->size() != candidates.size())
    for (size_t i = 0; i < question.choices.size(); ++i)
      question.in_deck.push_back(std::any_of(
          deck->begin(), deck->end(), [&](int c) { return q.answer(c) == question.choices[i]; }));
  const std::string answer = ctx.ask(question);
  ctx.revealed();
  for (size_t i = 0; i < question.choices.size(); ++i)
    if (question.choices[i] == answer) return question.values[i];
  return candidates.front();  // ask() returns one of the choices
}

}  // namespace

CardDeck::CardDeck(Mode mode, std::vector<int> cards) : mode_(mode), cards_(std::move(cards)) {
  if (mode_ == Mode::table) std::sort(cards_.begin(), cards_.end());
}

bool CardDeck::contains(int card) const {
  return std::find(cards_.begin(), cards_.end(), card) != cards_.end();
}

bool CardDeck::take(int card) {
  auto it = std::find(cards_.begin(), cards_.end(), card);
  if (it == cards_.end()) return false;
  cards_.erase(it);
  return true;
}

void CardDeck::put(int card) {
  if (virtual_cards())
    cards_.push_back(card);
  else
    cards_.insert(std::upper_bound(cards_.begin(), cards_.end(), card), card);
}

void CardDeck::shuffle(PlayContext& ctx) {
  if (virtual_cards())
    ctx.shuffle(cards_);
  else
    std::sort(cards_.begin(), cards_.end());
}

void CardDeck::refill(const std::vector<int>& cards, PlayContext& ctx) {
  cards_.insert(cards_.end(), cards.begin(), cards.end());
  shuffle(ctx);
}

int CardDeck::draw(PlayContext& ctx, const DrawQuestion& q) {
  if (cards_.empty()) return kUnknownCard;
  if (virtual_cards()) {
    const int card = cards_.front();
    ctx.revealed();
    take(card);
    return card;
  }
  // What the drawing seat could have drawn, as far as it knows: the deck and
  // the cards it cannot see elsewhere, in an order of names alone.
  std::vector<int> candidates = cards_;
  candidates.insert(candidates.end(), q.unseen_elsewhere.begin(), q.unseen_elsewhere.end());
  std::sort(candidates.begin(), candidates.end());
  const int card = ask_which(ctx, q, candidates, &cards_);
  // One card leaves the deck: that one, or a copy of its name, or (every
  // copy is held elsewhere: someone named a card wrongly, which no seat is
  // told) the last of the deck, so that its count stays the table's.
  if (!take(card)) {
    const std::string name = q.answer(card);
    auto copy =
        std::find_if(cards_.begin(), cards_.end(), [&](int c) { return q.answer(c) == name; });
    cards_.erase(copy != cards_.end() ? copy : cards_.end() - 1);
  }
  return card;
}

std::vector<int> CardDeck::peek(size_t n) const {
  if (!virtual_cards()) return {};
  return {cards_.begin(), cards_.begin() + long(std::min(n, cards_.size()))};
}

CardDeck CardDeck::hidden() const {
  CardDeck d;
  d.mode_ = mode_;
  d.cards_.assign(cards_.size(), kUnknownCard);
  return d;
}

bool CardPile::contains(int card) const {
  return std::find(cards.begin(), cards.end(), card) != cards.end();
}

bool CardPile::take(int card) {
  auto it = std::find(cards.begin(), cards.end(), card);
  if (it == cards.end()) return false;
  cards.erase(it);
  return true;
}

void CardPile::move_all_to(CardPile& to) {
  to.cards.insert(to.cards.end(), cards.begin(), cards.end());
  cards.clear();
}

CardPile CardPile::hidden() const {
  return CardPile{std::vector<int>(cards.size(), kUnknownCard)};
}

int FaceDownCell::reveal(PlayContext& ctx, const DrawQuestion& q,
                         const std::vector<int>& candidates) {
  if (card == kUnknownCard && !candidates.empty())
    card = ask_which(ctx, q, candidates);
  else
    ctx.revealed();
  face_up = true;
  return card;
}

}  // namespace bocage
