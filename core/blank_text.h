// Whether a text holds nothing a reader would see: only white space (ASCII,
// no-break, ideographic) and invisible characters (zero-width space and
// joiners, word joiner, a BOM: Unicode's default-ignorable code points). A
// required field of such text is as good as empty.
#pragma once

#include <string_view>

namespace bocage {

/// True for "", "　", "\u200B" and the like; text that is not UTF-8 is not blank.
bool is_blank_text(std::string_view text);

}  // namespace bocage
