// Fuzzes the session-log reader as `bocage-play resume` uses it: the input is
// written as a session file, opened (header, commands, undo), and when it
// names a game the companion plays, replayed with that game's module from the
// shipped data (every logged command applied again), then asked its status.
#include <cstddef>
#include <cstdint>

#include "companion/engine/session.h"
#include "companion/games/registry.h"
#include "fuzz_scratch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace bocage;
  static const std::filesystem::path file = fuzz::scratch_root() / "input.session";
  fuzz::write_file(file, fuzz::as_text(data, size));
  SessionError error;
  auto log = SessionLog::open(file, &error);
  if (!log) return 0;
  (void)effective_commands(log->commands());
  std::string why;
  auto module = load_game_module(fuzz::source_root() / "data", log->header().game,
                                 log->header().options, &why);
  if (!module) return 0;
  auto session = Session::open(std::move(*log), std::move(module), &why);
  if (!session) return 0;
  (void)session->execute("status", nullptr);
  (void)session->execute("history", nullptr);
  return 0;
}
