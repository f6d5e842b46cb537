// Data bound into templates: `{name.ja}`, `{ammo}`, `{symbols.rule.en}`,
// `{deck.name.ja}`, `{game.name.en}`, `{symbol.L.rule.ja}`, `{index}`.
// References are checked once against the deck's declared fields, then
// resolved per card.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/model.h"

namespace bocage {

struct BindContext {
  const Game& game;
  const Deck& deck;
  const Card* card = nullptr;
  int index = -1;  // the repeat index, or -1
};

struct RefCheck {
  bool ok = true;
  Text message;  // in both languages
  Text hint;
};

/// Whether `ref` names something a face or back of `deck` can show.
RefCheck check_ref(std::string_view ref, const Game& game, const Deck& deck, bool in_repeat);

struct RefValue {
  std::string text;
  bool set = false;  // the card has a value (non-empty text, a number, symbols, true)
};

/// The value of a reference that passed check_ref.
RefValue ref_value(std::string_view ref, const BindContext& ctx);

/// The references `{...}` in a text; `{{` and `}}` stand for literal braces.
/// Sets `error` on an unclosed brace.
std::vector<std::string> refs_in(std::string_view text, Text* error);

/// The text with every reference replaced by its value.
std::string interpolate(std::string_view text, const BindContext& ctx);

}  // namespace bocage
