// Output written atomically: a temporary file beside the destination, renamed
// over it only when complete. Until commit() succeeds the destination is
// untouched, and the temporary file is removed when the object dies.
#pragma once

#include <filesystem>
#include <string>

namespace bocage {

class AtomicFile {
 public:
  /// Reserves a unique temporary path beside `destination` (creating its folder).
  explicit AtomicFile(std::filesystem::path destination);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Empty when the temporary file could not be created (see error()).
  const std::filesystem::path& temp_path() const { return temp_; }
  const std::filesystem::path& destination() const { return destination_; }
  const std::string& error() const { return error_; }

  /// Flushes the temporary file to disk and renames it over the destination.
  bool commit();

 private:
  std::filesystem::path destination_;
  std::filesystem::path temp_;
  std::string error_;
  bool committed_ = false;
};

}  // namespace bocage
