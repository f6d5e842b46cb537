// The typesetting specimen: one A4 page that shows every rule of the
// Japanese typesetting layer at card sizes (narrow boxes, vertical columns,
// ruby, mixed scripts), so that a user can judge it at a glance.
#pragma once

#include <filesystem>
#include <string>

#include "core/diagnostic.h"

namespace bocage {

/// Writes the specimen PDF (atomically). `templates` is the folder whose
/// icons/ the inline-icon example uses.
bool write_specimen(const std::filesystem::path& destination,
                    const std::filesystem::path& templates, Text* error);

}  // namespace bocage
