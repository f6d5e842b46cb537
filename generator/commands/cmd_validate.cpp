#include <chrono>
#include <map>
#include <memory>
#include <set>

#include "bocage/msg/gen.h"
#include "commands.h"
#include "companion/games/registry.h"
#include "generator/assemble/game_layout.h"
#include "generator/assemble/safe_zone.h"

namespace bocage {

namespace fs = std::filesystem;

int run_validate(const ValidateOptions& o, std::ostream& out, std::ostream& err) {
  Roots roots = resolve_roots(o.roots);
  std::vector<std::string> games;
  if (!select_games(o.games, o.all, roots, games, o.lang, err)) return kExitUsage;
  DeferredTextEngine engine;
  Diagnostics diags;
  // One library per templates folder (a game of the user's own may have its own).
  std::map<fs::path, std::unique_ptr<TemplateLibrary>> libraries;
  int components = 0, cards = 0;
  for (const auto& id : games) {
    const Roots own = roots.of(id);
    auto& templates = libraries[own.templates];
    if (!templates) templates = std::make_unique<TemplateLibrary>(own.templates, diags);
    GameLayout g = lay_out_game(own.data, id, *templates, engine, diags);
    if (o.imposition == "one-up") check_safe_zone(g, kSafeZoneMm, diags);
    components += g.components_checked;
    cards += g.cards_checked();
    // What bocage-play reads of the game too (companion.toml); the problems
    // of the data both read are said once.
    Diagnostics companion;
    check_companion_data(own.data, id, companion);
    std::set<std::string> said;
    for (const Diagnostic& d : diags.items()) said.insert(format_diagnostic(d, Lang::en));
    for (const Diagnostic& d : companion.items())
      if (!said.count(format_diagnostic(d, Lang::en))) diags.add(d);
  }
  err << diags.format_all(o.lang);
  out << tr(o.lang, msg::gen::checked, "games"_a = games.size(), "components"_a = components,
            "cards"_a = cards, "warnings"_a = diags.warning_count(),
            "errors"_a = diags.error_count())
      << "\n";
  return diags.has_errors() ? kExitDataErrors : kExitOk;
}

}  // namespace bocage
