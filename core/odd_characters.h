// Characters a reader cannot see for what they are: invisible ones (a zero-
// width joiner, a zero-width space) and letters of another script among
// ASCII ones (a Cyrillic о in "rоll"). An unknown command or option that
// looks right names them, so that "did you mean roll?" after "rоll" makes sense.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bocage {

/// Each such character of `word`, as "U+043E CYRILLIC SMALL LETTER O (character 2)";
/// empty when there is none (or the word is not UTF-8).
std::vector<std::string> odd_characters(std::string_view word);

/// The same joined by ", ", for a message; empty when there is none.
std::string odd_characters_list(std::string_view word);

}  // namespace bocage
