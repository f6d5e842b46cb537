// Shared by the two main.cpp files: a file system error that escapes a
// command (a folder that is a loop of symlinks, one that cannot be read) is
// said as an error with the path and the reason, exit status 3, never an
// abort.
#pragma once

#include <filesystem>
#include <iostream>

#include "bocage/msg/cli.h"
#include "core/system_error.h"

namespace bocage {

template <typename Run>
int run_guarded(Lang lang, Run run) {
  try {
    return run();
  } catch (const std::filesystem::filesystem_error& e) {
    const std::string path = e.path1().string();
    std::cerr << "error: "
              << (path.empty() ? system_error_text(e.code().value()).in(lang)
                               : path_error_text(path, e.code().value()).in(lang))
              << "\n";
    return 3;
  }
}

}  // namespace bocage
