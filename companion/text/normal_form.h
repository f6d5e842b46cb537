// The two steps every line of input and every printed name go through
// before they are compared: Unicode NFKC (full-width "ｍｏｖｅ　０２０６" reads
// as "move 0206") and ICU's case folding. No messages: the game core
// (bocage_play_core) uses them for its vocabulary (engine/vocabulary.h).
#pragma once

#include <string>
#include <string_view>

namespace bocage {

/// `text` (valid UTF-8) in Unicode normalisation form KC.
std::string nfkc(std::string_view text);

/// A command or an answer as the companion reads it, from a line that
/// normalize_input() accepted: a comment ('#' to the end) dropped and the
/// letters case-folded, so `MOVE 0505 # by the road` is `move 0505 `.
std::string command_text(std::string_view normalized);

}  // namespace bocage
