// Why the system refused a file operation (an errno value), in both languages
// from the catalog (cli/messages.toml), not from strerror(3), whose language
// the process locale would choose. Both programs say it after their own
// sentence: "cannot write 'x.pdf': No space left on device".
#pragma once

#include "diagnostic.h"

namespace bocage {

/// The reason for `err` (an errno value): a catalogued sentence for the
/// common ones (disk full, permission denied, read-only, a directory in the
/// way, ...), else the C library's English text with the number.
Text system_error_text(int err);

/// "PATH: " and the reason for `err`, in both languages.
Text path_error_text(const std::string& path, int err);

}  // namespace bocage
