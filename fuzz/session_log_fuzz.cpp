// Fuzzes the session-log reader as `bocage-play resume` uses it: the input is
// written as a session file, opened (header, commands, undo), and when it
// names a game the companion plays, replayed with that game's module from the
// shipped data (every logged command applied again), then asked its status.
#include <cstddef>
#include <cstdint>

#include "companion/engine/session.h"
#include "companion/games/registry.h"
#include "companion/games/stuart_vs_zombies/svz_module.h"
#include "fuzz_scratch.h"

namespace {

using namespace bocage;

/// What load_game_module does, with Stuart vs Zombies' data read once rather
/// than for every input (the data is not what this harness fuzzes).
std::unique_ptr<GameModule> game_module(const SessionHeader& header) {
  const std::filesystem::path data = fuzz::source_root() / "data";
  std::string why;
  if (header.game != "stuart-vs-zombies")
    return load_game_module(data, header.game, header.options, &why);
  static const std::optional<SvzRules> rules = [&] {
    Diagnostics diags;
    return load_svz_rules(data, "stuart-vs-zombies", diags);
  }();
  std::vector<std::string> game_options;
  for (const auto& o : header.options)
    if (!is_engine_option(o)) game_options.push_back(o);
  if (!rules) return nullptr;
  return make_svz_module(*rules, game_options, &why);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::filesystem::path file = fuzz::scratch_root() / "input.session";
  fuzz::write_file(file, fuzz::as_text(data, size));
  SessionError error;
  auto log = SessionLog::open(file, &error);
  if (!log) return 0;
  (void)effective_commands(log->commands());
  auto module = game_module(log->header());
  if (!module) return 0;
  std::string why;
  auto session = Session::open(std::move(*log), std::move(module), &why);
  if (!session) return 0;
  (void)session->execute("status", nullptr);
  (void)session->execute("history", nullptr);
  return 0;
}
