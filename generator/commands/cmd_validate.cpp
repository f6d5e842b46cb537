#include <chrono>

#include "commands.h"
#include "generator/build/game_layout.h"

namespace bocage {

int run_validate(const ValidateOptions& o, std::ostream& out, std::ostream& err) {
  Roots roots = resolve_roots(o.roots);
  std::vector<std::string> games;
  if (!select_games(o.games, o.all, roots, games, err)) return kExitUsage;
  TextEngine engine;
  Diagnostics diags;
  TemplateLibrary templates(roots.templates, diags);
  int components = 0, cards = 0;
  for (const auto& id : games) {
    GameLayout g = lay_out_game(roots.data, id, templates, engine, diags);
    components += g.components_checked;
    cards += g.cards_checked;
  }
  err << diags.format_all();
  out << "checked " << games.size() << (games.size() == 1 ? " game, " : " games, ") << components
      << " components, " << cards << " cards: " << diags.warning_count() << " warnings, "
      << diags.error_count() << " errors\n";
  return diags.has_errors() ? kExitDataErrors : kExitOk;
}

}  // namespace bocage
