// Suggests the closest known name for a misspelt one ("did you mean ...").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diagnostic.h"

namespace bocage {

/// Edit distance between two UTF-8 strings in characters (a kanji is one edit),
/// counting a swap of neighbours as one edit.
size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `name`, or "" when none is close enough to be a
/// plausible typo (distance at most a third of the longer name in characters,
/// at least 1): "医師" suggests "医者".
std::string closest_name(std::string_view name, const std::vector<std::string>& candidates);

/// "did you mean 'x'?" in both languages, or empty when there is no close candidate.
Text did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace bocage
