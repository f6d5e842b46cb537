// A companion session as an append-only log: a header (game id, data digest,
// RNG seed, language) and one line per command. Each command is written,
// flushed and fsynced before append() returns, so a command whose result was
// printed survives a kill. State is never saved: it is the replay of the
// log; an undo is itself a logged command, so nothing is ever erased.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bocage {

struct SessionHeader {
  std::string game;
  std::string digest;  // of the game's data, to notice edits between sessions
  uint64_t seed = 0;
  std::string lang = "ja";
  /// Session options: "manual-dice" for the engine, the rest for the game
  /// ("virtual", "at-or-above", ...). Written as an "options" line.
  std::vector<std::string> options;
};

struct SessionError {
  int line = 0;  // 0: the file as a whole
  std::string message;
};

class SessionLog {
 public:
  /// Creates a new session file; refuses to overwrite an existing file.
  static std::optional<SessionLog> create(const std::filesystem::path& path,
                                          const SessionHeader& header, SessionError* error);
  /// Opens an existing session. A foreign or corrupt file is an error, and
  /// the file is left untouched. A last line cut short by a crash (no
  /// newline) was never acknowledged and is ignored.
  static std::optional<SessionLog> open(const std::filesystem::path& path, SessionError* error);

  SessionLog(SessionLog&& other) noexcept;
  SessionLog& operator=(SessionLog&&) = delete;
  ~SessionLog();

  const SessionHeader& header() const { return header_; }
  const std::filesystem::path& path() const { return path_; }
  /// Every command in the order given, undos included.
  const std::vector<std::string>& commands() const { return commands_; }

  /// Appends one command (a single line) and makes it durable before returning.
  bool append(const std::string& command, SessionError* error);

 private:
  SessionLog(std::filesystem::path path, int fd, SessionHeader header,
             std::vector<std::string> commands);

  std::filesystem::path path_;
  int fd_ = -1;
  SessionHeader header_;
  std::vector<std::string> commands_;
};

/// Whether a logged command is an "undo" or "undo N".
bool is_undo(const std::string& command);

/// The positions in `log` of the commands that count after applying each
/// "undo" and "undo N": an undo takes back the last N counted commands.
std::vector<size_t> effective_indices(const std::vector<std::string>& log);

/// The commands at effective_indices(log).
std::vector<std::string> effective_commands(const std::vector<std::string>& log);

/// A digest (FNV-1a, 64 bits, hex) of the files under `dir`, in path order.
std::string data_digest(const std::filesystem::path& dir);

}  // namespace bocage
