// Ids of games, decks, cards, maps, boards, symbols and icons become file
// names, so they are restricted to a portable character set.
#pragma once

#include <string_view>

namespace bocage {

/// The rule, for messages: "letters A-Z a-z, digits, '-' and '_', ...".
constexpr std::string_view kIdRule =
    "1 to 64 ASCII letters, digits, '-' or '_', starting with a letter or digit";

/// True for [A-Za-z0-9][A-Za-z0-9_-]{0,63}.
bool is_valid_id(std::string_view id);

}  // namespace bocage
