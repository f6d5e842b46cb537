// The seats' tokens of a served session: one unguessable token per seat (128
// bits from the system's random source, as 32 hex digits), kept beside the
// session in SESSION.tokens (mode 0600) so that a restarted server gives the
// same URLs. Never in the session log: `log`, `exec` and a shared file show
// no token.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/lang.h"

namespace bocage {

/// The token file of a session file.
std::filesystem::path tokens_path(const std::filesystem::path& session);

/// The tokens of `seats` seats, then of `observers` observers: read from
/// `file`, or made and written there when it does not exist or holds fewer
/// (the file is replaced whole; tokens it holds keep their places, so a URL
/// once printed stays the same). nullopt with `error` set when it cannot be
/// read or written, or holds fewer than `seats` tokens or anything not a
/// token. Tokens the file holds beyond those asked for are not returned.
std::optional<std::vector<std::string>> seat_tokens(const std::filesystem::path& file, size_t seats,
                                                    std::string* error, Lang lang = Lang::en,
                                                    size_t observers = 0);

/// The seat `token` is for, or -1 (compared in constant time).
int seat_of_token(const std::vector<std::string>& tokens, const std::string& token);

}  // namespace bocage
