// Cache keys that are exact and cheap: a number by its bits, a string with
// its length before it, so that two keys are equal exactly when what they
// were made from is (no rounding, no string running into the next).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace bocage {

/// Appends the eight bytes of `v`.
inline void append_exact(std::string& key, double v) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  key.append(bytes, sizeof v);
}

inline void append_exact(std::string& key, std::int64_t v) {
  char bytes[sizeof v];
  std::memcpy(bytes, &v, sizeof v);
  key.append(bytes, sizeof v);
}

/// Appends `s`, its length first.
inline void append_exact(std::string& key, std::string_view s) {
  append_exact(key, static_cast<std::int64_t>(s.size()));
  key.append(s);
}

}  // namespace bocage
