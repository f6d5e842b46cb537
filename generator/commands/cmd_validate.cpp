#include <atomic>
#include <exception>
#include <set>
#include <thread>
#include <vector>

#include "bocage/msg/gen.h"
#include "commands.h"
#include "companion/games/registry.h"
#include "generator/assemble/game_layout.h"
#include "generator/assemble/safe_zone.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

/// What validating one game found.
struct GameCheck {
  Diagnostics diags;
  int components = 0, cards = 0;
};

/// Validates game `id` with its own text engine and templates: games are
/// checked side by side (run_validate).
GameCheck check_game(const ValidateOptions& o, const Roots& roots, const std::string& id) {
  GameCheck c;
  DeferredTextEngine engine;
  const Roots own = roots.of(id);
  TemplateLibrary templates(own.templates, c.diags);
  GameLayout g = lay_out_game(own.data, id, templates, engine, c.diags);
  if (o.imposition == "one-up") check_safe_zone(g, kSafeZoneMm, c.diags);
  c.components = g.components_checked;
  c.cards = g.cards_checked();
  // What bocage-play reads of the game too (companion.toml); the problems
  // of the data both read are said once.
  Diagnostics companion;
  check_companion_data(own.data, id, companion);
  std::set<std::string> said;
  for (const Diagnostic& d : c.diags.items()) said.insert(format_diagnostic(d, Lang::en));
  for (const Diagnostic& d : companion.items())
    if (!said.count(format_diagnostic(d, Lang::en))) c.diags.add(d);
  return c;
}

}  // namespace

int run_validate(const ValidateOptions& o, std::ostream& out, std::ostream& err) {
  Roots roots = resolve_roots(o.roots);
  std::vector<std::string> games;
  if (!select_games(o.games, o.all, roots, games, o.lang, err)) return kExitUsage;
  // The games side by side, one a core, said in the order of the games; a
  // problem of what games share (a common template) is said once.
  std::vector<GameCheck> checks(games.size());
  std::vector<std::exception_ptr> failures(games.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < games.size();) {
      try {
        checks[i] = check_game(o, roots, games[i]);
      } catch (...) {
        failures[i] = std::current_exception();
      }
    }
  };
  const size_t workers =
      std::min<size_t>(games.size(), std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers; ++w) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  Diagnostics diags;
  std::set<std::string> said;
  int components = 0, cards = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    if (failures[i]) std::rethrow_exception(failures[i]);
    for (const Diagnostic& d : checks[i].diags.items())
      if (said.insert(format_diagnostic(d, Lang::en)).second) diags.add(d);
    components += checks[i].components;
    cards += checks[i].cards;
  }
  err << diags.format_all(o.lang);
  out << tr(o.lang, msg::gen::checked, "games"_a = games.size(), "components"_a = components,
            "cards"_a = cards, "warnings"_a = diags.warning_count(),
            "errors"_a = diags.error_count())
      << "\n";
  return diags.has_errors() ? kExitDataErrors : kExitOk;
}

}  // namespace bocage
