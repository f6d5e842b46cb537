// A scratch folder of files written by a test, removed when the test ends.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace bocage::test {

struct ScratchDir {
  std::filesystem::path root;
  explicit ScratchDir(const std::vector<std::pair<std::string, std::string>>& files) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "bocage-scratch-XXXXXX").string();
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    root = mkdtemp(buf.data());
    for (const auto& [name, text] : files) {
      std::filesystem::create_directories((root / name).parent_path());
      std::ofstream(root / name) << text;
    }
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(root, ec);
  }
};

}  // namespace bocage::test
