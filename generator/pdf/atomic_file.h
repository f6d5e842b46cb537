// Output written atomically: the finished bytes go to a temporary file beside
// the destination ("<name>.tmp-XXXXXX"), every write, the fsync and the close
// checked, and only a complete file is renamed over the destination. On any
// failure the temporary is removed and the destination is untouched.
// SIGINT, SIGTERM and SIGHUP remove the live temporaries before the program
// dies; stale ones (after kill -9 or a power cut) are removed by the next build.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace bocage {

class AtomicFile {
 public:
  /// Creates the destination's folder and a temporary file beside it, held
  /// open and locked until commit() or destruction.
  explicit AtomicFile(std::filesystem::path destination);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// False when the temporary file could not be created (see error()).
  bool ok() const { return fd_ >= 0; }
  /// Empty when the temporary file could not be created.
  const std::filesystem::path& temp_path() const { return temp_; }
  const std::filesystem::path& destination() const { return destination_; }
  /// What failed, naming the destination, in both languages (said in the
  /// session's when reported): "cannot write 'x.pdf': No space left on device".
  /// Empty while nothing failed.
  const Text& error() const { return error_; }

  /// Writes `bytes` (short writes and EINTR retried), fsyncs and closes the
  /// temporary file, then renames it over the destination. False with error()
  /// on any failure, the temporary removed.
  bool commit(std::string_view bytes) { return write(bytes) && publish(); }

  /// commit() in two steps, for files that go into place together or not at
  /// all (PendingFiles): write() writes and fsyncs the temporary, still held
  /// open and locked; publish() closes it and renames it over the destination.
  bool write(std::string_view bytes);
  bool publish();

 private:
  /// Removes the temporary; error() becomes `why`.
  bool fail(Text why);

  std::filesystem::path destination_;
  std::filesystem::path temp_;
  Text error_;
  int fd_ = -1;
  int slot_ = -1;           // in the table the signal handler cleans
  bool written_ = false;    // write() has written it whole
  bool committed_ = false;  // in place
};

/// Files written (AtomicFile::write) and not yet in place: a build's PDFs of
/// one game, put into place only when every one was drawn without an error.
/// Those not published are removed when it is destroyed.
class PendingFiles {
 public:
  void add(std::unique_ptr<AtomicFile> file) { files_.push_back(std::move(file)); }
  /// Renames each into place; false with `error` (every failure, one a line)
  /// if any could not be.
  bool publish(Text* error);
  /// Removes them all.
  void discard() { files_.clear(); }

 private:
  std::vector<std::unique_ptr<AtomicFile>> files_;
};

/// The suffix of temporary files: "<name>" + kTempSuffix + six characters.
inline constexpr std::string_view kTempSuffix = ".tmp-";

/// Removes the temporaries "<name>.tmp-XXXXXX" in `folder` left by a build
/// that died, for each <name> where `ours(name)` is true, and only when no
/// running process holds them (each live temporary is locked). Returns the
/// paths removed.
std::vector<std::filesystem::path> remove_stale_temporaries(
    const std::filesystem::path& folder, const std::function<bool(const std::string&)>& ours);

}  // namespace bocage
