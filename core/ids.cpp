#include "ids.h"

#include "limits.h"

namespace bocage {

namespace {

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

}  // namespace

bool is_valid_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxIdLength || !is_alnum(id.front())) return false;
  for (char c : id)
    if (!is_alnum(c) && c != '-' && c != '_') return false;
  return true;
}

}  // namespace bocage
