// The per-process scratch folder the fuzz harnesses write their inputs into:
// created on first use under the temporary folder, removed at exit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "tests/scratch_dir.h"

namespace bocage::fuzz {

/// The shipped data, templates and fixtures the harnesses copy from.
inline std::filesystem::path source_root() {
  return BOCAGE_FUZZ_SOURCE_ROOT;
}

/// This process's scratch folder (empty when first made).
inline const std::filesystem::path& scratch_root() {
  static const test::ScratchDir dir(std::vector<std::pair<std::string, std::string>>{});
  return dir.root;
}

/// Writes `bytes` to `path`, replacing what it held.
inline void write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace bocage::fuzz
