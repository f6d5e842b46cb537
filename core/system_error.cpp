#include "system_error.h"

#include <locale.h>

#include <cerrno>
#include <cstring>

#include "bocage/msg/cli.h"

namespace bocage {

Text system_error_text(int err) {
  switch (err) {
    case ENOSPC:
      return both(msg::cli::errno_no_space);
    case EDQUOT:
      return both(msg::cli::errno_quota);
    case EACCES:
    case EPERM:
      return both(msg::cli::errno_permission);
    case EROFS:
      return both(msg::cli::errno_read_only);
    case EISDIR:
      return both(msg::cli::errno_is_directory);
    case ENOTDIR:
      return both(msg::cli::errno_not_directory);
    case ENOENT:
      return both(msg::cli::errno_not_found);
    case EFBIG:
      return both(msg::cli::errno_too_large);
    case EEXIST:
      return both(msg::cli::errno_exists);
    case EIO:
      return both(msg::cli::errno_io);
    case ENAMETOOLONG:
      return both(msg::cli::errno_name_too_long);
    default:
      break;
  }
  // The C locale's text, whatever locale the process runs in.
  std::string detail = "error " + std::to_string(err);
  if (locale_t c = newlocale(LC_ALL_MASK, "C", locale_t(0))) {
    detail = strerror_l(err, c);
    freelocale(c);
  }
  return both(msg::cli::errno_other, "code"_a = err, "detail"_a = detail);
}

Text path_error_text(const std::string& path, int err) {
  const Text why = system_error_text(err);
  return per_lang(
      [&](Lang l) { return tr(l, msg::cli::path_why, "path"_a = path, "why"_a = why.in(l)); });
}

}  // namespace bocage
