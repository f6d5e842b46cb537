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

#include "core/lang.h"

namespace bocage {

struct SessionHeader {
  std::string game;
  std::string digest;  // of the game's data, to notice edits between sessions
  uint64_t seed = 0;
  std::string lang = "ja";
  /// Session options: "manual-dice" for the engine, the rest for the game
  /// ("virtual", "at-or-above", ...). Written as an "options" line.
  std::vector<std::string> options;
  /// The file format: 2 (keyed dice, forced undos) is written; 1 is read and
  /// replayed with its dice of one stream.
  int version = 2;
};

/// What is wrong, in the language asked of create(), open(), read() or
/// append() (English unless told).
struct SessionError {
  int line = 0;  // 0: the file as a whole
  std::string message;
  /// create(): the path was taken (by another bocage-play started in the
  /// same second, say): a caller that chose the name may pick the next.
  bool exists = false;
};

class SessionLog {
 public:
  /// Creates a new session file atomically with its header (a kill leaves no
  /// file or a complete one), holding its lock; refuses to overwrite any file.
  static std::optional<SessionLog> create(const std::filesystem::path& path,
                                          const SessionHeader& header, SessionError* error,
                                          Lang lang = Lang::en);
  /// Opens an existing session to play it: takes the file's exclusive lock
  /// for this object's life (a second writer is refused at once, naming the
  /// process that holds it) and reads through the same descriptor. A foreign
  /// or corrupt file is an error, and the file is left untouched.
  static std::optional<SessionLog> open(const std::filesystem::path& path, SessionError* error,
                                        Lang lang = Lang::en);
  /// Reads a session without the lock and never writes it (log, list): a
  /// reader cannot disturb a game being played.
  static std::optional<SessionLog> read(const std::filesystem::path& path, SessionError* error,
                                        Lang lang = Lang::en);

  SessionLog(SessionLog&& other) noexcept;
  SessionLog& operator=(SessionLog&&) = delete;
  ~SessionLog();

  const SessionHeader& header() const { return header_; }
  const std::filesystem::path& path() const { return path_; }
  /// Every command in the order given, undos included.
  const std::vector<std::string>& commands() const { return commands_; }
  /// The file's line number of commands()[i].
  int line_of(size_t i) const { return first_command_line_ + static_cast<int>(i); }

  /// A last line without its newline (a crash while it was written, or a
  /// hand edit), or "". It is not among commands() unless keep_tail() said so.
  const std::string& tail() const { return tail_; }
  /// The command in tail() when it is a well-formed "cmd ..." line.
  std::optional<std::string> tail_command() const;
  /// Counts tail_command() as the last command; the next append() completes its line.
  void keep_tail();
  /// The tail the last append() dropped from the file (once), else "".
  std::string take_dropped_tail();

  /// Appends one command (a single line) and makes it durable before
  /// returning. A tail not kept is cut off first: only a writer changes the file.
  bool append(const std::string& command, SessionError* error, Lang lang = Lang::en);
  /// Appends an open command ("open LINE"): one the input ended in after it
  /// had shown a result, with the answers given so far. It does not count;
  /// the next command appended supersedes it.
  bool append_open(const std::string& command, SessionError* error, Lang lang = Lang::en);
  /// The open command the file ends with (after its last command), if any.
  const std::optional<std::string>& open_command() const { return open_; }
  /// Appends a command cancelled after dice were typed by hand
  /// ("cancelled LINE", its answers so far, a secret one as "?"): it does
  /// not count, but the log shows it, so that no roll vanishes unseen.
  bool append_cancelled(const std::string& command, SessionError* error, Lang lang = Lang::en);
  /// The cancelled commands, each with the number of commands() before it.
  const std::vector<std::pair<size_t, std::string>>& cancelled() const { return cancelled_; }

 private:
  SessionLog(std::filesystem::path path, int fd, bool writable, SessionHeader header,
             std::vector<std::string> commands);
  static std::optional<SessionLog> load(const std::filesystem::path& path, bool write,
                                        SessionError* error, Lang lang);

  std::filesystem::path path_;
  int fd_ = -1;
  bool writable_ = false;
  SessionHeader header_;
  std::vector<std::string> commands_;
  int first_command_line_ = 7;
  std::string tail_;
  size_t tail_offset_ = 0;
  bool keep_tail_ = false;
  // The header's last line ends the file without its newline: it is read as
  // it is, never dropped, and completed before the next line is written.
  bool header_unterminated_ = false;
  std::string dropped_tail_;
  std::optional<std::string> open_;
  std::vector<std::pair<size_t, std::string>> cancelled_;
  /// Checks that `command` may be written (a writer, one line) and repairs
  /// a last line cut short first (append()'s rules).
  bool prepare_append(const std::string& command, SessionError* error, Lang lang);
  /// Writes one line and fsyncs it.
  bool write_line(const std::string& line, SessionError* error, Lang lang);
};

/// An "undo", "undo N" or "undo --force N" command.
struct UndoCommand {
  long count = 1;      // commands taken back, at least 1
  bool force = false;  // past commands that rolled dice or revealed something
};

/// Reads an undo command word by word; nullopt when `command` is not one
/// (it does not start with the word "undo") or is malformed; `error` says why.
std::optional<UndoCommand> parse_undo(const std::string& command, std::string* error = nullptr,
                                      Lang lang = Lang::en);

/// The reason a logged "undo ..." cannot stand when `counted` commands count
/// before it ("undo 0", "undo x", more than `counted`), or "".
std::string undo_problem(const std::string& command, size_t counted, Lang lang = Lang::en);

/// Whether a logged command is an undo (the word "undo" first).
bool is_undo(const std::string& command);

/// The positions in `log` of the commands that count after applying each
/// "undo" and "undo N": an undo takes back the last N counted commands.
std::vector<size_t> effective_indices(const std::vector<std::string>& log);

/// The commands at effective_indices(log).
std::vector<std::string> effective_commands(const std::vector<std::string>& log);

/// A digest (FNV-1a, 64 bits, hex) of the files under `dir`, in path order.
std::string data_digest(const std::filesystem::path& dir);

}  // namespace bocage
